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

    /// The slot numbers a protocol B device reports (its `ABS_MT_SLOT`
    /// axis's range); nil for other protocols, empty when the axis's
    /// maximum is below its minimum.
    package var slotRange: Range<Int>? {
        guard touchProtocol == .multitouchB, let axis = axes[EvemuCode.absMTSlot] else { return nil }
        return axis.minimum..<max(axis.minimum, axis.maximum + 1)
    }

    /// The codes of the X and Y axes that carry touch positions for this
    /// device's protocol.
    package var positionAxisCodes: (x: Int, y: Int) {
        switch touchProtocol {
        case .multitouchA, .multitouchB:
            return (EvemuCode.absMTPositionX, EvemuCode.absMTPositionY)
        case .singleTouch:
            return (EvemuCode.absX, EvemuCode.absY)
        }
    }
}

extension EvemuDevice {
    /// A device with these axes, its protocol chosen as an evemu recording's
    /// is (slots → B, multi-touch positions → A, else single touch); nil when
    /// it has no position axes to locate touches with.
    package init?(name: String, axes: [Int: EvemuAxis]) {
        let touchProtocol: EvemuTouchProtocol
        if axes[EvemuCode.absMTPositionX] != nil && axes[EvemuCode.absMTPositionY] != nil {
            touchProtocol = axes[EvemuCode.absMTSlot] != nil ? .multitouchB : .multitouchA
        } else if axes[EvemuCode.absX] != nil && axes[EvemuCode.absY] != nil {
            touchProtocol = .singleTouch
        } else {
            return nil
        }
        self.init(name: name, axes: axes, touchProtocol: touchProtocol)
    }
}

/// Linux input event types and codes used by the decoder.
package enum EvemuCode {
    package static let evSyn = 0x00
    package static let evKey = 0x01
    package static let evAbs = 0x03

    package static let synReport = 0
    package static let synMTReport = 2
    package static let synDropped = 3

    package static let btnTouch = 0x14a

    package static let absX = 0x00
    package static let absY = 0x01
    package static let absMTSlot = 0x2f
    package static let absMTPositionX = 0x35
    package static let absMTPositionY = 0x36
    package static let absMTTrackingID = 0x39
}
