/// A scalar's class for word boundaries: UAX #29's Word_Break property,
/// with letters that stand alone and pictographs told apart from the rest.
///
/// Built from the standard library's scalar properties and a few short
/// lists (the Mid* punctuation, Katakana, Hebrew letters, the spaces), as
/// UAX #29's table defines each value. CLDR's root tailoring, which ICU
/// and so UIKit use, is applied: the colons are not MidLetter.
enum WordBreakClass: UInt8 {
    case other, cr, lf, newline, extend, zwj, format, regionalIndicator
    case katakana, hebrewLetter, aLetter, numeric, extendNumLet
    case singleQuote, doubleQuote, midNumLet, midLetter, midNum
    case wSegSpace
    /// A letter that is a word by itself (WB999 breaks around it): a CJK
    /// ideograph, a Hiragana kana, or a letter of a script written without
    /// spaces (Thai, Lao, Khmer, Myanmar), which ICU segments by dictionary.
    case standaloneLetter
    /// Extended_Pictographic: an emoji or a symbol that may start one.
    case pictographic

    /// The class of `scalar`.
    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            self = WordBreakClass.ascii(value)
            return
        }
        switch value {
        case 0x85, 0x2028, 0x2029: self = .newline
        case 0x200D: self = .zwj
        case 0x1F1E6...0x1F1FF: self = .regionalIndicator
        case 0x00B7, 0x0387, 0x055F, 0x05F4, 0x2027, 0xFE13: self = .midLetter
        case 0x037E, 0x0589, 0x060C, 0x060D, 0x066C, 0x07F8, 0x2044, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B:
            self = .midNum
        case 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: self = .midNumLet
        case 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: self = .wSegSpace
        case 0x202F: self = .extendNumLet
        // The Arabic decimal separator, the prepended number signs, a Tai Lue digit.
        case 0x066B, 0x0600...0x0605, 0x06DD, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD, 0x19DA: self = .numeric
        case 0x200B: self = .other
        case 0x3031...0x3035, 0x309B...0x309C, 0x30A0...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF,
             0x32D0...0x32FE, 0x3300...0x3357, 0xFF66...0xFF9D, 0x1AFF0...0x1AFFE, 0x1B000,
             0x1B120...0x1B122, 0x1B155, 0x1B164...0x1B167:
            self = .katakana
        case 0x05D0...0x05EA, 0x05EF...0x05F2, 0xFB1D, 0xFB1F...0xFB28, 0xFB2A...0xFB4F:
            self = .hebrewLetter
        case 0x00B8, 0x02C2...0x02C5, 0x02D2...0x02D7, 0x02DE...0x02DF, 0x02E5...0x02EB, 0x02ED, 0x02EF...0x02FF,
             0x055A...0x055C, 0x055E, 0x058A, 0x05F3, 0x070F, 0xA708...0xA716, 0xA720...0xA721, 0xA789...0xA78A,
             0xAB5B:
            self = .aLetter
        case 0x0E33, 0x0EB3:
            // Spacing marks in a cluster, but letters (of scripts without spaces) for words.
            self = .standaloneLetter
        case 0x3041...0x3096, 0x309D...0x309F, 0x1B001...0x1B11F, 0x1B132, 0x1B150...0x1B152, 0x1F200:
            self = .standaloneLetter  // Hiragana
        default:
            self = WordBreakClass.byProperties(scalar)
        }
    }

    private static func ascii(_ value: UInt32) -> WordBreakClass {
        switch value {
        case 0x0A: .lf
        case 0x0D: .cr
        case 0x0B, 0x0C: .newline
        case 0x20: .wSegSpace
        case 0x22: .doubleQuote
        case 0x27: .singleQuote
        case 0x2C, 0x3B: .midNum
        case 0x2E: .midNumLet
        case 0x30...0x39: .numeric
        case 0x41...0x5A, 0x61...0x7A: .aLetter
        case 0x5F: .extendNumLet
        default: .other
        }
    }

    private static func byProperties(_ scalar: Unicode.Scalar) -> WordBreakClass {
        if GraphemeBreaks.joinsPrevious(scalar) { return .extend }
        let properties = scalar.properties
        let category = properties.generalCategory
        if category == .format { return .format }
        if properties.isIdeographic { return .standaloneLetter }
        let value = scalar.value
        if category == .decimalNumber { return .numeric }
        if category == .connectorPunctuation { return .extendNumLet }
        if properties.isAlphabetic {
            return isWrittenWithoutSpaces(value) ? .standaloneLetter : .aLetter
        }
        if properties.isEmoji || (category == .unassigned && (0x1F000...0x1FFFD).contains(value)) {
            return .pictographic
        }
        return .other
    }

    /// Line_Break = Complex_Context's scripts (Thai, Lao, Myanmar, Khmer, the Tai scripts, Ahom).
    private static func isWrittenWithoutSpaces(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x1950...0x19DF, 0x1A20...0x1AAF,
             0xA9E0...0xA9FF, 0xAA60...0xAADF, 0x11700...0x1174F:
            true
        default:
            false
        }
    }

    /// Extend, Format and ZWJ, which WB4 attaches to what precedes them.
    @inline(__always)
    var isIgnorable: Bool {
        switch self {
        case .extend, .format, .zwj: true
        default: false
        }
    }

    /// ALetter or Hebrew_Letter (UAX #29's AHLetter).
    @inline(__always)
    var isLetter: Bool { self == .aLetter || self == .hebrewLetter }

    /// MidNumLet or Single_Quote (UAX #29's MidNumLetQ).
    @inline(__always)
    var isMidNumLetQ: Bool { self == .midNumLet || self == .singleQuote }

    /// CR, LF or Newline.
    @inline(__always)
    var isLineBreak: Bool { self == .cr || self == .lf || self == .newline }

    /// Whether a segment holding this class is a word (not spaces or punctuation).
    @inline(__always)
    var makesWord: Bool {
        switch self {
        case .aLetter, .hebrewLetter, .numeric, .katakana, .regionalIndicator, .standaloneLetter, .pictographic: true
        default: false
        }
    }
}
