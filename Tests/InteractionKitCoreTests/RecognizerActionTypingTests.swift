import Testing
import InteractionKitCore
import InteractionKitTestSupport

/// A recognizer of a toolkit's own, outside the engine: its actions get it as its own class.
private final class FlickRecognizer: PanGestureRecognizer {
    var flicks = 0
}

/// A direct subclass of the base class with a designated initializer of its own.
private final class KnockRecognizer: GestureRecognizer {
    let knocks: Int
    init(knocks: Int) {
        self.knocks = knocks
        super.init()
    }
}

@Suite("Recognizer actions get the recognizer's own type, no downcast (§15)")
@MainActor
struct RecognizerActionTypingTests {
    /// A drag of 60 points down, starting at `start`.
    private func drag(_ window: Window, at start: Double = 0) {
        window.down(10, 10, at: start)
        window.move(10, 40, at: start + 0.05)
        window.move(10, 70, at: start + 0.1)
        window.up(10, 70, at: start + 0.15)
    }

    @Test("init(action:) hands a pan's action a PanGestureRecognizer")
    func initializer() {
        let window = Window.phone()
        var translations: [Point] = []
        var same = true
        weak var pan: PanGestureRecognizer?
        let strongPan = PanGestureRecognizer { recognizer in
            // Compiles only because `recognizer` is a `PanGestureRecognizer`.
            let typed: PanGestureRecognizer = recognizer
            same = same && typed === pan
            translations.append(recognizer.translation(in: nil))
        }
        pan = strongPan
        window.addGestureRecognizer(strongPan)
        drag(window)
        #expect(same)
        #expect(translations.last == Point(x: 0, y: 60))
        #expect(translations.count == 3)
    }

    @Test("addAction hands each recognizer family its own type, annotated or not")
    func addAction() {
        let window = Window.phone()
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let tap = TapGestureRecognizer()
        var scales: [Double] = [], angles: [Double] = [], taps: [Int] = []
        pinch.addAction { pinch in scales.append(pinch.scale) }
        rotation.addAction { (rotation: RotationGestureRecognizer) in angles.append(rotation.rotation) }
        tap.addAction { tap in taps.append(tap.numberOfTapsRequired) }
        for recognizer in [tap, pinch, rotation] as [GestureRecognizer] { window.addGestureRecognizer(recognizer) }
        window.tap(10, 10, at: 0)
        #expect(taps == [1])
        // Two fingers spread: a pinch (began, ended).
        window.down(100, 300, at: 1, id: 1)
        window.down(200, 300, at: 1.01, id: 2)
        window.move(220, 300, at: 1.02, id: 2)
        window.up(100, 300, at: 1.03, id: 1)
        window.up(220, 300, at: 1.04, id: 2)
        #expect(scales.count == 2 && abs(scales[0] - 1.2) < 1e-9)
        #expect(angles.isEmpty)
        // One finger turns about the other at the same distance: a rotation (began, ended).
        window.down(100, 300, at: 2, id: 1)
        window.down(200, 300, at: 2.01, id: 2)
        window.move(160, 380, at: 2.02, id: 2)
        window.up(100, 300, at: 2.03, id: 1)
        window.up(160, 380, at: 2.04, id: 2)
        // atan2(80, 60) = 0.927 radians.
        #expect(angles.count == 2 && angles[0] > 0.92 && angles[0] < 0.93)
        #expect(scales.count == 2)
    }

    @Test("A toolkit's own subclass gets its own type too, from either form")
    func thirdParty() {
        let window = Window.phone()
        let flick = FlickRecognizer { flick in flick.flicks += 1 }
        var seen: [Int] = []
        flick.addAction { flick in seen.append(flick.flicks) }
        window.addGestureRecognizer(flick)
        drag(window)
        #expect(flick.flicks == 3)
        #expect(seen == [1, 2, 3])
        let knock = KnockRecognizer(knocks: 3)
        var heard: [Int] = []
        knock.addAction { knock in heard.append(knock.knocks) }
        window.addGestureRecognizer(knock)
        window.down(10, 10, at: 1)
        knock.state = .began
        window.up(10, 10, at: 1.1)
        // Began, then cancelled: it never ended its gesture before the finger lifted.
        #expect(heard == [3, 3])
        #expect(knock.state == .possible)
    }

    @Test("Added through a GestureRecognizer value, or as a function of the base class, an action still works")
    func throughTheBaseClass() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        let base: GestureRecognizer = pan
        var states: [GestureRecognizer.State] = []
        base.addAction { recognizer in states.append(recognizer.state) }
        let log: @MainActor (GestureRecognizer) -> Void = { recognizer in states.append(recognizer.state) }
        let token = pan.addAction(log)
        window.addGestureRecognizer(pan)
        drag(window)
        #expect(states == [.began, .began, .changed, .changed, .ended, .ended])
        pan.removeAction(token)
        states.removeAll()
        drag(window, at: 1)
        #expect(states == [.began, .changed, .ended])
    }
}
