/// A key on a hardware keyboard and what it types, as UIKit's `UIKey`.
///
/// `keyCode` names the key's position; `characters` is what it types with
/// the modifiers held ("S" with Shift), `charactersIgnoringModifiers` what
/// it types alone ("s"). Key commands match the latter.
public struct Key: Hashable, Sendable {
    /// The key's position on the keyboard.
    public var keyCode: KeyboardHIDUsage
    /// What the key types with its modifiers ("" for keys that type nothing).
    public var characters: String
    /// What the key types without its modifiers ("" for keys that type nothing).
    public var charactersIgnoringModifiers: String
    /// The modifier keys held with it.
    public var modifierFlags: KeyModifierFlags

    /// Creates a key.
    public init(
        keyCode: KeyboardHIDUsage, characters: String = "", charactersIgnoringModifiers: String = "",
        modifierFlags: KeyModifierFlags = []
    ) {
        self.keyCode = keyCode
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
    }
}

/// The phase of a press, as UIKit's `UIPress.Phase`.
public enum PressPhase: Hashable, Sendable {
    /// The key went down.
    case began
    /// Its value changed (keys have none: unused by keyboards).
    case changed
    /// It is held and nothing changed.
    case stationary
    /// The key came up.
    case ended
    /// The press was taken away (the toolkit lost the keyboard).
    case cancelled
}

/// One key sample, as a toolkit delivers it to `Window.send(_:)`.
///
/// `timestamp` is in seconds on the window's virtual clock; an earlier one,
/// or NaN, counts as now. `isRepeat` marks an auto-repeat of a held key:
/// it moves focus, never activates.
public struct KeyInput: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// Down (`began`), up (`ended`), or taken away (`cancelled`).
    public var phase: PressPhase
    /// When, in seconds of virtual time.
    public var timestamp: Double
    /// Whether this is an auto-repeat of a key held down.
    public var isRepeat: Bool

    /// Creates a key sample.
    public init(key: Key, phase: PressPhase, timestamp: Double, isRepeat: Bool = false) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
        self.isRepeat = isRepeat
    }
}

/// A press of a key as responders see it, as UIKit's `UIPress` (a value here).
///
/// A press stays with the responder it was delivered to, its `responder`,
/// from the key going down until it comes up, as UIKit keeps it: that
/// responder hears the release, whoever is first responder or focused by
/// then, or `pressesCancelled` when the release cannot reach it.
public struct Press: Hashable {
    /// The key, for a keyboard press.
    public var key: Key?
    /// The phase being delivered.
    public var phase: PressPhase
    /// When, in seconds of virtual time.
    public var timestamp: Double
    /// Whether it is an auto-repeat of a held key.
    public var isRepeat: Bool
    /// The responder the press was delivered to when its key went down
    /// (the first responder, else the focused item's view, else the window);
    /// nil for a press made by hand, or once that responder has been freed.
    ///
    /// Every phase of the press goes to it: it does not follow the first
    /// responder or the focus. Held by number, as `Touch.view` is: a press
    /// keeps no view alive.
    @MainActor public var responder: View? {
        get { View.registeredForTouches(responderSerial) }
        set { responderSerial = newValue?.registerForTouches() ?? 0 }
    }
    /// The responder's `objectSerial` (0 for none), looked up as `Touch.view` is.
    var responderSerial: UInt64 = 0

    /// Creates a press.
    public init(key: Key?, phase: PressPhase, timestamp: Double, isRepeat: Bool = false) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
        self.isRepeat = isRepeat
    }

    /// A press delivered to the responder whose `objectSerial` is `responderSerial`.
    init(key: Key?, phase: PressPhase, timestamp: Double, isRepeat: Bool, responderSerial: UInt64) {
        self.init(key: key, phase: phase, timestamp: timestamp, isRepeat: isRepeat)
        self.responderSerial = responderSerial
    }
}

/// The press event being delivered, as UIKit's `UIPressesEvent`.
///
/// A window reuses one for every key it dispatches: keep the values, not the event.
@MainActor
public final class PressesEvent {
    /// The presses of the keys that are down, this one included.
    public internal(set) var allPresses: Set<Press> = []
    /// The time of the press being dispatched, in seconds of virtual time.
    public internal(set) var timestamp: Double = 0

    init() {}
}

extension Key {
    /// Whether the key types text (T2): it carries characters, none of them
    /// a control character (C0, DEL, C1), and neither Control nor Command is held.
    public var typesText: Bool {
        guard !characters.isEmpty, !modifierFlags.contains(.control), !modifierFlags.contains(.command) else { return false }
        return !characters.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// Whether the key edits text in a field being edited (T3): the arrows,
    /// Home, End, Backspace, Delete and Return with any of Shift and
    /// Control, and Control with A, C, X or V.
    public var isTextEditingKey: Bool {
        let modifiers = modifierFlags.intersection([.shift, .control, .alternate, .command])
        switch keyCode {
        case .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow, .keyboardDownArrow, .keyboardHome, .keyboardEnd,
             .keyboardDeleteOrBackspace, .keyboardDeleteForward, .keyboardReturnOrEnter, .keypadEnter:
            return modifiers.isSubset(of: [.shift, .control])
        case .keyboardA, .keyboardC, .keyboardX, .keyboardV:
            return modifiers == .control
        default:
            return false
        }
    }
}
