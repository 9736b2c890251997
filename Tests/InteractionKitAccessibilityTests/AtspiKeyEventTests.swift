import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux

@Suite("Keys as the AT-SPI registry takes them: X keysyms, X keycodes, modifier masks, strings")
struct AtspiKeyEventTests {
    private func event(_ code: KeyboardHIDUsage, _ flags: KeyModifierFlags = [], characters: String = "",
                       ignoring: String? = nil, phase: PressPhase = .began, at time: Double = 1.5) -> AtspiKeyEvent? {
        let key = Key(keyCode: code, characters: characters, charactersIgnoringModifiers: ignoring ?? characters,
                      modifierFlags: flags)
        return AtspiKeyEvent(KeyInput(key: key, phase: phase, timestamp: time))
    }

    @Test("Navigation keys: the keysyms GTK sends, the evdev code + 8, the keysym's name, no text")
    func navigationKeys() throws {
        let expected: [(KeyboardHIDUsage, KeyModifierFlags, Int32, Int32, String)] = [
            (.keyboardTab, [], 0xFF09, 23, "Tab"),
            (.keyboardTab, .shift, 0xFE20, 23, "ISO_Left_Tab"),
            (.keyboardLeftArrow, [], 0xFF51, 113, "Left"),
            (.keyboardUpArrow, [], 0xFF52, 111, "Up"),
            (.keyboardRightArrow, [], 0xFF53, 114, "Right"),
            (.keyboardDownArrow, [], 0xFF54, 116, "Down"),
            (.keyboardReturnOrEnter, [], 0xFF0D, 36, "Return"),
            (.keypadEnter, .numericPad, 0xFF8D, 104, "KP_Enter"),
            (.keyboardHome, [], 0xFF50, 110, "Home"),
            (.keyboardEnd, [], 0xFF57, 115, "End"),
            (.keyboardPageUp, [], 0xFF55, 112, "Page_Up"),
            (.keyboardPageDown, [], 0xFF56, 117, "Page_Down"),
            (.keyboardEscape, [], 0xFF1B, 9, "Escape"),
            (.keyboardF1, [], 0xFFBE, 67, "F1"),
            (.keyboardF12, [], 0xFFC9, 96, "F12"),
            (.keyboardInsert, [], 0xFF63, 118, "Insert"),
            // The editing keys Orca 43 keys its text presentation on (issue 33): it names the
            // deleted character after BackSpace, the word after Ctrl+Left, the selection after Shift.
            (.keyboardDeleteOrBackspace, [], 0xFF08, 22, "BackSpace"),
            (.keyboardDeleteForward, [], 0xFFFF, 119, "Delete"),
            (.keyboardDeleteOrBackspace, .control, 0xFF08, 22, "BackSpace"),
            (.keyboardLeftArrow, .control, 0xFF51, 113, "Left"),
            (.keyboardRightArrow, [.control, .shift], 0xFF53, 114, "Right"),
            (.keyboardHome, .shift, 0xFF50, 110, "Home"),
            (.keyboardCapsLock, [], 0xFFE5, 66, "Caps_Lock"),
            (.keyboardLeftShift, [], 0xFFE1, 50, "Shift_L"),
        ]
        for (code, flags, keysym, keycode, name) in expected {
            let made = try #require(event(code, flags))
            #expect(made.keysym == keysym, "\(name)")
            #expect(made.text == name)
            #expect(!made.isText, "\(name)")
            #expect(made.keycode == keycode, "\(name)")
        }
    }

    @Test("Text keys: the character's keysym and the character; Space is named \"space\", as Orca expects")
    func textKeys() throws {
        let space = try #require(event(.keyboardSpacebar, characters: " "))
        #expect((space.keysym, space.keycode, space.text, space.isText) == (0x20, 65, "space", true))
        let a = try #require(event(.keyboardA, characters: "a"))
        #expect((a.keysym, a.keycode, a.text, a.isText, a.modifiers) == (0x61, 38, "a", true, 0))
        let capital = try #require(event(.keyboardA, .shift, characters: "A", ignoring: "a"))
        #expect((capital.keysym, capital.text, capital.modifiers) == (0x41, "A", 1))
        // A toolkit that fills in no characters: the US layout's, upper case with Shift.
        let bare = try #require(event(.keyboardA, .shift))
        #expect((bare.keysym, bare.text) == (0x41, "A"))
        #expect(event(.keyboard1)?.text == "1")
        #expect(event(.keyboard1, .shift)?.keysym == 0x21)
        // Control-S: a shortcut, not text; its character stays readable.
        let save = try #require(event(.keyboardS, .control, characters: "\u{13}", ignoring: "s"))
        #expect((save.keysym, save.text, save.isText, save.modifiers) == (0x73, "s", false, 4))
        // Beyond Latin-1: 0x01000000 + the scalar.
        let euro = try #require(event(.keyboardE, .alternate, characters: "€", ignoring: "e"))
        #expect((euro.keysym, euro.text, euro.modifiers) == (0x0100_20AC, "€", 8))
        let e = try #require(event(.keyboardE, characters: "é"))
        #expect(e.keysym == 0xE9)
    }

    @Test("Keypad keys: digits with Num Lock, navigation keysyms without")
    func keypad() throws {
        #expect(event(.keypad1, .numericPad, characters: "1")?.keysym == 0xFFB1)
        #expect(event(.keypad1, .numericPad, characters: "1")?.text == "KP_1")
        #expect(event(.keypad1, .numericPad)?.keysym == 0xFF9C)
        #expect(event(.keypad0, .numericPad)?.text == "KP_Insert")
        #expect(event(.keypad5, .numericPad)?.text == "KP_Begin")
        #expect(event(.keypad1, .numericPad)?.keycode == 87)
    }

    @Test("Modifier masks, phases and times")
    func masksPhasesAndTimes() throws {
        let all: KeyModifierFlags = [.shift, .alphaShift, .control, .alternate, .command, .numericPad]
        // Shift 1, Lock 2, Control 4, Mod1 8, Mod4 64; the keypad flag is no X modifier.
        let mask: Int32 = 1 | 2 | 4 | 8 | 64
        #expect(event(.keyboardTab, all)?.modifiers == mask)
        #expect(event(.keyboardTab, phase: .began)?.type == 0)
        #expect(event(.keyboardTab, phase: .ended)?.type == 1)
        #expect(event(.keyboardTab, phase: .cancelled)?.type == 1)
        #expect(event(.keyboardTab, phase: .changed) == nil)
        #expect(event(.keyboardTab, phase: .stationary) == nil)
        #expect(event(.keyboardTab, at: 1.5)?.timestamp == 1500)
        #expect(event(.keyboardTab, at: -4)?.timestamp == 0)
        #expect(event(.keyboardTab, at: .infinity)?.timestamp == 0)
        // X time wraps at 2³² milliseconds.
        #expect(event(.keyboardTab, at: 4_294_967.297)?.timestamp == 1)
        let key = Key(keyCode: .keyboardTab)
        #expect(AtspiKeyEvent(KeyInput(key: key, phase: .began, timestamp: .nan), time: 2)?.timestamp == 2000)
        // A usage with no evdev code: keycode 0, still offered.
        let unknown = try #require(event(KeyboardHIDUsage(rawValue: 0x99)))
        #expect((unknown.keycode, unknown.keysym, unknown.text) == (0, 0, ""))
        let argument = try #require(event(.keyboardTab)?.argument)
        #expect(argument.type == .structure([.uint32, .int32, .int32, .int32, .int32, .string, .boolean]))
    }
}
