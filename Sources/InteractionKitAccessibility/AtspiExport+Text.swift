import InteractionKitCore
import InteractionKitDBus

// `org.a11y.atspi.Text` and `EditableText`: a text field's or a label's
// text, caret and selections, read in Unicode scalars (AT-SPI's characters).
// Both generations of boundary calls are answered: Orca 43 reads through
// `GetTextAtOffset` and its siblings only, newer Orca through
// `GetStringAtOffset` only.

extension AtspiExport {
    /// The boundary types of the old calls (`AtspiTextBoundaryType`).
    enum TextBoundary: UInt32 {
        case character = 0, wordStart, wordEnd, sentenceStart, sentenceEnd, lineStart, lineEnd
    }

    /// The granularities of `GetStringAtOffset` (`AtspiTextGranularity`).
    enum TextReadingGranularity: UInt32 {
        case character = 0, word, sentence, line, paragraph
    }

    /// The text content an object reads from, if it has one.
    func textContent(of object: AtspiObjectTree.Object) -> (any AccessibilityTextContent)? {
        guard case .node(let node) = object else { return nil }
        return node as? any AccessibilityTextContent
    }

    /// Whether the object's text is edited by people: `EditableText` is implemented.
    func implementsEditableText(_ object: AtspiObjectTree.Object) -> Bool {
        textContent(of: object)?.accessibilityTextIsEditable == true
    }

