import Testing
import InteractionKitLinux

// An interaction written the way a toolkit outside the library would write
// one, with the public API only (no @testable import): it follows its own
// long press through `stateDidChange(from:)`, keeps per-window state in a
// window attachment, stands aside for recognizers nested inside its view,
// and gives up at standard text sizes, as the large content viewer does.

/// What the press interaction shows in one window: one line per change.
@MainActor
final class PressPanel {
    var lines: [String] = []
}

/// A press recognizer that reports to its interaction on every change.
final class FollowingPress: LongPressGestureRecognizer {
    weak var owner: PressInteraction?

    override func stateDidChange(from oldState: State) {
        owner?.follow(self, from: oldState)
    }

    override func shouldBegin() -> Bool {
        owner?.mayBegin() ?? false
    }

    override func preferredContentSizeCategoryDidChange() {
        guard let window = view?.window, !window.preferredContentSizeCategory.isAccessibilityCategory else { return }
        abandonTouches()
    }
}

/// Shows "pressed" lines in the window's panel while a press lasts.
@MainActor
final class PressInteraction: Interaction {
    private(set) weak var view: View?
    let recognizer = FollowingPress()

    init() {
        recognizer.minimumPressDuration = 0.2
        recognizer.owner = self
    }

    func willMove(to view: View?) {
        self.view?.removeGestureRecognizer(recognizer)
    }

    func didMove(to view: View?) {
        self.view = view
        view?.addGestureRecognizer(recognizer)
    }

    /// Stands aside when a press of another interaction nested inside its view holds the same touch.
    func mayBegin() -> Bool {
        guard let view else { return false }
        var nested = false
        recognizer.forEachRecognizerSharingTouches { other in
            if let inner = other as? FollowingPress, let innerView = inner.view, innerView !== view,
               innerView.isDescendant(of: view) {
                nested = true
            }
        }
        return !nested
    }

    func follow(_ recognizer: GestureRecognizer, from oldState: GestureRecognizer.State) {
        guard let view, let window = view.window else { return }
        let panel = window.attachment(PressPanel.self) { PressPanel() }
        let point = recognizer.location(in: view)
        panel.lines.append("\(oldState)→\(recognizer.state) at \(Int(point.x)),\(Int(point.y)) in \(view.frame.width)")
    }
}

/// A press that, once changed, commits no repeated `changed` for a move
/// within its view while no one else would hear it: the large content
/// viewer's shortcut, written with the public API.
final class QuietPress: LongPressGestureRecognizer {
    private(set) var changesSeen = 0

    override func touchMoved(_ touch: Touch, with event: Event) {
        if state == .changed, let view, view.bounds.contains(touch.location(in: view)), !hasActionsOrStateObservers {
            return
        }
        super.touchMoved(touch, with: event)
    }

    override func stateDidChange(from oldState: State) {
        if state == .changed { changesSeen += 1 }
    }
}

@Suite("An interaction written outside the library, with the public API only")
@MainActor
struct ThirdPartyInteractionTests {
    func scene() -> (Window, View, PressInteraction) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let card = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(card)
        let interaction = PressInteraction()
        card.addInteraction(interaction)
        return (window, card, interaction)
    }

    @Test("It follows its long press from began through changed to ended, in its view's coordinates")
    func followsThePress() {
        let (window, _, _) = scene()
        window.send(TouchInput(phase: .began, location: Point(x: 110, y: 120), timestamp: 0))
        window.advanceTime(to: 0.3)
        window.send(TouchInput(phase: .moved, location: Point(x: 150, y: 120), timestamp: 0.4))
        window.send(TouchInput(phase: .ended, location: Point(x: 150, y: 120), timestamp: 0.5))
        #expect(window.existingAttachment(PressPanel.self)?.lines == [
            "possible→began at 10,20 in 100.0",
            "began→changed at 50,20 in 100.0",
            "changed→ended at 50,20 in 100.0",
        ])
    }

    @Test("It stands aside for the same interaction nested inside its view")
    func nested() {
        let (window, card, outer) = scene()
        let inner = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        card.addSubview(inner)
        let innerInteraction = PressInteraction()
        inner.addInteraction(innerInteraction)
        window.send(TouchInput(phase: .began, location: Point(x: 110, y: 110), timestamp: 0))
        window.advanceTime(to: 0.3)
        window.send(TouchInput(phase: .ended, location: Point(x: 110, y: 110), timestamp: 0.4))
        // The outer press (its view is 100 wide) stands aside: it fails when
        // its timer fires first, and the inner one (50 wide) begins.
        #expect(window.existingAttachment(PressPanel.self)?.lines == [
            "possible→failed at 10,10 in 100.0",
            "possible→began at 10,10 in 50.0",
            "began→ended at 10,10 in 50.0",
        ])
        #expect(outer.recognizer.state == .possible)
    }

    @Test("Leaving the accessibility text sizes mid-press cancels it through the public hook")
    func textSize() {
        let (window, _, _) = scene()
        window.preferredContentSizeCategory = .accessibilityLarge
        window.send(TouchInput(phase: .began, location: Point(x: 110, y: 120), timestamp: 0))
        window.advanceTime(to: 0.3)
        window.preferredContentSizeCategory = .large
        window.send(TouchInput(phase: .ended, location: Point(x: 110, y: 120), timestamp: 0.5))
        #expect(window.existingAttachment(PressPanel.self)?.lines == [
            "possible→began at 10,20 in 100.0",
            "began→cancelled at 10,20 in 100.0",
        ])
    }

    @Test("A recognizer may skip the repeated changed no one hears; an action or a state observer hears every move")
    func quietMoves() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let card = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(card)
        let press = QuietPress()
        press.minimumPressDuration = 0.2
        card.addGestureRecognizer(press)
        #expect(!press.hasActionsOrStateObservers)
        window.send(TouchInput(phase: .began, location: Point(x: 110, y: 120), timestamp: 0))
        window.advanceTime(to: 0.3)
        for step in 1...4 {
            window.send(TouchInput(phase: .moved, location: Point(x: 110 + Double(step), y: 120), timestamp: 0.3 + Double(step) / 100))
        }
        // The first move commits changed; the next three are within the card.
        #expect(press.changesSeen == 1)
        #expect(press.location(in: nil) == Point(x: 114, y: 120))
        var heard = 0
        let token = press.addAction { _ in heard += 1 }
        #expect(press.hasActionsOrStateObservers)
        window.send(TouchInput(phase: .moved, location: Point(x: 120, y: 120), timestamp: 0.4))
        press.removeAction(token)
        #expect(!press.hasActionsOrStateObservers)
        window.send(TouchInput(phase: .moved, location: Point(x: 121, y: 120), timestamp: 0.41))
        press.addStateObserver { _, _, _ in heard += 1 }
        #expect(press.hasActionsOrStateObservers)
        window.send(TouchInput(phase: .moved, location: Point(x: 122, y: 120), timestamp: 0.42))
        #expect(heard == 2)
        #expect(press.changesSeen == 3)
        window.send(TouchInput(phase: .ended, location: Point(x: 122, y: 120), timestamp: 0.5))
    }

    @Test("A window attachment is created once and found again by type")
    func attachments() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(window.existingAttachment(PressPanel.self) == nil)
        let first = window.attachment(PressPanel.self) { PressPanel() }
        let second = window.attachment(PressPanel.self) { PressPanel() }
        #expect(first === second)
        #expect(window.existingAttachment(PressPanel.self) === first)
    }
}
