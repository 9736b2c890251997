import Testing
import InteractionKitLinux
import InteractionKitTesting

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// A phone-sized window with one full-window view carrying `recognizer`, watched as `name`.
@MainActor
private func scene(_ recognizer: GestureRecognizer, as name: String) -> (Window, TouchDriver, GestureStateRecorder) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let surface = View(frame: window.bounds)
    window.addSubview(surface)
    surface.addGestureRecognizer(recognizer)
    let states = GestureStateRecorder()
    states.watch(recognizer, as: name)
    return (window, TouchDriver(window), states)
}

/// Each helper against the built-in recognizer it is for, with its default settings.
@Suite("Gesture helpers make the built-in recognizers recognize")
@MainActor
struct GestureHelperTests {
    @Test("tap(at:): a tap recognizes on the lift, 0.05 s after the touch-down")
    func tap() throws {
        let (_, fingers, states) = scene(TapGestureRecognizer(), as: "tap")
        try fingers.tap(at: Point(x: 100, y: 100))
        #expect(states.lines == ["0.050 tap possible→ended", "0.050 tap ended→possible"])
        #expect(fingers.now == 0.55)
    }

    @Test("tap(at:fingers: 2) is a two-finger tap")
    func twoFingerTap() throws {
        let twoFingers = TapGestureRecognizer()
        twoFingers.numberOfTouchesRequired = 2
        let (_, fingers, states) = scene(twoFingers, as: "two-finger-tap")
        try fingers.tap(at: Point(x: 100, y: 100))
        #expect(states.states(of: "two-finger-tap") == [.failed])
        try fingers.tap(at: Point(x: 100, y: 100), fingers: 2)
        #expect(states.states(of: "two-finger-tap") == [.failed, .ended])
    }

    @Test("doubleTap(at:): a double tap recognizes; a single tap that requires it to fail does not")
    func doubleTap() throws {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (window, fingers, states) = scene(double, as: "double-tap")
        let single = TapGestureRecognizer()
        single.require(toFail: double)
        window.subviews[0].addGestureRecognizer(single)
        states.watch(single, as: "tap")
        try fingers.doubleTap(at: Point(x: 100, y: 100))
        #expect(states.states(of: "double-tap") == [.ended])
        #expect(states.states(of: "tap") == [.failed])
        #expect(states.lines.first == "0.200 double-tap possible→ended")
    }

    @Test("After tap(at:) returns, a tap that waits for a double tap to fail has ended")
    func tapWaitsForDoubleTapToFail() throws {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (window, fingers, states) = scene(double, as: "double-tap")
        let single = TapGestureRecognizer()
        single.require(toFail: double)
        window.subviews[0].addGestureRecognizer(single)
        states.watch(single, as: "tap")
        try fingers.tap(at: Point(x: 100, y: 100))
        #expect(states.transitions(of: "double-tap") == ["possible→failed"])
        #expect(states.transitions(of: "tap") == ["possible→ended"])
        // The double tap gives up 0.35 s after the lift; the single tap then ends.
        #expect(close(states.records.first { $0.recognizer == "tap" }?.time ?? 0, 0.4))
    }

