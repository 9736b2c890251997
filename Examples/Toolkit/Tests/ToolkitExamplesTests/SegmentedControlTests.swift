import Testing
import InteractionKitLinux
import InteractionKitTesting
import ToolkitExamples

/// Day | Week | Month, 300 × 40 at (20, 100): the segments' centres are at x 70, 170, 270, y 120.
@MainActor
private struct SegmentScene {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let control = SegmentedControl(titles: ["Day", "Week", "Month"], frame: Rect(x: 20, y: 100, width: 300, height: 40))
    let fingers: TouchDriver
    let events = ControlEventRecorder()

    init(size: ContentSizeCategory = .large) {
        window.preferredContentSizeCategory = size
        window.addSubview(control)
        fingers = TouchDriver(window)
        events.watch(control, as: "range", events: [.touchDown, .touchUpInside, .touchUpOutside, .touchCancel, .valueChanged])
    }

    func center(_ index: Int) -> Point { Point(x: 70 + 100 * Double(index), y: 120) }
}

@Suite("Example: a segmented control on the public API")
@MainActor
struct SegmentedControlTests {
    @Test("A tap selects the segment and sends valueChanged; tapping the selected one sends none")
    func tap() throws {
        let scene = SegmentScene()
        #expect(scene.control.selectedSegmentIndex == nil)
        try scene.fingers.tap(at: scene.center(1))
        #expect(scene.control.selectedSegmentIndex == 1)
        try scene.fingers.tap(at: scene.center(1))
        #expect(scene.events.lines == [
            // The selection changes as tracking ends, before the control sends its touch-up.
            "0.000 range touchDown", "0.050 range valueChanged", "0.050 range touchUpInside",
            "0.550 range touchDown", "0.600 range touchUpInside",
        ])
    }

    @Test("The lift decides: down on Day, slide to Month, lift selects Month; the highlight follows the finger")
    func slide() throws {
        let scene = SegmentScene()
        try scene.fingers.down(at: scene.center(0))
        #expect(scene.control.highlightedSegmentIndex == 0)
        try scene.fingers.wait(0.1)
        try scene.fingers.move(to: scene.center(2))
        #expect(scene.control.highlightedSegmentIndex == 2)
        try scene.fingers.wait(0.1)
        try scene.fingers.move(to: Point(x: 270, y: 400))
        #expect(scene.control.highlightedSegmentIndex == nil)
        try scene.fingers.move(to: Point(x: 270, y: 150))
        try scene.fingers.up()
        #expect(scene.control.selectedSegmentIndex == 2)
        #expect(scene.control.highlightedSegmentIndex == nil)
    }

    @Test("A lift beyond the margin selects nothing")
    func liftOutside() throws {
        let scene = SegmentScene()
        try scene.fingers.drag(from: scene.center(0), to: Point(x: 70, y: 400))
        #expect(scene.control.selectedSegmentIndex == nil)
        #expect(scene.events.events(of: "range") == ["touchDown", "touchUpOutside"])
    }

    @Test("A disabled segment is never selected, by a tap, in code, or by the viewer")
    func disabledSegment() throws {
        let scene = SegmentScene(size: .accessibilityLarge)
        scene.control.setEnabled(false, forSegmentAt: 2)
        try scene.fingers.tap(at: scene.center(2))
        scene.control.selectedSegmentIndex = 2
        try scene.fingers.longPress(at: scene.center(2))
        #expect(scene.control.selectedSegmentIndex == nil)
        #expect(scene.window.largeContentViewerPresentation == nil)
        #expect(!scene.events.events(of: "range").contains("valueChanged"))
    }

    @Test("Under right-to-left layout the first segment is on the right")
    func rightToLeft() throws {
        let scene = SegmentScene()
        scene.window.semanticLayoutDirection = .rightToLeft
        try scene.fingers.tap(at: scene.center(0))
        #expect(scene.control.selectedSegmentIndex == 2)
        #expect(scene.control.frame(forSegmentAt: 0) == Rect(x: 200, y: 0, width: 100, height: 40))
    }

    @Test("At an accessibility size: hold Day, slide to Month; the HUD follows, the lift selects Month once")
    func largeContentViewer() throws {
        let scene = SegmentScene(size: .accessibilityLarge)
        var hud: [String] = []
        scene.window.addLargeContentViewerObserver { presentation in hud.append(presentation?.title ?? "hidden") }
        try scene.fingers.drag(from: scene.center(0), to: scene.center(2), duration: 0.3, pressDuration: 0.3)
        #expect(hud == ["Day", "Week", "Month", "hidden"])
        #expect(scene.control.selectedSegmentIndex == 2)
        // The viewer took the touch over (touchCancel), and its lift selected, once.
        #expect(scene.events.events(of: "range") == ["touchDown", "touchCancel", "valueChanged"])
    }

    @Test("For assistive technologies: an element a segment, labelled, valued, selected, activatable")
    func accessibility() throws {
        let scene = SegmentScene()
        let control = scene.control
        #expect(!control.isAccessibilityElement)
        let elements = try #require(control.accessibilityElements as? [SegmentAccessibilityElement])
        #expect(elements.map(\.accessibilityLabel) == ["Day", "Week", "Month"])
        #expect(elements.map(\.accessibilityValue) == ["1 of 3", "2 of 3", "3 of 3"])
        #expect(elements.allSatisfy { $0.accessibilityTraits == .button })
        #expect(elements[1].accessibilityFrame == Rect(x: 120, y: 100, width: 100, height: 40))
        #expect(elements[1].accessibilityActivate())
        #expect(control.selectedSegmentIndex == 1)
        #expect(elements[1].accessibilityTraits == [.button, .selected])
        control.setEnabled(false, forSegmentAt: 0)
        #expect(elements[0].accessibilityTraits == [.button, .notEnabled])
        #expect(!elements[0].accessibilityActivate())
        #expect(scene.events.events(of: "range") == ["valueChanged"])
    }
}