    func text(_ member: String, _ call: DBusMessage, _ content: any AccessibilityTextContent,
              _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let signature = call.signatureText
        let body = call.body
        let buffer = content.accessibilityTextBuffer
        let count = buffer.count
        func clamp(_ value: Int32) -> Int { min(max(Int(value), 0), count) }
        func segment(_ range: Range<Int>) -> DBusMethodOutcome {
            .reply([.string(buffer.text(in: range)), .int32(Int32(clamping: range.lowerBound)),
                    .int32(Int32(clamping: range.upperBound))])
        }
        switch member {
        case "GetText":
            guard signature == "ii", let start = body[0].int32, let end = body[1].int32 else {
                return invalidArguments(call, expected: "ii")
            }
            // An end of -1 (or any negative end) means the end of the text.
            let upper = end < 0 ? count : clamp(end)
            let lower = clamp(start)
            return .reply([.string(buffer.text(in: min(lower, upper)..<max(lower, upper)))])
        case "SetCaretOffset":
            guard signature == "i", let offset = body[0].int32 else { return invalidArguments(call, expected: "i") }
            return .reply([.boolean(content.accessibilitySelectText(anchor: clamp(offset), caret: clamp(offset)))])
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            guard signature == "iu", let offset = body[0].int32, let type = body[1].uint32 else {
                return invalidArguments(call, expected: "iu")
            }
            guard let boundary = TextBoundary(rawValue: type) else {
                return .error(name: DBusErrorName.invalidArgs, message: "unknown boundary type \(type); use 0 to 6")
            }
            let at = Self.segment(at: clamp(offset), boundary, in: buffer)
            switch member {
            case "GetTextAtOffset": return segment(at)
            case "GetTextBeforeOffset": return segment(Self.segment(before: at, boundary, in: buffer))
            default: return segment(Self.segment(after: at, boundary, in: buffer))
            }
        case "GetStringAtOffset":
            guard signature == "iu", let offset = body[0].int32, let type = body[1].uint32 else {
                return invalidArguments(call, expected: "iu")
            }
            guard let granularity = TextReadingGranularity(rawValue: type) else {
                return .error(name: DBusErrorName.invalidArgs, message: "unknown granularity \(type); use 0 to 4")
            }
            return segment(Self.string(at: clamp(offset), granularity, in: buffer))
        case "GetCharacterAtOffset":
            guard signature == "i", let offset = body[0].int32 else { return invalidArguments(call, expected: "i") }
            let value = Int(offset) >= 0 && Int(offset) < count ? buffer.scalar(at: Int(offset)).map { Int32($0.value) } : nil
            return .reply([.int32(value ?? 0)])
        case "GetCharacterExtents":
            guard signature == "iu", let offset = body[0].int32, let type = body[1].uint32 else {
                return invalidArguments(call, expected: "iu")
            }
            let start = clamp(offset)
            let end = start < count ? buffer.graphemeBoundary(after: start) : start
            return extents(of: content, start..<end, coordinateType: type, object)
        case "GetRangeExtents":
            guard signature == "iiu", let start = body[0].int32, let end = body[1].int32, let type = body[2].uint32 else {
                return invalidArguments(call, expected: "iiu")
            }
            let lower = clamp(start)
            let upper = clamp(end)
            return extents(of: content, min(lower, upper)..<max(lower, upper), coordinateType: type, object)
        case "GetOffsetAtPoint":
            guard signature == "iiu", let x = body[0].int32, let y = body[1].int32, let type = body[2].uint32 else {
                return invalidArguments(call, expected: "iiu")
            }
            guard let origin = origin(for: type, of: object) else { return badCoordinateType(type) }
            let point = Point(x: Double(x) + origin.x, y: Double(y) + origin.y)
            return .reply([.int32(Int32(clamping: content.accessibilityTextOffset(closestTo: point)))])
        case "GetNSelections":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.int32(buffer.selectedRange.isEmpty ? 0 : 1)])
        case "GetSelection":
            guard signature == "i", let index = body[0].int32 else { return invalidArguments(call, expected: "i") }
            let range = buffer.selectedRange
            guard index == 0, !range.isEmpty else { return .reply([.int32(0), .int32(0)]) }
            return .reply([.int32(Int32(clamping: range.lowerBound)), .int32(Int32(clamping: range.upperBound))])
        case "AddSelection":
            guard signature == "ii", let start = body[0].int32, let end = body[1].int32 else {
                return invalidArguments(call, expected: "ii")
            }
            // One selection at most, as GTK's entries: adding a second is refused.
            guard buffer.selectedRange.isEmpty else { return .reply([.boolean(false)]) }
            return .reply([.boolean(content.accessibilitySelectText(anchor: clamp(start), caret: clamp(end)))])
        case "SetSelection":
            guard signature == "iii", let index = body[0].int32, let start = body[1].int32, let end = body[2].int32 else {
                return invalidArguments(call, expected: "iii")
            }
            guard index == 0 else { return .reply([.boolean(false)]) }
            return .reply([.boolean(content.accessibilitySelectText(anchor: clamp(start), caret: clamp(end)))])
        case "RemoveSelection":
            guard signature == "i", let index = body[0].int32 else { return invalidArguments(call, expected: "i") }
            guard index == 0, !buffer.selectedRange.isEmpty else { return .reply([.boolean(false)]) }
            let caret = buffer.caretOffset
            return .reply([.boolean(content.accessibilitySelectText(anchor: caret, caret: caret))])
        case "GetAttributes", "GetAttributeRun":
            let expected = member == "GetAttributes" ? "i" : "ib"
            guard signature == expected, body[0].int32 != nil else { return invalidArguments(call, expected: expected) }
            // One run without attributes: the whole text.
            return .reply([.dictionary(key: .string, value: .string, []), .int32(0), .int32(Int32(clamping: count))])
        case "GetAttributeValue":
            guard signature == "is" else { return invalidArguments(call, expected: "is") }
            return .reply([.string("")])
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.dictionary(key: .string, value: .string, [])])
        default:
            return .unknownMethod
        }
    }

    /// The extents of `range` (the union of its rectangles; the caret's for an empty range).
    func extents(of content: any AccessibilityTextContent, _ range: Range<Int>, coordinateType: UInt32,
                 _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        guard let origin = origin(for: coordinateType, of: object) else { return badCoordinateType(coordinateType) }
        let rects = content.accessibilityTextRects(for: range)
        guard var union = rects.first else { return .reply([.int32(0), .int32(0), .int32(0), .int32(0)]) }
        for rect in rects.dropFirst() {
            let minX = min(union.minX, rect.minX)
            let minY = min(union.minY, rect.minY)
            union = Rect(x: minX, y: minY, width: max(union.maxX, rect.maxX) - minX, height: max(union.maxY, rect.maxY) - minY)
        }
        return .reply([.int32(Self.integer(union.minX - origin.x)), .int32(Self.integer(union.minY - origin.y)),
                       .int32(Self.integer(union.width)), .int32(Self.integer(union.height))])
    }

    func editableText(_ member: String, _ call: DBusMessage, _ content: any AccessibilityTextContent) -> DBusMethodOutcome {
        let signature = call.signatureText
        let body = call.body
        let buffer = content.accessibilityTextBuffer
        let count = buffer.count
        func clamp(_ value: Int32) -> Int { min(max(Int(value), 0), count) }
        func range(_ start: Int32, _ end: Int32) -> Range<Int> {
            let lower = clamp(start)
            let upper = end < 0 ? count : clamp(end)
            return min(lower, upper)..<max(lower, upper)
        }
        switch member {
        case "SetTextContents":
            guard signature == "s", let text = body[0].string else { return invalidArguments(call, expected: "s") }
            return .reply([.boolean(content.accessibilityReplaceText(in: 0..<count, with: text))])
        case "InsertText":
            guard signature == "isi", let position = body[0].int32, let text = body[1].string, let length = body[2].int32 else {
                return invalidArguments(call, expected: "isi")
            }
            // `length` counts characters of `text` to insert (a negative length: all of it).
            let scalars = text.unicodeScalars
            let inserted = length < 0 || Int(length) >= scalars.count
                ? text : String(String.UnicodeScalarView(scalars.prefix(Int(length))))
            let at = clamp(position)
            return .reply([.boolean(content.accessibilityReplaceText(in: at..<at, with: inserted))])
        case "DeleteText":
            guard signature == "ii", let start = body[0].int32, let end = body[1].int32 else {
                return invalidArguments(call, expected: "ii")
            }
            return .reply([.boolean(content.accessibilityReplaceText(in: range(start, end), with: ""))])
        case "CopyText", "CutText":
            guard signature == "ii", let start = body[0].int32, let end = body[1].int32 else {
                return invalidArguments(call, expected: "ii")
            }
            // A secure field gives nothing away, and keeps its text (T6).
            guard !content.accessibilityTextIsSecure else { return member == "CopyText" ? .reply([]) : .reply([.boolean(false)]) }
            let selected = range(start, end)
            window.pasteboard.string = buffer.text(in: selected)
            if member == "CopyText" { return .reply([]) }
            return .reply([.boolean(content.accessibilityReplaceText(in: selected, with: ""))])
        case "PasteText":
            guard signature == "i", let position = body[0].int32 else { return invalidArguments(call, expected: "i") }
            guard let text = window.pasteboard.string, !text.isEmpty else { return .reply([.boolean(false)]) }
            let at = clamp(position)
            return .reply([.boolean(content.accessibilityReplaceText(in: at..<at, with: text))])
        default:
            return .unknownMethod
        }
    }

    /// `CharacterCount` and `CaretOffset`.
    func textProperties(_ content: any AccessibilityTextContent) -> [(name: String, value: DBusValue)] {
        let buffer = content.accessibilityTextBuffer
        return [("CharacterCount", .int32(Int32(clamping: buffer.count))),
                ("CaretOffset", .int32(Int32(clamping: buffer.caretOffset)))]
    }

    // MARK: Boundaries

    /// The segment of `boundary` that holds `offset`, as ATK defines it: a
    /// word-start segment runs from the word start at or before the offset
    /// to the next word start (a word and the spaces after it); a word-end
    /// segment from the word end at or before it to the next word end; the
    /// one line is the whole text.
    static func segment(at offset: Int, _ boundary: TextBoundary, in buffer: TextEditingBuffer) -> Range<Int> {
        let count = buffer.count
        switch boundary {
        case .character:
            guard offset < count else { return count..<count }
            let start = buffer.clampedOffset(offset)
            return start..<buffer.graphemeBoundary(after: start)
        case .wordStart:
            let start = offset < count ? buffer.previousWordStart(before: offset + 1) : buffer.previousWordStart(before: count)
            let end = buffer.nextWordStart(after: max(offset, start))
            return start..<max(start, end)
        case .wordEnd:
            let start = offset < count ? buffer.previousWordEnd(before: offset + 1) : buffer.previousWordEnd(before: count)
            let end = offset < count ? buffer.nextWordEnd(after: offset) : count
            return start..<max(start, end)
        case .sentenceStart, .sentenceEnd:
            return buffer.range(enclosing: offset, granularity: .sentence) ?? (count..<count)
        case .lineStart, .lineEnd:
            return 0..<count
        }
    }

    /// The segment of `boundary` just before `segment`, or an empty one at its start.
    static func segment(before segment: Range<Int>, _ boundary: TextBoundary, in buffer: TextEditingBuffer) -> Range<Int> {
        let start = segment.lowerBound
        guard start > 0 else { return 0..<0 }
        switch boundary {
        case .character:
            return buffer.graphemeBoundary(before: start)..<start
        case .wordStart:
            return buffer.previousWordStart(before: start)..<start
        case .wordEnd:
            return buffer.previousWordEnd(before: start)..<start
        case .sentenceStart, .sentenceEnd:
            let previous = buffer.range(enclosing: start - 1, granularity: .sentence) ?? (start..<start)
            return previous.lowerBound..<start
        case .lineStart, .lineEnd:
            return 0..<0
        }
    }

    /// The segment of `boundary` just after `segment`, or an empty one at its end.
    static func segment(after segment: Range<Int>, _ boundary: TextBoundary, in buffer: TextEditingBuffer) -> Range<Int> {
        let count = buffer.count
        let end = segment.upperBound
        guard end < count else { return count..<count }
        switch boundary {
        case .character:
            return end..<buffer.graphemeBoundary(after: end)
        case .wordStart:
            return end..<buffer.nextWordStart(after: end)
        case .wordEnd:
            return end..<buffer.nextWordEnd(after: end)
        case .sentenceStart, .sentenceEnd:
            let next = buffer.range(enclosing: end, granularity: .sentence) ?? (end..<count)
            return end..<max(end, next.upperBound)
        case .lineStart, .lineEnd:
            return count..<count
        }
    }

    /// What `GetStringAtOffset` reads: the character, the word (the one at
    /// the offset, else the next one), the sentence, or the line at `offset`.
    static func string(at offset: Int, _ granularity: TextReadingGranularity, in buffer: TextEditingBuffer) -> Range<Int> {
        let count = buffer.count
        switch granularity {
        case .character:
            return segment(at: offset, .character, in: buffer)
        case .word:
            if let word = buffer.range(enclosing: offset, granularity: .word), word.contains(offset) || word.upperBound == offset {
                return word
            }
            let next = buffer.nextWordStart(after: offset)
            return buffer.range(enclosing: next, granularity: .word) ?? (count..<count)
        case .sentence:
            return buffer.range(enclosing: offset, granularity: .sentence) ?? (count..<count)
        case .line, .paragraph:
            return 0..<count
        }
    }
}
