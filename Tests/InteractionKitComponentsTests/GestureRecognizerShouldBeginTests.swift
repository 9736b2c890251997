import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A view that refuses every recognizer it is asked about, and counts the questions.
@MainActor
private final class RefusingView: View {
    var asked = 0
    override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        asked += 1
        return false
    }
}

/// Rule C6 as amended (§11, UIKit's `UIView.h`): a view is asked about a
/// recognizer only when the recognizer would cancel its touch, and about
/// its own recognizers too.
@Suite("C6 amended: gestureRecognizerShouldBegin is asked when a touch would be cancelled")
@MainActor
struct GestureRecognizerShouldBeginTests {
    /// A single tap recognizer over a button: where it is, whether it
    /// cancels touches, and what a tap on the button then does.
    struct TapOverButton: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// On the button itself, else on the window (an ancestor).
        let onButton: Bool
        let cancelsTouchesInView: Bool
        let taps: Int
        let events: [String]
    }

    nonisolated static let tapsOverButton = [
        TapOverButton(testDescription: "tap anywhere to dismiss: an ancestor's tap that does not cancel touches fires, and the button fires too",
                      onButton: false, cancelsTouchesInView: false, taps: 1,
                      events: ["touchDown", "touchUpInside", "primaryActionTriggered"]),
        TapOverButton(testDescription: "an ancestor's single tap that cancels touches still leaves the button its tap",
                      onButton: false, cancelsTouchesInView: true, taps: 0,
                      events: ["touchDown", "touchUpInside", "primaryActionTriggered"]),
        TapOverButton(testDescription: "a button's own single tap recognizes: a control refuses only its ancestors' taps",
                      onButton: true, cancelsTouchesInView: true, taps: 1, events: ["touchDown", "touchCancel"]),
    ]

    @Test("A single tap over a button: the button refuses its ancestors' taps that would cancel its touch", arguments: tapsOverButton)
    func tapOverButton(_ setup: TapOverButton) {
        let scene = ButtonScene()
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = setup.cancelsTouchesInView
        var taps = 0
        tap.addAction { _ in taps += 1 }
        if setup.onButton { scene.button.addGestureRecognizer(tap) } else { scene.window.addGestureRecognizer(tap) }
        scene.window.tap(150, 120, at: 0)
        #expect(taps == setup.taps)
        #expect(scene.events == setup.events)
    }

    @Test("A view is asked about its own recognizers, and its refusal fails them")
    func ownRecognizerAsked() {
        let window = Window.phone()
        let view = RefusingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let tap = TapGestureRecognizer()
        var taps = 0
        tap.addAction { _ in taps += 1 }
        view.addGestureRecognizer(tap)
        window.tap(50, 50, at: 0)
        #expect(view.asked == 1)
        #expect(taps == 0)
        #expect(tap.state == .possible)
    }

    @Test("A view is not asked about a recognizer that would not cancel its touch, its own or an ancestor's",
          arguments: [false, true])
    func notAskedWithoutCancel(ownRecognizer: Bool) {
        let window = Window.phone()
        let view = RefusingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        var taps = 0
        tap.addAction { _ in taps += 1 }
        (ownRecognizer ? view : window).addGestureRecognizer(tap)
        window.tap(50, 50, at: 0)
        #expect(view.asked == 0)
        #expect(taps == 1)
    }

    @Test("Every view from the hit view up to the recognizer's own is asked, and none above it")
    func askedUpToTheRecognizersView() {
        let window = Window.phone()
        let outer = RefusingView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let middle = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let inner = RefusingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(middle)
        middle.addSubview(inner)
        let pan = PanGestureRecognizer()
        middle.addGestureRecognizer(pan)
        window.down(50, 50, at: 0)
        window.move(90, 50, at: 0.1)
        window.up(90, 50, at: 0.2)
        #expect(inner.asked == 1)
        #expect(outer.asked == 0)
        #expect(pan.state == .possible)
    }
}
