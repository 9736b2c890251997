import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

@Suite("Tap, long press and pan: fingers and taps")
@MainActor
struct RecognizerFingerCountTests {
    @Test("A two-finger tap ends on the last lift, wherever its fingers are")
    func twoFingerTap() {
        let window = Window.phone()
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        window.addGestureRecognizer(tap)
        let log = GestureStateRecorder()
        log.watch(tap, as: "tap")
        window.down(50, 400, at: 0, id: 1)
        window.down(300, 400, at: 0.02, id: 2)
        window.up(50, 400, at: 0.1, id: 1)
        #expect(tap.state == .possible)
        window.up(300, 400, at: 0.12, id: 2)
        #expect(log.lines == ["0.120 tap possible→ended", "0.120 tap ended→possible"])
    }

    @Test("Two-finger tap against a one-finger tap: each takes only its own number of fingers")
    func twoFingerVersusOne() {
        let window = Window.phone()
        let one = TapGestureRecognizer()
        let two = TapGestureRecognizer()
        two.numberOfTouchesRequired = 2
        window.addGestureRecognizer(one)
        window.addGestureRecognizer(two)
        let log = GestureStateRecorder()
        log.watch(one, as: "one")
        log.watch(two, as: "two")
        window.down(100, 400, at: 0, id: 1)
        window.down(200, 400, at: 0.01, id: 2)
        #expect(log.lines == ["0.010 one possible→failed"])
        window.up(100, 400, at: 0.1, id: 1)
        window.up(200, 400, at: 0.1, id: 2)
        #expect(log.transitions(of: "two", includingResets: true) == ["possible→ended", "ended→possible"])
        log.clear()
        window.tap(100, 400, at: 1)
        #expect(log.lines == ["1.050 one possible→ended", "1.050 two possible→failed", "1.050 one ended→possible", "1.050 two failed→possible"])
    }

    @Test("Long press, one tap then press: the press after the tap begins after minimumPressDuration")
    func tapThenPress() {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        window.addGestureRecognizer(press)
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        #expect(LongPressGestureRecognizer().numberOfTapsRequired == 0)
        window.tap(100, 100, at: 0)
        window.down(104, 100, at: 0.2)
        window.advanceTime(to: 0.69)
        #expect(press.state == .possible)
        window.advanceTime(to: 0.7)
        window.up(104, 100, at: 0.8)
        #expect(log.lines == ["0.700 press possible→began", "0.800 press began→ended", "0.800 press ended→possible"])
    }

