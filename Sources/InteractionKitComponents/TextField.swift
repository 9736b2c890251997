import InteractionKitCore

/// What a text field asks and tells while it is edited: UIKit's
/// `UITextFieldDelegate`. Every method has a default (allow, do nothing).
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Whether the field may begin editing; true by default.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// The field began editing.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether the field may end editing; true by default (leaving the window ends it anyway).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// The field ended editing.
    func textFieldDidEndEditing(_ textField: TextField)
    /// Whether a user edit may replace `range` (scalar offsets) with `replacementString`; true by default.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString: String) -> Bool
    /// The caret or the selection moved.
    func textFieldDidChangeSelection(_ textField: TextField)
    /// Whether Return should end editing on exit (then `editingDidEndOnExit`
    /// and `primaryActionTriggered` are sent); true by default.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// Whether the field may be cleared; true by default.
    func textFieldShouldClear(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    /// Allows editing to begin.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Allows editing to end.
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: TextField) {}
    /// Allows the edit.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString: String) -> Bool {
        true
    }
    /// Does nothing.
    public func textFieldDidChangeSelection(_ textField: TextField) {}
    /// Allows Return to end editing on exit.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    /// Allows clearing.
    public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
}

/// A single line of editable text: UIKit's `UITextField`.
///
/// It edits as GTK 4's `GtkText` and UIKit's fields do (rules T1–T6):
/// editing begins when it becomes first responder — by a tap, by
/// `becomeFirstResponder()` or by the keyboard focus (GTK's rule) — and ends
/// when it resigns; while editing, keys with text type into it and the
/// editing keys act on it, Tab still moves the focus. Every user edit asks
/// the delegate, changes the text, and sends `editingChanged` once; setting
/// `text` from code asks nothing and sends nothing. Offsets count Unicode
/// scalars; a caret never falls inside a grapheme cluster.
///
/// For assistive technologies it is an `entry` (a secure one a `password
/// text`) with AT-SPI's Text and EditableText (`AccessibilityTextContent`).
open class TextField: Control, TextInput {
    var buffer = TextEditingBuffer()

    /// The delegate, asked before edits and told of editing; not retained.
    public weak var delegate: (any TextFieldDelegate)?

    /// The text shown while the field is empty, dimmed.
    public var placeholder: String? {
        didSet { if oldValue != placeholder { accessibilityDidChange(.value) } }
    }

    /// Whether the characters are hidden: shown, read and announced as one
    /// "•" per grapheme; copy and cut do nothing (T6).
    public var isSecureTextEntry = false {
        didSet { if oldValue != isSecureTextEntry { accessibilityDidChange(.value) } }
    }

    /// Where the toolkit's rendering puts the characters; a monospace layout by default.
    public var textLayout: any TextLayout = MonospaceTextLayout()

    /// Whether the field is being edited (it is first responder and was allowed to begin).
    public private(set) var isEditing = false

    /// How far the text is scrolled left so that the caret stays visible, in points.
    ///
    /// Worked out when asked (by a drawing, a hit test, a screen reader's
    /// extents), for the caret as it is then, as a toolkit lays out once
    /// before it draws: a key that moves the caret lays out nothing.
    public var horizontalScrollOffset: Double {
        if caretNeedsScrolling { scrollToCaretNow() }
        return scrolledOffset
    }
    private var scrolledOffset = 0.0
    /// Whether the caret moved since `scrolledOffset` was worked out.
    private var caretNeedsScrolling = false

    /// The space between the field's left edge and its text, in points.
    public static let textInset = 4.0

    /// The loupe while it shows (a long press placing the caret, a drag
    /// moving a selection end); nil otherwise.
    public internal(set) var loupe: TextLoupeSession?
    /// Who hears of the loupe: shown, moved, hidden.
    let loupeObservers = SharedObserverList<TextLoupeSession?, Void>()
    /// The recognizers of text interaction by touch (T4), built once, enabled while editing.
    var textInteraction: TextInteractionRecognizers?

    /// Creates an empty field.
    override public init(frame: Rect = .zero) {
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == TextField.self
        installTextInteraction()
    }

    // MARK: Text

