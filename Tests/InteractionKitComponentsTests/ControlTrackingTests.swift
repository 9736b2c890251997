import Testing
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Controls track touches like UIControl (C1–C6)")
@MainActor
struct ControlTrackingTests {
    @Test("C1: a touch down tracks and highlights; C3: lifting inside sends touchUpInside, then the primary action")
    func tap() {
        let scene = ButtonScene()
        var primary = 0
        scene.button.addAction { _ in primary += 1 }
        scene.window.down(150, 120, at: 0)
        #expect(scene.button.isTracking && scene.button.isHighlighted && scene.button.isTouchInside)
        scene.window.up(150, 120, at: 0.1)
        #expect(scene.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(primary == 1)
        #expect(!scene.button.isTracking && !scene.button.isHighlighted)
    }

    @Test("C2: within the 70-point margin is inside; dragging out and back sends exit and enter, and the highlight follows")
    func dragOutAndBack() {
        let scene = ButtonScene()
        scene.window.down(150, 120, at: 0)
        scene.window.move(150, 200, at: 0.1)   // 56 points below the bottom: still inside
        #expect(scene.button.isHighlighted)
        scene.window.move(150, 230, at: 0.2)   // 86 points below: outside
        #expect(!scene.button.isHighlighted && !scene.button.isTouchInside)
        scene.window.move(150, 130, at: 0.3)   // back inside
        #expect(scene.button.isHighlighted)
        scene.window.up(150, 130, at: 0.4)
        #expect(scene.events == [
            "touchDown", "touchDragInside", "touchDragExit", "touchDragOutside",
            "touchDragEnter", "touchDragInside", "touchUpInside", "primaryActionTriggered",
        ])
    }

    @Test("A 21-point drag inside the button still taps it (the old 10-point tap did not)")
    func smallDrag() {
        let scene = ButtonScene()
        scene.window.down(110, 120, at: 0)
        scene.window.move(131, 120, at: 0.1)
        scene.window.up(131, 120, at: 0.2)
        #expect(scene.events.contains("primaryActionTriggered"))
    }

    @Test("C3: lifting outside sends touchUpOutside and no primary action")
    func liftOutside() {
        let scene = ButtonScene()
        scene.window.down(150, 120, at: 0)
        scene.window.move(150, 300, at: 0.1)
        scene.window.up(150, 300, at: 0.2)
        #expect(scene.events.suffix(1) == ["touchUpOutside"])
        #expect(!scene.events.contains("primaryActionTriggered"))
    }

    @Test("C4: a cancelled touch sends touchCancel and nothing else")
    func cancel() {
        let scene = ButtonScene()
        scene.window.down(150, 120, at: 0)
        scene.window.cancel(150, 120, at: 0.1)
        #expect(scene.events == ["touchDown", "touchCancel"])
        #expect(!scene.button.isTracking && !scene.button.isHighlighted)
    }

    @Test("C1: a quick second tap sends touchDownRepeat too")
    func downRepeat() {
        let scene = ButtonScene()
        scene.window.tap(150, 120, at: 0)
        scene.window.down(150, 120, at: 0.2)
        #expect(scene.events.suffix(2) == ["touchDown", "touchDownRepeat"])
    }

    @Test("C5: a disabled control takes no touches and sends nothing")
    func disabled() {
        let scene = ButtonScene()
        scene.button.isEnabled = false
        scene.window.tap(150, 120, at: 0)
        #expect(scene.events.isEmpty)
        #expect(scene.window.hitTest(Point(x: 150, y: 120), with: nil) === scene.window)
    }

    @Test("C6: an ancestor's single tap does not take the button's tap; a double tap on the ancestor still works")
    func ancestorTap() {
        let scene = ButtonScene()
        let single = TapGestureRecognizer()
        var singles = 0
        single.addAction { _ in singles += 1 }
        scene.window.addGestureRecognizer(single)
        scene.window.tap(150, 120, at: 0)
        #expect(scene.events.contains("primaryActionTriggered"))
        #expect(singles == 0)
        scene.window.tap(10, 600, at: 2)  // elsewhere, the window's tap works
        #expect(singles == 1)
    }

    @Test("A removed handler is not called; sendActions calls the handlers for its events")
    func handlers() {
        let scene = ButtonScene()
        var calls = 0
        let token = scene.button.addAction(for: .valueChanged) { _ in calls += 1 }
        scene.button.sendActions(for: .valueChanged)
        scene.button.removeAction(token)
        scene.button.sendActions(for: .valueChanged)
        #expect(calls == 1)
    }

    @Test("The tracking hooks are called: beginTracking can refuse, endTracking hears the lift")
    func hooks() {
        final class Refusing: Control {
            var ends = 0
            override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { touch.tapCount > 1 }
            override func endTracking(_ touch: Touch?, with event: Event?) { ends += 1 }
        }
        let window = Window.phone()
        let control = Refusing(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(control)
        window.down(10, 10, at: 0)
        #expect(!control.isTracking)
        window.up(10, 10, at: 0.05)
        window.down(10, 10, at: 0.1)
        #expect(control.isTracking)
        window.up(10, 10, at: 0.15)
        #expect(control.ends == 1)
    }
}
