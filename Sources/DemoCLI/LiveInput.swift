/// One thing the person did at the terminal.
enum LiveInput: Equatable, Sendable {
    /// A key (a printable character, or a control character such as Ctrl-C, `\u{3}`).
    case key(Character)
    /// The left button went down at a cell (1-based column and row, as the terminal reports).
    case press(column: Int, row: Int)
    /// The mouse moved with the left button held.
    case drag(column: Int, row: Int)
    /// The left button went up.
    case release(column: Int, row: Int)
    /// A key the terminal sends as an escape sequence: an arrow, Home, End, a page key or Shift-Tab.
    case navigation(TerminalKey)
}

/// The keys a terminal sends as escape sequences that the live Demo uses;
/// the raw value is the key's name in scripts (`Key(name:)`).
enum TerminalKey: String, Equatable, Sendable {
    case up, down, left, right, home, end
    case pageUp = "pageup"
    case pageDown = "pagedown"
    /// Shift-Tab, which terminals send as `ESC [ Z` (back tab).
    case backTab = "shift+tab"
}

/// Splits the bytes read from a terminal into keys and mouse reports.
///
/// - SGR mouse reports (mode 1006, which the live mode asks for):
///   `ESC [ < button ; column ; row M` for a press or a drag, `m` for a
///   release.
/// - X10 mouse reports (`ESC [ M` and three bytes: button, column and row,
///   each plus 32), which a terminal without SGR sends: read whole, so that
///   none of their bytes is taken for a key (a `q` among them never quits).
/// - Keys as CSI sequences (xterm's and the Linux console's): the arrows
///   `ESC [ A`…`D`, Home `ESC [ H` or `ESC [ 1 ~` (`7 ~`), End `ESC [ F` or
///   `ESC [ 4 ~` (`8 ~`), Page Up and Down `ESC [ 5 ~` and `6 ~`, Shift-Tab
///   `ESC [ Z`; and as SS3 sequences in application cursor mode,
///   `ESC O A`…`D`, `H`, `F`. With modifiers (`ESC [ 1 ; 5 C`) they are dropped.
/// - Other CSI sequences (`ESC [`, parameters, a final byte) are dropped
///   whole; one broken by a byte that cannot be in it (a control
///   character) is dropped up to that byte, which is read again.
/// - A byte that cannot start a character on its own is ignored by itself:
///   C1 controls (0x80–0x9F, among them 0x9B, the 8-bit CSI, which a UTF-8
///   terminal never sends for one) and stray UTF-8 continuation or invalid
///   lead bytes. So a stray byte never eats the key after it; a UTF-8 lead
///   byte takes only the continuation bytes that follow it.
///
/// A sequence split across reads is kept until the rest arrives.
struct LiveInputParser {
    private var pending: [UInt8] = []

    /// The longest CSI sequence kept while waiting for its final byte; a
    /// longer one is dropped.
    static let maximumSequenceLength = 64

