import Testing
import InteractionKitCore

/// `Key(name:)` and `Key.name`: the spelling scripts, transcripts and the testing product share.
@Suite("Key names")
struct KeyNameTests {
    @Test("Names give the key, its characters and its modifiers; name spells it back the same way")
    func roundTrip() throws {
        let tab = try Key(name: "tab")
        #expect(tab.keyCode == .keyboardTab)
        #expect(tab.characters == KeyCommand.inputTab)
        #expect(tab.modifierFlags == [])
        let back = try Key(name: "shift+tab")
        #expect(back.keyCode == .keyboardTab)
        #expect(back.modifierFlags == .shift)
        #expect(back.name == "shift+tab")
        let save = try Key(name: "ctrl+s")
        #expect(save == Key(keyCode: .keyboardS, characters: "s", charactersIgnoringModifiers: "s", modifierFlags: .control))
        let shifted = try Key(name: "shift+s")
        #expect(shifted.characters == "S")
        #expect(shifted.charactersIgnoringModifiers == "s")
        #expect(try Key(name: "shift+1").characters == "!")
        #expect(try Key(name: "0").keyCode == .keyboard0)
        #expect(try Key(name: "1").keyCode == .keyboard1)
        #expect(try Key(name: "up").characters == KeyCommand.inputUpArrow)
        #expect(try Key(name: "space").characters == " ")
        #expect(try Key(name: "return").keyCode == .keyboardReturnOrEnter)
        #expect(try Key(name: "enter").keyCode == .keypadEnter)
        #expect(try Key(name: "f12").keyCode == .keyboardF12)
        // Either case; the name comes back in lower case, modifiers in a fixed order.
        #expect(try Key(name: "Shift+Ctrl+TAB").name == "ctrl+shift+tab")
        #expect(try Key(name: "super+alt+shift+ctrl+pagedown").name == "ctrl+alt+shift+super+pagedown")
        for name in Key.keyNames + ["a", "z", "0", "9"] {
            #expect(try Key(name: name).name == name)
            #expect(try Key(name: "ctrl+" + name).name == "ctrl+" + name)
        }
        // Caps Lock and the keypad are not part of the name.
        #expect(Key(keyCode: .keyboardA, modifierFlags: [.alphaShift, .shift]).name == "shift+a")
        #expect(Key(keyCode: KeyboardHIDUsage(rawValue: 0x99)).name == nil)
    }

    @Test("A key made from a name is matched by the key command of the same input")
    @MainActor
    func matchesKeyCommands() throws {
        let command = KeyCommand(input: "s", modifierFlags: .control) { _ in }
        #expect(command.matches(try Key(name: "ctrl+s")))
        #expect(!command.matches(try Key(name: "ctrl+shift+s")))
        #expect(KeyCommand(input: KeyCommand.inputLeftArrow) { _ in }.matches(try Key(name: "left")))
    }

    @Test("The forward Delete and the F keys have UIKit's special inputs; a command on them matches them only")
    @MainActor
    func deleteAndFunctionKeyInputs() throws {
        #expect(KeyCommand.specialInput(of: .keyboardDeleteForward) == KeyCommand.inputDelete)
        #expect(KeyCommand.specialInput(of: .keyboardF1) == KeyCommand.inputF1)
        #expect(KeyCommand.specialInput(of: .keyboardF12) == KeyCommand.inputF12)
        #expect(KeyCommand.specialInput(of: .keyboardDeleteOrBackspace) == nil)
        let delete = KeyCommand(input: KeyCommand.inputDelete) { _ in }
        #expect(delete.matches(try Key(name: "delete")))
        #expect(!delete.matches(try Key(name: "backspace")))
        let help = KeyCommand(input: KeyCommand.inputF1, title: "Help") { _ in }
        #expect(help.matches(try Key(name: "f1")))
        #expect(!help.matches(try Key(name: "f2")))
        let inputs = [KeyCommand.inputF1, KeyCommand.inputF2, KeyCommand.inputF3, KeyCommand.inputF4,
                      KeyCommand.inputF5, KeyCommand.inputF6, KeyCommand.inputF7, KeyCommand.inputF8,
                      KeyCommand.inputF9, KeyCommand.inputF10, KeyCommand.inputF11, KeyCommand.inputF12]
        for (index, input) in inputs.enumerated() {
            let key = try Key(name: "f\(index + 1)")
            #expect(KeyCommand.specialInput(of: key.keyCode) == input)
        }
        #expect(Set(inputs).count == 12)
    }

    @Test("A key command's discoverability title and priority are settable, and default as UIKit's")
    @MainActor
    func discoverabilityAndPriority() {
        let command = KeyCommand(input: "f", modifierFlags: .control, title: "Find") { _ in }
        #expect(command.discoverabilityTitle == nil)
        #expect(!command.wantsPriorityOverSystemBehavior)
        command.discoverabilityTitle = "Find in the list"
        command.wantsPriorityOverSystemBehavior = true
        #expect(command.discoverabilityTitle == "Find in the list")
        #expect(command.wantsPriorityOverSystemBehavior)
    }

    @Test("A wrong name says what is wrong and where, by the offset of the part")
    func errors() {
        func error(_ name: String) -> String {
            do {
                _ = try Key(name: name)
                return "no error"
            } catch {
                return "\(error.offset): \(error.message)"
            }
        }
        #expect(error("tba").hasPrefix("0: unknown key 'tba'; the keys are tab, space, return,"))
        #expect(error("shift+tba").hasPrefix("6: unknown key 'tba'"))
        #expect(error("shfit+tab") == "0: unknown modifier 'shfit'; the modifiers are ctrl, alt, shift, super")
        #expect(error("ctrl+shift+shift+s") == "11: the modifier 'shift' is given twice")
        #expect(error("shift") == "0: 'shift' is a modifier; name a key after it, as in shift+tab")
        #expect(error("shift+") == "6: expected a key name after '+', as in shift+tab")
        #expect(error("ctrl++s").hasPrefix("5: expected a modifier or a key name here"))
        #expect(error("") == "0: expected a key name, as in tab or shift+tab")
        #expect(error("é").hasPrefix("0: unknown key 'é'"))
        #expect(error("ab").hasPrefix("0: unknown key 'ab'"))
    }
}
