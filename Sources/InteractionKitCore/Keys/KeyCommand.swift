/// A key combination that performs an action, found along the responder
/// chain before the key reaches a responder: UIKit's `UIKeyCommand`.
///
/// `input` is the character the key types without modifiers ("s"), or one
/// of the special inputs (`KeyCommand.inputUpArrow`, …); `modifierFlags`
/// must match exactly (Caps Lock and the keypad ignored). Return a view's
/// commands from its `keyCommands`.
///
/// ```swift
/// override var keyCommands: [KeyCommand]? {
///     [KeyCommand(input: "s", modifierFlags: .control, title: "Save") { _ in save() }]
/// }
/// ```
@MainActor
public final class KeyCommand {
    /// The character, or special input, the command answers.
    public let input: String
    /// The modifiers it needs, exactly.
    public let modifierFlags: KeyModifierFlags
    /// Its name, for menus and discoverability (a screen reader may read it).
    public let title: String?
    /// A longer name for the keyboard-shortcut overlay, when the title is too
    /// short to explain the command (UIKit's; nil: the title).
    public var discoverabilityTitle: String?
    /// Whether the command takes its key before the focus and text systems
    /// (UIKit since iOS 15, rule F6): false by default, so that a command
    /// on Left never steals the caret of a text field being edited nor an
    /// arrow's focus move; true restores the command-first order of K1.
    public var wantsPriorityOverSystemBehavior = false
    private let action: @MainActor (KeyCommand) -> Void

    /// Creates a key command.
    public init(
        input: String, modifierFlags: KeyModifierFlags = [], title: String? = nil,
        action: @escaping @MainActor (KeyCommand) -> Void
    ) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.title = title
        self.action = action
    }

    /// Runs the command's action.
    func perform() {
        action(self)
    }

    /// Whether the command answers `key`: its input is the key's special
    /// input or its characters without modifiers (letters in either case),
    /// and the modifiers are exactly the command's.
    public func matches(_ key: Key) -> Bool {
        guard key.modifierFlags.matchingKeyCommands == modifierFlags.matchingKeyCommands else { return false }
        if let special = KeyCommand.specialInput(of: key.keyCode) { return input == special }
        let typed = key.charactersIgnoringModifiers
        return !typed.isEmpty && (input == typed || input.lowercased() == typed.lowercased())
    }

    /// The Tab key's input.
    public nonisolated static let inputTab = "\t"
    /// The Escape key's input.
    public nonisolated static let inputEscape = "UIKeyInputEscape"
    /// The up arrow's input.
    public nonisolated static let inputUpArrow = "UIKeyInputUpArrow"
    /// The down arrow's input.
    public nonisolated static let inputDownArrow = "UIKeyInputDownArrow"
    /// The left arrow's input.
    public nonisolated static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The right arrow's input.
    public nonisolated static let inputRightArrow = "UIKeyInputRightArrow"
    /// The Home key's input.
    public nonisolated static let inputHome = "UIKeyInputHome"
    /// The End key's input.
    public nonisolated static let inputEnd = "UIKeyInputEnd"
    /// The Page Up key's input.
    public nonisolated static let inputPageUp = "UIKeyInputPageUp"
    /// The Page Down key's input.
    public nonisolated static let inputPageDown = "UIKeyInputPageDown"
    /// The forward Delete key's input (HID `keyboardDeleteForward`).
    public nonisolated static let inputDelete = "UIKeyInputDelete"
    /// The F1 key's input.
    public nonisolated static let inputF1 = "UIKeyInputF1"
    /// The F2 key's input.
    public nonisolated static let inputF2 = "UIKeyInputF2"
    /// The F3 key's input.
    public nonisolated static let inputF3 = "UIKeyInputF3"
    /// The F4 key's input.
    public nonisolated static let inputF4 = "UIKeyInputF4"
    /// The F5 key's input.
    public nonisolated static let inputF5 = "UIKeyInputF5"
    /// The F6 key's input.
    public nonisolated static let inputF6 = "UIKeyInputF6"
    /// The F7 key's input.
    public nonisolated static let inputF7 = "UIKeyInputF7"
    /// The F8 key's input.
    public nonisolated static let inputF8 = "UIKeyInputF8"
    /// The F9 key's input.
    public nonisolated static let inputF9 = "UIKeyInputF9"
    /// The F10 key's input.
    public nonisolated static let inputF10 = "UIKeyInputF10"
    /// The F11 key's input.
    public nonisolated static let inputF11 = "UIKeyInputF11"
    /// The F12 key's input.
    public nonisolated static let inputF12 = "UIKeyInputF12"

    /// The F keys' inputs, F1 first.
    private nonisolated static let functionKeyInputs = [
        inputF1, inputF2, inputF3, inputF4, inputF5, inputF6, inputF7, inputF8, inputF9, inputF10, inputF11, inputF12,
    ]

    /// The special input a key stands for, or nil for a key that types.
    public nonisolated static func specialInput(of keyCode: KeyboardHIDUsage) -> String? {
        switch keyCode {
        case .keyboardTab: inputTab
        case .keyboardEscape: inputEscape
        case .keyboardUpArrow: inputUpArrow
        case .keyboardDownArrow: inputDownArrow
        case .keyboardLeftArrow: inputLeftArrow
        case .keyboardRightArrow: inputRightArrow
        case .keyboardHome: inputHome
        case .keyboardEnd: inputEnd
        case .keyboardPageUp: inputPageUp
        case .keyboardPageDown: inputPageDown
        case .keyboardDeleteForward: inputDelete
        default:
            if (KeyboardHIDUsage.keyboardF1.rawValue...KeyboardHIDUsage.keyboardF12.rawValue).contains(keyCode.rawValue) {
                functionKeyInputs[keyCode.rawValue - KeyboardHIDUsage.keyboardF1.rawValue]
            } else {
                nil
            }
        }
    }
}
