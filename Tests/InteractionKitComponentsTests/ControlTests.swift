import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// Controls in hit testing.
@Suite("Controls")
@MainActor
struct ControlTests {
    @Test("A disabled control lets touches through, as in UIKit")
    func disabledControl() {
        let window = Window.phone()
        let button = Button(title: "OK", frame: Rect(x: 0, y: 0, width: 100, height: 44))
        window.addSubview(button)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === button)
        button.isEnabled = false
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === window)
        button.isEnabled = true
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === button)
    }

    @Test("Each property hit testing reads takes a control out and puts it back, in either order")
    func hitTestingFollowsEveryProperty() {
        let window = Window.phone()
        let button = Button(title: "OK", frame: Rect(x: 0, y: 0, width: 100, height: 44))
        window.addSubview(button)
        let point = Point(x: 10, y: 10)
        let toggles: [(off: () -> Void, on: () -> Void)] = [
            ({ button.isEnabled = false }, { button.isEnabled = true }),
            ({ button.isHidden = true }, { button.isHidden = false }),
            ({ button.isUserInteractionEnabled = false }, { button.isUserInteractionEnabled = true }),
            ({ button.alpha = 0.005 }, { button.alpha = 0.5 }),
        ]
        for first in toggles.indices {
            for second in toggles.indices where second != first {
                toggles[first].off()
                toggles[second].off()
                toggles[first].on()
                #expect(window.hitTest(point, with: nil) === window, "\(first), \(second)")
                toggles[second].on()
                #expect(window.hitTest(point, with: nil) === button, "\(first), \(second)")
            }
        }
    }
}

@Suite("Control handlers: one added while a removed handler is freed")
@MainActor
struct ControlHandlerReleaseTests {
    @Test("A handler added as a removed handler is freed is kept and called")
    func handlerAddedOnRelease() {
        let button = Button(title: "OK", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var calls = 0
        var token: ActionToken?
        do {
            let hook = ReleaseHook { button.addAction { _ in calls += 1 } }
            token = button.addAction { _ in withExtendedLifetime(hook) {} }
        }
        button.removeAction(token!)
        button.sendActions(for: .primaryActionTriggered)
        #expect(calls == 1)
    }
}
