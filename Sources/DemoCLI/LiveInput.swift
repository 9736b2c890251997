import InteractionKitLinux

/// One thing the person did at the terminal.
enum LiveInput: Equatable, Sendable {
    /// A key that types one character (a letter, `é`, U+FFFD for bytes
    /// that are not UTF-8), or a control character such as Ctrl-C, `\u{3}`.
    case key(Character)
    /// A printable ASCII character typed with Alt held: the terminal sends
    /// Escape, then the character (`ESC q` for Alt-Q).
    case alt(Character)
    /// The left button went down at a cell (1-based column and row, as the terminal reports).
    case press(column: Int, row: Int)
    /// The mouse moved with the left button held.
    case drag(column: Int, row: Int)
    /// The left button went up.
    case release(column: Int, row: Int)
    /// A key the terminal sends as an escape sequence: an arrow, Home, End,
    /// a page key, Shift-Tab, Insert, Delete, or a key of the keypad.
    case navigation(TerminalKey)
    /// Text pasted in bracketed-paste mode, whole: none of it is a key (a
    /// `q` in it never quits). Past ``LiveInputParser/maximumPasteBytes``
    /// the rest is counted in `bytesLeftOut`, not kept.
    case paste(String, bytesLeftOut: Int)
}

/// The keys a terminal sends as escape sequences that the live Demo reads.
enum TerminalKey: String, CaseIterable, Equatable, Sendable {
    case up, down, left, right, home, end
    case pageUp = "pageup"
    case pageDown = "pagedown"
    /// Shift-Tab, which terminals send as `ESC [ Z` (back tab).
    case backTab = "shift+tab"
    case insert, delete
    /// The keypad's Enter (`ESC O M` in application keypad mode): a key of
    /// its own, not Return, so a screen reader bound to it (Orca's Where Am I) hears it.
    case keypadEnter = "enter"
    case keypad0 = "keypad 0", keypad1 = "keypad 1", keypad2 = "keypad 2", keypad3 = "keypad 3", keypad4 = "keypad 4"
    /// The keypad's 5 without Num Lock (`ESC [ E`, `ESC O E`): X calls it `KP_Begin`.
    case keypadBegin = "keypad begin"
    case keypad5 = "keypad 5", keypad6 = "keypad 6", keypad7 = "keypad 7", keypad8 = "keypad 8", keypad9 = "keypad 9"
    case keypadPeriod = "keypad ."
    case keypadComma = "keypad ,"
    case keypadPlus = "keypad +"
    case keypadMinus = "keypad -"
    case keypadAsterisk = "keypad *"
    case keypadSlash = "keypad /"
    case keypadEqual = "keypad ="

    /// How the transcript names the key: a script's name for it where it
    /// has one (`shift+tab`, `enter`), else `keypad 7`.
    var name: String { rawValue }

    /// The key the window gets: keypad keys carry `.numericPad`, and type
    /// their character (a digit, an operator) as the keypad does in
    /// application mode.
    var key: Key {
        if let named = try? Key(name: rawValue) { return named }
        let (usage, characters): (KeyboardHIDUsage, String) = switch self {
        case .keypad0: (.keypad0, "0")
        case .keypad1: (.keypad1, "1")
        case .keypad2: (.keypad2, "2")
        case .keypad3: (.keypad3, "3")
        case .keypad4: (.keypad4, "4")
        case .keypadBegin: (.keypad5, "")
        case .keypad5: (.keypad5, "5")
        case .keypad6: (.keypad6, "6")
        case .keypad7: (.keypad7, "7")
        case .keypad8: (.keypad8, "8")
        case .keypad9: (.keypad9, "9")
        case .keypadPeriod: (.keypadPeriod, ".")
        case .keypadComma: (.keypadComma, ",")
        case .keypadPlus: (.keypadPlus, "+")
        case .keypadMinus: (.keypadHyphen, "-")
        case .keypadAsterisk: (.keypadAsterisk, "*")
        case .keypadSlash: (.keypadSlash, "/")
        case .keypadEqual: (.keypadEqualSign, "=")
        default: (KeyboardHIDUsage(rawValue: 0), "")
        }
        return Key(keyCode: usage, characters: characters, charactersIgnoringModifiers: characters, modifierFlags: .numericPad)
    }
}

