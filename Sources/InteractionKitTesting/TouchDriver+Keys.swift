import InteractionKitLinux

// Keys on the window's clock: a test presses a key as a hardware keyboard
// would, through `Window.send(_:)` (rule K1), and types text a key a
// character on a US layout.

extension TouchDriver {
    /// The default time between two characters of ``type(_:interval:)``, in seconds:
    /// 0.05 (a quick typist's 20 keys a second).
    public static let defaultTypingInterval = 0.05
    /// The most characters one ``type(_:interval:)`` call types, so that time and
    /// memory stay bounded.
    public static let maximumTypedCharacters = 100_000

    /// Presses `key` and releases it, on the window's clock: a `began`
    /// sample now, then, after `holding` seconds (0: at the same instant;
    /// the timers due meanwhile fire), an `ended` sample. `modifiers` are
    /// added to the key's own `modifierFlags` (its `characters` are left
    /// as they are); the modifier keys themselves are not pressed.
    ///
    /// The key goes the way of any key (rule K1): the window's key-input
    /// filters, the key commands, then the presses along the responder
    /// chain; what reaches the window moves the focus or activates the
    /// focused item. Called from a callback while the window dispatches,
    /// the samples are queued and dispatched after the current input (G10).
    /// - Throws: ``TouchDriverError/invalidArgument(_:)`` for a hold that is
    ///   negative or not finite, before anything is sent.
    public func press(_ key: Key, modifiers: KeyModifierFlags = [], holding seconds: Double = 0) throws(TouchDriverError) {
        try check(duration: seconds, "holding")
        var pressed = key
        pressed.modifierFlags.formUnion(modifiers)
        window.send(KeyInput(key: pressed, phase: .began, timestamp: now))
        if seconds > 0 { window.advanceTime(to: now + seconds) }
        window.send(KeyInput(key: pressed, phase: .ended, timestamp: now))
    }

    /// Presses and releases the key a name stands for, as a gesture script's
    /// `key` line does: `"tab"`, `"shift+tab"`, `"left"`, `"space"`,
    /// `"return"`, `"ctrl+s"` (see `Key(name:)` for every name).
    /// - Throws: ``TouchDriverError/invalidArgument(_:)`` for a name that is
    ///   not a key's (the message says which part and why) or a bad hold,
    ///   before anything is sent.
    public func press(_ name: String, modifiers: KeyModifierFlags = [], holding seconds: Double = 0)
        throws(TouchDriverError) {
        let key: Key
        do {
            key = try Key(name: name)
        } catch {
            throw .invalidArgument("press(\"\(name)\"): \(error.message) (at character \(error.offset + 1))")
        }
        try press(key, modifiers: modifiers, holding: seconds)
    }

    /// Types `text`, one key press a character, as a US keyboard types it:
    /// each character's key goes down and up at one instant, then
    /// `interval` seconds pass (``defaultTypingInterval`` unless you say).
    ///
    /// What each character sends (the `Key`'s `keyCode`, and `.shift` in its
    /// `modifierFlags` where a US layout needs Shift; `characters` is the
    /// character itself, `charactersIgnoringModifiers` what the key types
    /// without Shift):
    ///
    /// | characters | key | Shift |
    /// | --- | --- | --- |
    /// | `a`…`z` | `keyboardA`…`keyboardZ` | no |
    /// | `A`…`Z` | `keyboardA`…`keyboardZ` | yes |
    /// | `1`…`9`, `0` | `keyboard1`…`keyboard0` | no |
    /// | `!` `@` `#` `$` `%` `^` `&` `*` `(` `)` | `keyboard1`…`keyboard0` | yes |
    /// | `-` `=` `[` `]` `\` `;` `'`, the grave accent, `,` `.` `/` | `keyboardHyphen`, `keyboardEqualSign`, `keyboardOpenBracket`, `keyboardCloseBracket`, `keyboardBackslash`, `keyboardSemicolon`, `keyboardQuote`, `keyboardGraveAccentAndTilde`, `keyboardComma`, `keyboardPeriod`, `keyboardSlash` | no |
    /// | `_` `+` `{` `}` `\|` `:` `"` `~` `<` `>` `?` | the same keys, in that order | yes |
    /// | space | `keyboardSpacebar` | no |
    /// | tab (`\t`) | `keyboardTab` (`characters` is `KeyCommand.inputTab`) | no |
    /// | newline (`\n`, `\r`, or `\r\n` as one) | `keyboardReturnOrEnter` (`characters` is `"\r"`) | no |
    ///
    /// The Shift key itself is not pressed: the flag is on each key, as
    /// UIKit's `UIKey` carries it. A tab moves the focus and a space or a
    /// newline activates the focused item, as those keys do (rules K2, K3).
    /// - Throws: ``TouchDriverError/invalidArgument(_:)``, before anything
    ///   is sent, for a character no key of a US keyboard types (an
    ///   accented letter, an emoji, a control character: press a `Key`
    ///   with those `characters` instead), a text of more than
    ///   ``maximumTypedCharacters`` characters, or an interval that is
    ///   negative or not finite.
    public func type(_ text: String, interval: Double = TouchDriver.defaultTypingInterval) throws(TouchDriverError) {
        try check(duration: interval, "interval")
        var keys: [Key] = []
        var count = 0
        for character in text {
            count += 1
            guard count <= Self.maximumTypedCharacters else {
                throw .invalidArgument("type can type at most \(Self.maximumTypedCharacters) characters at a time")
            }
            guard let key = Self.usKey(typing: character) else {
                let shown = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                throw .invalidArgument("type cannot type character \(count) (\(shown.joined(separator: " "))): no key of a "
                    + "US keyboard types it; press a Key with those characters instead")
            }
            keys.append(key)
        }
        for (index, key) in keys.enumerated() {
            if index > 0 && interval > 0 { window.advanceTime(to: now + interval) }
            try press(key)
        }
        if !keys.isEmpty && interval > 0 { window.advanceTime(to: now + interval) }
    }

    // MARK: A US layout

    /// The key a US keyboard types `character` with, or nil.
    static func usKey(typing character: Character) -> Key? {
        switch character {
        case " ": return Key(keyCode: .keyboardSpacebar, characters: " ", charactersIgnoringModifiers: " ")
        case "\t": return Key(keyCode: .keyboardTab, characters: KeyCommand.inputTab,
                              charactersIgnoringModifiers: KeyCommand.inputTab)
        case "\n", "\r", "\r\n": return Key(keyCode: .keyboardReturnOrEnter, characters: "\r", charactersIgnoringModifiers: "\r")
        default: break
        }
        // A printable ASCII character has a key of its own (`Key(typing:)` knows the US layout); anything else is refused.
        guard character.isASCII, let key = Key(typing: character), key.keyCode.rawValue != 0 else { return nil }
        return key
    }
}
