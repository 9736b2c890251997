import InteractionKitCore

/// What the large content viewer's HUD shows: an item's title and image.
///
/// `Window.largeContentViewerPresentation` holds the current one (nil while
/// the HUD is hidden); `Window.largeContentViewerHUDLayout` says where to
/// draw it.
public struct LargeContentViewerPresentation: Hashable, Sendable {
    /// The title to draw large, if any.
    public var title: String?
    /// The image to draw large, if any.
    public var image: Image?
    /// Whether the image is scaled to the HUD's image area (else drawn at its intrinsic size).
    public var scalesImage: Bool
    /// Insets that centre the image visually.
    public var imageInsets: EdgeInsets

    /// Creates a presentation from its parts.
    public init(title: String?, image: Image?, scalesImage: Bool = false, imageInsets: EdgeInsets = .zero) {
        self.title = title
        self.image = image
        self.scalesImage = scalesImage
        self.imageInsets = imageInsets
    }

    /// Whether two presentations show the same thing; `==` without the
    /// generic copies, for the per-move path.
    @inline(__always)
    func matches(_ other: LargeContentViewerPresentation) -> Bool {
        scalesImage == other.scalesImage && title == other.title && image == other.image
            && imageInsets == other.imageInsets
    }

    /// The presentation of an item's large content.
    @MainActor
    public init(item: any LargeContentViewerItem) {
        self.init(
            title: item.largeContentTitle,
            image: item.largeContentImage,
            scalesImage: item.scalesLargeContentImage,
            imageInsets: item.largeContentImageInsets
        )
    }
}
