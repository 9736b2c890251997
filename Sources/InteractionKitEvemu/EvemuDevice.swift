import InteractionKitCore

/// One absolute axis of an evemu device, from an `A:` description line.
public struct EvemuAxis: Hashable, Sendable {
    /// The `ABS_*` code, e.g. `0x35` for `ABS_MT_POSITION_X`.
    public var code: Int
    /// The smallest value the axis reports.
    public var minimum: Int
    /// The largest value the axis reports.
    public var maximum: Int
    /// The noise the kernel filters out, in axis units.
    public var fuzz: Int
    /// The dead zone around the centre, in axis units.
    public var flat: Int
    /// Units per millimetre (0 when the `A:` line has no resolution field).
    public var resolution: Int

    /// Creates an axis description.
    public init(code: Int, minimum: Int, maximum: Int, fuzz: Int = 0, flat: Int = 0, resolution: Int = 0) {
        self.code = code
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// How a device reports touches, decided from its axes.
public enum EvemuTouchProtocol: Sendable, Hashable {
    /// Slotted multi-touch (`ABS_MT_SLOT` present): contacts carry tracking ids.
    case multitouchB
    /// Anonymous multi-touch: `ABS_MT_POSITION_X/Y` without `ABS_MT_SLOT`;
    /// each contact is terminated by `SYN_MT_REPORT`.
    case multitouchA
    /// A single contact: `BTN_TOUCH` plus `ABS_X/ABS_Y`.
    case singleTouch
}

/// The device a recording was made on.
public struct EvemuDevice: Sendable {
    /// The `N:` line (empty if there was none).
    public var name: String
    /// Axes keyed by their `ABS_*` code.
    public var axes: [Int: EvemuAxis]
    /// How the device reports touches.
    public var touchProtocol: EvemuTouchProtocol

    /// Creates a device description.
    public init(name: String, axes: [Int: EvemuAxis], touchProtocol: EvemuTouchProtocol) {
        self.name = name
        self.axes = axes
        self.touchProtocol = touchProtocol
    }

    /// The codes of the X and Y axes that carry touch positions for this
    /// device's protocol.
    var positionAxisCodes: (x: Int, y: Int) {
        switch touchProtocol {
        case .multitouchA, .multitouchB:
            return (EvemuCode.absMTPositionX, EvemuCode.absMTPositionY)
        case .singleTouch:
            return (EvemuCode.absX, EvemuCode.absY)
        }
    }
}

/// Linux input event types and codes used by the decoder.
enum EvemuCode {
    static let evSyn = 0x00
    static let evKey = 0x01
    static let evAbs = 0x03

    static let synReport = 0
    static let synMTReport = 2
    static let synDropped = 3

    static let btnTouch = 0x14a

    static let absX = 0x00
    static let absY = 0x01
    static let absMTSlot = 0x2f
    static let absMTPositionX = 0x35
    static let absMTPositionY = 0x36
    static let absMTTrackingID = 0x39
}
