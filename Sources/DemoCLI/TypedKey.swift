import InteractionKitLinux

/// The key press behind a character typed in the terminal, which sends
/// the text and not the key: a US layout's key for ASCII (Shift held for
/// the characters it needs), and for any other character a key the engine
/// does not know (HID usage 0, no evdev code) that types it, as an input
/// method's commit does. `characters` always holds the text.
enum TypedKey {
    /// The ASCII punctuation of a US layout: the key, and whether Shift types it.
    private static let punctuation: [Character: (KeyboardHIDUsage, Character, Bool)] = {
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

    /// The key that types `character` (with Alt when `alt`), and the name
    /// the transcript gives it (`shift+a`, `é`); nil for a control character.
    static func key(typing character: Character, alt: Bool) -> (key: Key, name: String)? {
        guard let scalar = character.unicodeScalars.first else { return nil }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return nil }
        let altPrefix = alt ? "alt+" : ""
        let altFlag: KeyModifierFlags = alt ? .alternate : []
        if character.isASCII, character.isLetter {
            let lower = String(character).lowercased()
            let shifted = character.isUppercase
            guard let key = try? Key(name: altPrefix + (shifted ? "shift+" : "") + lower) else { return nil }
            return (key, key.name ?? String(character))
        }
        if let (usage, plain, shifted) = punctuation[character] {
            var flags = altFlag
            if shifted { flags.insert(.shift) }
            let key = Key(keyCode: usage, characters: String(character), charactersIgnoringModifiers: String(plain),
                          modifierFlags: flags)
            return (key, key.name ?? altPrefix + String(character))
        }
        let text = String(character)
        let key = Key(keyCode: KeyboardHIDUsage(rawValue: 0), characters: text, charactersIgnoringModifiers: text,
                      modifierFlags: altFlag)
        return (key, altPrefix + text)
    }
}