    /// The text, marked text included. Setting it from code asks nothing,
    /// sends no control event, ends any marked text, and puts the caret at the end.
    public var text: String {
        get { buffer.text }
        set {
            let before = accessibleBuffer
            buffer.setText(newValue)
            announceReplacement(from: before)
            scrollToCaret()
        }
    }

    /// Whether there is any text.
    public var hasText: Bool { !buffer.isEmpty }

    /// The selection (empty: a caret); set from code it is clamped and
    /// snapped to grapheme boundaries, and the delegate is told.
    public var selectedRange: Range<Int> {
        get { buffer.selectedRange }
        set { applySelection { $0.select(newValue) } }
    }

    /// The moving end of the selection (AT-SPI's caret).
    public var caretOffset: Int { buffer.caretOffset }

    /// The marked (composing) text's range, if any.
    public var markedRange: Range<Int>? { buffer.markedRange }

    /// The text in `range` (clamped).
    public func text(in range: Range<Int>) -> String { buffer.text(in: buffer.clampedRange(range)) }

    /// The text as shown: bullets for a secure field.
    public var displayedText: String { isSecureTextEntry ? Self.bullets(for: buffer.text) : buffer.text }

    // MARK: Editing (T1)

    /// An enabled field can become first responder.
    override open var canBecomeFirstResponder: Bool { isEnabled }

    /// A field being edited asks its delegate before it lets the first responder go.
    override open var canResignFirstResponder: Bool {
        guard isEditing, window != nil else { return true }
        return delegate?.textFieldShouldEndEditing(self) ?? true
    }

    /// Begins editing when the delegate allows: `isEditing`, then the
    /// delegate, then `editingDidBegin`; a refusal resigns at once.
    override open func didBecomeFirstResponder() {
        super.didBecomeFirstResponder()
        guard !isEditing else { return }
        guard delegate?.textFieldShouldBeginEditing(self) ?? true else {
            _ = resignFirstResponder()
            return
        }
        isEditing = true
        setTextInteractionEnabled(true)
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        // Editing by code or by touch brings the keyboard focus along (GTK's rule, the other way round).
        if let window, window.focusedItem !== self { window.focusFollowingTouch(self) }
    }

    /// Ends editing: marked text is committed first, then the delegate, then `editingDidEnd`.
    override open func didResignFirstResponder() {
        super.didResignFirstResponder()
        guard isEditing else { return }
        if buffer.markedText != nil { unmarkText() }
        isEditing = false
        setTextInteractionEnabled(false)
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
    }

    /// Focus onto the field makes it first responder (begins editing); focus away resigns it.
    override open func didUpdateFocus(in context: FocusUpdateContext) {
        super.didUpdateFocus(in: context)
        if context.nextFocusedItem === self {
            if !isFirstResponder { _ = becomeFirstResponder() }
        } else if context.previouslyFocusedItem === self, isFirstResponder {
            _ = resignFirstResponder()
        }
    }

    // MARK: User edits (T2)

    /// Types `text` in place of the selection (or the marked text), as a user edit.
    public func insertText(_ text: String) {
        let target = buffer.markedRange ?? buffer.selectedRange
        _ = userEdit(replacing: target, with: text)
    }

    /// Deletes the selection, else the grapheme before the caret, as Backspace does.
    public func deleteBackward() {
        delete(.character(.backward))
    }

    /// Replaces `range` with `text` as a user edit (an input method's or a
    /// screen reader's replacement): the delegate is asked first.
    public func replace(_ range: Range<Int>, with text: String) {
        _ = userEdit(replacing: buffer.clampedRange(range), with: text)
    }

    /// Deletes the selection, else from the caret to where `motion` takes it.
    private func delete(_ motion: TextMotion) {
        var target = buffer.selectedRange
        if target.isEmpty {
            let end = buffer.offset(moving: motion, from: buffer.caretOffset)
            target = min(end, buffer.caretOffset)..<max(end, buffer.caretOffset)
        }
        guard !target.isEmpty else { return }
        _ = userEdit(replacing: target, with: "")
    }

