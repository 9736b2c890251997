import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// Rules S1, S5, S6: who gets a touch on a scroll view's content.
@Suite("Scroll view touches (S1, S5, S6)")
@MainActor
struct ScrollViewTouchTests {
    @Test("S1: a drag within 0.15 s scrolls, and the button under it never hears the touch")
    func quickDragScrolls() {
        let scene = ScrollScene()
        let log = ControlEventLog(scene.button(8))
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380), steps: 10, interval: 0.01, lift: false)
        #expect(scene.scrollView.isDragging)
        #expect(scene.scrollView.contentOffset == Point(x: 0, y: 108))
        scene.window.advanceTime(to: 0.3)
        #expect(log.events.isEmpty)
        #expect(!scene.button(8).isHighlighted)
        #expect(scene.delegate.names.first == "willBeginDragging")
    }

    @Test("S1: a touch held on a button reaches it at 0.15 s exactly; a tap before that reaches it at the lift")
    func heldTouchReachesContent() {
        let scene = ScrollScene()
        let log = ControlEventLog(scene.button(8))
        scene.window.down(200, 500, at: 0)
        scene.window.advanceTime(to: 0.149)
        #expect(log.events.isEmpty)
        scene.window.advanceTime(to: 0.15)
        #expect(log.events == ["touchDown"])
        #expect(scene.button(8).isHighlighted)
        scene.window.up(200, 500, at: 0.2)
        #expect(log.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])

        let tapLog = ControlEventLog(scene.button(2))
        var primaryAt: Double?
        scene.button(2).addAction { _ in primaryAt = scene.window.currentTime }
        scene.window.tap(100, 150, at: 1)
        #expect(tapLog.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
        #expect(primaryAt == 1.05)
        #expect(scene.scrollView.contentOffset == .zero)
    }

    @Test("S1: after the delay a button keeps its finger: a drag tracks it and nothing scrolls")
    func controlKeepsFinger() {
        let scene = ScrollScene()
        let log = ControlEventLog(scene.button(8))
        scene.window.down(200, 500, at: 0)
        scene.window.advanceTime(to: 0.2)
        scene.window.move(200, 470, at: 0.25)
        scene.window.move(200, 430, at: 0.3)
        scene.window.up(200, 430, at: 0.35)
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(!scene.scrollView.isDragging)
        #expect(log.events == ["touchDown", "touchDragInside", "touchDragInside", "touchUpInside", "primaryActionTriggered"])
        #expect(scene.delegate.calls.isEmpty)
    }

    @Test("S1: after the delay a plain view hears the touch; a drag cancels it and scrolls")
    func dragCancelsPlainContent() {
        let scene = ScrollScene(plainRows: true)
        let row = scene.plain(8)
        scene.window.down(200, 500, at: 0)
        scene.window.advanceTime(to: 0.2)
        #expect(row.events == ["0.15 began"])
        scene.window.move(200, 495, at: 0.25)
        #expect(row.events == ["0.15 began", "0.25 moved"])
        scene.window.move(200, 480, at: 0.3)
        #expect(row.events == ["0.15 began", "0.25 moved", "0.3 cancelled"])
        scene.window.move(200, 450, at: 0.35)
        scene.window.up(200, 450, at: 0.4)
        #expect(row.events.count == 3)
        #expect(scene.scrollView.contentOffset.y == 30)
    }

    @Test("S1: touchesShouldCancel(in:) answering true for controls lets a drag cancel a button (touchCancel) and scroll")
    func overriddenShouldCancel() {
        final class Cancelling: ScrollView {
            override func touchesShouldCancel(in view: View) -> Bool { true }
        }
        let scene = ScrollScene(scrollView: Cancelling())
        let log = ControlEventLog(scene.button(8))
        scene.window.down(200, 500, at: 0)
        scene.window.advanceTime(to: 0.2)
        scene.window.move(200, 480, at: 0.25)
        #expect(log.events == ["touchDown", "touchCancel"])
        #expect(!scene.button(8).isHighlighted && !scene.button(8).isTracking)
        scene.window.move(200, 440, at: 0.3)
        scene.window.up(200, 440, at: 0.35)
        #expect(log.events == ["touchDown", "touchCancel"])
        #expect(scene.scrollView.contentOffset.y == 40)
    }

    @Test("S1: with canCancelContentTouches off, content that heard the touch keeps it and nothing scrolls")
    func cannotCancel() {
        let scene = ScrollScene(plainRows: true)
        scene.scrollView.canCancelContentTouches = false
        scene.window.down(200, 500, at: 0)
        scene.window.advanceTime(to: 0.2)
        scene.window.move(200, 400, at: 0.3)
        scene.window.up(200, 400, at: 0.4)
        #expect(scene.plain(8).kinds == ["began", "moved", "ended"])
        #expect(scene.scrollView.contentOffset == .zero)
        // A quick drag still scrolls: the content never heard it.
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 400), start: 1)
        #expect(scene.scrollView.contentOffset.y > 0)
        #expect(scene.plain(8).kinds == ["began", "moved", "ended"])
    }

    @Test("S1: without delaysContentTouches the content hears the touch at once; a drag then cancels a plain view")
    func noDelay() {
        let scene = ScrollScene(plainRows: true)
        scene.scrollView.delaysContentTouches = false
        let buttonScene = ScrollScene()
        buttonScene.scrollView.delaysContentTouches = false
        let log = ControlEventLog(buttonScene.button(8))
        scene.window.down(200, 500, at: 0)
        buttonScene.window.down(200, 500, at: 0)
        #expect(scene.plain(8).events == ["0.0 began"])
        #expect(log.events == ["touchDown"])
        scene.window.move(200, 480, at: 0.05)
        buttonScene.window.move(200, 480, at: 0.05)
        #expect(scene.plain(8).kinds == ["began", "cancelled"])
        #expect(scene.scrollView.isDragging)
        #expect(!buttonScene.scrollView.isDragging)
        #expect(log.events == ["touchDown", "touchDragInside"])
    }

    @Test("S1: touchesShouldBegin(_:with:in:) answering false keeps every touch from the content")
    func shouldBeginFalse() {
        final class Refusing: ScrollView {
            var asked: [String] = []
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
                asked.append((view as? Button)?.title ?? "?")
                return false
            }
        }
        let refusing = Refusing()
        let scene = ScrollScene(scrollView: refusing)
        let log = ControlEventLog(scene.button(8))
        scene.window.down(200, 500, at: 0)
        scene.window.advanceTime(to: 0.5)
        scene.window.up(200, 500, at: 0.6)
        scene.window.tap(200, 500, at: 1)
        #expect(log.events.isEmpty)
        #expect(refusing.asked == ["Row 8", "Row 8"])
    }

    @Test("A finger that joins a touch sequence reaches the content at once: only the first is held back")
    func joiningFinger() {
        let scene = ScrollScene(plainRows: true)
        scene.window.down(200, 150, at: 0)
        scene.window.down(200, 500, at: 0.05, id: 1)
        #expect(scene.plain(8).events == ["0.05 began"])
        #expect(scene.plain(2).events.isEmpty)
        scene.window.advanceTime(to: 0.15)
        #expect(scene.plain(2).events == ["0.15 began"])
        scene.window.up(200, 150, at: 0.2)
        scene.window.up(200, 500, at: 0.2, id: 1)
        // The next sequence is held again.
        scene.window.down(200, 330, at: 1)
        #expect(scene.plain(5).events.isEmpty)
        scene.window.advanceTime(to: 1.15)
        #expect(scene.plain(5).events == ["1.15 began"])
    }

    @Test("A touch on a moving scroll stops it where it is: no tap on the row, didEndDecelerating once")
    func touchCatchesDeceleration() {
        let scene = ScrollScene()
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        scene.window.advanceTime(to: 0.3)
        #expect(scene.scrollView.isDecelerating)
        let caughtAt = scene.scrollView.contentOffset
        let row = Int((caughtAt.y + 300) / 60)
        let log = ControlEventLog(scene.button(row))
        scene.delegate.clear()
        scene.window.down(200, 300, at: 0.31)
        #expect(!scene.scrollView.isDecelerating)
        #expect(scene.delegate.names == ["didEndDecelerating"])
        #expect(scene.window.nextTimerDeadline == nil)
        scene.window.up(200, 300, at: 0.35)
        scene.window.advanceTime(to: 1)
        #expect(scene.scrollView.contentOffset == caughtAt)
        #expect(log.events.isEmpty)
        // The next tap is a tap.
        scene.window.tap(200, 300, at: 2)
        #expect(log.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    }

    @Test("S5: with directional lock, a drag that starts along x moves along x only; a diagonal start moves freely")
    func directionalLock() {
        let scene = ScrollScene()
        scene.scrollView.contentSize = Size(width: 2000, height: 6000)
        scene.scrollView.isDirectionalLockEnabled = true
        scene.window.down(300, 300, at: 0)
        scene.window.move(280, 302, at: 0.02)
        scene.window.move(200, 340, at: 0.04)
        scene.window.move(150, 400, at: 0.06)
        #expect(scene.scrollView.contentOffset.y == 0)
        #expect(scene.scrollView.contentOffset.x == 130)
        scene.window.up(150, 400, at: 0.06)
        scene.window.advanceTime(to: 10)
        #expect(scene.scrollView.contentOffset.y == 0)

        let free = ScrollScene()
        free.scrollView.contentSize = Size(width: 2000, height: 6000)
        free.scrollView.isDirectionalLockEnabled = true
        free.window.down(300, 300, at: 0)
        free.window.move(290, 290, at: 0.02)
        free.window.move(250, 250, at: 0.04)
        #expect(free.scrollView.contentOffset == Point(x: 40, y: 40))
    }

    @Test("S6: in a vertical list of horizontal carousels, a horizontal drag scrolls the carousel, a vertical one the list")
    func nestedScrollViews() {
        let scene = ScrollScene(plainRows: true)
        let carousel = ScrollView(frame: Rect(x: 0, y: 120, width: 390, height: 120))
        carousel.contentSize = Size(width: 1600, height: 120)
        let inner = TouchRecordingView(frame: Rect(x: 0, y: 0, width: 1600, height: 120))
        carousel.addSubview(inner)
        scene.scrollView.addSubview(carousel)
        let innerLog = ScrollDelegateLog()
        carousel.delegate = innerLog

        scene.drag(from: Point(x: 300, y: 180), to: Point(x: 100, y: 185))
        #expect(carousel.contentOffset.y == 0 && carousel.contentOffset.x > 150)
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(scene.delegate.calls.isEmpty)
        scene.window.advanceTime(to: 5)

        scene.drag(from: Point(x: 200, y: 200), to: Point(x: 205, y: 100), start: 6)
        #expect(scene.scrollView.contentOffset.y > 50)
        #expect(scene.scrollView.contentOffset.x == 0)
        #expect(innerLog.names.last == "didEndDecelerating")
        #expect(inner.events.isEmpty)
    }

    @Test("S6: nested scroll views along the same axis: the inner one takes the drag")
    func nestedSameAxis() {
        let scene = ScrollScene(plainRows: true)
        let inner = ScrollView(frame: Rect(x: 0, y: 120, width: 390, height: 200))
        inner.contentSize = Size(width: 390, height: 1000)
        scene.scrollView.addSubview(inner)
        scene.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 200), lift: false)
        #expect(inner.contentOffset.y == 90)
        #expect(scene.scrollView.contentOffset.y == 0)
    }

    @Test("isTracking spans the touch; isDragging ends by didEndDragging; a disabled scroll view does not drag")
    func trackingFlags() {
        let scene = ScrollScene()
        var seen: [String: (Bool, Bool, Bool)] = [:]
        scene.delegate.hook = { name, scrollView in
            seen[name] = (scrollView.isTracking, scrollView.isDragging, scrollView.isDecelerating)
        }
        scene.window.down(200, 500, at: 0)
        #expect(scene.scrollView.isTracking)
        #expect(!scene.scrollView.isDragging)
        scene.window.move(200, 400, at: 0.05)
        scene.window.up(200, 400, at: 0.1)
        #expect(seen["willBeginDragging"].map { [$0.0, $0.1, $0.2] } == [true, true, false])
        #expect(seen["willEndDragging"].map { [$0.0, $0.1, $0.2] } == [true, true, false])
        #expect(seen["didEndDragging"].map { [$0.0, $0.1, $0.2] } == [true, false, true])
        #expect(!scene.scrollView.isTracking)
        scene.window.advanceTime(to: 10)

        scene.scrollView.isScrollEnabled = false
        #expect(!scene.scrollView.panGestureRecognizer.isEnabled)
        let before = scene.scrollView.contentOffset
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 300), start: 11)
        #expect(scene.scrollView.contentOffset == before)
    }
}
