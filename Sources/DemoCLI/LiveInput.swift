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
}

/// Splits the bytes read from a terminal into keys and SGR mouse reports
/// (mode 1006: `ESC [ < button ; column ; row M` for a press or a drag,
/// `m` for a release). A sequence split across reads is kept until the
/// rest arrives; anything else that starts with ESC is dropped.
struct LiveInputParser {
    private var pending: [UInt8] = []

    /// The inputs completed by `bytes`.
    mutating func feed(_ bytes: [UInt8]) -> [LiveInput] {
        pending += bytes
        var inputs: [LiveInput] = []
        var index = 0
        parsing: while index < pending.count {
            let byte = pending[index]
            guard byte == 0x1B else {
                // A UTF-8 sequence counts as one key; other bytes are keys of their own.
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= pending.count else { break parsing }
                if let character = String(validating: pending[index..<(index + length)], as: UTF8.self)?.first {
                    inputs.append(.key(character))
                }
                index += length
                continue
            }
            guard index + 1 < pending.count else { break parsing }
            guard pending[index + 1] == UInt8(ascii: "[") else {
                inputs.append(.key("\u{1B}"))
                index += 1
                continue
            }
            // A CSI sequence: parameter and intermediate bytes (0x20...0x3F, `<` and
            // `;` among them), then one final byte.
            var end = index + 2
            while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
            guard end < pending.count else {
                if end - index > 64 { index = end }  // no sequence is this long: drop it
                break parsing
            }
            if let mouse = Self.mouse(Array(pending[(index + 2)...end])) { inputs.append(mouse) }
            index = end + 1
        }
        pending.removeFirst(index)
        return inputs
    }

    /// An SGR mouse report (`<B;X;YM` or `<B;X;Ym`) for the left button, or nil.
    private static func mouse(_ body: [UInt8]) -> LiveInput? {
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
}
