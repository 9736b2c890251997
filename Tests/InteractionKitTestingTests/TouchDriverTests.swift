import Testing
import InteractionKitLinux
import InteractionKitTesting

/// A view that logs its responder touches, to see each sample the driver sends.
private final class TouchLogView: View {
    var lines: [String] = []

    private func log(_ phase: String, _ touches: Set<Touch>) {
        for touch in touches.sorted(by: { $0.id < $1.id }) {
            lines.append("\(touch.timestamp) \(phase) \(touch.id) \(touch.location.x),\(touch.location.y)")
        }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log("cancelled", touches) }
}

@MainActor
private func scene() -> (Window, TouchLogView, TouchDriver) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let view = TouchLogView(frame: window.bounds)
    view.isMultipleTouchEnabled = true
    window.addSubview(view)
    return (window, view, TouchDriver(window))
}

@Suite("TouchDriver: fingers, samples and errors")
@MainActor
struct TouchDriverTests {
    @Test("The primitives send one sample each, at the current time; wait moves the time")
    func primitives() throws {
        let (window, view, fingers) = scene()
        try fingers.down(at: Point(x: 10, y: 20))
        try fingers.down(1, at: Point(x: 50, y: 20))
        try fingers.wait(0.25)
        try fingers.move(1, to: Point(x: 60, y: 30))
        try fingers.up(1)
        try fingers.wait(0.25)
        try fingers.cancel()
        #expect(view.lines == [
            "0.0 began 0 10.0,20.0", "0.0 began 1 50.0,20.0",
            "0.25 moved 1 60.0,30.0", "0.25 ended 1 60.0,30.0",
            "0.5 cancelled 0 10.0,20.0",
        ])
        #expect(window.activeTouchCount == 0)
        #expect(!fingers.isDown())
    }

    @Test("A drag sends a sample every 1/120 s, the last one moving and lifting at the end point")
    func sampling() throws {
        let (_, view, fingers) = scene()
        fingers.pauseBetweenGestures = 0
        try fingers.drag(from: Point(x: 0, y: 0), to: Point(x: 40, y: 0), duration: 4.0 / 120)
        #expect(view.lines.count == 6)
        #expect(view.lines.first == "0.0 began 0 0.0,0.0")
        #expect(view.lines.dropFirst().prefix(4).map { $0.split(separator: " ").last ?? "" } == [
            "10.0,0.0", "20.0,0.0", "30.0,0.0", "40.0,0.0",
        ])
        #expect(view.lines[4].hasPrefix("0.0333") && view.lines[5].hasPrefix("0.0333"))
        #expect(view.lines.last?.contains("ended 0 40.0,0.0") == true)
    }

    @Test("sampleInterval changes the rate: 60 Hz halves the samples")
    func sixtyHertz() throws {
        let (_, view, fingers) = scene()
        fingers.sampleInterval = 1.0 / 60
        try fingers.drag(from: Point(x: 0, y: 0), to: Point(x: 40, y: 0), duration: 0.5)
        #expect(view.lines.filter { $0.contains("moved") }.count == 30)
    }

    @Test("A sample the window refuses throws, saying which finger and why")
    func rejected() {
        let (window, _, fingers) = scene()
        #expect(throws: TouchDriverError.rejected(
            TouchInput(id: 3, phase: .moved, location: Point(x: 1, y: 1), timestamp: 0), .touchNotDown(id: 3)
        )) {
            try fingers.move(3, to: Point(x: 1, y: 1))
        }
        do {
            try fingers.down(at: Point(x: 1, y: 1))
            try fingers.down(at: Point(x: 2, y: 2))
            Issue.record("a second touch-down of finger 0 was accepted")
        } catch {
            #expect(error.description == "the window refused the began sample of finger 0 at 0.000 s: touch 0 is already down")
        }
        #expect(window.activeTouchCount == 1)
    }

    @Test("Bad arguments throw before anything is sent")
    func invalidArguments() {
        let (window, view, fingers) = scene()
        let nan = Point(x: .nan, y: 0)
        let calls: [(String, () throws(TouchDriverError) -> Void)] = [
            ("tap at NaN", { () throws(TouchDriverError) in try fingers.tap(at: nan) }),
            ("tap with 11 fingers", { () throws(TouchDriverError) in try fingers.tap(at: .zero, fingers: 11) }),
            ("tap with no finger", { () throws(TouchDriverError) in try fingers.tap(at: .zero, fingers: 0) }),
            ("negative long press", { () throws(TouchDriverError) in try fingers.longPress(at: .zero, duration: -1) }),
            ("drag to infinity", { () throws(TouchDriverError) in try fingers.drag(from: .zero, to: Point(x: .infinity, y: 0)) }),
            ("drag in no time", { () throws(TouchDriverError) in try fingers.drag(from: .zero, to: Point(x: 9, y: 9), duration: 0) }),
            ("an hour's drag", { () throws(TouchDriverError) in try fingers.drag(from: .zero, to: Point(x: 9, y: 9), duration: 3600) }),
            ("fling at NaN speed", { () throws(TouchDriverError) in try fingers.fling(from: .zero, velocity: nan) }),
            ("pinch from 0", { () throws(TouchDriverError) in try fingers.pinch(center: .zero, from: 0, to: 10) }),
            ("rotate on no radius", { () throws(TouchDriverError) in try fingers.rotate(center: .zero, radius: 0, by: 1) }),
            ("rotate too fast", { () throws(TouchDriverError) in try fingers.rotate(center: .zero, radius: 50, by: 100, duration: 0.1) }),
            ("swipe nowhere", { () throws(TouchDriverError) in try fingers.swipe([], at: .zero) }),
            ("swipe left and right", { () throws(TouchDriverError) in try fingers.swipe([.left, .right], at: .zero) }),
            ("swipe up and right", { () throws(TouchDriverError) in try fingers.swipe([.up, .right], at: .zero) }),
            ("wait backwards", { () throws(TouchDriverError) in try fingers.wait(-0.1) }),
        ]
        for (name, call) in calls {
            do {
                try call()
                Issue.record("\(name) was accepted")
            } catch {
                guard case .invalidArgument(let message) = error else {
                    Issue.record("\(name): \(error)")
                    continue
                }
                #expect(!message.isEmpty, "\(name)")
            }
        }
        fingers.sampleInterval = 0
        #expect(throws: TouchDriverError.self) { try fingers.drag(from: .zero, to: Point(x: 9, y: 9)) }
        fingers.sampleInterval = TouchDriver.defaultSampleInterval
        fingers.pauseBetweenGestures = .nan
        #expect(throws: TouchDriverError.self) { try fingers.tap(at: .zero) }
        #expect(view.lines.isEmpty)
        #expect(window.currentTime == 0)
    }

    @Test("A helper takes the lowest finger ids that are not down")
    func freeFingers() throws {
        let (_, view, fingers) = scene()
        try fingers.down(at: Point(x: 300, y: 300))
        try fingers.down(2, at: Point(x: 300, y: 400))
        try fingers.pinch(center: Point(x: 100, y: 100), from: 50, to: 100)
        #expect(view.lines.filter { $0.contains("began") }.map { $0.split(separator: " ")[2] } == ["0", "2", "1", "3"])
        #expect(fingers.isDown(0) && fingers.isDown(2) && !fingers.isDown(1) && !fingers.isDown(3))
    }

    @Test("When the window refuses a finger part way, the gesture's other fingers are cancelled and the error thrown")
    func tooManyFingers() throws {
        let (window, view, fingers) = scene()
        for finger in 0..<(GestureConstants.maximumTouchesDown - 1) {
            try fingers.down(finger, at: Point(x: Double(finger), y: 700))
        }
        do {
            try fingers.pinch(center: Point(x: 100, y: 100), from: 50, to: 100)
            Issue.record("a 33rd finger was accepted")
        } catch {
            guard case .rejected(_, .tooManyTouches) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(window.activeTouchCount == GestureConstants.maximumTouchesDown - 1)
        // Finger 31 went down (the 32nd), finger 32 was refused: 31 is cancelled.
        #expect(view.lines.suffix(2) == ["0.0 began 31 75.0,100.0", "0.0 cancelled 31 75.0,100.0"])
    }

    @Test("A finger the app cancels mid-drag is not an error: the helper carries on with time")
    func appCancelsTheFinger() throws {
        let (window, view, fingers) = scene()
        let pan = PanGestureRecognizer()
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        var cancelled = false
        pan.addAction { [weak window] recognizer in
            if recognizer.state == .began && !cancelled {
                cancelled = true
                window?.cancelAllTouches()
            }
        }
        try fingers.drag(from: Point(x: 10, y: 10), to: Point(x: 200, y: 10), duration: 0.5)
        #expect(cancelled)
        #expect(view.lines.last?.contains("cancelled 0") == true)
        #expect(fingers.now == 1.0)
        #expect(window.activeTouchCount == 0)
    }

    @Test("touchType is stamped on every sample")
    func touchType() throws {
        let (window, _, fingers) = scene()
        fingers.touchType = .pencil
        try fingers.down(at: Point(x: 5, y: 5))
        #expect(window.touch(withID: 0)?.type == .pencil)
    }
}

@Suite("TouchDriver from inside a callback (G10)")
@MainActor
struct TouchDriverReentrancyTests {
    @Test("A tap sent from a button's action is queued whole, dispatched after, and leaves no finger down")
    func tapFromAnAction() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let first = Button(title: "First", frame: Rect(x: 0, y: 0, width: 100, height: 44))
        let second = Button(title: "Second", frame: Rect(x: 200, y: 0, width: 100, height: 44))
        window.addSubview(first)
        window.addSubview(second)
        let fingers = TouchDriver(window)
        let events = ControlEventRecorder()
        events.watch(first)
        events.watch(second, events: [.touchDown, .touchUpInside])
        var thrown: TouchDriverError?
        // Weak: the driver holds the window, which holds the button and its action.
        first.addAction { [weak fingers] _ in
            do throws(TouchDriverError) { try fingers?.tap(at: Point(x: 250, y: 22)) } catch { thrown = error }
        }
        try fingers.tap(at: Point(x: 50, y: 22))
        #expect(thrown == nil)
        #expect(events.events(of: "Second") == ["touchDown", "touchUpInside"])
        #expect(window.activeTouchCount == 0)
    }
}
