import Testing
import InteractionKitLinux
import InteractionKitTesting

@Suite("Recorders: control events and recognizer states as lines")
@MainActor
struct RecorderTests {
    private func buttonScene() -> (Window, Button, TouchDriver, ControlEventRecorder) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let button = Button(title: "Save", frame: Rect(x: 100, y: 400, width: 120, height: 44))
        window.addSubview(button)
        let events = ControlEventRecorder()
        events.watch(button)
        return (window, button, TouchDriver(window), events)
    }

    @Test("A tap on a button: touch down, touch up inside, primary action, named by the title")
    func tapOnButton() throws {
        let (_, _, fingers, events) = buttonScene()
        try fingers.tap(at: Point(x: 160, y: 422))
        #expect(events.lines == [
            "0.000 Save touchDown",
            "0.050 Save touchUpInside",
            "0.050 Save primaryActionTriggered",
        ])
    }

    @Test("A double tap sends touchDownRepeat with the second touch-down")
    func doubleTapOnButton() throws {
        let (_, _, fingers, events) = buttonScene()
        try fingers.doubleTap(at: Point(x: 160, y: 422))
        #expect(events.events(of: "Save") == [
            "touchDown", "touchUpInside", "primaryActionTriggered",
            "touchDown", "touchDownRepeat", "touchUpInside", "primaryActionTriggered",
        ])
    }

    @Test("A drag out of the button and beyond the margin: drag inside, exit, outside, touch up outside")
    func dragOut() throws {
        let (_, button, fingers, events) = buttonScene()
        try fingers.drag(from: Point(x: 160, y: 422), to: Point(x: 160, y: 600), duration: 0.1)
        #expect(events.events.first == "Save touchDown")
        #expect(events.events.contains("Save touchDragExit"))
        #expect(events.events.last == "Save touchUpOutside")
        #expect(!events.events.contains("Save primaryActionTriggered"))
        #expect(!button.isHighlighted)
    }

    @Test("Only the chosen events are recorded, under the chosen name; stopWatching removes the handler")
    func filterAndStop() throws {
        let (window, button, fingers, _) = buttonScene()
        let ups = ControlEventRecorder()
        ups.watch(button, as: "save-button", events: [.touchUpInside, .touchUpOutside])
        try fingers.tap(at: Point(x: 160, y: 422))
        #expect(ups.events == ["save-button touchUpInside"])
        ups.clear()
        #expect(ups.records.isEmpty)
        ups.stopWatching()
        try fingers.tap(at: Point(x: 160, y: 422))
        #expect(ups.records.isEmpty)
        _ = window
    }

    @Test("An event outside the named ones is written as its bit; a control in no window has no time")
    func customEvent() {
        let control = Control(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let events = ControlEventRecorder()
        events.watch(control, as: "knob")
        control.sendActions(for: ControlEvents(rawValue: 1 << 24))
        control.sendActions(for: .valueChanged)
        #expect(events.lines == ["- knob 0x1000000", "- knob valueChanged"])
    }

    @Test("The recorders do not keep what they watch alive")
    func weak() {
        weak var weakButton: Button?
        weak var weakRecognizer: GestureRecognizer?
        let events = ControlEventRecorder()
        let states = GestureStateRecorder()
        do {
            let button = Button(title: "Gone")
            let tap = TapGestureRecognizer()
            button.addGestureRecognizer(tap)
            events.watch(button)
            states.watch(tap)
            weakButton = button
            weakRecognizer = tap
        }
        #expect(weakButton == nil)
        #expect(weakRecognizer == nil)
        events.stopWatching()
    }

    @Test("State lines for several recognizers interleave in order; names default to the type")
    func stateLines() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        window.addGestureRecognizer(press)
        window.addGestureRecognizer(pan)
        let states = GestureStateRecorder()
        states.watch(press)
        states.watch(pan, as: "pan")
        try TouchDriver(window).drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 200), duration: 0.1)
        #expect(states.lines.prefix(2) == [
            "0.017 LongPressGestureRecognizer possible→failed",
            "0.017 pan possible→began",
        ])
        #expect(states.transitions(of: "pan").first == "possible→began")
        #expect(states.transitions(of: "pan").last == "changed→ended")
        #expect(states.transitions(of: "pan", includingResets: true).last == "ended→possible")
        #expect(states.states(of: "LongPressGestureRecognizer") == [.failed])
    }
}