    /// One user edit: asks the delegate, replaces, puts the caret after the
    /// inserted text, announces it, sends `editingChanged` once. Returns
    /// whether it happened. Refused on a disabled field.
    @discardableResult
    func userEdit(replacing range: Range<Int>, with replacement: String) -> Bool {
        guard isEnabled else { return false }
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true else {
            return false
        }
        // The delegate may have changed the text meanwhile: the range is clamped again.
        let plain = !isSecureTextEntry && buffer.markedText == nil
        // Only a secure field or marked text needs the text as it was, to compare:
        // a copy kept otherwise would make the edit below copy the whole text.
        let before = plain ? nil : accessibleBuffer
        let selectionBefore = buffer.selection
        let change = buffer.replace(buffer.clampedRange(range), with: replacement)
        if let before {
            announceReplacement(from: before)
        } else if let replacement = change.replacement {
            // The buffer's own record: offsets of the committed text, nothing compared.
            accessibilityTextDidChange(replacement)
        }
        scrollToCaret()
        sendActions(for: .editingChanged)
        if buffer.selection != selectionBefore { delegate?.textFieldDidChangeSelection(self) }
        return true
    }

    // MARK: Marked text (T5)

    /// Replaces the marked text (or the selection) with `text`, marked; the
    /// selection within it is `selectedRange`. Sends `editingChanged`.
    public func setMarkedText(_ text: String, selectedRange: Range<Int>) {
        guard isEnabled else { return }
        buffer.setMarkedText(text, selectedRange: selectedRange)
        scrollToCaret()
        sendActions(for: .editingChanged)
    }

    /// Commits the marked text as typed text: one user edit, asked of the
    /// delegate now; refused, the composition is undone.
    public func unmarkText() {
        guard let marked = buffer.markedText else { return }
        let composed = buffer.text(in: marked.range)
        let allowed = delegate?.textField(self, shouldChangeCharactersIn: marked.replacedRange, replacementString: composed) ?? true
        guard allowed else {
            buffer.cancelMarkedText()
            sendActions(for: .editingChanged)
            return
        }
        let before = accessibleBuffer
        buffer.unmarkText()
        announceReplacement(from: before)
        sendActions(for: .editingChanged)
    }

    // MARK: Selection

    func applySelection(_ change: (inout TextEditingBuffer) -> TextEditingChange) {
        let result = change(&buffer)
        guard result.selectionDidChange else { return }
        scrollToCaret()
        accessibilityDidChange(.textSelection)
        delegate?.textFieldDidChangeSelection(self)
    }

    /// The unit of `granularity` around `offset`.
    public func range(enclosing offset: Int, granularity: TextGranularity) -> Range<Int>? {
        buffer.range(enclosing: offset, granularity: granularity)
    }

    // MARK: Keys (T3)

