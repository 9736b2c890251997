import InteractionKitCore
import InteractionKitDBus

/// A key as the AT-SPI registry takes it: the argument `(uiiiisb)` of
/// `org.a11y.atspi.DeviceEventController.NotifyListenersSync`, made from a
/// `KeyInput` the way GTK 3's accessibility bridge makes it from an X key
/// event, since that is what Orca's key bindings were written against.
///
/// - `type`: 0 when the key goes down, 1 when it comes up (or is taken away);
/// - `keysym`: the X keysym: `Tab` 0xff09, Shift-Tab `ISO_Left_Tab` 0xfe20
///   (as X reports it), the arrows 0xff51–0xff54, `Return` 0xff0d, `space`
///   0x20, `KP_Enter` 0xff8d, a character's Latin-1 code or 0x01000000 plus
///   its Unicode scalar;
/// - `keycode`: the X keycode, the evdev code + 8 (`KEY_TAB` 15 is 23), which
///   Orca matches its bindings against; 0 for a key with no evdev code;
/// - `modifiers`: the X modifier mask (Shift 1, Lock 2, Control 4, Mod1 8
///   for Alt, Mod4 64 for Super);
/// - `timestamp`: the key's time in milliseconds, wrapping as X time does;
/// - `text`: the character typed when it is a visible one ("a", "A", "1",
///   "/"), else the keysym's name ("Tab", "Left", "space", "Return"), as
///   GTK 3 fills it (Orca tells Space from the name "space");
/// - `isText`: whether the key types a character (space included) with no
///   Control, Alt or Super held.
public struct AtspiKeyEvent: Hashable, Sendable {
    /// 0 for a key going down, 1 for a key coming up (AT-SPI's `KEY_PRESSED_EVENT`, `KEY_RELEASED_EVENT`).
    public var type: UInt32
    /// The X keysym.
    public var keysym: Int32
    /// The X keycode: the evdev code + 8, or 0 when the key has none.
    public var keycode: Int32
    /// The X modifier mask.
    public var modifiers: Int32
    /// The time in milliseconds, wrapping at 2³².
    public var timestamp: Int32
    /// The character typed, or the keysym's name.
    public var text: String
    /// Whether the key types text.
    public var isText: Bool

    /// The event of a key sample; nil for a phase that is no press or
    /// release (`changed`, `stationary`).
    ///
    /// - Parameters:
    ///   - input: The key sample.
    ///   - time: The seconds to stamp it with when the sample's own
    ///     `timestamp` is not a finite number.
    public init?(_ input: KeyInput, time: Double = 0) {
        switch input.phase {
        case .began: type = 0
        case .ended, .cancelled: type = 1
        case .changed, .stationary: return nil
        }
        let key = input.key
        let flags = key.modifierFlags
        var mask: Int32 = 0
        if flags.contains(.shift) { mask |= 1 }
        if flags.contains(.alphaShift) { mask |= 2 }
        if flags.contains(.control) { mask |= 4 }
        if flags.contains(.alternate) { mask |= 8 }
        if flags.contains(.command) { mask |= 64 }
        modifiers = mask
        keycode = key.keyCode.evdevCode.map { Int32($0 + 8) } ?? 0
        timestamp = Self.milliseconds(input.timestamp.isFinite ? input.timestamp : time)
        let shortcut = !flags.isDisjoint(with: [.control, .alternate, .command])
        if let (symbol, name) = Self.namedKey(key) {
            keysym = symbol
            text = name
            isText = false
        } else if let character = Self.character(of: key) {
            keysym = Self.keysym(of: character)
            text = character == " " ? "space" : String(Character(character))
            isText = !shortcut
        } else {
            keysym = 0
            text = ""
            isText = false
        }
    }

    /// The argument of `NotifyListenersSync`, `(uiiiisb)`.
    public var argument: DBusValue {
        .structure([.uint32(type), .int32(keysym), .int32(keycode), .int32(modifiers), .int32(timestamp),
                    .string(text), .boolean(isText)])
    }

