import Testing
import InteractionKitCore
import InteractionKitTestSupport

@Suite("requiresExclusiveTouchType: one kind of touch at a time (§17, other names)")
@MainActor
struct ExclusiveTouchTypeTests {
    private func down(_ window: Window, id: Int, _ type: TouchType, at time: Double) {
        window.send(TouchInput(id: id, phase: .began, location: Point(x: 10 + Double(id) * 20, y: 10), timestamp: time, type: type))
    }

    @Test("True by default: while a finger is tracked, a pencil is ignored; a second finger is not")
    func exclusive() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 3
        #expect(pan.requiresExclusiveTouchType)
        window.addGestureRecognizer(pan)
        down(window, id: 0, .direct, at: 0)
        down(window, id: 1, .pencil, at: 0.01)
        #expect(pan.numberOfTouches == 1, "the pencil is left out")
        down(window, id: 2, .direct, at: 0.02)
        #expect(pan.numberOfTouches == 2, "another finger is the same kind")
    }

    @Test("False: touches of every allowed kind are tracked together")
    func mixed() {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 3
        pan.requiresExclusiveTouchType = false
        window.addGestureRecognizer(pan)
        down(window, id: 0, .direct, at: 0)
        down(window, id: 1, .pencil, at: 0.01)
        #expect(pan.numberOfTouches == 2)
    }
}
