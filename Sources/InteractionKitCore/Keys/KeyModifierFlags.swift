/// The modifier keys held with a key, as UIKit's `UIKeyModifierFlags`.
///
/// The raw values are UIKit's, so flags stored or logged by a port read the same.
public struct KeyModifierFlags: OptionSet, Hashable, Sendable {
    /// The raw bits (UIKit's values).
    public let rawValue: Int

    /// Creates flags from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    /// A Shift key is held.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// A Control key is held.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// An Alt (Option) key is held.
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// A Super (Command, Windows) key is held.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)

    /// The flags a key command must match exactly: Caps Lock and the keypad are ignored, as in UIKit.
    public var matchingKeyCommands: KeyModifierFlags {
        subtracting([.alphaShift, .numericPad])
    }
}
