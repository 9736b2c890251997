import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport
import InteractionKitTesting

/// A recognizer that ignored a touch (`ignore(_:)`) is out of the competition
/// for it: it neither stops the touch's other recognizers nor is stopped by them.
@Suite("Ignored touches leave the arena")
@MainActor
struct IgnoredTouchTests {
    /// A window with a one-finger pan and, inside it, a view with a tap.
    private func scene() -> (Window, PanGestureRecognizer, TapGestureRecognizer, GestureStateRecorder) {
        let window = Window.phone()
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        window.addGestureRecognizer(pan)
        let button = View(frame: Rect(x: 250, y: 250, width: 100, height: 100))
        window.addSubview(button)
        let tap = TapGestureRecognizer()
        button.addGestureRecognizer(tap)
        let log = GestureStateRecorder()
        log.watch(pan, as: "pan")
        log.watch(tap, as: "tap")
        return (window, pan, tap, log)
    }

    @Test("A pan that ignored a second finger neither blocks nor is cancelled by a tap on that finger")
    func ignoredFingerIsNotContested() {
        let (window, pan, tap, log) = scene()
        window.down(100, 100, at: 0, id: 1)
        window.move(130, 100, at: 0.1, id: 1)
        #expect(pan.state == .began)
        // The second finger lands on the button; the pan, at its maximum, ignores it.
        window.down(300, 300, at: 0.2, id: 2)
        #expect(pan.numberOfTouches == 1)
        #expect(tap.numberOfTouches == 1)
        window.up(300, 300, at: 0.3, id: 2)
        #expect(log.lines == [
            "0.100 pan possible→began",
            "0.300 tap possible→ended", "0.300 tap ended→possible",
        ])
        #expect(pan.state == .began)
        log.clear()
        window.move(140, 100, at: 0.4, id: 1)
        window.up(140, 100, at: 0.5, id: 1)
        #expect(log.lines == ["0.400 pan began→changed", "0.500 pan changed→ended", "0.500 pan ended→possible"])
    }

    @Test("A recognizer's delegate is not asked about a recognizer that ignored the shared touch")
    func ignoredFingerIsNotAskedAbout() {
        let (window, pan, tap, _) = scene()
        final class Asked: GestureRecognizerDelegate {
            var pairs: [String] = []
            func gestureRecognizer(
                _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
            ) -> Bool {
                pairs.append("\(gestureRecognizer.name ?? "?") with \(other.name ?? "?")")
                return false
            }
        }
        let asked = Asked()
        pan.name = "pan"
        tap.name = "tap"
        pan.delegate = asked
        tap.delegate = asked
        window.down(100, 100, at: 0, id: 1)
        window.move(130, 100, at: 0.1, id: 1)
        window.down(300, 300, at: 0.2, id: 2)
        window.up(300, 300, at: 0.3, id: 2)
        #expect(asked.pairs.isEmpty)
        #expect(pan.state == .began)
    }

    @Test("The window's touches, its arena and a recognizer describe themselves for diagnostics")
    func descriptions() {
        let (window, pan, tap, _) = scene()
        pan.name = "pan"
        tap.name = "tap"
        #expect(window.touchesDescription == "no touch down")
        #expect(window.arenaDescription == "arena: no touch down")
        window.down(100, 100, at: 0, id: 1)
        window.move(130, 100, at: 0.1, id: 1)
        window.down(300, 300, at: 0.2, id: 2)
        let serials = window.touchesDown.map(\.serial)
        #expect(window.arenaDescription == """
            touch-down \(serials[0]): "pan" began, 1 touch
            touch-down \(serials[1]): "tap" possible, 1 touch, "pan" began, 1 touch (ignored)
            """)
        #expect(window.touchesDescription.split(separator: "\n").count == 2)
        #expect(window.touchesDescription.hasPrefix("touch 1 (touch-down \(serials[0])) moved at 130.0, 100.0"))
        #expect(pan.description == "\"pan\" began, 1 touch")
        #expect(TapGestureRecognizer().description == "TapGestureRecognizer possible, 0 touches")
    }
}
