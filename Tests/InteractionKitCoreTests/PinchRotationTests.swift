import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// A point at `degrees` (clockwise, y down) and `radius` from `centre`.
private func around(_ centre: Point, _ degrees: Double, radius: Double = 100) -> Point {
    let radians = degrees * Double.pi / 180
    // Angle's own atan2 is what is under test; cos and sin come from a series here.
    return Point(x: centre.x + radius * cosine(radians), y: centre.y + radius * sine(radians))
}

private func sine(_ x: Double) -> Double {
    var reduced = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if reduced > Double.pi { reduced -= 2 * Double.pi }
    if reduced < -Double.pi { reduced += 2 * Double.pi }
    var term = reduced, sum = 0.0
    for n in 0..<30 {
        sum += term
        // Split, and typed: as one expression this line took the type checker 11 s (issue 38).
        let denominator = Double((2 * n + 2) * (2 * n + 3))
        let factor: Double = -reduced * reduced / denominator
        term *= factor
    }
    return sum
}

private func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }

@Suite("Pinch")
@MainActor
struct PinchGestureRecognizerTests {
    private func scene() -> (Window, PinchGestureRecognizer, GestureStateRecorder) {
        let window = Window.phone()
        let pinch = PinchGestureRecognizer()
        window.addGestureRecognizer(pinch)
        let log = GestureStateRecorder()
        log.watch(pinch, as: "pinch")
        return (window, pinch, log)
    }

    @Test("It begins once the distance changed 8 points; scale is not reset at began; the last lift ends it")
    func lifecycle() {
        let (window, pinch, log) = scene()
        window.down(100, 300, at: 0, id: 1)
        #expect(pinch.scale == 1)
        window.down(200, 300, at: 0.01, id: 2)
        window.move(207, 300, at: 0.02, id: 2)
        #expect(pinch.state == .possible)
        #expect(close(pinch.scale, 1.07))
        window.move(210, 300, at: 0.03, id: 2)
        #expect(log.lines == ["0.030 pinch possible→began"])
        #expect(close(pinch.scale, 1.1))
        window.move(90, 300, at: 0.04, id: 1)
        #expect(close(pinch.scale, 1.2))
        window.up(90, 300, at: 0.05, id: 1)
        #expect(pinch.state == .changed)
        window.up(210, 300, at: 0.06, id: 2)
        #expect(log.transitions(of: "pinch", includingResets: true) == ["possible→began", "began→changed", "changed→ended", "ended→possible"])
    }

    @Test("Fingers 1e-150 points apart never make the scale infinite: it starts once they are a point apart")
    func nearlyCoincidentFingers() {
        let (window, pinch, log) = scene()
        window.down(100, 300, at: 0, id: 1)
        window.down(100 + 1e-150, 300, at: 0.01, id: 2)
        window.move(300, 300, at: 0.02, id: 2)
        #expect(pinch.scale.isFinite)
        window.move(400, 300, at: 0.03, id: 2)
        // Measured from where the fingers were a point apart or more (200 points here).
        #expect(close(pinch.scale, 1.5))
        #expect(log.transitions(of: "pinch", includingResets: true) == ["possible→began"])
        // Huge coordinates: the ratio would overflow; the scale keeps its last finite value.
        window.move(1e308, 300, at: 0.04, id: 2)
        window.move(-1e308, 300, at: 0.05, id: 1)
        #expect(pinch.scale.isFinite)
    }

