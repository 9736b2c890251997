import Testing
import InteractionKitCore
import InteractionKitTestSupport

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

@Suite("Setting a pinch's scale and a rotation's rotation, as UIKit allows (§15)")
@MainActor
struct PinchRotationSettingTests {
    private func pinchScene() -> (Window, PinchGestureRecognizer) {
        let window = Window.phone()
        let pinch = PinchGestureRecognizer()
        window.addGestureRecognizer(pinch)
        return (window, pinch)
    }

    private func rotationScene() -> (Window, RotationGestureRecognizer) {
        let window = Window.phone()
        let rotation = RotationGestureRecognizer()
        window.addGestureRecognizer(rotation)
        return (window, rotation)
    }

    @Test("scale = 1 in each action makes each action see the change since the last: their product is the whole pinch")
    func pinchIncrements() {
        let (window, pinch) = pinchScene()
        var increments: [Double] = []
        pinch.addAction { pinch in
            increments.append(pinch.scale)
            pinch.scale = 1
        }
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0.01, id: 2)
        window.move(220, 300, at: 0.02, id: 2)
        window.move(232, 300, at: 0.03, id: 2)
        window.move(88, 300, at: 0.04, id: 1)
        #expect(increments.count == 3)
        #expect(close(increments[0], 1.2))
        #expect(close(increments[1], 132.0 / 120))
        #expect(close(increments[2], 144.0 / 132))
        #expect(close(increments.reduce(1, *), 1.44))
        #expect(close(pinch.scale, 1))
        window.up(88, 300, at: 0.05, id: 1)
        window.up(232, 300, at: 0.06, id: 2)
    }

    @Test("A scale set to another value is multiplied by the later change of distance")
    func pinchSetValue() {
        let (window, pinch) = pinchScene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0.01, id: 2)
        window.move(220, 300, at: 0.02, id: 2)
        pinch.scale = 3
        #expect(pinch.scale == 3)
        window.move(280, 300, at: 0.03, id: 2)
        #expect(close(pinch.scale, 3 * 180.0 / 120))
        // A finger lifted and another put down is still no jump.
        window.up(100, 300, at: 0.04, id: 1)
        window.down(130, 300, at: 0.05, id: 3)
        #expect(close(pinch.scale, 4.5))
        window.move(80, 300, at: 0.06, id: 3)
        #expect(close(pinch.scale, 4.5 * 200 / 150))
    }

    @Test("Setting the scale resets the velocity; the next sample measures from the value set")
    func pinchVelocity() {
        let (window, pinch) = pinchScene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0, id: 2)
        for step in 1...5 { window.move(200 + Double(step) * 10, 300, at: Double(step) * 0.01, id: 2) }
        #expect(close(pinch.velocity, 10, 1e-6))
        pinch.scale = 2
        #expect(pinch.velocity == 0)
        // The distance goes 150 → 165 in 10 ms: the scale 2 → 2 × 165 / 150 = 2.2.
        window.move(265, 300, at: 0.06, id: 2)
        #expect(close(pinch.scale, 2.2))
        #expect(close(pinch.velocity, 20, 1e-6))
    }

    @Test("Set before it began, the pinch begins once the distance changed 8 points from then")
    func pinchThresholdFromSet() {
        let (window, pinch) = pinchScene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0.01, id: 2)
        window.move(206, 300, at: 0.02, id: 2)
        #expect(pinch.state == .possible)
        pinch.scale = 1
        window.move(210, 300, at: 0.03, id: 2)
        #expect(pinch.state == .possible)
        #expect(close(pinch.scale, 110.0 / 106))
        window.move(214, 300, at: 0.04, id: 2)
        #expect(pinch.state == .began)
        #expect(close(pinch.scale, 114.0 / 106))
    }

    @Test("A non-finite scale is ignored; the reset after the gesture brings it back to 1")
    func pinchBadValuesAndReset() {
        let (window, pinch) = pinchScene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0.01, id: 2)
        window.move(220, 300, at: 0.02, id: 2)
        for bad in [Double.nan, .infinity, -.infinity] {
            pinch.scale = bad
            #expect(close(pinch.scale, 1.2))
        }
        pinch.scale = 5
        window.move(240, 300, at: 0.03, id: 2)
        #expect(pinch.scale.isFinite && close(pinch.scale, 5 * 140.0 / 120))
        window.up(100, 300, at: 0.04, id: 1)
        window.up(240, 300, at: 0.05, id: 2)
        #expect(pinch.state == .possible)
        #expect(pinch.scale == 1)
        #expect(pinch.velocity == 0)
    }

    @Test("A scale set while the fingers nearly touch stays finite, and measures from where they part again")
    func pinchSetWhileTouching() {
        let (window, pinch) = pinchScene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0.01, id: 2)
        window.move(150, 300, at: 0.02, id: 2)
        window.move(100.5, 300, at: 0.03, id: 2)
        #expect(close(pinch.scale, 0.5))
        pinch.scale = 1
        window.move(100, 300, at: 0.04, id: 2)
        #expect(pinch.scale == 1)
        // Fingers closer than `fingerPairMinimumDistance` measure nothing:
        // the scale starts from where they are that far apart again.
        window.move(150, 300, at: 0.05, id: 2)
        #expect(pinch.scale == 1)
        window.move(200, 300, at: 0.06, id: 2)
        #expect(close(pinch.scale, 2))
        #expect(pinch.velocity.isFinite)
    }

    @Test("rotation = 0 in each action makes each action see the turn since the last: their sum is the whole turn")
    func rotationIncrements() {
        let (window, rotation) = rotationScene()
        var increments: [Double] = []
        rotation.addAction { rotation in
            increments.append(rotation.rotation)
            rotation.rotation = 0
        }
        // Finger 2 turns about finger 1 at a distance of 100: to 3-4-5 points.
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0.01, id: 2)
        window.move(180, 360, at: 0.02, id: 2)
        window.move(160, 380, at: 0.03, id: 2)
        window.move(100, 400, at: 0.04, id: 2)
        #expect(increments.count == 3)
        #expect(increments.allSatisfy { $0 > 0 })
        #expect(close(increments.reduce(0, +), Double.pi / 2))
        #expect(rotation.rotation == 0)
    }

    @Test("A rotation set to another value gets the later turn added; setting resets the velocity")
    func rotationSetValueAndVelocity() {
        let (window, rotation) = rotationScene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0.01, id: 2)
        window.move(160, 380, at: 0.02, id: 2)
        #expect(rotation.state == .began)
        #expect(rotation.velocity != 0)
        rotation.rotation = Double.pi
        #expect(rotation.rotation == Double.pi)
        #expect(rotation.velocity == 0)
        // From the 3-4-5 point to straight below: a turn of π/2 − atan2(80, 60).
        window.move(100, 400, at: 0.03, id: 2)
        let turn = rotation.rotation - Double.pi
        #expect(turn > 0.64 && turn < 0.65)
        #expect(close(rotation.velocity, turn / 0.01, 1e-6))
        rotation.rotation = .nan
        #expect(close(rotation.rotation, Double.pi + turn))
    }

    @Test("Set before it began, the rotation begins once it turned 10° from then")
    func rotationThresholdFromSet() {
        let (window, rotation) = rotationScene()
        window.down(100, 300, at: 0, id: 1)
        window.down(200, 300, at: 0.01, id: 2)
        // atan2(12, 99.28) ≈ 6.9°: not yet.
        window.move(199.277, 312, at: 0.02, id: 2)
        #expect(rotation.state == .possible)
        rotation.rotation = 0
        // Another 6.9°: 13.8° in all, 6.9° since set.
        window.move(197.1, 324, at: 0.03, id: 2)
        #expect(rotation.state == .possible)
        // 20° in all, 13° since set.
        window.move(193.97, 334.2, at: 0.04, id: 2)
        #expect(rotation.state == .began)
        #expect(rotation.rotation > 0.22 && rotation.rotation < 0.23)
    }
}
