import Testing
import InteractionKitLinux
import InteractionKitTesting
import ToolkitExamples

/// A 300-point volume slider at (20, 200), 0…100, at 50: its thumb's centre is at (170, 222).
@MainActor
private struct SliderScene {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let slider = Slider(title: "Volume", frame: Rect(x: 20, y: 200, width: 300, height: 44), maximumValue: 100, value: 50)
    let fingers: TouchDriver
    let events = ControlEventRecorder()

    init(size: ContentSizeCategory = .large) {
        window.preferredContentSizeCategory = size
        window.addSubview(slider)
        fingers = TouchDriver(window)
        events.watch(slider, events: [.touchDown, .valueChanged, .touchUpInside, .touchUpOutside, .touchCancel])
    }

    var thumb: Point { slider.convert(slider.thumbFrame, to: nil).center }
}

@Suite("Example: a slider on the public API")
@MainActor
struct SliderTests {
    @Test("Dragging the thumb moves the value with the finger, clamped at the end, one valueChanged a change")
    func dragThumb() throws {
        let scene = SliderScene()
        #expect(scene.thumb == Point(x: 170, y: 222))
        try scene.fingers.drag(from: scene.thumb, to: Point(x: 330, y: 222), duration: 0.1)
        #expect(scene.slider.value == 100)
        // 12 samples 13⅓ points apart: the 11th passes the end (136 points away), the 12th changes nothing.
        #expect(scene.events.events(of: "Volume") ==
            ["touchDown"] + Array(repeating: "valueChanged", count: 11) + ["touchUpInside"])
    }

    @Test("The thumb follows the finger from where it was grabbed, not from its centre")
    func grabOffset() throws {
        let scene = SliderScene()
        try scene.fingers.drag(from: Point(x: 180, y: 222), to: Point(x: 180 - 68, y: 222), duration: 0.1)
        #expect(scene.slider.value == 25)
    }

    @Test("A touch on the track away from the thumb does nothing")
    func trackTap() throws {
        let scene = SliderScene()
        try scene.fingers.tap(at: Point(x: 40, y: 222))
        try scene.fingers.drag(from: Point(x: 40, y: 222), to: Point(x: 300, y: 222))
        #expect(scene.slider.value == 50)
        #expect(scene.events.records.isEmpty)
    }

    @Test("A slider that is not continuous sends one valueChanged, on the lift")
    func notContinuous() throws {
        let scene = SliderScene()
        scene.slider.isContinuous = false
        try scene.fingers.drag(from: scene.thumb, to: Point(x: 34, y: 222), duration: 0.2)
        #expect(scene.slider.value == 0)
        #expect(scene.events.lines == ["0.000 Volume touchDown", "0.200 Volume valueChanged", "0.200 Volume touchUpInside"])
    }

    @Test("Under right-to-left layout the minimum is on the right")
    func rightToLeft() throws {
        let scene = SliderScene()
        scene.window.semanticLayoutDirection = .rightToLeft
        scene.slider.value = 0
        #expect(scene.thumb == Point(x: 306, y: 222))
        try scene.fingers.drag(from: scene.thumb, to: Point(x: 170, y: 222), duration: 0.1)
        #expect(scene.slider.value == 50)
    }

    @Test("Setting the value sends nothing, clamps it and ignores NaN")
    func settingTheValue() {
        let scene = SliderScene()
        scene.slider.value = 140
        #expect(scene.slider.value == 100)
        scene.slider.value = .nan
        #expect(scene.slider.value == 100)
        scene.slider.value = -3
        #expect(scene.slider.value == 0)
        #expect(scene.events.records.isEmpty)
        #expect(Slider(title: "Reversed", minimumValue: 10, maximumValue: 0, value: 5).fraction == 0.5)
    }

    @Test("For assistive technologies: labelled, valued as a percentage, adjustable, stepped by a tenth")
    func accessibility() {
        let scene = SliderScene()
        let slider = scene.slider
        #expect(slider.isAccessibilityElement)
        #expect(slider.accessibilityLabel == "Volume")
        #expect(slider.accessibilityValue == "50%")
        #expect(slider.accessibilityTraits.contains(.adjustable))
        #expect(slider.accessibilityNumericValue == AccessibilityNumericValue(current: 50, minimum: 0, maximum: 100, step: 10))
        slider.accessibilityIncrement()
        #expect(slider.accessibilityValue == "60%")
        #expect(slider.accessibilityNumericValue?.current == 60)
        for _ in 0..<10 { slider.accessibilityIncrement() }
        #expect(slider.value == 100)
        slider.accessibilityDecrement()
        #expect(slider.accessibilityValue == "90%")
        // Each step that changed the value sent valueChanged; the clamped ones did not.
        #expect(scene.events.events(of: "Volume") == Array(repeating: "valueChanged", count: 6))
        // A screen reader sets a number through AT-SPI's Value: clamped, and NaN refused.
        #expect(slider.accessibilitySetNumericValue(25))
        #expect(slider.accessibilityNumericValue?.current == 25)
        #expect(slider.accessibilitySetNumericValue(250) && slider.value == 100)
        #expect(!slider.accessibilitySetNumericValue(.nan) && slider.value == 100)
        slider.title = "Loudness"
        #expect(slider.accessibilityLabel == "Loudness")
        #expect(slider.largeContentTitle == "Loudness: 100%")
    }

    @Test("Focused by Tab, the arrow keys step it through the engine's adjustable API: right and up increment, left and down decrement")
    func arrowKeys() throws {
        let scene = SliderScene()
        scene.window.makeKey()
        #expect(scene.window.focusedItem === scene.slider)
        let keys = TouchDriver(scene.window)
        try keys.press("right")
        try keys.press("up")
        #expect(scene.slider.value == 70)
        try keys.press("left")
        try keys.press("down")
        try keys.press("down")
        #expect(scene.slider.value == 40)
        #expect(scene.events.events(of: "Volume") == Array(repeating: "valueChanged", count: 5))
        // Return activates a control's primary action: a slider has none, and its value stays.
        try keys.press("return")
        #expect(scene.slider.value == 40)
    }

    @Test("At an accessibility size, holding the thumb shows the value large; the HUD follows the drag; the lift hides it")
    func largeContentViewer() throws {
        let scene = SliderScene(size: .accessibilityLarge)
        var hud: [String] = []
        scene.window.addLargeContentViewerObserver { presentation in hud.append(presentation?.title ?? "hidden") }
        try scene.fingers.drag(from: scene.thumb, to: Point(x: 170 + 68, y: 222), duration: 0.1, pressDuration: 0.3)
        #expect(hud.first == "Volume: 50%")
        #expect(hud.suffix(2) == ["Volume: 75%", "hidden"])
        #expect(hud.count == 14)   // 50%, then a title for each of the 12 samples, then hidden
        #expect(scene.slider.value == 75)
        // The drag went on under the HUD, and the viewer's lift added nothing.
        #expect(scene.events.events(of: "Volume").filter { $0 != "valueChanged" } == ["touchDown", "touchUpInside"])
    }

    @Test("At the standard size there is no HUD")
    func standardSize() throws {
        let scene = SliderScene()
        var shown = 0
        scene.window.addLargeContentViewerObserver { _ in shown += 1 }
        try scene.fingers.longPress(at: scene.thumb)
        #expect(shown == 0)
    }
}
