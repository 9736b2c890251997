import InteractionKitCore

/// Where to draw the large content viewer's HUD and its parts, in window coordinates.
///
/// The HUD is a 220 × 220 point square, as on iOS, centred in the window
/// (shrunk to fit a smaller window). Inside a 16-point margin, the title
/// takes a 48-point band at the bottom and the image the area above it;
/// with only one of them, it takes the whole inside. A scaled image is
/// fitted to its area keeping its aspect ratio; an unscaled one is drawn at
/// its intrinsic size, centred and clipped to its area.
public struct LargeContentViewerHUDLayout: Hashable, Sendable {
    /// The HUD's preferred size, 220 × 220 points.
    public static let preferredSize = Size(width: 220, height: 220)
    /// The margin between the HUD's edge and its content.
    public static let margin = 16.0
    /// The height of the title band when there is an image too.
    public static let titleHeight = 48.0
    /// The gap between the image and the title.
    public static let spacing = 8.0

    /// The HUD's rectangle.
    public var frame: Rect
    /// Where the image goes, or nil when there is none.
    public var imageFrame: Rect?
    /// Where the title goes, or nil when there is none.
    public var titleFrame: Rect?

    /// Lays out a presentation in a window whose bounds are `bounds`.
    public init(presentation: LargeContentViewerPresentation, in bounds: Rect) {
        let width = Swift.min(Self.preferredSize.width, Swift.max(0, bounds.width))
        let height = Swift.min(Self.preferredSize.height, Swift.max(0, bounds.height))
        frame = Rect(x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
        let inside = Rect(
            x: frame.minX + Self.margin, y: frame.minY + Self.margin,
            width: Swift.max(0, width - 2 * Self.margin), height: Swift.max(0, height - 2 * Self.margin)
        )
        let hasTitle = presentation.title.map { !$0.isEmpty } ?? false
        var imageArea = inside
        if hasTitle {
            if presentation.image != nil {
                let band = Swift.min(Self.titleHeight, inside.height)
                titleFrame = Rect(x: inside.minX, y: inside.maxY - band, width: inside.width, height: band)
                imageArea.size.height = Swift.max(0, inside.height - band - Self.spacing)
            } else {
                titleFrame = inside
            }
        } else {
            titleFrame = nil
        }
        guard let image = presentation.image else {
            imageFrame = nil
            return
        }
        let area = imageArea.inset(by: presentation.imageInsets)
        let areaWidth = Swift.max(0, area.size.width)
        let areaHeight = Swift.max(0, area.size.height)
        var drawn = image.size
        if presentation.scalesImage, drawn.width > 0, drawn.height > 0 {
            let scale = Swift.min(areaWidth / drawn.width, areaHeight / drawn.height)
            drawn = Size(width: drawn.width * scale, height: drawn.height * scale)
        } else if presentation.scalesImage {
            drawn = Size(width: areaWidth, height: areaHeight)
        }
        let drawnWidth = drawn.width > 0 ? Swift.min(drawn.width, areaWidth) : 0
        let drawnHeight = drawn.height > 0 ? Swift.min(drawn.height, areaHeight) : 0
        imageFrame = Rect(
            x: area.minX + (areaWidth - drawnWidth) / 2, y: area.minY + (areaHeight - drawnHeight) / 2,
            width: drawnWidth, height: drawnHeight
        )
    }
}
