/// A key's position on the keyboard, as a USB HID usage on the keyboard
/// page: UIKit's `UIKeyboardHIDUsage`, with the same raw values.
///
/// It names the key, not what it types: `keyboardA` is the key marked A on
/// a US layout wherever the layout puts that letter. Linux reports keys as
/// evdev codes (`KEY_*` in `linux/input-event-codes.h`); `init?(evdevCode:)`
/// and `evdevCode` convert, for the keys listed here.
public struct KeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    /// The HID usage (keyboard page, 0x07).
    public let rawValue: Int

    /// Creates a usage from its raw HID value; any value is kept, known or not.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The A key.
    public static let keyboardA = KeyboardHIDUsage(rawValue: 0x04)
    /// The B key.
    public static let keyboardB = KeyboardHIDUsage(rawValue: 0x05)
    /// The C key.
    public static let keyboardC = KeyboardHIDUsage(rawValue: 0x06)
    /// The D key.
    public static let keyboardD = KeyboardHIDUsage(rawValue: 0x07)
    /// The E key.
    public static let keyboardE = KeyboardHIDUsage(rawValue: 0x08)
    /// The F key.
    public static let keyboardF = KeyboardHIDUsage(rawValue: 0x09)
    /// The G key.
    public static let keyboardG = KeyboardHIDUsage(rawValue: 0x0A)
    /// The H key.
    public static let keyboardH = KeyboardHIDUsage(rawValue: 0x0B)
    /// The I key.
    public static let keyboardI = KeyboardHIDUsage(rawValue: 0x0C)
    /// The J key.
    public static let keyboardJ = KeyboardHIDUsage(rawValue: 0x0D)
    /// The K key.
    public static let keyboardK = KeyboardHIDUsage(rawValue: 0x0E)
    /// The L key.
    public static let keyboardL = KeyboardHIDUsage(rawValue: 0x0F)
    /// The M key.
    public static let keyboardM = KeyboardHIDUsage(rawValue: 0x10)
    /// The N key.
    public static let keyboardN = KeyboardHIDUsage(rawValue: 0x11)
    /// The O key.
    public static let keyboardO = KeyboardHIDUsage(rawValue: 0x12)
    /// The P key.
    public static let keyboardP = KeyboardHIDUsage(rawValue: 0x13)
    /// The Q key.
    public static let keyboardQ = KeyboardHIDUsage(rawValue: 0x14)
    /// The R key.
    public static let keyboardR = KeyboardHIDUsage(rawValue: 0x15)
    /// The S key.
    public static let keyboardS = KeyboardHIDUsage(rawValue: 0x16)
    /// The T key.
    public static let keyboardT = KeyboardHIDUsage(rawValue: 0x17)
    /// The U key.
    public static let keyboardU = KeyboardHIDUsage(rawValue: 0x18)
    /// The V key.
    public static let keyboardV = KeyboardHIDUsage(rawValue: 0x19)
    /// The W key.
    public static let keyboardW = KeyboardHIDUsage(rawValue: 0x1A)
    /// The X key.
    public static let keyboardX = KeyboardHIDUsage(rawValue: 0x1B)
    /// The Y key.
    public static let keyboardY = KeyboardHIDUsage(rawValue: 0x1C)
    /// The Z key.
    public static let keyboardZ = KeyboardHIDUsage(rawValue: 0x1D)
    /// The 1 key on the main keyboard.
    public static let keyboard1 = KeyboardHIDUsage(rawValue: 0x1E)
    /// The 2 key on the main keyboard.
    public static let keyboard2 = KeyboardHIDUsage(rawValue: 0x1F)
    /// The 3 key on the main keyboard.
    public static let keyboard3 = KeyboardHIDUsage(rawValue: 0x20)
    /// The 4 key on the main keyboard.
    public static let keyboard4 = KeyboardHIDUsage(rawValue: 0x21)
    /// The 5 key on the main keyboard.
    public static let keyboard5 = KeyboardHIDUsage(rawValue: 0x22)
    /// The 6 key on the main keyboard.
    public static let keyboard6 = KeyboardHIDUsage(rawValue: 0x23)
    /// The 7 key on the main keyboard.
    public static let keyboard7 = KeyboardHIDUsage(rawValue: 0x24)
    /// The 8 key on the main keyboard.
    public static let keyboard8 = KeyboardHIDUsage(rawValue: 0x25)
    /// The 9 key on the main keyboard.
    public static let keyboard9 = KeyboardHIDUsage(rawValue: 0x26)
    /// The 0 key on the main keyboard.
    public static let keyboard0 = KeyboardHIDUsage(rawValue: 0x27)
    /// Return (Enter on the main keyboard).
    public static let keyboardReturnOrEnter = KeyboardHIDUsage(rawValue: 0x28)
    /// Escape.
    public static let keyboardEscape = KeyboardHIDUsage(rawValue: 0x29)
    /// Backspace (Delete on Apple keyboards).
    public static let keyboardDeleteOrBackspace = KeyboardHIDUsage(rawValue: 0x2A)
    /// Tab.
    public static let keyboardTab = KeyboardHIDUsage(rawValue: 0x2B)
    /// The space bar.
    public static let keyboardSpacebar = KeyboardHIDUsage(rawValue: 0x2C)
    /// The - key.
    public static let keyboardHyphen = KeyboardHIDUsage(rawValue: 0x2D)
    /// The = key.
    public static let keyboardEqualSign = KeyboardHIDUsage(rawValue: 0x2E)
    /// The [ key.
    public static let keyboardOpenBracket = KeyboardHIDUsage(rawValue: 0x2F)
    /// The ] key.
    public static let keyboardCloseBracket = KeyboardHIDUsage(rawValue: 0x30)
    /// The \\ key.
    public static let keyboardBackslash = KeyboardHIDUsage(rawValue: 0x31)
    /// The ; key.
    public static let keyboardSemicolon = KeyboardHIDUsage(rawValue: 0x33)
    /// The ' key.
    public static let keyboardQuote = KeyboardHIDUsage(rawValue: 0x34)
    /// The ` key.
    public static let keyboardGraveAccentAndTilde = KeyboardHIDUsage(rawValue: 0x35)
    /// The , key.
    public static let keyboardComma = KeyboardHIDUsage(rawValue: 0x36)
    /// The . key.
    public static let keyboardPeriod = KeyboardHIDUsage(rawValue: 0x37)
    /// The / key.
    public static let keyboardSlash = KeyboardHIDUsage(rawValue: 0x38)
    /// Caps Lock.
    public static let keyboardCapsLock = KeyboardHIDUsage(rawValue: 0x39)
    /// Function key F1.
    public static let keyboardF1 = KeyboardHIDUsage(rawValue: 0x3A)
    /// Function key F2.
    public static let keyboardF2 = KeyboardHIDUsage(rawValue: 0x3B)
    /// Function key F3.
    public static let keyboardF3 = KeyboardHIDUsage(rawValue: 0x3C)
    /// Function key F4.
    public static let keyboardF4 = KeyboardHIDUsage(rawValue: 0x3D)
    /// Function key F5.
    public static let keyboardF5 = KeyboardHIDUsage(rawValue: 0x3E)
    /// Function key F6.
    public static let keyboardF6 = KeyboardHIDUsage(rawValue: 0x3F)
    /// Function key F7.
    public static let keyboardF7 = KeyboardHIDUsage(rawValue: 0x40)
    /// Function key F8.
    public static let keyboardF8 = KeyboardHIDUsage(rawValue: 0x41)
    /// Function key F9.
    public static let keyboardF9 = KeyboardHIDUsage(rawValue: 0x42)
    /// Function key F10.
    public static let keyboardF10 = KeyboardHIDUsage(rawValue: 0x43)
    /// Function key F11.
    public static let keyboardF11 = KeyboardHIDUsage(rawValue: 0x44)
    /// Function key F12.
    public static let keyboardF12 = KeyboardHIDUsage(rawValue: 0x45)
    /// Print Screen (SysRq).
    public static let keyboardPrintScreen = KeyboardHIDUsage(rawValue: 0x46)
    /// Scroll Lock.
    public static let keyboardScrollLock = KeyboardHIDUsage(rawValue: 0x47)
    /// Pause.
    public static let keyboardPause = KeyboardHIDUsage(rawValue: 0x48)
    /// Insert.
    public static let keyboardInsert = KeyboardHIDUsage(rawValue: 0x49)
    /// Home.
    public static let keyboardHome = KeyboardHIDUsage(rawValue: 0x4A)
    /// Page Up.
    public static let keyboardPageUp = KeyboardHIDUsage(rawValue: 0x4B)
    /// Delete (forward delete).
    public static let keyboardDeleteForward = KeyboardHIDUsage(rawValue: 0x4C)
    /// End.
    public static let keyboardEnd = KeyboardHIDUsage(rawValue: 0x4D)
    /// Page Down.
    public static let keyboardPageDown = KeyboardHIDUsage(rawValue: 0x4E)
    /// The right arrow.
    public static let keyboardRightArrow = KeyboardHIDUsage(rawValue: 0x4F)
    /// The left arrow.
    public static let keyboardLeftArrow = KeyboardHIDUsage(rawValue: 0x50)
    /// The down arrow.
    public static let keyboardDownArrow = KeyboardHIDUsage(rawValue: 0x51)
    /// The up arrow.
    public static let keyboardUpArrow = KeyboardHIDUsage(rawValue: 0x52)
    /// Num Lock.
    public static let keypadNumLock = KeyboardHIDUsage(rawValue: 0x53)
    /// The keypad's /.
    public static let keypadSlash = KeyboardHIDUsage(rawValue: 0x54)
    /// The keypad's *.
    public static let keypadAsterisk = KeyboardHIDUsage(rawValue: 0x55)
    /// The keypad's -.
    public static let keypadHyphen = KeyboardHIDUsage(rawValue: 0x56)
    /// The keypad's +.
    public static let keypadPlus = KeyboardHIDUsage(rawValue: 0x57)
    /// The keypad's Enter.
    public static let keypadEnter = KeyboardHIDUsage(rawValue: 0x58)
    /// The keypad's 1.
    public static let keypad1 = KeyboardHIDUsage(rawValue: 0x59)
    /// The keypad's 2.
    public static let keypad2 = KeyboardHIDUsage(rawValue: 0x5A)
    /// The keypad's 3.
    public static let keypad3 = KeyboardHIDUsage(rawValue: 0x5B)
    /// The keypad's 4.
    public static let keypad4 = KeyboardHIDUsage(rawValue: 0x5C)
    /// The keypad's 5.
    public static let keypad5 = KeyboardHIDUsage(rawValue: 0x5D)
    /// The keypad's 6.
    public static let keypad6 = KeyboardHIDUsage(rawValue: 0x5E)
    /// The keypad's 7.
    public static let keypad7 = KeyboardHIDUsage(rawValue: 0x5F)
    /// The keypad's 8.
    public static let keypad8 = KeyboardHIDUsage(rawValue: 0x60)
    /// The keypad's 9.
    public static let keypad9 = KeyboardHIDUsage(rawValue: 0x61)
    /// The keypad's 0.
    public static let keypad0 = KeyboardHIDUsage(rawValue: 0x62)
    /// The keypad's ..
    public static let keypadPeriod = KeyboardHIDUsage(rawValue: 0x63)
    /// The Menu (Application) key.
    public static let keyboardApplication = KeyboardHIDUsage(rawValue: 0x65)
    /// The keypad's = (on some keypads; xterm's application keypad sends `ESC O X` for it).
    public static let keypadEqualSign = KeyboardHIDUsage(rawValue: 0x67)
    /// The keypad's , (a separator; xterm's application keypad sends `ESC O l` for it).
    public static let keypadComma = KeyboardHIDUsage(rawValue: 0x85)
    /// The left Control key.
    public static let keyboardLeftControl = KeyboardHIDUsage(rawValue: 0xE0)
    /// The left Shift key.
    public static let keyboardLeftShift = KeyboardHIDUsage(rawValue: 0xE1)
    /// The left Alt (Option) key.
    public static let keyboardLeftAlt = KeyboardHIDUsage(rawValue: 0xE2)
    /// The left Super (Command, Windows) key.
    public static let keyboardLeftGUI = KeyboardHIDUsage(rawValue: 0xE3)
    /// The right Control key.
    public static let keyboardRightControl = KeyboardHIDUsage(rawValue: 0xE4)
    /// The right Shift key.
    public static let keyboardRightShift = KeyboardHIDUsage(rawValue: 0xE5)
    /// The right Alt (AltGr) key.
    public static let keyboardRightAlt = KeyboardHIDUsage(rawValue: 0xE6)
    /// The right Super (Command, Windows) key.
    public static let keyboardRightGUI = KeyboardHIDUsage(rawValue: 0xE7)

    /// The usage of a Linux evdev key code (`KEY_TAB` is 15, `KEY_SPACE` 57,
    /// `KEY_LEFT` 105), or nil for a code with no usage here.
    public init?(evdevCode: Int) {
        guard let usage = Self.usageByEvdevCode[evdevCode] else { return nil }
        self = usage
    }

    /// The Linux evdev key code of this key, or nil for a usage with none here.
    public var evdevCode: Int? { Self.evdevCodeByUsage[rawValue] }

    /// Every usage named here, with its evdev code.
    private static let evdevTable: [(usage: KeyboardHIDUsage, code: Int)] = [
        (.keyboardA, 30),
        (.keyboardB, 48),
        (.keyboardC, 46),
        (.keyboardD, 32),
        (.keyboardE, 18),
        (.keyboardF, 33),
        (.keyboardG, 34),
        (.keyboardH, 35),
        (.keyboardI, 23),
        (.keyboardJ, 36),
        (.keyboardK, 37),
        (.keyboardL, 38),
        (.keyboardM, 50),
        (.keyboardN, 49),
        (.keyboardO, 24),
        (.keyboardP, 25),
        (.keyboardQ, 16),
        (.keyboardR, 19),
        (.keyboardS, 31),
        (.keyboardT, 20),
        (.keyboardU, 22),
        (.keyboardV, 47),
        (.keyboardW, 17),
        (.keyboardX, 45),
        (.keyboardY, 21),
        (.keyboardZ, 44),
        (.keyboard1, 2),
        (.keyboard2, 3),
        (.keyboard3, 4),
        (.keyboard4, 5),
        (.keyboard5, 6),
        (.keyboard6, 7),
        (.keyboard7, 8),
        (.keyboard8, 9),
        (.keyboard9, 10),
        (.keyboard0, 11),
        (.keyboardReturnOrEnter, 28),
        (.keyboardEscape, 1),
        (.keyboardDeleteOrBackspace, 14),
        (.keyboardTab, 15),
        (.keyboardSpacebar, 57),
        (.keyboardHyphen, 12),
        (.keyboardEqualSign, 13),
        (.keyboardOpenBracket, 26),
        (.keyboardCloseBracket, 27),
        (.keyboardBackslash, 43),
        (.keyboardSemicolon, 39),
        (.keyboardQuote, 40),
        (.keyboardGraveAccentAndTilde, 41),
        (.keyboardComma, 51),
        (.keyboardPeriod, 52),
        (.keyboardSlash, 53),
        (.keyboardCapsLock, 58),
        (.keyboardF1, 59),
        (.keyboardF2, 60),
        (.keyboardF3, 61),
        (.keyboardF4, 62),
        (.keyboardF5, 63),
        (.keyboardF6, 64),
        (.keyboardF7, 65),
        (.keyboardF8, 66),
        (.keyboardF9, 67),
        (.keyboardF10, 68),
        (.keyboardF11, 87),
        (.keyboardF12, 88),
        (.keyboardPrintScreen, 99),
        (.keyboardScrollLock, 70),
        (.keyboardPause, 119),
        (.keyboardInsert, 110),
        (.keyboardHome, 102),
        (.keyboardPageUp, 104),
        (.keyboardDeleteForward, 111),
        (.keyboardEnd, 107),
        (.keyboardPageDown, 109),
        (.keyboardRightArrow, 106),
        (.keyboardLeftArrow, 105),
        (.keyboardDownArrow, 108),
        (.keyboardUpArrow, 103),
        (.keypadNumLock, 69),
        (.keypadSlash, 98),
        (.keypadAsterisk, 55),
        (.keypadHyphen, 74),
        (.keypadPlus, 78),
        (.keypadEnter, 96),
        (.keypad1, 79),
        (.keypad2, 80),
        (.keypad3, 81),
        (.keypad4, 75),
        (.keypad5, 76),
        (.keypad6, 77),
        (.keypad7, 71),
        (.keypad8, 72),
        (.keypad9, 73),
        (.keypad0, 82),
        (.keypadPeriod, 83),
        (.keyboardApplication, 127),
        (.keypadEqualSign, 117),
        (.keypadComma, 121),
        (.keyboardLeftControl, 29),
        (.keyboardLeftShift, 42),
        (.keyboardLeftAlt, 56),
        (.keyboardLeftGUI, 125),
        (.keyboardRightControl, 97),
        (.keyboardRightShift, 54),
        (.keyboardRightAlt, 100),
        (.keyboardRightGUI, 126),
    ]

    private static let usageByEvdevCode: [Int: KeyboardHIDUsage] = {
        var table: [Int: KeyboardHIDUsage] = [:]
        for entry in evdevTable { table[entry.code] = entry.usage }
        return table
    }()

    private static let evdevCodeByUsage: [Int: Int] = {
        var table: [Int: Int] = [:]
        for entry in evdevTable { table[entry.usage.rawValue] = entry.code }
        return table
    }()

    /// Whether this is a modifier key (Shift, Control, Alt, Super, Caps Lock).
    public var isModifier: Bool {
        (0xE0...0xE7).contains(rawValue) || self == .keyboardCapsLock
    }
}
