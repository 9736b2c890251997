/// A control with a title and an image.
///
/// Its large content title and image default to its title and image until
/// set explicitly; `showsLargeContentViewer` stays false (UIKit's default)
/// unless the button sits in a bar that turns it on (see `Toolbar`).
open class Button: Control {
    /// The button's title.
    @exclusivity(unchecked) public var title: String? {
        didSet { largeContentRevision &+= 1 }
    }
    /// The button's image.
    @exclusivity(unchecked) public var image: Image? {
        didSet { largeContentRevision &+= 1 }
    }

    @exclusivity(unchecked) private var explicitLargeContentTitle: String?
    @exclusivity(unchecked) private var explicitLargeContentImage: Image?

    /// Creates a button.
    public init(title: String?, image: Image? = nil, frame: Rect = .zero) {
        self.title = title
        self.image = image
        super.init(frame: frame)
        tapGestureRecognizer.name = "button.tap"
    }

    /// The title the large content viewer shows: the explicit one, or the button's title.
    override open var largeContentTitle: String? {
        get { explicitLargeContentTitle ?? title }
        set {
            explicitLargeContentTitle = newValue
            largeContentRevision &+= 1
        }
    }

    /// The image the large content viewer shows: the explicit one, or the button's image.
    override open var largeContentImage: Image? {
        get { explicitLargeContentImage ?? image }
        set {
            explicitLargeContentImage = newValue
            largeContentRevision &+= 1
        }
    }
}
