import Testing
import InteractionKitCore
import InteractionKitTestSupport

/// A view that asks the event, on each of its touch calls, which touches are its own.
private final class AskingView: View {
    var answers: [Set<Int>] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        answers.append(Set((event?.touches(for: self) ?? []).map(\.id)))
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        answers.append(Set((event?.touches(for: self) ?? []).map(\.id)))
    }
}

/// A recognizer that asks the event which touches are delivered to it, on each touch call.
private final class AskingRecognizer: GestureRecognizer {
    var answers: [Set<Int>] = []
    override func touchBegan(_ touch: Touch, with event: Event) { answers.append(Set(event.touches(for: self).map(\.id))) }
    override func touchMoved(_ touch: Touch, with event: Event) { answers.append(Set(event.touches(for: self).map(\.id))) }
    override func touchEnded(_ touch: Touch, with event: Event) { answers.append(Set(event.touches(for: self).map(\.id))) }
}

/// A recognizer that runs `probe` with the event on each touch call.
private final class ProbeRecognizer: GestureRecognizer {
    var probe: (Event) -> Void = { _ in }
    override func touchBegan(_ touch: Touch, with event: Event) { probe(event) }
    override func touchEnded(_ touch: Touch, with event: Event) { probe(event) }
}

@Suite("Event.touches(for:) and Touch.startLocation(in:) (§15)")
@MainActor
struct EventTouchesTests {
    @Test("touches(for: view) holds the fingers hit-tested to that view, not those of its subviews or siblings")
    func touchesForView() {
        let window = Window.phone()
        let left = AskingView(frame: Rect(x: 0, y: 0, width: 100, height: 400))
        let right = AskingView(frame: Rect(x: 100, y: 0, width: 100, height: 400))
        let inner = AskingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        left.isMultipleTouchEnabled = true
        window.addSubview(left)
        window.addSubview(right)
        right.addSubview(inner)
        window.down(10, 300, at: 0, id: 1)
        window.down(150, 300, at: 0.01, id: 2)
        window.down(110, 10, at: 0.02, id: 3)
        window.down(20, 300, at: 0.03, id: 4)
        // A finger that moves onto another view stays its first view's.
        window.move(150, 310, at: 0.04, id: 1)
        #expect(left.answers == [[1], [1, 4], [1, 4]])
        #expect(right.answers == [[2]])
        #expect(inner.answers == [[3]])
        for id in 1...4 { window.up(0, 0, at: 0.1, id: id) }
    }

    @Test("A finger a view does not hear (it takes one finger at a time) still belongs to it")
    func unheardFingerBelongs() {
        let window = Window.phone()
        let view = AskingView(frame: Rect(x: 0, y: 0, width: 100, height: 400))
        window.addSubview(view)
        window.down(10, 10, at: 0, id: 1)
        window.down(20, 20, at: 0.01, id: 2)
        window.move(15, 15, at: 0.02, id: 1)
        #expect(view.answers == [[1], [1, 2]])
        window.up(15, 15, at: 0.03, id: 1)
        window.up(20, 20, at: 0.04, id: 2)
    }

    @Test("touches(for: view) is empty for a view no finger went down on, and for a lifted finger's view")
    func touchesForViewEmpty() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let other = View(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        window.addSubview(view)
        window.addSubview(other)
        let probe = ProbeRecognizer()
        window.addGestureRecognizer(probe)
        var answers: [(mine: Int, other: Int)] = []
        probe.probe = { event in answers.append((event.touches(for: view).count, event.touches(for: other).count)) }
        window.down(10, 10, at: 0, id: 1)
        window.up(10, 10, at: 0.1, id: 1)
        // The next touch-down, on the window itself: the lifted finger is no longer in the event.
        window.down(150, 300, at: 1, id: 2)
        #expect(answers.map(\.mine) == [1, 1, 0])
        #expect(answers.map(\.other) == [0, 0, 0])
        window.up(150, 300, at: 1.1, id: 2)
    }

    @Test("touches(for: recognizer) holds the fingers delivered to it: an ancestor's recognizer gets its subviews' touches")
    func touchesForRecognizer() {
        let window = Window.phone()
        let outer = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(inner)
        let outerRecognizer = AskingRecognizer()
        let innerRecognizer = AskingRecognizer()
        outer.addGestureRecognizer(outerRecognizer)
        inner.addGestureRecognizer(innerRecognizer)
        window.down(10, 10, at: 0, id: 1)
        window.down(200, 200, at: 0.01, id: 2)
        window.move(20, 20, at: 0.02, id: 1)
        window.up(20, 20, at: 0.03, id: 1)
        #expect(innerRecognizer.answers == [[1], [1], [1]])
        #expect(outerRecognizer.answers == [[1], [1, 2], [1, 2], [1, 2]])
        window.up(200, 200, at: 0.04, id: 2)
        #expect(outerRecognizer.answers.last == [2])
    }

    @Test("A touch a recognizer ignored, or one of a kind it does not allow, is not delivered to it")
    func touchesForRecognizerLeavesOut() {
        let window = Window.phone()
        let recognizer = AskingRecognizer()
        recognizer.allowedTouchTypes = [.direct]
        window.addGestureRecognizer(recognizer)
        window.down(10, 10, at: 0, id: 1)
        window.send(TouchInput(id: 2, phase: .began, location: Point(x: 50, y: 50), timestamp: 0.01, type: .pencil))
        window.down(90, 90, at: 0.02, id: 3)
        #expect(recognizer.answers == [[1], [1, 3]])
        recognizer.ignore(window.touch(withID: 1)!)
        window.move(95, 95, at: 0.03, id: 3)
        #expect(recognizer.answers.last == [3])
    }

    @Test("startLocation(in:) is where the finger went down, in the view's coordinates")
    func startLocation() {
        let window = Window.phone()
        let view = View(frame: Rect(x: 40, y: 60, width: 200, height: 200))
        window.addSubview(view)
        window.down(50, 80, at: 0)
        window.move(120, 150, at: 0.1)
        let touch = window.touch(withID: 0)!
        #expect(touch.startLocation(in: nil) == Point(x: 50, y: 80))
        #expect(touch.startLocation(in: view) == Point(x: 10, y: 20))
        #expect(touch.location(in: view) == Point(x: 80, y: 90))
        view.frame.origin = Point(x: 0, y: 0)
        #expect(touch.startLocation(in: view) == Point(x: 50, y: 80))
        window.up(120, 150, at: 0.2)
    }
}
