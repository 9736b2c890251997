import InteractionKitCore

/// The events a control sends, as UIKit's `UIControl.Event` (named
/// `ControlEvents` here so that `Control.Event` does not hide the touch `Event`).
public struct ControlEvents: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt32

    /// Creates a set from its bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// A finger went down on the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A finger went down again quickly (its touch's `tapCount` is above 1).
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    /// A tracked finger moved, inside the control's grown bounds.
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// A tracked finger moved, outside the control's grown bounds.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// A tracked finger came back inside the grown bounds.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// A tracked finger left the grown bounds.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// A tracked finger lifted inside the grown bounds: a tap.
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// A tracked finger lifted outside the grown bounds.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// The tracked touch was cancelled (by the system, or by a recognizer).
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The control's value changed.
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// The control's primary action: a button's tap.
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    /// A text field began editing (it became first responder).
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    /// A user edit changed a text field's text.
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    /// A text field ended editing.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    /// Return ended a text field's editing (its delegate allowed it).
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)
    /// Every editing event.
    public static let allEditingEvents = ControlEvents(rawValue: 0x000F_0000)
    /// Every touch event.
    public static let allTouchEvents = ControlEvents(rawValue: 0x0FFF)
    /// Every event, the ones a subclass defines in the free bits included
    /// (UIKit's `allEvents`, all 32 bits): a handler added for it hears them all.
    public static let allEvents = ControlEvents(rawValue: 0xFFFF_FFFF)

    /// The events' names, in their declaration order, for transcripts and messages.
    public var names: [String] {
        let all: [(ControlEvents, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
            (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
            (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
            (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
            (.primaryActionTriggered, "primaryActionTriggered"),
            (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
            (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]
        return all.filter { contains($0.0) }.map(\.1)
    }
}