    /// Seconds as X milliseconds: whole milliseconds modulo 2³², 0 for a negative time.
    static func milliseconds(_ seconds: Double) -> Int32 {
        let milliseconds = (seconds * 1000).rounded(.down)
        guard milliseconds.isFinite, milliseconds > 0 else { return 0 }
        let wrapped = milliseconds.truncatingRemainder(dividingBy: 4_294_967_296)
        return Int32(bitPattern: UInt32(wrapped))
    }

    /// The X keysym of a character: its code in Latin-1's printable ranges,
    /// else 0x01000000 plus its Unicode scalar.
    static func keysym(of character: Unicode.Scalar) -> Int32 {
        let value = character.value
        if (0x20...0x7E).contains(value) || (0xA0...0xFF).contains(value) { return Int32(value) }
        return Int32(bitPattern: 0x0100_0000 + value)
    }

    /// The character a text key types: its `characters` when that is one
    /// visible character, else its `charactersIgnoringModifiers`, else what
    /// the key types on a US layout; letters upper case with Shift or Caps Lock.
    static func character(of key: Key) -> Unicode.Scalar? {
        for text in [key.characters, key.charactersIgnoringModifiers] {
            let scalars = text.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x20, scalar.value != 0x7F,
               !(0x80..<0xA0).contains(scalar.value) {
                return text == key.characters ? scalar : shifted(scalar, key.modifierFlags)
            }
        }
        guard let (plain, withShift) = usLayout(key.keyCode) else { return nil }
        let flags = key.modifierFlags
        if plain.properties.isLowercase { return shifted(plain, flags) }
        return flags.contains(.shift) ? withShift : plain
    }

    /// A letter upper case when Shift or Caps Lock (but not both) is on.
    private static func shifted(_ scalar: Unicode.Scalar, _ flags: KeyModifierFlags) -> Unicode.Scalar {
        guard flags.contains(.shift) != flags.contains(.alphaShift), scalar.properties.isLowercase,
              let upper = scalar.properties.uppercaseMapping.unicodeScalars.first,
              scalar.properties.uppercaseMapping.unicodeScalars.count == 1 else { return scalar }
        return upper
    }

    /// The keysym and name of a key that types no text (Tab, the arrows,
    /// Return, the function keys, the modifiers), or of a keypad key.
    static func namedKey(_ key: Key) -> (Int32, String)? {
        let flags = key.modifierFlags
        switch key.keyCode {
        case .keyboardTab: return flags.contains(.shift) ? (0xFE20, "ISO_Left_Tab") : (0xFF09, "Tab")
        case .keyboardReturnOrEnter: return (0xFF0D, "Return")
        case .keyboardEscape: return (0xFF1B, "Escape")
        case .keyboardDeleteOrBackspace: return (0xFF08, "BackSpace")
        case .keyboardDeleteForward: return (0xFFFF, "Delete")
        case .keyboardInsert: return (0xFF63, "Insert")
        case .keyboardHome: return (0xFF50, "Home")
        case .keyboardLeftArrow: return (0xFF51, "Left")
        case .keyboardUpArrow: return (0xFF52, "Up")
        case .keyboardRightArrow: return (0xFF53, "Right")
        case .keyboardDownArrow: return (0xFF54, "Down")
        case .keyboardPageUp: return (0xFF55, "Page_Up")
        case .keyboardPageDown: return (0xFF56, "Page_Down")
        case .keyboardEnd: return (0xFF57, "End")
        case .keyboardPrintScreen: return (0xFF61, "Print")
        case .keyboardScrollLock: return (0xFF14, "Scroll_Lock")
        case .keyboardPause: return (0xFF13, "Pause")
        case .keyboardApplication: return (0xFF67, "Menu")
        case .keypadNumLock: return (0xFF7F, "Num_Lock")
        case .keyboardCapsLock: return (0xFFE5, "Caps_Lock")
        case .keyboardLeftShift: return (0xFFE1, "Shift_L")
        case .keyboardRightShift: return (0xFFE2, "Shift_R")
        case .keyboardLeftControl: return (0xFFE3, "Control_L")
        case .keyboardRightControl: return (0xFFE4, "Control_R")
        case .keyboardLeftAlt: return (0xFFE9, "Alt_L")
        case .keyboardRightAlt: return (0xFFEA, "Alt_R")
        case .keyboardLeftGUI: return (0xFFEB, "Super_L")
        case .keyboardRightGUI: return (0xFFEC, "Super_R")
        case .keypadEnter: return (0xFF8D, "KP_Enter")
        default: break
        }
        let function = key.keyCode.rawValue - KeyboardHIDUsage.keyboardF1.rawValue
        if (0..<12).contains(function) { return (Int32(0xFFBE + function), "F\(function + 1)") }
        return keypadKey(key)
    }