    @Test("longPress(at:duration:): the long press begins at 0.5 s and ends on the lift")
    func longPress() throws {
        let (_, fingers, states) = scene(LongPressGestureRecognizer(), as: "long-press")
        try fingers.longPress(at: Point(x: 100, y: 100))
        #expect(states.lines == [
            "0.500 long-press possible→began",
            "1.000 long-press began→ended",
            "1.000 long-press ended→possible",
        ])
    }

    @Test("longPress shorter than the minimum duration fails the long press")
    func shortLongPress() throws {
        let (_, fingers, states) = scene(LongPressGestureRecognizer(), as: "long-press")
        try fingers.longPress(at: Point(x: 100, y: 100), duration: 0.3)
        #expect(states.states(of: "long-press") == [.failed])
    }

    @Test("drag(from:to:duration:): a pan begins, changes at 120 Hz, and ends with the drag's translation and speed")
    func drag() throws {
        let pan = PanGestureRecognizer()
        let (_, fingers, states) = scene(pan, as: "pan")
        var translation = Point.zero, velocity = Point.zero
        pan.addAction { pan in
            guard pan.state == .ended else { return }
            translation = pan.translation(in: nil)
            velocity = pan.velocity(in: nil)
        }
        try fingers.drag(from: Point(x: 50, y: 400), to: Point(x: 290, y: 400), duration: 0.5)
        // 240 points in 0.5 s: 4 points a sample, so the third sample passes 10 points;
        // the 57 samples after it are changes, the last one also the lift.
        #expect(states.lines.first == "0.025 pan possible→began")
        #expect(states.transitions(of: "pan").filter { $0.hasSuffix("→changed") }.count == 57)
        #expect(states.lines.suffix(2) == ["0.500 pan changed→ended", "0.500 pan ended→possible"])
        #expect(close(translation.x, 240) && translation.y == 0)
        #expect(close(velocity.x, 480, 1e-6) && close(velocity.y, 0, 1e-6))
    }

    @Test("drag with pressDuration holds first: a long press begins, then the slide")
    func pressThenDrag() throws {
        let press = LongPressGestureRecognizer()
        let (_, fingers, states) = scene(press, as: "long-press")
        try fingers.drag(from: Point(x: 50, y: 400), to: Point(x: 250, y: 400), duration: 0.2, pressDuration: 0.6)
        #expect(states.lines == [
            "0.500 long-press possible→began",
            "0.608 long-press began→changed",
        ] + Array(repeating: "long-press changed→changed", count: 23).enumerated().map { index, line in
            "\(timeText(0.6 + Double(index + 2) * 0.2 / 24)) \(line)"
        } + ["0.800 long-press changed→ended", "0.800 long-press ended→possible"])
    }

    @Test("drag(fingers: 2) is a two-finger pan")
    func twoFingerDrag() throws {
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let (_, fingers, states) = scene(pan, as: "two-finger-pan")
        try fingers.drag(from: Point(x: 100, y: 400), to: Point(x: 100, y: 200))
        #expect(states.states(of: "two-finger-pan") == [.failed])
        try fingers.drag(from: Point(x: 100, y: 400), to: Point(x: 100, y: 200), fingers: 2)
        #expect(states.states(of: "two-finger-pan").first(where: { $0 != .failed }) == .began)
        #expect(states.states(of: "two-finger-pan").last == .ended)
    }

    @Test("fling(from:velocity:): the pan ends with exactly that velocity")
    func fling() throws {
        let pan = PanGestureRecognizer()
        let (_, fingers, _) = scene(pan, as: "pan")
        var velocity = Point.zero
        pan.addAction { recognizer in
            if recognizer.state == .ended { velocity = recognizer.velocity(in: nil) }
        }
        try fingers.fling(from: Point(x: 200, y: 600), velocity: Point(x: -300, y: -1500))
        #expect(close(velocity.x, -300, 1e-6))
        #expect(close(velocity.y, -1500, 1e-6))
    }

    @Test("swipe(_:at:) recognizes in each direction, and only a recognizer of that direction")
    func swipe() throws {
        let directions: [(SwipeGestureRecognizer.Direction, String)] = [
            (.right, "right"), (.left, "left"), (.up, "up"), (.down, "down"),
        ]
        for (direction, name) in directions {
            let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
            let states = GestureStateRecorder()
            for (other, otherName) in directions {
                let swipe = SwipeGestureRecognizer()
                swipe.direction = other
                window.addGestureRecognizer(swipe)
                states.watch(swipe, as: otherName)
            }
            try TouchDriver(window).swipe(direction, at: Point(x: 195, y: 422))
            for (_, otherName) in directions {
                #expect(states.states(of: otherName) == [otherName == name ? .ended : .failed], "swiping \(name)")
            }
        }
    }

    @Test("A swipe recognizes for a recognizer of several directions that include it")
    func swipeOfSeveralDirections() throws {
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.up, .right]
        let (_, fingers, states) = scene(swipe, as: "swipe")
        try fingers.swipe(.up, at: Point(x: 100, y: 400))
        try fingers.swipe(.right, at: Point(x: 100, y: 400))
        try fingers.swipe(.down, at: Point(x: 100, y: 400))
        #expect(states.states(of: "swipe") == [.ended, .ended, .failed])
    }

    @Test("pinch(center:from:to:): the pinch ends with scale to/from")
    func pinch() throws {
        let pinch = PinchGestureRecognizer()
        let (_, fingers, states) = scene(pinch, as: "pinch")
        var scales: [Double] = []
        pinch.addAction { recognizer in
            if recognizer.state == .ended { scales.append(recognizer.scale) }
        }
        try fingers.pinch(center: Point(x: 195, y: 400), from: 100, to: 250)
        try fingers.pinch(center: Point(x: 195, y: 400), from: 200, to: 50)
        #expect(states.states(of: "pinch").filter { $0 != .changed } == [.began, .ended, .began, .ended])
        #expect(scales.count == 2)
        #expect(close(scales.first ?? 0, 2.5))
        #expect(close(scales.last ?? 0, 0.25))
    }

    @Test("rotate(center:radius:by:): the rotation ends with that angle, clockwise positive")
    func rotate() throws {
        let rotation = RotationGestureRecognizer()
        let (_, fingers, states) = scene(rotation, as: "rotation")
        var angles: [Double] = []
        rotation.addAction { recognizer in
            if recognizer.state == .ended { angles.append(recognizer.rotation) }
        }
        try fingers.rotate(center: Point(x: 195, y: 400), radius: 80, by: Double.pi / 2)
        try fingers.rotate(center: Point(x: 195, y: 400), radius: 80, by: -3 * Double.pi, duration: 1)
        #expect(states.states(of: "rotation").filter { $0 != .changed } == [.began, .ended, .began, .ended])
        #expect(close(angles.first ?? 0, Double.pi / 2))
        #expect(close(angles.last ?? 0, -3 * Double.pi))
    }

    @Test("drag from the left edge is a screen-edge pan; from the middle it is not")
    func screenEdgePan() throws {
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .left
        let (_, fingers, states) = scene(edge, as: "edge-pan")
        try fingers.drag(from: Point(x: 300, y: 400), to: Point(x: 390, y: 400))
        #expect(states.records.isEmpty)
        try fingers.drag(from: Point(x: 2, y: 400), to: Point(x: 200, y: 400))
        #expect(states.states(of: "edge-pan").first == .began)
        #expect(states.states(of: "edge-pan").last == .ended)
    }

    @Test("A helper starts at the current time, so its records follow what came before")
    func helpersChain() throws {
        let (_, fingers, states) = scene(TapGestureRecognizer(), as: "tap")
        try fingers.wait(2)
        try fingers.tap(at: Point(x: 10, y: 10))
        fingers.pauseBetweenGestures = 0
        try fingers.tap(at: Point(x: 300, y: 10))
        try fingers.tap(at: Point(x: 300, y: 10))
        #expect(states.lines.filter { $0.hasSuffix("→ended") } == [
            "2.050 tap possible→ended", "2.600 tap possible→ended", "2.650 tap possible→ended",
        ])
        #expect(close(fingers.now, 2.65))
    }

    @Test("The same helpers give the same records on every run")
    func deterministic() throws {
        func run() throws -> [String] {
            let (_, fingers, states) = scene(PanGestureRecognizer(), as: "pan")
            try fingers.drag(from: Point(x: 10, y: 10), to: Point(x: 200, y: 300), duration: 0.3)
            try fingers.fling(from: Point(x: 100, y: 100), velocity: Point(x: 800, y: 0))
            return states.lines
        }
        let first = try run()
        #expect(first.count > 40)
        #expect(try run() == first)
    }
}

/// A time as the recorders write it.
private func timeText(_ time: Double) -> String {
    let milliseconds = Int((time * 1000).rounded())
    return "\(milliseconds / 1000)." + String(String(milliseconds % 1000 + 1000).dropFirst())
}