    @Test("Fingers that come closer than a point keep the last scale, then measure again")
    func fingersMeet() {
        let (window, pinch, _) = scene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0, id: 2)
        window.move(150.5, 300, at: 0.01, id: 2)
        #expect(close(pinch.scale, 0.505))
        window.move(100 + 1e-160, 300, at: 0.02, id: 2)
        #expect(close(pinch.scale, 0.505))
        window.move(100, 300, at: 0.03, id: 2)
        #expect(close(pinch.scale, 0.505))
        window.move(150, 300, at: 0.04, id: 2)
        #expect(close(pinch.scale, 0.5))
    }

    @Test("Fingers together scale below 1; velocity is scale per second")
    func pinchInVelocity() {
        let (window, pinch, _) = scene()
        window.down(100, 300, at: 0, id: 1)
        window.down(300, 300, at: 0, id: 2)
        for step in 1...5 {
            window.move(300 - Double(step) * 10, 300, at: Double(step) * 0.01, id: 2)
        }
        #expect(pinch.state == .changed)
        #expect(close(pinch.scale, 0.75))
        // 10 points of 200 every 10 ms: -0.05 per 10 ms.
        #expect(close(pinch.velocity, -5, 1e-6))
    }

    @Test("A finger lifted and put down again is no jump: the scale is rebased, as a pan's translation is")
    func rebase() {
        let (window, pinch, _) = scene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0, id: 2)
        window.move(220, 300, at: 0.1, id: 2)
        #expect(close(pinch.scale, 1.2))
        window.up(100, 300, at: 0.2, id: 1)
        window.move(230, 300, at: 0.25, id: 2)
        #expect(close(pinch.scale, 1.2))
        window.down(70, 300, at: 0.3, id: 3)
        #expect(close(pinch.scale, 1.2))
        window.move(30, 300, at: 0.4, id: 3)
        #expect(close(pinch.scale, 1.2 * 200 / 160))
        #expect(pinch.state == .changed)
    }

    @Test("A third finger fails a pinch that has not begun and is ignored by one that has (G9)")
    func thirdFinger() {
        let (window, pinch, log) = scene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0, id: 2)
        window.down(150, 400, at: 0.01, id: 3)
        #expect(log.lines == ["0.010 pinch possible→failed"])
        for id in 1...3 { window.up(0, 0, at: 0.1, id: id) }
        log.clear()
        window.down(100, 300, at: 1, id: 1)
        window.down(200, 300, at: 1, id: 2)
        window.move(220, 300, at: 1.1, id: 2)
        window.down(150, 400, at: 1.2, id: 3)
        window.move(150, 700, at: 1.3, id: 3)
        #expect(pinch.numberOfTouches == 2)
        #expect(close(pinch.scale, 1.2))
        #expect(log.transitions(of: "pinch", includingResets: true) == ["possible→began"])
    }

    @Test("One finger, or two that never spread, fail it")
    func fails() {
        let (window, _, log) = scene()
        window.down(100, 300, at: 0)
        window.move(300, 300, at: 0.1)
        window.up(300, 300, at: 0.2)
        #expect(log.transitions(of: "pinch", includingResets: true) == ["possible→failed", "failed→possible"])
        log.clear()
        // Dragged side by side, a finger at a time: the distance never changes by 8 points.
        window.down(100, 300, at: 1, id: 1)
        window.down(200, 300, at: 1, id: 2)
        for step in 1...20 {
            let time = 1 + Double(step) * 0.01
            window.move(100 + Double(step) * 5, 300, at: time, id: 1)
            window.move(200 + Double(step) * 5, 300, at: time, id: 2)
        }
        window.up(200, 300, at: 1.3, id: 1)
        window.up(300, 300, at: 1.3, id: 2)
        #expect(log.transitions(of: "pinch", includingResets: true) == ["possible→failed", "failed→possible"])
    }

    @Test("Against a pan: spreading fingers pinch and fail the pan; dragging them pans and fails the pinch")
    func versusPan() {
        let window = Window.phone()
        let pinch = PinchGestureRecognizer()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        window.addGestureRecognizer(pinch)
        let log = GestureStateRecorder()
        log.watch(pinch, as: "pinch")
        log.watch(pan, as: "pan")
        window.down(150, 300, at: 0, id: 1)
        window.down(250, 300, at: 0, id: 2)
        window.move(145, 300, at: 0.05, id: 1)
        window.move(255, 300, at: 0.05, id: 2)
        #expect(log.lines == ["0.050 pinch possible→began", "0.050 pan possible→failed"])
        window.up(145, 300, at: 0.1, id: 1)
        window.up(255, 300, at: 0.1, id: 2)
        log.clear()
        window.down(150, 300, at: 1, id: 1)
        window.down(250, 300, at: 1, id: 2)
        window.move(150, 320, at: 1.05, id: 1)
        window.move(250, 320, at: 1.05, id: 2)
        #expect(log.lines == ["1.050 pan possible→began", "1.050 pinch possible→failed", "1.050 pan began→changed"])
    }
}