    @Test("Long press after a tap fails: without the tap, held for the tap, late, or far from it")
    func tapThenPressFails() {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        window.addGestureRecognizer(press)
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        // No tap first: the held finger was the tap, held too long.
        window.down(100, 100, at: 0)
        window.advanceTime(to: 1)
        window.up(100, 100, at: 1)
        // The press comes too late.
        window.tap(100, 100, at: 2)
        window.down(100, 100, at: 2.5)
        window.up(100, 100, at: 3.5)
        // The press lands far from the tap.
        window.tap(100, 100, at: 4)
        window.down(200, 100, at: 4.1)
        window.up(200, 100, at: 5)
        #expect(log.lines == [
            "0.500 press possible→failed", "1.000 press failed→possible",
            "2.400 press possible→failed", "2.400 press failed→possible",
            // The late touch starts a new sequence: it is the tap, held too long.
            "3.000 press possible→failed", "3.500 press failed→possible",
            "4.100 press possible→failed", "5.000 press failed→possible",
        ])
    }

    @Test("A two-finger long press: both held begin it, wherever they are; one lifted fails it")
    func twoFingerPress() {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        window.addGestureRecognizer(press)
        let log = GestureStateRecorder()
        log.watch(press, as: "press")
        window.down(50, 400, at: 0, id: 1)
        window.advanceTime(to: 0.6)
        #expect(press.state == .possible)
        window.down(300, 400, at: 0.6, id: 2)
        window.advanceTime(to: 1.1)
        #expect(log.lines == ["1.100 press possible→began"])
        window.down(200, 200, at: 1.2, id: 3)
        #expect(press.numberOfTouches == 2)
        window.up(50, 400, at: 1.3, id: 1)
        window.up(300, 400, at: 1.3, id: 2)
        window.up(200, 200, at: 1.3, id: 3)
        log.clear()
        window.down(50, 400, at: 2, id: 1)
        window.down(300, 400, at: 2, id: 2)
        window.up(300, 400, at: 2.2, id: 2)
        #expect(log.lines == ["2.200 press possible→failed"])
    }

    @Test("A pan that needs two fingers does not begin with one, and measures from when the second came")
    func panMinimum() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        window.addGestureRecognizer(pan)
        let log = GestureStateRecorder()
        log.watch(pan, as: "pan")
        window.down(100, 100, at: 0, id: 1)
        window.move(200, 100, at: 0.1, id: 1)
        #expect(pan.state == .possible)
        window.down(200, 200, at: 0.2, id: 2)
        window.move(200, 110, at: 0.3, id: 1)
        #expect(pan.state == .possible)
        window.move(200, 210, at: 0.3, id: 2)
        #expect(log.lines == ["0.300 pan possible→began"])
        #expect(pan.translation(in: nil) == Point(x: 0, y: 10))
        window.move(200, 230, at: 0.4, id: 2)
        // One finger left of the two it needs: the pan ends.
        window.up(200, 110, at: 0.5, id: 1)
        #expect(log.transitions(of: "pan", includingResets: true) == ["possible→began", "began→changed", "changed→ended"])
        #expect(pan.translation(in: nil) == Point(x: 0, y: 20))
        window.up(200, 230, at: 0.6, id: 2)
        #expect(pan.state == .possible)
    }

    @Test("A pan with a maximum fails when too many fingers come first and ignores extra ones after it began")
    func panMaximum() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        window.addGestureRecognizer(pan)
        let log = GestureStateRecorder()
        log.watch(pan, as: "pan")
        window.down(100, 100, at: 0, id: 1)
        window.down(200, 100, at: 0, id: 2)
        #expect(log.lines == ["0.000 pan possible→failed"])
        window.up(100, 100, at: 0.1, id: 1)
        window.up(200, 100, at: 0.1, id: 2)
        log.clear()
        window.down(100, 100, at: 1, id: 1)
        window.move(130, 100, at: 1.1, id: 1)
        window.down(300, 300, at: 1.2, id: 2)
        window.move(300, 700, at: 1.3, id: 2)
        #expect(pan.numberOfTouches == 1)
        #expect(pan.translation(in: nil) == Point(x: 30, y: 0))
        window.up(300, 700, at: 1.4, id: 2)
        #expect(pan.state == .changed || pan.state == .began)
        window.up(130, 100, at: 1.5, id: 1)
        #expect(log.transitions(of: "pan", includingResets: true) == ["possible→began", "began→ended", "ended→possible"])
    }
}

@Suite("G9: too many fingers")
@MainActor
struct TooManyFingersTests {
    nonisolated static let discrete = ["tap", "long-press", "swipe"]

    private func recognizer(_ name: String, fingers: Int) -> GestureRecognizer {
        switch name {
        case "tap":
            let tap = TapGestureRecognizer()
            tap.numberOfTouchesRequired = fingers
            return tap
        case "long-press":
            let press = LongPressGestureRecognizer()
            press.numberOfTouchesRequired = fingers
            return press
        default:
            let swipe = SwipeGestureRecognizer()
            swipe.numberOfTouchesRequired = fingers
            return swipe
        }
    }

    @Test("A tap, long press or swipe that has not recognized fails when one finger too many is down",
          arguments: discrete, [1, 2, 3])
    func oneTooMany(name: String, fingers: Int) {
        let window = Window.phone()
        let target = recognizer(name, fingers: fingers)
        window.addGestureRecognizer(target)
        for id in 0..<fingers {
            window.down(50 + Double(id) * 60, 400, at: 0, id: id)
        }
        #expect(target.state == .possible)
        window.down(50, 600, at: 0.01, id: fingers)
        #expect(target.state == .failed)
    }

    /// A continuous recognizer, the fingers it begins with, and the moves that begin it.
    enum Continuous: Sendable, CaseIterable, CustomTestStringConvertible {
        case longPress, twoFingerPan, pinch

        var testDescription: String {
            switch self {
            case .longPress: "long press"
            case .twoFingerPan: "pan with at most two fingers"
            case .pinch: "pinch"
            }
        }

        @MainActor func recognizer() -> GestureRecognizer {
            switch self {
            case .longPress: LongPressGestureRecognizer()
            case .twoFingerPan: { let pan = PanGestureRecognizer(); pan.maximumNumberOfTouches = 2; return pan }()
            case .pinch: PinchGestureRecognizer()
            }
        }