    /// While editing, keys with text type (Space included) and the editing
    /// keys act on the field; Tab, Shift-Tab and every other key go on up
    /// the responder chain (Tab moves the focus, which ends editing).
    override open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        guard isEditing else {
            super.pressesBegan(presses, with: event)
            return
        }
        var unhandled: Set<Press> = []
        for press in presses {
            guard let key = press.key, handle(key) else {
                unhandled.insert(press)
                continue
            }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    /// Handles one key while editing; false for a key the field does not take.
    private func handle(_ key: Key) -> Bool {
        let modifiers = key.modifierFlags
        let shift = modifiers.contains(.shift)
        let control = modifiers.contains(.control)
        guard !modifiers.contains(.command), !modifiers.contains(.alternate) else { return false }
        let rightToLeft = effectiveLayoutDirection == .rightToLeft
        func move(_ motion: TextMotion) { applySelection { $0.move(motion, extendingSelection: shift) } }
        switch key.keyCode {
        case .keyboardLeftArrow, .keyboardRightArrow:
            let backward = (key.keyCode == .keyboardLeftArrow) != rightToLeft
            let direction: TextDirection = backward ? .backward : .forward
            move(control ? .word(direction) : .character(direction))
        case .keyboardHome, .keyboardUpArrow:
            move(.edge(.backward))
        case .keyboardEnd, .keyboardDownArrow:
            move(.edge(.forward))
        case .keyboardDeleteOrBackspace:
            delete(control ? .word(.backward) : .character(.backward))
        case .keyboardDeleteForward:
            delete(control ? .word(.forward) : .character(.forward))
        case .keyboardReturnOrEnter, .keypadEnter:
            if delegate?.textFieldShouldReturn(self) ?? true {
                sendActions(for: .editingDidEndOnExit)
                sendActions(for: .primaryActionTriggered)
            }
        case .keyboardA where control:
            applySelection { $0.selectAll() }
        case .keyboardC where control:
            copySelection()
        case .keyboardX where control:
            if copySelection() { delete(.character(.backward)) }
        case .keyboardV where control:
            if let pasted = window?.pasteboard.string, !pasted.isEmpty { insertText(pasted) }
        default:
            guard key.typesText else { return false }
            insertText(key.characters)
        }
        return true
    }

    /// Copies the selection to the window's pasteboard; a secure field copies nothing. Returns whether it copied.
    @discardableResult
    private func copySelection() -> Bool {
        let range = buffer.selectedRange
        guard !isSecureTextEntry, !range.isEmpty, let window else { return false }
        window.pasteboard.string = buffer.text(in: range)
        return true
    }

    // MARK: Touches (T4)

    /// A lift inside a field that is not being edited makes it first
    /// responder; while editing, the text interaction's recognizers take the
    /// touches (TextField+Interaction.swift).
    override open func endTracking(_ touch: Touch?, with event: Event?) {
        super.endTracking(touch, with: event)
        guard let touch, !isEditing, bounds.contains(touch.location(in: self)) else { return }
        _ = becomeFirstResponder()
    }

    // MARK: Geometry

    /// The offset in the displayed text that matches a scalar offset of the text.
    private func displayOffset(_ offset: Int) -> Int {
        guard isSecureTextEntry else { return offset }
        return buffer.text(in: 0..<buffer.clampedOffset(offset)).count
    }

    /// Where the displayed text's origin lies in the field.
    private var textOrigin: Point { Point(x: Self.textInset - horizontalScrollOffset, y: 0) }

    /// The caret's rectangle before `offset`, in the field's coordinates.
    public func caretRect(forOffset offset: Int) -> Rect {
        textLayout.caretRect(forOffset: displayOffset(offset), in: displayedText).offsetBy(textOrigin)
    }

    /// The scalar offset nearest to `point` (field coordinates).
    public func offset(closestTo point: Point) -> Int {
        let local = Point(x: point.x - textOrigin.x, y: point.y - textOrigin.y)
        let shown = textLayout.offset(closestTo: local, in: displayedText)
        guard isSecureTextEntry else { return buffer.clampedOffset(shown) }
        // Back from bullets (one per grapheme) to scalars.
        var scalars = 0
        for character in buffer.text.prefix(shown) { scalars += character.unicodeScalars.count }
        return scalars
    }

    /// The rectangles that cover `range`, in the field's coordinates.
    public func rects(for range: Range<Int>) -> [Rect] {
        let clamped = buffer.clampedRange(range)
        return textLayout.rects(for: displayOffset(clamped.lowerBound)..<displayOffset(clamped.upperBound), in: displayedText)
            .map { $0.offsetBy(textOrigin) }
    }

    /// Notes that the caret moved: the text scrolls to it when the scroll offset is next asked for.
    private func scrollToCaret() {
        caretNeedsScrolling = true
    }

    /// Scrolls the text so that the caret is inside the field.
    private func scrollToCaretNow() {
        caretNeedsScrolling = false
        let caret = textLayout.caretRect(forOffset: displayOffset(buffer.caretOffset), in: displayedText)
        let visibleWidth = max(0, bounds.width - 2 * Self.textInset)
        if caret.maxX - scrolledOffset > visibleWidth {
            scrolledOffset = caret.maxX - visibleWidth
        } else if caret.minX < scrolledOffset {
            scrolledOffset = caret.minX
        }
        scrolledOffset = max(0, scrolledOffset)
    }

    // MARK: Accessibility

    /// A text field is a search field's element by default: named by its
    /// label, valued by its text (bullets when secure).
    override open var accessibilityValue: String? {
        get { super.accessibilityValue ?? displayedText }
        set { super.accessibilityValue = newValue }
    }

    /// The committed text as announced: what was last told to the export.
    private var accessibleBuffer: TextEditingBuffer { accessibilityTextBuffer }

    /// Tells assistive technologies what changed between `before` and now (the common ends kept out).
    private func announceReplacement(from before: TextEditingBuffer) {
        let after = accessibleBuffer
        let old = Array(before.text.unicodeScalars)
        let new = Array(after.text.unicodeScalars)
        if old == new {
            if before.selection != after.selection { accessibilityDidChange(.textSelection) }
            return
        }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let removed = String(String.UnicodeScalarView(old[prefix..<(old.count - suffix)]))
        let inserted = String(String.UnicodeScalarView(new[prefix..<(new.count - suffix)]))
        accessibilityTextDidChange(TextReplacement(range: prefix..<(old.count - suffix), removedText: removed,
                                                   insertedText: inserted))
    }

    static func bullets(for text: String) -> String { String(repeating: "•", count: text.count) }
}

extension Rect {
    fileprivate func offsetBy(_ point: Point) -> Rect {
        Rect(x: origin.x + point.x, y: origin.y + point.y, width: size.width, height: size.height)
    }
}

/// A text field's text as screen readers read and edit it (T7): committed
/// text only (marked text is read once committed), bullets when secure.
extension TextField: AccessibilityTextContent {
    /// The committed text, with the selection (bullets and grapheme offsets when secure).
    public var accessibilityTextBuffer: TextEditingBuffer {
        var committed = buffer
        if committed.markedText != nil { committed.cancelMarkedText() }
        guard isSecureTextEntry else { return committed }
        let text = committed.text
        func graphemes(_ offset: Int) -> Int { committed.text(in: 0..<offset).count }
        var bullets = TextEditingBuffer(Self.bullets(for: text))
        bullets.select(anchor: graphemes(committed.selection.anchor), caret: graphemes(committed.selection.caret))
        return bullets
    }