@Suite("Rotation")
@MainActor
struct RotationGestureRecognizerTests {
    private func scene() -> (Window, RotationGestureRecognizer, GestureStateRecorder) {
        let window = Window.phone()
        let rotation = RotationGestureRecognizer()
        window.addGestureRecognizer(rotation)
        let log = GestureStateRecorder()
        log.watch(rotation, as: "rotation")
        return (window, rotation, log)
    }

    private let centre = Point(x: 200, y: 400)

    private func put(_ window: Window, _ degrees: Double, at time: Double, id: Int = 2) {
        let point = around(centre, degrees)
        window.move(point.x, point.y, at: time, id: id)
    }

    @Test("It begins at 10°, clockwise positive with y down, not reset at began; the last lift ends it")
    func lifecycle() {
        let (window, rotation, log) = scene()
        window.down(centre.x, centre.y, at: 0, id: 1)
        window.down(300, 400, at: 0, id: 2)
        put(window, 9, at: 0.01)
        #expect(rotation.state == .possible)
        put(window, 12, at: 0.02)
        #expect(log.lines == ["0.020 rotation possible→began"])
        #expect(close(rotation.rotation, 12 * Double.pi / 180, 1e-12))
        put(window, -20, at: 0.03)
        #expect(close(rotation.rotation, -20 * Double.pi / 180, 1e-12))
        window.up(centre.x, centre.y, at: 0.04, id: 1)
        window.up(0, 0, at: 0.05, id: 2)
        #expect(log.transitions(of: "rotation", includingResets: true) == ["possible→began", "began→changed", "changed→ended", "ended→possible"])
    }

    @Test("Fingers closer than a point keep the last angle; the rotation stays finite")
    func nearlyCoincidentFingers() {
        let (window, rotation, _) = scene()
        window.down(centre.x, centre.y, at: 0, id: 1)
        window.down(300, 400, at: 0, id: 2)
        put(window, 30, at: 0.01)
        let turned = rotation.rotation
        #expect(close(turned, 30 * Double.pi / 180, 1e-12))
        // The second finger onto the first, a hair off in every direction: no angle is read.
        window.move(centre.x + 1e-150, centre.y - 1e-150, at: 0.02, id: 2)
        window.move(centre.x - 1e-150, centre.y + 1e-150, at: 0.03, id: 2)
        #expect(rotation.rotation == turned)
        put(window, 40, at: 0.04)
        #expect(close(rotation.rotation, 40 * Double.pi / 180, 1e-12))
        window.move(1e308, -1e308, at: 0.05, id: 2)
        window.move(-1e308, 1e308, at: 0.06, id: 1)
        #expect(rotation.rotation.isFinite && rotation.velocity.isFinite)
    }

    /// Which way the second finger goes round the first: clockwise (positive, with y down) or anticlockwise.
    enum Turn: Double, Sendable, CaseIterable, CustomTestStringConvertible {
        case clockwise = 1, anticlockwise = -1

        var testDescription: String { self == .clockwise ? "clockwise" : "anticlockwise" }
    }

    @Test("It is unwrapped across ±π: turning 400° reads 400°, either way round", arguments: Turn.allCases)
    func unwrapped(_ turn: Turn) {
        let sign = turn.rawValue
        let (window, rotation, _) = scene()
        window.down(centre.x, centre.y, at: 0, id: 1)
        let start = around(centre, 170)
        window.down(start.x, start.y, at: 0, id: 2)
        for step in 1...20 {
            put(window, 170 + sign * Double(step) * 20, at: Double(step) * 0.01)
        }
        #expect(close(rotation.rotation, sign * 400 * Double.pi / 180, 1e-9))
        // 20° every 10 ms.
        #expect(close(rotation.velocity, sign * 2000 * Double.pi / 180, 1e-6))
    }