    /// A keypad key: its digit's keysym (`KP_1`) when it types one (Num
    /// Lock on), else its navigation keysym (`KP_End`), as X reports them.
    private static func keypadKey(_ key: Key) -> (Int32, String)? {
        let typesDigit = key.characters.unicodeScalars.count == 1
            && key.characters.unicodeScalars.first.map { ("0"..."9").contains($0) || $0 == "." || $0 == "," } == true
        switch key.keyCode {
        case .keypadSlash: return (0xFFAF, "KP_Divide")
        case .keypadAsterisk: return (0xFFAA, "KP_Multiply")
        case .keypadHyphen: return (0xFFAD, "KP_Subtract")
        case .keypadPlus: return (0xFFAB, "KP_Add")
        case .keypadEqualSign: return (0xFFBD, "KP_Equal")
        case .keypadComma: return (0xFFAC, "KP_Separator")
        case .keypadPeriod: return typesDigit ? (0xFFAE, "KP_Decimal") : (0xFF9F, "KP_Delete")
        case .keypad0: return typesDigit ? (0xFFB0, "KP_0") : (0xFF9E, "KP_Insert")
        default: break
        }
        let digit = key.keyCode.rawValue - KeyboardHIDUsage.keypad1.rawValue + 1
        guard (1...9).contains(digit) else { return nil }
        if typesDigit { return (Int32(0xFFB0 + digit), "KP_\(digit)") }
        let navigation: [(Int32, String)] = [
            (0xFF9C, "KP_End"), (0xFF99, "KP_Down"), (0xFF9B, "KP_Page_Down"), (0xFF96, "KP_Left"), (0xFF9D, "KP_Begin"),
            (0xFF98, "KP_Right"), (0xFF95, "KP_Home"), (0xFF97, "KP_Up"), (0xFF9A, "KP_Page_Up"),
        ]
        return navigation[digit - 1]
    }

    /// What a key of the main block types on a US layout, without and with Shift.
    private static func usLayout(_ code: KeyboardHIDUsage) -> (Unicode.Scalar, Unicode.Scalar)? {
        let raw = code.rawValue
        if (KeyboardHIDUsage.keyboardA.rawValue...KeyboardHIDUsage.keyboardZ.rawValue).contains(raw) {
            let letter = Unicode.Scalar(UInt8(ascii: "a") + UInt8(raw - KeyboardHIDUsage.keyboardA.rawValue))
            return (letter, Unicode.Scalar(letter.value - 0x20)!)
        }
        let table: [(KeyboardHIDUsage, Unicode.Scalar, Unicode.Scalar)] = [
            (.keyboard1, "1", "!"), (.keyboard2, "2", "@"), (.keyboard3, "3", "#"), (.keyboard4, "4", "$"),
            (.keyboard5, "5", "%"), (.keyboard6, "6", "^"), (.keyboard7, "7", "&"), (.keyboard8, "8", "*"),
            (.keyboard9, "9", "("), (.keyboard0, "0", ")"), (.keyboardSpacebar, " ", " "),
            (.keyboardHyphen, "-", "_"), (.keyboardEqualSign, "=", "+"), (.keyboardOpenBracket, "[", "{"),
            (.keyboardCloseBracket, "]", "}"), (.keyboardBackslash, "\\", "|"), (.keyboardSemicolon, ";", ":"),
            (.keyboardQuote, "'", "\""), (.keyboardGraveAccentAndTilde, "`", "~"), (.keyboardComma, ",", "<"),
            (.keyboardPeriod, ".", ">"), (.keyboardSlash, "/", "?"),
        ]
        return table.first { $0.0 == code }.map { ($0.1, $0.2) }
    }
}
