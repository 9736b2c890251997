// Keys written as text: `tab`, `shift+tab`, `ctrl+s`. Gesture scripts
// (`key shift+tab`), transcripts and the testing product's `press("…")`
// share this one spelling, as GTK's accelerator strings are shared by its
// menus, settings and tests.

/// Why a key name could not be read (`Key(name:)`): what is wrong, and where.
public struct KeyNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the part that is wrong starts, in characters from the start of the name (0 for the first).
    public var offset: Int
    /// What is wrong, as a sentence a person can act on.
    public var message: String

    /// Creates an error.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension Key {
    /// The names of the keys `Key(name:)` knows besides the letters and digits, in the order messages list them.
    public nonisolated static let keyNames: [String] = namedKeys.map(\.name)

    /// The modifier names `Key(name:)` knows, in the order `name` writes them.
    public nonisolated static let modifierNames: [String] = modifiers.map(\.name)

    /// Creates the key a name stands for: a key name, after any modifiers,
    /// joined by `+` (`tab`, `shift+tab`, `ctrl+s`, `alt+shift+f4`).
    ///
    /// Keys: `tab`, `space`, `return`, `escape`, `backspace`, `delete`,
    /// `insert`, `left`, `right`, `up`, `down`, `home`, `end`, `pageup`,
    /// `pagedown`, `enter` (the keypad's), `f1`…`f12`, a letter `a`…`z` or a
    /// digit `0`…`9`. Modifiers: `shift`, `ctrl`, `alt`, `super`. Names are
    /// read in either case (`Tab`, `Ctrl+S`); a letter names the key, so
    /// `S` is the S key without Shift. The key's `characters` are what a US
    /// layout types (`S` with Shift, `!` for Shift-1), and for the arrows,
    /// Home, End, the page keys, Tab and Escape the special input a
    /// `KeyCommand` matches (`KeyCommand.inputUpArrow`).
    ///
    /// Throws `KeyNameError`, with the offset of the part that is wrong,
    /// for an unknown key or modifier, a modifier given twice, a missing
    /// key (`shift+`) or an empty name.
    public init(name: String) throws(KeyNameError) {
        let characters = Array(name)
        var parts: [(text: String, offset: Int)] = []
        var start = 0
        for (index, character) in characters.enumerated() where character == "+" {
            parts.append((String(characters[start..<index]), start))
            start = index + 1
        }
        parts.append((String(characters[start...]), start))
        var flags: KeyModifierFlags = []
        var seen: Set<String> = []
        for (index, part) in parts.enumerated() {
            let word = part.text.lowercased()
            let isLast = index == parts.count - 1
            if word.isEmpty {
                if characters.isEmpty { throw KeyNameError(offset: 0, message: "expected a key name, as in tab or shift+tab") }
                throw KeyNameError(offset: part.offset, message: isLast
                    ? "expected a key name after '+', as in shift+tab"
                    : "expected a modifier or a key name here; parts are joined by one '+', as in ctrl+shift+s")
            }
            if let modifier = Self.modifiers.first(where: { $0.name == word }) {
                if isLast {
                    throw KeyNameError(offset: part.offset, message: "'\(part.text)' is a modifier; name a key after it, "
                        + "as in \(word)+tab")
                }
                guard seen.insert(word).inserted else {
                    throw KeyNameError(offset: part.offset, message: "the modifier '\(word)' is given twice")
                }
                flags.insert(modifier.flag)
                continue
            }
            guard isLast else {
                throw KeyNameError(offset: part.offset, message: "unknown modifier '\(part.text)'; the modifiers are "
                    + Self.modifierNames.joined(separator: ", "))
            }
            guard let key = Self.baseKey(named: word, shifted: flags.contains(.shift)) else {
                throw KeyNameError(offset: part.offset, message: "unknown key '\(part.text)'; the keys are "
                    + Self.keyNames.joined(separator: ", ") + ", a letter or a digit")
            }
            self = key
            modifierFlags.formUnion(flags)
            return
        }
        // Not reached: the last part either returns or throws.
        throw KeyNameError(offset: 0, message: "expected a key name, as in tab or shift+tab")
    }

    /// The key's name as `Key(name:)` reads it, modifiers first
    /// (`ctrl+alt+shift+super+…`; Caps Lock and the keypad flag are left
    /// out); nil for a key with no name there.
    public var name: String? {
        guard let base = Self.baseName(of: keyCode) else { return nil }
        let prefix = Self.modifiers.filter { modifierFlags.contains($0.flag) }.map { $0.name + "+" }.joined()
        return prefix + base
    }

    // MARK: Tables

    private nonisolated static let modifiers: [(name: String, flag: KeyModifierFlags)] = [
        ("ctrl", .control), ("alt", .alternate), ("shift", .shift), ("super", .command),
    ]

    /// The keys with names, their characters (nil: the key's special input, else none).
    private nonisolated static let namedKeys: [(name: String, usage: KeyboardHIDUsage, characters: String?)] = {
        var keys: [(name: String, usage: KeyboardHIDUsage, characters: String?)] = [
            ("tab", .keyboardTab, nil), ("space", .keyboardSpacebar, " "), ("return", .keyboardReturnOrEnter, "\r"),
            ("escape", .keyboardEscape, nil), ("backspace", .keyboardDeleteOrBackspace, "\u{8}"),
            ("delete", .keyboardDeleteForward, "\u{7F}"), ("insert", .keyboardInsert, ""),
            ("left", .keyboardLeftArrow, nil), ("right", .keyboardRightArrow, nil), ("up", .keyboardUpArrow, nil),
            ("down", .keyboardDownArrow, nil), ("home", .keyboardHome, nil), ("end", .keyboardEnd, nil),
            ("pageup", .keyboardPageUp, nil), ("pagedown", .keyboardPageDown, nil), ("enter", .keypadEnter, "\r"),
        ]
        for number in 1...12 {
            keys.append(("f\(number)", KeyboardHIDUsage(rawValue: KeyboardHIDUsage.keyboardF1.rawValue + number - 1), ""))
        }
        return keys
    }()

    /// What Shift and a digit type on a US layout, `1` to `0`.
    private nonisolated static let shiftedDigits: [Character] = ["!", "@", "#", "$", "%", "^", "&", "*", "(", ")"]

    /// The key called `word` (lower case), with its characters.
    private nonisolated static func baseKey(named word: String, shifted: Bool) -> Key? {
        if let named = namedKeys.first(where: { $0.name == word }) {
            let characters = named.characters ?? KeyCommand.specialInput(of: named.usage) ?? ""
            let flags: KeyModifierFlags = named.usage == .keypadEnter ? .numericPad : []
            return Key(keyCode: named.usage, characters: characters, charactersIgnoringModifiers: characters,
                       modifierFlags: flags)
        }
        guard word.count == 1, let scalar = word.unicodeScalars.first, word.unicodeScalars.count == 1 else { return nil }
        switch scalar {
        case "a"..."z":
            let offset = Int(scalar.value - Unicode.Scalar("a").value)
            let plain = String(scalar)
            return Key(keyCode: KeyboardHIDUsage(rawValue: KeyboardHIDUsage.keyboardA.rawValue + offset),
                       characters: shifted ? plain.uppercased() : plain, charactersIgnoringModifiers: plain)
        case "0"..."9":
            // The digit row runs 1…9, then 0.
            let digit = Int(scalar.value - Unicode.Scalar("0").value)
            let index = digit == 0 ? 9 : digit - 1
            let plain = String(scalar)
            return Key(keyCode: KeyboardHIDUsage(rawValue: KeyboardHIDUsage.keyboard1.rawValue + index),
                       characters: shifted ? String(shiftedDigits[index]) : plain, charactersIgnoringModifiers: plain)
        default:
            return nil
        }
    }

    /// The name of the key at `usage`, without modifiers, or nil.
    private nonisolated static func baseName(of usage: KeyboardHIDUsage) -> String? {
        let raw = usage.rawValue
        if (KeyboardHIDUsage.keyboardA.rawValue...KeyboardHIDUsage.keyboardZ.rawValue).contains(raw) {
            return String(UnicodeScalar(UInt8(ascii: "a") + UInt8(raw - KeyboardHIDUsage.keyboardA.rawValue)))
        }
        if (KeyboardHIDUsage.keyboard1.rawValue...KeyboardHIDUsage.keyboard0.rawValue).contains(raw) {
            let index = raw - KeyboardHIDUsage.keyboard1.rawValue
            return index == 9 ? "0" : String(index + 1)
        }
        return namedKeys.first { $0.usage == usage }?.name
    }
}