    @Test("A finger lifted and put down again elsewhere is no jump")
    func rebase() {
        let (window, rotation, _) = scene()
        window.down(centre.x, centre.y, at: 0, id: 1)
        window.down(300, 400, at: 0, id: 2)
        put(window, 30, at: 0.1)
        let lifted = around(centre, 30)
        window.up(lifted.x, lifted.y, at: 0.2, id: 2)
        let landing = around(centre, 135)
        window.down(landing.x, landing.y, at: 0.3, id: 3)
        #expect(close(rotation.rotation, 30 * Double.pi / 180, 1e-12))
        put(window, 155, at: 0.4, id: 3)
        #expect(close(rotation.rotation, 50 * Double.pi / 180, 1e-12))
        #expect(rotation.state == .changed)
    }

    @Test("A third finger before it began fails it; after, it is ignored (G9)")
    func thirdFinger() {
        let (window, rotation, log) = scene()
        window.down(centre.x, centre.y, at: 0, id: 1)
        window.down(300, 400, at: 0, id: 2)
        window.down(10, 10, at: 0.01, id: 3)
        #expect(log.lines == ["0.010 rotation possible→failed"])
        for id in 1...3 { window.up(0, 0, at: 0.1, id: id) }
        window.down(centre.x, centre.y, at: 1, id: 1)
        window.down(300, 400, at: 1, id: 2)
        put(window, 30, at: 1.1)
        window.down(10, 10, at: 1.2, id: 3)
        window.move(300, 10, at: 1.3, id: 3)
        #expect(rotation.numberOfTouches == 2)
        #expect(close(rotation.rotation, 30 * Double.pi / 180, 1e-12))
    }

    @Test("Against a pinch: the first to begin wins; a delegate lets both run together")
    func versusPinch() {
        let window = Window.phone()
        let rotation = RotationGestureRecognizer()
        let pinch = PinchGestureRecognizer()
        window.addGestureRecognizer(rotation)
        window.addGestureRecognizer(pinch)
        let log = GestureStateRecorder()
        log.watch(rotation, as: "rotation")
        log.watch(pinch, as: "pinch")
        window.down(centre.x, centre.y, at: 0, id: 1)
        window.down(300, 400, at: 0, id: 2)
        put(window, 15, at: 0.1)
        #expect(log.lines == ["0.100 rotation possible→began", "0.100 pinch possible→failed"])
        let far = around(centre, 15, radius: 150)
        window.move(far.x, far.y, at: 0.2, id: 2)
        #expect(pinch.state == .failed)
        window.up(0, 0, at: 0.3, id: 1)
        window.up(0, 0, at: 0.3, id: 2)
        log.clear()

        let delegate = ConfigurableDelegate()
        delegate.simultaneous = true
        rotation.delegate = delegate
        window.down(centre.x, centre.y, at: 1, id: 1)
        window.down(300, 400, at: 1, id: 2)
        let both = around(centre, 15, radius: 120)
        window.move(both.x, both.y, at: 1.1, id: 2)
        #expect(log.lines == ["1.100 rotation possible→began", "1.100 pinch possible→began"])
        #expect(close(pinch.scale, 1.2, 1e-12))
    }
}

@Suite("Angles without libm")
struct AngleTests {
    @Test("atan2 agrees with the quadrant rules and known values")
    func knownValues() {
        #expect(Angle.atan2(0, 1) == 0)
        #expect(close(Angle.atan2(1, 0), Double.pi / 2, 1e-15))
        #expect(close(Angle.atan2(0, -1), Double.pi, 1e-15))
        #expect(close(Angle.atan2(-1, -1), -3 * Double.pi / 4, 1e-15))
        #expect(close(Angle.atan2(1, 1), Double.pi / 4, 1e-15))
        #expect(close(Angle.atan2(1, 3.0.squareRoot()), Double.pi / 6, 1e-15))
        #expect(Angle.atan2(.nan, 1).isNaN)
        #expect(Angle.atan2(0, 0) == 0)
        #expect(close(Angle.atan2(.infinity, 1), Double.pi / 2, 1e-15))
        for degrees in stride(from: -179.0, through: 180, by: 1) {
            let point = around(.zero, degrees, radius: 1)
            #expect(close(Angle.atan2(point.y, point.x), degrees * Double.pi / 180, 1e-13))
        }
    }
}