/// Splits the bytes read from a terminal into keys, text, pastes and mouse reports.
///
/// - SGR mouse reports (mode 1006, which the live mode asks for):
///   `ESC [ < button ; column ; row M` for a press or a drag, `m` for a
///   release.
/// - X10 mouse reports (`ESC [ M` and three bytes: button, column and row,
///   each plus 32), which a terminal without SGR sends: read whole, so that
///   none of their bytes is taken for a key (a `q` among them never quits).
/// - Keys as CSI sequences (xterm's and the Linux console's): the arrows
///   `ESC [ A`…`D`, Home `ESC [ H` or `ESC [ 1 ~` (`7 ~`), End `ESC [ F` or
///   `ESC [ 4 ~` (`8 ~`), Insert `ESC [ 2 ~`, Delete `ESC [ 3 ~`, Page Up
///   and Down `ESC [ 5 ~` and `6 ~`, Shift-Tab `ESC [ Z`, the keypad's 5
///   `ESC [ E`; and as SS3 sequences, the cursor keys in application mode
///   (`ESC O A`…`D`, `H`, `F`) and the keypad in application keypad mode
///   (which the live mode asks for): Enter `ESC O M`, the digits `ESC O p`…`y`,
///   `j k l m n o` for `* + , - . /`, `X` for `=`, `E` for 5. With
///   modifiers (`ESC [ 1 ; 5 C`) they are dropped.
/// - Bracketed paste (mode 2004, which the live mode asks for): the text
///   between `ESC [ 200 ~` and `ESC [ 201 ~` is one `paste`, whatever it
///   holds, read as UTF-8 (a byte that is not becomes U+FFFD).
/// - Control strings — OSC (`ESC ]`), DCS (`ESC P`) and APC (`ESC _`),
///   up to ST (`ESC \`), BEL, CAN or SUB, or an Escape that starts
///   something else — are dropped as they come, however long: a
///   terminal's answer to a query never types anything.
/// - Escape and a printable ASCII character is that character with Alt
///   (`alt`); a lone Escape at the end of what arrived waits for the next
///   read, and `flushEscape()` makes it the Escape key when none comes.
/// - Other CSI sequences (`ESC [`, parameters, a final byte) are dropped
///   whole; one broken by a byte that cannot be in it (a control
///   character) is dropped up to that byte, which is read again.
/// - Anything else is text, read as UTF-8: each character a `key`, and each
///   maximal run of bytes that cannot be part of a character (a C1 control
///   such as 0x9B, a stray continuation byte, a character cut short) one
///   U+FFFD, so a broken byte never eats the key after it.
///
/// A sequence or character split across reads is kept until the rest
/// arrives. What the parser keeps between reads is bounded: an unfinished
/// sequence of at most ``maximumSequenceLength`` bytes, and a paste of at
/// most ``maximumPasteBytes``.
struct LiveInputParser {
    /// An unfinished escape sequence or character, waiting for the rest.
    private var pending: [UInt8] = []
    private var mode = Mode.ground
    /// The paste so far, in bracketed-paste mode.
    private var pasted: [UInt8] = []
    private var pastedBytesLeftOut = 0

    private enum Mode {
        case ground
        /// Inside a bracketed paste, until `ESC [ 201 ~`.
        case paste
        /// Inside a control string, until ST or BEL; its bytes are dropped.
        case controlString
    }

    /// The longest CSI sequence kept while waiting for its final byte; a
    /// longer one is dropped.
    static let maximumSequenceLength = 64
    /// The most bytes of one paste kept (1 MiB); the rest are counted.
    static let maximumPasteBytes = 1 << 20

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Whether what arrived last ended with a lone Escape, which is either
    /// the Escape key or the start of a sequence still on its way.
    var isWaitingAfterEscape: Bool { mode == .ground && pending == [0x1B] }

    /// The Escape key, if a lone Escape is waiting (see `isWaitingAfterEscape`):
    /// the caller decides when it waited long enough.
    mutating func flushEscape() -> [LiveInput] {
        guard isWaitingAfterEscape else { return [] }
        pending.removeAll()
        return [.key("\u{1B}")]
    }

