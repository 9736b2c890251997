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
        default: nil
        }
    }
}
