import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

@Suite("Velocity: least squares over the last 100 ms (G7)")
@MainActor
struct VelocityTests {
    /// A drag of `fingers` fingers side by side, each moving `step` points right per frame.
    private func drag(fingers: Int, frames: Int, step: Double, frame: Double) -> (Window, PanGestureRecognizer) {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        for finger in 0..<fingers { window.down(100, 100 + 50 * Double(finger), at: 0, id: finger) }
        for index in 1...frames {
            for finger in 0..<fingers {
                window.move(100 + step * Double(index), 100 + 50 * Double(finger), at: frame * Double(index), id: finger)
            }
        }
        return (window, pan)
    }

    @Test("A constant-speed drag reports its exact speed")
    func constantSpeed() {
        let (_, pan) = drag(fingers: 1, frames: 20, step: 8, frame: 0.016)
        #expect(abs(pan.velocity(in: nil).x - 500) < 1e-6)
        #expect(pan.velocity(in: nil).y == 0)
    }

    @Test("A two-finger drag reports the centroid's velocity, not half of it")
    func twoFingers() {
        let (_, pan) = drag(fingers: 2, frames: 20, step: 8, frame: 0.016)
        #expect(abs(pan.velocity(in: nil).x - 500) < 1e-6)
    }

    @Test("Unevenly spaced samples of a constant-speed drag still give the exact speed")
    func unevenSpacing() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        window.down(0, 0, at: 0)
        for time in [0.01, 0.013, 0.03, 0.031, 0.05, 0.09, 0.095, 0.12] {
            window.move(300 * time, 0, at: time)
        }
        #expect(abs(pan.velocity(in: nil).x - 300) < 1e-6)
    }

    @Test("Only the last 100 ms count: a drag that stopped reports (near) zero, not its average")
    func recentOnly() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        window.down(0, 0, at: 0)
        for index in 1...10 { window.move(Double(index) * 20, 0, at: Double(index) * 0.01) }
        for index in 1...12 { window.move(200, 0, at: 0.1 + Double(index) * 0.01) }
        #expect(pan.velocity(in: nil).x == 0)
    }

    @Test("The lift sample counts: velocity at ended includes it")
    func liftCounts() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        var atEnd: Point?
        pan.addAction { recognizer in
            if recognizer.state == .ended { atEnd = recognizer.velocity(in: nil) }
        }
        window.addGestureRecognizer(pan)
        window.down(0, 0, at: 0)
        for index in 1...5 { window.move(Double(index) * 10, 0, at: Double(index) * 0.01) }
        window.up(60, 0, at: 0.06)
        #expect(abs((atEnd?.x ?? 0) - 1000) < 1e-6)
    }

    @Test("A finger joining mid-drag makes neither translation nor velocity jump")
    func joiningFinger() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(pan)
        window.down(0, 0, at: 0, id: 0)
        for index in 1...6 { window.move(Double(index) * 10, 0, at: Double(index) * 0.01, id: 0) }
        let before = pan.translation(in: nil)
        window.down(300, 300, at: 0.065, id: 1)
        #expect(pan.translation(in: nil) == before)
        window.move(70, 0, at: 0.07, id: 0)
        window.move(310, 300, at: 0.07, id: 1)
        #expect(abs(pan.velocity(in: nil).x - 1000) < 1e-6)
    }

    @Test("The tracker ignores non-finite samples and answers zero with one instant")
    func trackerEdges() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity == .zero)
        tracker.add(Point(x: 1, y: 1), at: 0)
        tracker.add(Point(x: .nan, y: 1), at: 0.01)
        tracker.add(Point(x: 5, y: 1), at: .infinity)
        #expect(tracker.velocity == .zero)
        tracker.add(Point(x: 2, y: 1), at: 0.01)
        #expect(abs(tracker.velocity.x - 100) < 1e-9)
    }
}