    /// How many bytes the parser holds between reads: what is pending and the paste so far.
    var retainedBytes: Int { pending.count + pasted.count }

    /// The inputs completed by `bytes`.
    mutating func feed(_ bytes: [UInt8]) -> [LiveInput] {
        pending += bytes
        var inputs: [LiveInput] = []
        var index = 0
        parsing: while index < pending.count {
            switch mode {
            case .paste:
                switch pasteEnd(from: index, into: &inputs) {
                case .next(let next):
                    index = next
                    continue parsing
                case .waiting(let keepFrom):
                    // The paste so far is kept in `pasted`; only a cut end marker waits here.
                    pending = keepFrom.map { Array(pending[$0...]) } ?? []
                    return inputs
                }
            case .controlString:
                guard let next = controlStringEnd(from: index) else {
                    // A control string is dropped as it comes; an Escape at the end may start its ST.
                    pending = pending.last == 0x1B ? [0x1B] : []
                    return inputs
                }
                index = next
                continue parsing
            case .ground:
                break
            }
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard let next = escapeEnd(from: index, into: &inputs) else { break parsing }
                index = next
            case 0x00..<0x80:
                inputs.append(.key(Character(Unicode.Scalar(byte))))
                index += 1
            default:
                switch Self.decodeCharacter(pending, at: index) {
                case .incomplete:
                    break parsing
                case .character(let character, let length):
                    inputs.append(.key(character))
                    index += length
                case .invalid(let length):
                    inputs.append(.key("\u{FFFD}"))
                    index += length
                }
            }
        }
        pending.removeFirst(index)
        return inputs
    }

    /// Reads what starts with `ESC` at `start`; returns where the next input
    /// starts, or nil when the sequence is not all here yet.
    private mutating func escapeEnd(from start: Int, into inputs: inout [LiveInput]) -> Int? {
        guard start + 1 < pending.count else { return nil }
        let second = pending[start + 1]
        switch second {
        case UInt8(ascii: "["):
            let rest = pending[start...]
            if rest.starts(with: Self.pasteStart) {
                mode = .paste
                pasted.removeAll()
                pastedBytesLeftOut = 0
                return start + Self.pasteStart.count
            }
            // What came could still be the start of a paste: wait for the rest.
            if rest.count < Self.pasteStart.count && Self.pasteStart.starts(with: rest) { return nil }
            return sequenceEnd(from: start, into: &inputs)
        case UInt8(ascii: "O"):
            // SS3: a cursor key in application mode, a keypad key in application keypad mode, or Alt-O.
            guard start + 2 < pending.count else { return nil }
            if let key = Self.ss3Key(final: pending[start + 2]) {
                inputs.append(.navigation(key))
                return start + 3
            }
            inputs.append(.alt("O"))
            return start + 2
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
            // OSC, DCS and APC: what terminals answer with. SOS and PM (`ESC X`, `ESC ^`),
            // which no terminal sends, stay Alt-X and Alt-^, so typing them loses nothing.
            mode = .controlString
            return start + 2
        case 0x20...0x7E:
            inputs.append(.alt(Character(Unicode.Scalar(second))))
            return start + 2
        default:
            // Escape before a control character or another Escape: the Escape key, then that byte, read again.
            inputs.append(.key("\u{1B}"))
            return start + 1
        }
    }

    /// Reads the sequence that starts with `ESC [` at `start`: a mouse
    /// report or a key goes to `inputs`, anything else is dropped. Returns where the
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
        } else if let key = Self.csiKey(final: pending[end], parameters: Array(pending[body..<end])) {
            inputs.append(.navigation(key))
        }
        return end + 1
    }

    /// Where reading a paste got to: the next input's start once the paste
    /// ended, or waiting for more, keeping the pending bytes from an offset
    /// (a cut end marker) or none.
    private enum PasteProgress {
        case next(Int)
        case waiting(keepFrom: Int?)
    }

    /// Reads a bracketed paste from `start` up to its end marker, keeping
    /// its bytes (up to the limit) in `pasted`.
    private mutating func pasteEnd(from start: Int, into inputs: inout [LiveInput]) -> PasteProgress {
        var index = start
        while index < pending.count {
            guard let escape = pending[index...].firstIndex(of: 0x1B) else {
                keepPasted(pending[index...])
                return .waiting(keepFrom: nil)
            }
            keepPasted(pending[index..<escape])
            let rest = pending[escape...]
            if rest.starts(with: Self.pasteEnd) {
                inputs.append(.paste(String(decoding: pasted, as: UTF8.self), bytesLeftOut: pastedBytesLeftOut))
                pasted.removeAll()
                pastedBytesLeftOut = 0
                mode = .ground
                return .next(escape + Self.pasteEnd.count)
            }
            if Self.pasteEnd.starts(with: rest) { return .waiting(keepFrom: escape) }
            keepPasted(pending[escape...escape])
            index = escape + 1
        }
        return .waiting(keepFrom: nil)
    }

    private mutating func keepPasted(_ bytes: ArraySlice<UInt8>) {
        let room = Self.maximumPasteBytes - pasted.count
        if bytes.count <= room {
            pasted += bytes
        } else {
            pasted += bytes.prefix(max(room, 0))
            pastedBytesLeftOut += bytes.count - max(room, 0)
        }
    }

    /// Skips a control string from `start`: returns where the next input
    /// starts once it ended (BEL, ST, or an Escape starting something
    /// else, which is read again), or nil when it goes on past what came.
    private mutating func controlStringEnd(from start: Int) -> Int? {
        var index = start
        while index < pending.count {
            switch pending[index] {
            case 0x07, 0x18, 0x1A:
                // BEL ends an OSC (xterm); CAN and SUB cancel any string.
                mode = .ground
                return index + 1
            case 0x1B:
                guard index + 1 < pending.count else { return nil }
                mode = .ground
                return pending[index + 1] == UInt8(ascii: "\\") ? index + 2 : index
            default:
                index += 1
            }
        }
        return nil
    }

    /// What a byte of 0x80 or more starts: a character of 2 to 4 bytes, a
    /// maximal run of bytes that cannot be one (Unicode's "maximal
    /// subpart", replaced by one U+FFFD), or a character cut short by the
    /// end of what came, to wait for.
    private enum Decoded {
        case character(Character, length: Int)
        case invalid(length: Int)
        case incomplete
    }

    private static func decodeCharacter(_ bytes: [UInt8], at start: Int) -> Decoded {
        let lead = bytes[start]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return .invalid(length: 1)
        }
        for offset in 1..<length {
            guard start + offset < bytes.count else { return .incomplete }
            let allowed = offset == 1 ? second : 0x80...0xBF
            guard allowed.contains(bytes[start + offset]) else { return .invalid(length: offset) }
        }
        let text = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
        guard let character = text.first else { return .invalid(length: length) }
        return .character(character, length: length)
    }

    /// The key an SS3 sequence's final byte stands for; nil for others.
    private static func ss3Key(final: UInt8) -> TerminalKey? {
        switch Character(Unicode.Scalar(final)) {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "H": .home
        case "F": .end
        case "E": .keypadBegin
        case "M": .keypadEnter
        case "j": .keypadAsterisk
        case "k": .keypadPlus
        case "l": .keypadComma
        case "m": .keypadMinus
        case "n": .keypadPeriod
        case "o": .keypadSlash
        case "X": .keypadEqual
        case "p": .keypad0
        case "q": .keypad1
        case "r": .keypad2
        case "s": .keypad3
        case "t": .keypad4
        case "u": .keypad5
        case "v": .keypad6
        case "w": .keypad7
        case "x": .keypad8
        case "y": .keypad9
        default: nil
        }
    }

    /// The key a CSI sequence stands for, from its final byte and parameters; nil for others.
    private static func csiKey(final: UInt8, parameters: [UInt8]) -> TerminalKey? {
        let text = String(decoding: parameters, as: UTF8.self)
        switch (Character(Unicode.Scalar(final)), text) {
        case ("A", ""): return .up
        case ("B", ""): return .down
        case ("C", ""): return .right
        case ("D", ""): return .left
        case ("E", ""): return .keypadBegin
        case ("H", ""), ("H", "1"), ("~", "1"), ("~", "7"): return .home
        case ("F", ""), ("F", "1"), ("~", "4"), ("~", "8"): return .end
        case ("~", "2"): return .insert
        case ("~", "3"): return .delete
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
