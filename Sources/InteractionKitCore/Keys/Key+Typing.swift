extension Key {
    /// The ASCII punctuation and digits of a US layout: the key, what it
    /// types alone, and whether Shift types the character.
    private static let usLayoutSymbols: [Character: (KeyboardHIDUsage, Character, Bool)] = {
        let keys: [(KeyboardHIDUsage, Character, Character)] = [
            (.keyboardHyphen, "-", "_"), (.keyboardEqualSign, "=", "+"), (.keyboardOpenBracket, "[", "{"),
            (.keyboardCloseBracket, "]", "}"), (.keyboardBackslash, "\\", "|"), (.keyboardSemicolon, ";", ":"),
            (.keyboardQuote, "'", "\""), (.keyboardGraveAccentAndTilde, "`", "~"), (.keyboardComma, ",", "<"),
            (.keyboardPeriod, ".", ">"), (.keyboardSlash, "/", "?"),
            (.keyboard1, "1", "!"), (.keyboard2, "2", "@"), (.keyboard3, "3", "#"), (.keyboard4, "4", "$"),
            (.keyboard5, "5", "%"), (.keyboard6, "6", "^"), (.keyboard7, "7", "&"), (.keyboard8, "8", "*"),
            (.keyboard9, "9", "("), (.keyboard0, "0", ")"),
        ]
        var table: [Character: (KeyboardHIDUsage, Character, Bool)] = [:]
        for (usage, plain, shifted) in keys {
            table[plain] = (usage, plain, false)
            table[shifted] = (usage, plain, true)
        }
        return table
    }()

    /// The key press that types `character`, as a person at a US keyboard
    /// makes it (Shift held for the characters that need it; Alt too when
    /// `alternate`): any other character gets a key the engine does not know
    /// (HID usage 0) that types it, as an input method's commit does.
    /// `characters` always holds the character; nil for a control character
    /// (C0, DEL, C1) or an empty one.
    ///
    /// Tests, the Demo's `type` lines and a terminal's typed text all make
    /// their keys here, so a typed "A" is the same key everywhere.
    public init?(typing character: Character, alternate: Bool = false) {
        guard let scalar = character.unicodeScalars.first else { return nil }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return nil }
        let alternateFlag: KeyModifierFlags = alternate ? .alternate : []
        let text = String(character)
        if character.isASCII, character.isLetter, let lower = text.lowercased().utf8.first {
            let usage = KeyboardHIDUsage(rawValue: KeyboardHIDUsage.keyboardA.rawValue + Int(lower - UInt8(ascii: "a")))
            var flags = alternateFlag
            if character.isUppercase { flags.insert(.shift) }
            self.init(keyCode: usage, characters: text, charactersIgnoringModifiers: text.lowercased(),
                      modifierFlags: flags)
            return
        }
        if character == " " {
            self.init(keyCode: .keyboardSpacebar, characters: " ", charactersIgnoringModifiers: " ", modifierFlags: alternateFlag)
            return
        }
        if let (usage, plain, shifted) = Self.usLayoutSymbols[character] {
            var flags = alternateFlag
            if shifted { flags.insert(.shift) }
            self.init(keyCode: usage, characters: text, charactersIgnoringModifiers: String(plain), modifierFlags: flags)
            return
        }
        self.init(keyCode: KeyboardHIDUsage(rawValue: 0), characters: text, charactersIgnoringModifiers: text,
                  modifierFlags: alternateFlag)
    }
}