    /// The inputs completed by `bytes`.
    mutating func feed(_ bytes: [UInt8]) -> [LiveInput] {
        pending += bytes
        var inputs: [LiveInput] = []
        var index = 0
        parsing: while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard index + 1 < pending.count else { break parsing }
                if pending[index + 1] == UInt8(ascii: "O") {
                    // SS3: a cursor key in application mode, or Alt-O and a key.
                    guard index + 2 < pending.count else { break parsing }
                    if let key = Self.navigationKey(final: pending[index + 2], parameters: []) {
                        inputs.append(.navigation(key))
                        index += 3
                        continue
                    }
                }
                guard pending[index + 1] == UInt8(ascii: "[") else {
                    inputs.append(.key("\u{1B}"))
                    index += 1
                    continue
                }
                guard let end = sequenceEnd(from: index, into: &inputs) else { break parsing }
                index = end
            case 0x80...0xBF, 0xC0, 0xC1, 0xF5...0xFF:
                // A C1 control, or a byte no UTF-8 character starts with: ignored on its own.
                index += 1
            default:
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var end = index + 1
                while end < index + length, end < pending.count, pending[end] & 0xC0 == 0x80 { end += 1 }
                if end < index + length {
                    // Waiting for the rest of the character, or it was cut short:
                    // then the lead byte goes alone and what follows is read again.
                    if end == pending.count { break parsing }
                    index += 1
                    continue
                }
                if let character = String(validating: pending[index..<end], as: UTF8.self)?.first {
                    inputs.append(.key(character))
                }
                index = end
            }
        }
        pending.removeFirst(index)
        return inputs
    }

    /// Reads the sequence that starts with `ESC [` at `start`: a mouse
    /// report goes to `inputs`, anything else is dropped. Returns where the
    /// next input starts, or nil when the sequence is not all here yet.
    private func sequenceEnd(from start: Int, into inputs: inout [LiveInput]) -> Int? {
        let body = start + 2
        if body < pending.count, pending[body] == UInt8(ascii: "M") {
            // X10: ESC [ M, then button, column and row, each plus 32.
            guard body + 3 < pending.count else { return nil }
            if let mouse = Self.x10Mouse(pending[body + 1], pending[body + 2], pending[body + 3]) { inputs.append(mouse) }
            return body + 4
        }
        // Parameter and intermediate bytes (0x20...0x3F, `<` and `;` among them), then one final byte.
        var end = body
        while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end < pending.count else {
            // No sequence is this long: drop what came so far.
            return end - start > Self.maximumSequenceLength ? end : nil
        }
        guard (0x40...0x7E).contains(pending[end]) else {
            // Broken by a byte that cannot end it (a control character, a
            // byte of UTF-8): drop the sequence, read that byte again.
            return end
        }
        if let mouse = Self.sgrMouse(Array(pending[body...end])) {
            inputs.append(mouse)
        } else if let key = Self.navigationKey(final: pending[end], parameters: Array(pending[body..<end])) {
            inputs.append(.navigation(key))
        }
        return end + 1
    }

    /// The key a CSI or SS3 sequence stands for, from its final byte and parameters; nil for others.
    private static func navigationKey(final: UInt8, parameters: [UInt8]) -> TerminalKey? {
        let text = String(decoding: parameters, as: UTF8.self)
        switch (Character(UnicodeScalar(final)), text) {
        case ("A", ""): return .up
        case ("B", ""): return .down
        case ("C", ""): return .right
        case ("D", ""): return .left
        case ("H", ""), ("H", "1"), ("~", "1"), ("~", "7"): return .home
        case ("F", ""), ("F", "1"), ("~", "4"), ("~", "8"): return .end
        case ("~", "5"): return .pageUp
        case ("~", "6"): return .pageDown
        case ("Z", ""): return .backTab
        default: return nil
        }
    }

    /// An SGR mouse report (`<B;X;YM` or `<B;X;Ym`) for the left button, or nil.
    private static func sgrMouse(_ body: [UInt8]) -> LiveInput? {
        guard body.first == UInt8(ascii: "<"), let final = body.last,
              final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let fields = body.dropFirst().dropLast().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        let numbers = fields.compactMap { Int(String(decoding: $0, as: UTF8.self)) }
        guard numbers.count == 3 else { return nil }
        let (button, column, row) = (numbers[0], numbers[1], numbers[2])
        // Low two bits: the button (0 = left); 32: motion; 64: the wheel.
        guard button & 3 == 0, button & 64 == 0 else { return nil }
        if final == UInt8(ascii: "m") { return .release(column: column, row: row) }
        return button & 32 != 0 ? .drag(column: column, row: row) : .press(column: column, row: row)
    }

    /// An X10 mouse report's three bytes for the left button, or nil. X10
    /// says "released" without saying which button (3), so any release counts.
    private static func x10Mouse(_ button: UInt8, _ column: UInt8, _ row: UInt8) -> LiveInput? {
        guard button >= 32, column > 32, row > 32 else { return nil }
        let code = Int(button) - 32
        let (cell, line) = (Int(column) - 32, Int(row) - 32)
        guard code & 64 == 0 else { return nil }
        switch code & 3 {
        case 0: return code & 32 != 0 ? .drag(column: cell, row: line) : .press(column: cell, row: line)
        case 3: return code & 32 != 0 ? nil : .release(column: cell, row: line)
        default: return nil
        }
    }
}
