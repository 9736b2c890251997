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
            guard oldValue != text else { return }
            readingBuffer = nil
            if super.accessibilityLabel == nil { accessibilityDidChange(.label) }
            let old = oldValue ?? ""
            accessibilityTextDidChange(TextReplacement(range: 0..<old.unicodeScalars.count, removedText: old,
                                                       insertedText: text ?? ""))
        }
    }

    /// Where the label's renderer puts its characters, for assistive
    /// technologies that ask where a character is (AT-SPI's extents);
    /// a monospace layout by default.
    public var textLayout: any TextLayout = MonospaceTextLayout()

    /// The text as a buffer, made when first read after a change.
    private var readingBuffer: TextEditingBuffer?

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

/// A label's text is read, not edited, by assistive technologies: AT-SPI
/// exports it as a `label` with a read-only `Text`, as GTK exports its labels.
extension Label: AccessibilityTextContent {
    /// The label's text, with the caret at its start (a label shows no caret).
    public var accessibilityTextBuffer: TextEditingBuffer {
        if let readingBuffer { return readingBuffer }
        let buffer = TextEditingBuffer(text ?? "")
        readingBuffer = buffer
        return buffer
    }

    /// A label is read-only.
    public var accessibilityTextIsEditable: Bool { false }

    /// A label's characters are shown.
    public var accessibilityTextIsSecure: Bool { false }

    /// A label has no placeholder.
    public var accessibilityPlaceholderText: String? { nil }

    /// The layout's rectangles for `range`, in window coordinates.
    public func accessibilityTextRects(for range: Range<Int>) -> [Rect] {
        let shown = text ?? ""
        let local = range.isEmpty
            ? [textLayout.caretRect(forOffset: range.lowerBound, in: shown)]
            : textLayout.rects(for: range, in: shown)
        return local.map { convert($0, to: nil) }
    }

    /// The offset nearest to a window point.
    public func accessibilityTextOffset(closestTo point: Point) -> Int {
        textLayout.offset(closestTo: convert(point, from: nil), in: text ?? "")
    }

    /// A label takes no selection (as GTK's labels that are not selectable).
    public func accessibilitySelectText(anchor: Int, caret: Int) -> Bool { false }

    /// A label is not edited.
    public func accessibilityReplaceText(in range: Range<Int>, with text: String) -> Bool { false }
}
