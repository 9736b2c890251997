import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A button that counts the viewer's activations and then acts as a button does.
@MainActor
private final class CountingButton: Button {
    private(set) var activations = 0

    override func activateFromLargeContentViewer() {
        activations += 1
        super.activateFromLargeContentViewer()
    }
}

/// The events a control sent, by their names, in order.
@MainActor
private final class EventLog {
    var value: [String] = []
}

@Suite("The viewer's default end on a control: once, and overridable (contract §15, L11)")
@MainActor
struct ViewerOverControlsTests {
    /// A toolbar with one button at an accessibility size, and the button's events in order.
    private func scene(_ button: Button) -> (Window, Toolbar, EventLog) {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityLarge
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 390, height: 44), buttons: [button])
        window.addSubview(toolbar)
        let events = EventLog()
        button.addAction(for: [.touchDown, .touchUpInside, .touchUpOutside, .touchCancel, .primaryActionTriggered]) {
            _, event in events.value.append(event.names.joined(separator: ","))
        }
        return (window, toolbar, events)
    }

    @Test("A control that kept its touch under the viewer (cancelsTouchesInView off) gets touchUpInside once")
    func trackingControlActivatesOnce() {
        let button = Button(title: "Save")
        let (window, toolbar, events) = scene(button)
        toolbar.largeContentViewerInteraction.gestureRecognizerForExclusionRelationship.cancelsTouchesInView = false
        window.down(100, 20, at: 0)
        window.advanceTime(to: 0.3)
        #expect(window.largeContentViewerPresentation?.title == "Save")
        #expect(button.isTracking)
        window.move(101, 20, at: 0.35)
        window.up(101, 20, at: 0.4)
        #expect(events.value == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(!button.isTracking)
    }

    @Test("A control whose touch the viewer cancelled gets touchUpInside from the viewer's lift, once")
    func cancelledControlActivatesOnce() {
        let button = Button(title: "Save")
        let (window, _, events) = scene(button)
        window.down(100, 20, at: 0)
        window.advanceTime(to: 0.3)
        window.up(100, 20, at: 0.4)
        #expect(events.value == ["touchDown", "touchCancel", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("A subclass overrides activateFromLargeContentViewer(); the viewer's default end calls the override")
    func overridable() {
        let button = CountingButton(title: "Save")
        let (window, _, events) = scene(button)
        window.down(100, 20, at: 0)
        window.advanceTime(to: 0.3)
        window.up(100, 20, at: 0.4)
        #expect(button.activations == 1)
        #expect(events.value.suffix(2) == ["touchUpInside", "primaryActionTriggered"])
        // Disabled, the override still runs and the control does nothing.
        button.isEnabled = false
        button.activateFromLargeContentViewer()
        #expect(button.activations == 2)
        #expect(events.value.count == 4)
    }
}
