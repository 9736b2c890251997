import Testing
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Control.addAction(for:_:) with the event that fired, and ControlEvents.allEvents")
@MainActor
struct ControlEventArgumentTests {
    @Test("One handler for several events is told each event that fires, in order")
    func handlerHearsTheEvent() {
        let window = Window.phone()
        let button = Button(title: "Save", frame: Rect(x: 100, y: 400, width: 120, height: 44))
        window.addSubview(button)
        var heard: [String] = []
        button.addAction(for: [.touchDown, .touchUpInside, .primaryActionTriggered]) { control, event in
            heard.append("\(control === button) \(event.names)")
        }
        window.tap(160, 422, at: 0)
        #expect(heard == ["true [\"touchDown\"]", "true [\"touchUpInside\"]", "true [\"primaryActionTriggered\"]"])
    }

    @Test("allEvents hears every event, the touch-down repeat and a subclass's own bit included")
    func allEvents() {
        let window = Window.phone()
        let button = Button(title: "Save", frame: Rect(x: 100, y: 400, width: 120, height: 44))
        window.addSubview(button)
        var heard: [UInt32] = []
        let token = button.addAction(for: .allEvents) { _, event in heard.append(event.rawValue) }
        window.tap(160, 422, at: 0)
        window.tap(160, 422, at: 0.1)
        button.sendActions(for: ControlEvents(rawValue: 1 << 20))
        #expect(heard == [
            ControlEvents.touchDown, .touchUpInside, .primaryActionTriggered,
            .touchDown, .touchDownRepeat, .touchUpInside, .primaryActionTriggered,
        ].map(\.rawValue) + [1 << 20])
        button.removeAction(token)
        button.sendActions(for: .valueChanged)
        #expect(heard.count == 8)
    }

    @Test("allEvents contains every named event and allTouchEvents; its names are all of them")
    func allEventsContents() {
        #expect(ControlEvents.allEvents.contains(.allTouchEvents))
        #expect(ControlEvents.allEvents.contains([.valueChanged, .primaryActionTriggered]))
        #expect(ControlEvents.allEvents.names.count == 15)
        #expect(ControlEvents.allEvents.contains(.allEditingEvents))
        #expect(ControlEvents.allEvents.rawValue == UInt32.max)
    }

    @Test("The one-argument handler still works beside the two-argument one, in the order added")
    func bothShapes() {
        let control = Control()
        var order: [String] = []
        control.addAction(for: .valueChanged) { _ in order.append("one") }
        control.addAction(for: .valueChanged) { _, event in order.append("two \(event == .valueChanged)") }
        control.sendActions(for: .valueChanged)
        #expect(order == ["one", "two true"])
    }
}
