/// The AT-SPI states the export reports, with their bit numbers
/// (`AtspiStateType` in at-spi2-core's `atspi-constants.h`) and the names
/// of their `object:state-changed:NAME` events.
public enum AtspiState: Int, Sendable, CaseIterable {
    /// The window is the active one.
    case active = 1
    /// The object is checked (a toggle button that is on).
    case checked = 4
    /// The object's text can be edited (a text field).
    case editable = 7
    /// The object is enabled (not disabled).
    case enabled = 8
    /// The object can take the focus.
    case focusable = 11
    /// The object has the focus.
    case focused = 12
    /// Several of the object's children can be selected at once (a list
    /// with multiple selection).
    case multiselectable = 16
    /// The object is pressed (a toggle button that is on).
    case pressed = 20
    /// The object can be selected (a tab).
    case selectable = 22
    /// The object is selected (the selected tab).
    case selected = 23
    /// The object responds to the person (not disabled).
    case sensitive = 24
    /// The object and all its ancestors are visible.
    case showing = 25
    /// The object's text is one line (a text field).
    case singleLine = 26
    /// The object is not hidden.
    case visible = 30
    /// The object's text can be selected (a text field).
    case selectableText = 38

    /// The state's name in events and in pyatspi: "selected".
    public var name: String {
        switch self {
        case .active: "active"
        case .checked: "checked"
        case .editable: "editable"
        case .enabled: "enabled"
        case .focusable: "focusable"
        case .focused: "focused"
        case .multiselectable: "multiselectable"
        case .pressed: "pressed"
        case .selectable: "selectable"
        case .selected: "selected"
        case .sensitive: "sensitive"
        case .showing: "showing"
        case .singleLine: "single-line"
        case .visible: "visible"
        case .selectableText: "selectable-text"
        }
    }
}

/// A set of AT-SPI states, as `GetState` returns it: two 32-bit words, bit
/// N of the set in word N / 32.
public struct AtspiStateSet: Hashable, Sendable {
    /// The bits: state N is bit N.
    public var bits: UInt64

    /// Creates a set from its bits.
    public init(bits: UInt64 = 0) {
        self.bits = bits
    }

    /// Creates a set of these states.
    public init(_ states: [AtspiState]) {
        bits = 0
        for state in states { insert(state) }
    }

    /// Whether the set holds `state`.
    public func contains(_ state: AtspiState) -> Bool {
        bits & (1 << UInt64(state.rawValue)) != 0
    }

    /// Adds `state`.
    public mutating func insert(_ state: AtspiState) {
        bits |= 1 << UInt64(state.rawValue)
    }

    /// Removes `state`.
    public mutating func remove(_ state: AtspiState) {
        bits &= ~(1 << UInt64(state.rawValue))
    }

    /// The states in the set, in bit order.
    public var states: [AtspiState] {
        AtspiState.allCases.filter(contains)
    }

    /// The two words of `GetState`, low word first.
    public var words: [UInt32] {
        [UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32)]
    }
}
