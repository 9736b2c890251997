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
    }
}
