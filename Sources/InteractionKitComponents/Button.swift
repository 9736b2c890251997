import InteractionKitCore
import InteractionKitLargeContentViewer

/// A control with a title and an image, whose primary action is a tap:
/// lifting inside sends `touchUpInside`, then `primaryActionTriggered` (C3).
///
/// Its large content title and image default to its title and image until
/// set explicitly; `showsLargeContentViewer` stays false (UIKit's default)
/// unless the button sits in a bar that turns it on (see `Toolbar`).
open class Button: Control {
    /// The button's title.
    public var title: String? {
        didSet {
            largeContentDidChange()
            if oldValue != title && super.accessibilityLabel == nil { accessibilityDidChange(.label) }
        }
    }
    /// The button's image.
    public var image: Image? {
        didSet { largeContentDidChange() }
    }

    private var explicitLargeContentTitle: String?
    private var explicitLargeContentImage: Image?

    /// A button's primary action is its tap.
    override open class var touchUpInsideTriggersPrimaryAction: Bool { true }

    /// Creates a button.
    public init(title: String?, image: Image? = nil, frame: Rect = .zero) {
        self.title = title
        self.image = image
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == Button.self
    }

    /// The button's name for assistive technologies: the one set, or its title.
    override open var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? title }
        set { super.accessibilityLabel = newValue }
    }

    /// The control's traits, with `button` unless traits were set explicitly.
    override open var accessibilityTraits: AccessibilityTraits {
        get {
            var traits = super.accessibilityTraits
            if explicitAccessibilityTraits == nil { traits.insert(.button) }
            return traits
        }
        set { super.accessibilityTraits = newValue }
    }

    /// The title the large content viewer shows: the explicit one, or the button's title.
    override open var largeContentTitle: String? {
        get { explicitLargeContentTitle ?? title }
        set {
            explicitLargeContentTitle = newValue
            largeContentDidChange()
        }
    }

    /// The image the large content viewer shows: the explicit one, or the button's image.
    override open var largeContentImage: Image? {
        get { explicitLargeContentImage ?? image }
        set {
            explicitLargeContentImage = newValue
            largeContentDidChange()
        }
    }
}
