import Testing
import InteractionKitLinux
import InteractionKitTesting

// The DocC article's first test (TestingYourWidgets.md), as written.
@MainActor
@Test("A tap on Save sends touch up inside, then runs the action")
func tapOnSave() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let save = Button(title: "Save", frame: Rect(x: 100, y: 400, width: 120, height: 44))
    window.addSubview(save)
    let events = ControlEventRecorder()
    events.watch(save)                               // named by its title

    try TouchDriver(window).tap(at: Point(x: 160, y: 422))

    #expect(events.lines == [
        "0.000 Save touchDown",
        "0.050 Save touchUpInside",
        "0.050 Save primaryActionTriggered",
    ])
}

// The article's "Recording state changes" example, as written.
@MainActor
@Test("The article's long-press lines, as written")
func articleLongPress() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let longPress = LongPressGestureRecognizer()
    window.addGestureRecognizer(longPress)
    let fingers = TouchDriver(window)

    let states = GestureStateRecorder()
    states.watch(longPress, as: "long-press")
    try fingers.longPress(at: Point(x: 100, y: 100), duration: 0.6)
    #expect(states.lines == [
        "0.500 long-press possible→began",
        "0.600 long-press began→ended",
        "0.600 long-press ended→possible",
    ])
    #expect(states.transitions(of: "long-press") == ["possible→began", "began→ended"])
}