    /// A text field is edited.
    public var accessibilityTextIsEditable: Bool { true }

    /// Whether its characters are hidden.
    public var accessibilityTextIsSecure: Bool { isSecureTextEntry }

    /// The placeholder.
    public var accessibilityPlaceholderText: String? { placeholder }

    /// The layout's rectangles for `range` of the accessible text, in window coordinates.
    public func accessibilityTextRects(for range: Range<Int>) -> [Rect] {
        let shown = isSecureTextEntry ? Self.bullets(for: buffer.text) : accessibilityTextBuffer.text
        let local = range.isEmpty
            ? [textLayout.caretRect(forOffset: range.lowerBound, in: shown)]
            : textLayout.rects(for: range, in: shown)
        return local.map { convert($0.offsetBy(textOrigin), to: nil) }
    }

    /// The accessible offset nearest to a window point.
    public func accessibilityTextOffset(closestTo point: Point) -> Int {
        let local = convert(point, from: nil)
        let shown = isSecureTextEntry ? Self.bullets(for: buffer.text) : accessibilityTextBuffer.text
        return textLayout.offset(closestTo: Point(x: local.x - textOrigin.x, y: local.y - textOrigin.y), in: shown)
    }

    /// Selects for a screen reader (offsets of the accessible text); refused while disabled.
    public func accessibilitySelectText(anchor: Int, caret: Int) -> Bool {
        guard isEnabled else { return false }
        if buffer.markedText != nil { unmarkText() }
        let anchorOffset = scalarOffset(forAccessibleOffset: anchor)
        let caretOffset = scalarOffset(forAccessibleOffset: caret)
        applySelection { $0.select(anchor: anchorOffset, caret: caretOffset) }
        return true
    }

    /// A screen reader's edit: a user edit (the delegate is asked, `editingChanged` sent).
    public func accessibilityReplaceText(in range: Range<Int>, with text: String) -> Bool {
        guard isEnabled else { return false }
        if buffer.markedText != nil { unmarkText() }
        let lower = scalarOffset(forAccessibleOffset: range.lowerBound)
        let upper = scalarOffset(forAccessibleOffset: range.upperBound)
        return userEdit(replacing: lower..<max(lower, upper), with: text)
    }

    /// The scalar offset of an accessible offset (a grapheme index when secure).
    private func scalarOffset(forAccessibleOffset offset: Int) -> Int {
        guard isSecureTextEntry else { return buffer.clampedOffset(offset) }
        var scalars = 0
        for character in buffer.text.prefix(max(0, offset)) { scalars += character.unicodeScalars.count }
        return scalars
    }
}