        var moves: [(id: Int, x: Double, y: Double)] {
            switch self {
            case .longPress: []
            case .twoFingerPan: [(1, 300, 420), (2, 300, 520)]
            case .pinch: [(1, 350, 400)]
            }
        }
    }

    @Test("Once a continuous gesture has begun, extra fingers are ignored", arguments: Continuous.allCases)
    func continuousIgnore(_ kind: Continuous) {
        let recognizer = kind.recognizer()
        let window = Window.phone()
        window.addGestureRecognizer(recognizer)
        window.down(100, 400, at: 0, id: 1)
        if kind != .longPress { window.down(300, 500, at: 0, id: 2) }
        for (id, x, y) in kind.moves { window.move(x, y, at: 0.1, id: id) }
        window.advanceTime(to: 0.6)
        #expect(recognizer.state.isInProgress, "\(type(of: recognizer))")
        let count = recognizer.numberOfTouches
        window.down(200, 200, at: 0.7, id: 9)
        window.move(250, 250, at: 0.8, id: 9)
        #expect(recognizer.numberOfTouches == count)
        #expect(recognizer.state.isInProgress)
    }
}

@Suite("Every new recognizer stays on the shared table")
@MainActor
struct RecognizerFamilyLegalityTests {
    @Test("Random multi-finger input: every move is legal, every began ends once, all reset at the end",
          arguments: 0..<12)
    func random(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let window = Window.phone()
        let view = View(frame: window.bounds)
        window.addSubview(view)
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .all
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right, .up, .down]
        let twoTap = TapGestureRecognizer()
        twoTap.numberOfTouchesRequired = 2
        let tapPress = LongPressGestureRecognizer()
        tapPress.numberOfTapsRequired = 1
        let twoPan = PanGestureRecognizer()
        twoPan.minimumNumberOfTouches = 2
        let recognizers: [GestureRecognizer] = [
            PinchGestureRecognizer(), RotationGestureRecognizer(), swipe, edge, twoTap, tapPress, twoPan,
            HoverGestureRecognizer(), TapGestureRecognizer(), PanGestureRecognizer(),
        ]
        let delegate = ConfigurableDelegate()
        delegate.simultaneous = seed % 2 == 0
        var illegal: [String] = []
        var began: [ObjectIdentifier: Int] = [:]
        for recognizer in recognizers {
            recognizer.delegate = delegate
            view.addGestureRecognizer(recognizer)
            recognizer.addStateObserver { recognizer, from, to in
                let reset = from.isFinished && to == .possible
                if !reset && !GestureStateMachine.isLegal(from: from, to: to, continuous: recognizer.isContinuous) {
                    illegal.append("\(type(of: recognizer)) \(from)→\(to)")
                }
                if to == .began { began[ObjectIdentifier(recognizer), default: 0] += 1 }
                if from.isInProgress && (to == .ended || to == .cancelled) { began[ObjectIdentifier(recognizer), default: 0] -= 1 }
            }
        }
        var time = 0.0
        var down: Set<Int> = []
        for _ in 0..<400 {
            time += Double(random.next() % 60) / 1000
            let id = Int(random.next() % 4)
            let point = Point(x: Double(random.next() % 390), y: Double(random.next() % 844))
            switch random.next() % 6 {
            case 0 where !down.contains(id):
                window.send(TouchInput(id: id, phase: .began, location: point, timestamp: time))
                down.insert(id)
            case 1 where down.contains(id):
                window.send(TouchInput(id: id, phase: random.next() % 8 == 0 ? .cancelled : .ended, location: point, timestamp: time))
                down.remove(id)
            case 2:
                window.send(HoverInput(location: random.next() % 5 == 0 ? Point(x: .nan, y: 0) : point, timestamp: time))
            default:
                if down.contains(id) { window.send(TouchInput(id: id, phase: .moved, location: point, timestamp: time)) }
            }
        }
        for id in down { window.send(TouchInput(id: id, phase: .ended, location: .zero, timestamp: time)) }
        window.send(HoverInput(location: Point(x: .nan, y: .nan), timestamp: time))
        window.advanceTime(to: time + 5)
        #expect(illegal.isEmpty)
        #expect(began.values.allSatisfy { $0 == 0 })
        for recognizer in recognizers {
            #expect(recognizer.state == .possible, "\(type(of: recognizer))")
        }
    }
}
