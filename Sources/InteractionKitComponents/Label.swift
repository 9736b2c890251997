import InteractionKitCore

/// A view that shows a line of read-only text: UIKit's `UILabel`.
///
/// For assistive technologies a label is one element whose name is its
/// text and whose trait is `staticText` (plus `notEnabled` while
/// disabled), as UIKit's labels are; an explicit `accessibilityLabel` or
/// `accessibilityTraits` replaces the default. As in UIKit, a label takes
/// no touches (`isUserInteractionEnabled` starts false), so a tap passes
/// through to what is behind it.
open class Label: View {
    /// The text shown; nil shows nothing.
    public var text: String? {
        didSet {
            if oldValue != text && super.accessibilityLabel == nil { accessibilityDidChange(.label) }
        }
    }

    /// Whether the label is drawn enabled; a disabled label is dimmed and reads as `notEnabled`. True by default.
    public var isEnabled = true {
        didSet {
            if oldValue != isEnabled { accessibilityDidChange(.traits) }
        }
    }

    /// Creates a label showing `text`.
    public init(text: String? = nil, frame: Rect = .zero) {
        self.text = text
        super.init(frame: frame)
        isUserInteractionEnabled = false
        hasBuiltInBehaviour = type(of: self) == Label.self
    }

    /// A label is one element for assistive technologies unless set otherwise, as in UIKit.
    override open var isAccessibilityElement: Bool {
        get { explicitIsAccessibilityElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The label's name for assistive technologies: the one set, or its text.
    override open var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? text }
        set { super.accessibilityLabel = newValue }
    }

    /// The traits set, or `staticText` when none were; plus `notEnabled` while disabled.
    override open var accessibilityTraits: AccessibilityTraits {
        get {
            var traits = explicitAccessibilityTraits ?? .staticText
            if !isEnabled { traits.insert(.notEnabled) }
            return traits
        }
        set { super.accessibilityTraits = newValue }
    }
}
