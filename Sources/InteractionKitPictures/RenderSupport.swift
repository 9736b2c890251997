import InteractionKitLinux
import InteractionKitReplay

/// Small, trap-free helpers shared by the scene renderers: safe numeric
/// conversion, deterministic number formatting and text sanitising.
///
/// Everything here is pure standard library (no Foundation), never traps and
/// always gives the same output for the same input.
enum SceneRenderSupport {

    // MARK: Safe numbers

    /// Converts `value` to an `Int` clamped to `lower...upper`, truncating
    /// toward zero; `NaN` becomes `nanValue` (itself clamped).
    static func clampedInt(_ value: Double, _ lower: Int, _ upper: Int, nanValue: Int) -> Int {
        let lo = min(lower, upper)
        let hi = max(lower, upper)
        guard !value.isNaN else { return min(max(nanValue, lo), hi) }
        if value <= Double(lo) { return lo }
        if value >= Double(hi) { return hi }
        // lo < value < hi, both small enough to be exactly representable:
        // the conversion cannot trap.
        return Int(value)
    }

    /// Rounds `value` to the nearest integer (halves away from zero) and
    /// clamps it to `lower...upper`; `NaN` becomes `nanValue`.
    static func roundedInt(_ value: Double, _ lower: Int, _ upper: Int, nanValue: Int) -> Int {
        clampedInt(value.rounded(), lower, upper, nanValue: nanValue)
    }

    /// `value` if it is finite, otherwise `fallback`.
    static func finite(_ value: Double, or fallback: Double) -> Double {
        value.isFinite ? value : fallback
    }

    /// Whether every edge of `rect` is a finite number.
    static func isFinite(_ rect: Rect) -> Bool {
        rect.minX.isFinite && rect.maxX.isFinite && rect.minY.isFinite && rect.maxY.isFinite
            && rect.width.isFinite && rect.height.isFinite
    }

    /// The window size to draw: the snapshot's if both sides are finite and
    /// positive, otherwise the 390 × 844 point fallback.
    static func drawableWindowSize(_ size: Size) -> (width: Double, height: Double) {
        let ok = size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
            && size.width < 1e7 && size.height < 1e7
        return ok ? (size.width, size.height) : (390, 844)
    }

    /// The largest magnitude a formatted coordinate may have.
    static let coordinateLimit: Double = 1_000_000

    /// Formats `value` for SVG attributes: rounded to at most two decimals,
    /// trailing zeros trimmed, `-0` written `0`, non-finite written `0`, and
    /// magnitudes clamped to ±1 000 000 (no exponent notation ever).
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return NumberFormatting.json(min(max(value, -coordinateLimit), coordinateLimit), decimals: 2)
    }

    /// Formats `seconds` with exactly two decimals (`0.15`, `1.00`, `-0.50`);
    /// `nil` when the value is not finite or implausibly large.
    static func fixedSeconds(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds > -1e9, seconds < 1e9 else { return nil }
        return NumberFormatting.fixed(seconds, decimals: 2)
    }

    // MARK: Text

    /// How many characters of any text the renderers look at; longer text is
    /// cut first so that pathological inputs stay cheap.
    static let textLimit = 400

    /// Whether `scalar` is a control character (C0, DEL or C1).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// Whether `character` would upset a fixed-width terminal layout: it
    /// contains a control character, or it is a lone invisible format or
    /// separator character (bidi overrides, zero-width space, U+2028, …).
    static func isTerminalHostile(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        if scalars.contains(where: isControl) { return true }
        if scalars.count == 1, let scalar = scalars.first {
            switch scalar.properties.generalCategory {
            case .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse,
                 .nonspacingMark, .enclosingMark, .spacingMark:
                return true
            default:
                return false
            }
        }
        return false
    }

    /// `text` as terminal cells: one `Character` per column, hostile
    /// characters replaced by `?`, and (in ASCII mode) every non-ASCII
    /// character replaced by `?`. At most ``textLimit`` characters.
    static func terminalCharacters(_ text: String, ascii: Bool) -> [Character] {
        var result: [Character] = []
        for character in text.prefix(textLimit) {
            if isTerminalHostile(character) || (ascii && !character.isASCII) {
                result.append("?")
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `characters` cut to at most `width` columns, ending with an ellipsis
    /// (`…`, or `~` in ASCII mode) when something was cut.
    static func truncated(_ characters: [Character], to width: Int, ascii: Bool) -> [Character] {
        if characters.count <= width { return characters }
        if width <= 0 { return [] }
        return Array(characters.prefix(width - 1)) + [ascii ? "~" : "…"]
    }

    /// `characters` with leading and trailing spaces removed.
    static func trimmed(_ characters: [Character]) -> [Character] {
        var slice = characters[...]
        while let first = slice.first, first == " " { slice = slice.dropFirst() }
        while let last = slice.last, last == " " { slice = slice.dropLast() }
        return Array(slice)
    }

    /// `characters` split on spaces into non-empty words.
    static func words(_ characters: [Character]) -> [[Character]] {
        characters.split(separator: " ", omittingEmptySubsequences: true).map(Array.init)
    }

    /// `text` made safe for XML character data and attribute values: control
    /// characters and XML-forbidden scalars dropped, `& < > " '` escaped.
    /// At most `limit` (by default ``textLimit``) characters of the input are used.
    static func xmlEscaped(_ text: String, limit: Int = textLimit) -> String {
        var result = ""
        for character in text.prefix(limit) {
            for scalar in character.unicodeScalars {
                if isControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                case "'": result += "&apos;"
                default: result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `text` without control characters and XML-forbidden scalars (not yet
    /// escaped), cut to at most ``textLimit`` characters.
    static func cleaned(_ text: String) -> String {
        var result = ""
        for character in text.prefix(textLimit) {
            for scalar in character.unicodeScalars
            where !(isControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF) {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
