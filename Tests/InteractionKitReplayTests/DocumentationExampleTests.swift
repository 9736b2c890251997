import Testing
import InteractionKitLinux

/// The recognizer of the DocC article "Writing your own recognizer", as
/// written there, so the article cannot drift from the API.
final class RestGestureRecognizer: GestureRecognizer {
    var restDuration = 1.0
    private var start: Point?
    private var timer: TimerToken?

    override var isContinuous: Bool { false }

    override func touchBegan(_ touch: Touch, with event: Event) {
        guard start == nil else {
            state = .failed            // one finger only
            return
        }
        start = touch.location
        timer = scheduleTimer(after: restDuration)
    }

    override func touchMoved(_ touch: Touch, with event: Event) {
        guard let start else { return }
        let dx = touch.location.x - start.x, dy = touch.location.y - start.y
        if dx * dx + dy * dy > 25 { state = .failed }
    }

    override func touchEnded(_ touch: Touch, with event: Event) {
        state = .failed                // lifted too early
    }

    override func timerFired(_ token: TimerToken) {
        state = .ended                 // recognized
    }

    override func reset() {
        super.reset()
        cancelTimer(timer)
        timer = nil
        start = nil
    }
}

@Suite("The documentation's own recognizer")
@MainActor
struct DocumentationExampleTests {
    private func scene() -> (Window, RestGestureRecognizer, () -> [String]) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let view = View(frame: window.bounds)
        window.addSubview(view)
        var log: [String] = []
        let rest = RestGestureRecognizer { recognizer in log.append("rested \(recognizer.state)") }
        view.addGestureRecognizer(rest)
        return (window, rest, { log })
    }

    @Test("A finger that rests a second is recognized once; the recognizer resets for the next")
    func rests() {
        let (window, rest, log) = scene()
        window.send(TouchInput(phase: .began, location: Point(x: 100, y: 100), timestamp: 0))
        window.send(TouchInput(phase: .moved, location: Point(x: 103, y: 102), timestamp: 0.5))
        window.advanceTime(to: 1)
        #expect(log() == ["rested ended"])
        window.send(TouchInput(phase: .ended, location: Point(x: 103, y: 102), timestamp: 1.2))
        #expect(rest.state == .possible)
    }

    @Test("Moving away or lifting early fails it, and its timer never fires")
    func fails() {
        let (window, rest, log) = scene()
        window.send(TouchInput(phase: .began, location: Point(x: 100, y: 100), timestamp: 0))
        window.send(TouchInput(phase: .moved, location: Point(x: 120, y: 100), timestamp: 0.2))
        #expect(rest.state == .failed)
        window.send(TouchInput(phase: .ended, location: Point(x: 120, y: 100), timestamp: 0.3))
        window.send(TouchInput(phase: .began, location: Point(x: 100, y: 100), timestamp: 0.4))
        window.send(TouchInput(phase: .ended, location: Point(x: 100, y: 100), timestamp: 0.6))
        window.advanceTime(to: 3)
        #expect(log().isEmpty)
        #expect(window.scheduler.pendingCount == 0)
    }
}

@Suite("The DocC article \"Text input\"")
@MainActor
struct TextInputArticleTests {
    @Test("Its example, as written there: the field begins editing, and a typed key prints its text")
    func example() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        window.makeKey()
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        let field = TextField(frame: Rect(x: 20, y: 100, width: 300, height: 44))
        field.placeholder = "Search"
        field.accessibilityLabel = "Search"
        field.addAction(for: .editingChanged) { field in print((field as? TextField)?.text ?? "") }
        window.addSubview(field)
        _ = field.becomeFirstResponder()     // editing begins: isEditing, the delegate, editingDidBegin

        #expect(field.isEditing)
        let key = try #require(Key(typing: "c"))
        window.send(KeyInput(key: key, phase: .began, timestamp: 0))
        window.send(KeyInput(key: key, phase: .ended, timestamp: 0))
        #expect(printed == ["c"])
    }
}
