import Testing
@testable import InteractionKitLargeContentViewer
@testable import InteractionKitCore
import InteractionKitLinux
import InteractionKitTestSupport

/// The hot path caches offsets and skips moves within the item on show;
/// these tests pin down that what it keeps never shows stale results.
@Suite("Caches on the hot path stay exact")
@MainActor
struct CachingTests {
    @Test("Conversions follow frame, bounds and hierarchy changes made after a cached conversion")
    func offsetCacheInvalidation() {
        let window = Window.phone()
        let outer = View(frame: Rect(x: 10, y: 10, width: 300, height: 300))
        let inner = View(frame: Rect(x: 5, y: 5, width: 50, height: 50))
        outer.addSubview(inner)
        window.addSubview(outer)
        #expect(inner.convert(Point.zero, to: nil) == Point(x: 15, y: 15))
        outer.frame.origin = Point(x: 100, y: 0)
        #expect(inner.convert(Point.zero, to: nil) == Point(x: 105, y: 5))
        outer.bounds.origin = Point(x: 0, y: 20)
        #expect(inner.convert(Point.zero, to: nil) == Point(x: 105, y: -15))
        let other = View(frame: Rect(x: 1, y: 1, width: 10, height: 10))
        window.addSubview(other)
        other.addSubview(inner)
        #expect(inner.convert(Point.zero, to: nil) == Point(x: 6, y: 6))
        inner.removeFromSuperview()
        #expect(inner.convert(Point.zero, to: nil) == Point.zero)
    }

    @Test("A library view retitled while the finger rests on it shows the new title, and a new image, at once")
    func libraryViewRetitled() {
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityLarge
        let cell = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        cell.showsLargeContentViewer = true
        cell.largeContentTitle = "Before"
        window.addSubview(cell)
        cell.addInteraction(LargeContentViewerInteraction())
        let hud = HUDLog(window)
        window.down(50, 50, at: 0)
        window.advanceTime(to: 0.2)
        cell.largeContentTitle = "After"
        window.move(51, 50, at: 0.3)
        cell.largeContentImage = Image(name: "new")
        window.move(52, 50, at: 0.4)
        #expect(hud.events == ["show Before", "show After", "show After"])
        #expect(window.largeContentViewerPresentation?.image == Image(name: "new"))
    }

    @Test("A subclass that computes its large content is compared field by field on every move")
    func computedContent() {
        final class Counter: View {
            var count = 0
            override var largeContentTitle: String? {
                get { "Count \(count)" }
                set {}
            }
        }
        let window = Window.phone()
        window.preferredContentSizeCategory = .accessibilityLarge
        let counter = Counter(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        counter.showsLargeContentViewer = true
        window.addSubview(counter)
        counter.addInteraction(LargeContentViewerInteraction())
        let hud = HUDLog(window)
        window.down(50, 50, at: 0)
        window.advanceTime(to: 0.2)
        counter.count = 1
        window.move(51, 50, at: 0.3)
        window.move(52, 50, at: 0.4)
        #expect(hud.events == ["show Count 0", "show Count 1"])
    }

    @Test("A tab retitled while the HUD shows it updates the HUD at once")
    func tabRetitled() {
        let scene = TabBarScene()
        let point = scene.center(of: "Home")
        scene.window.down(point.x, point.y, at: 0)
        scene.window.advanceTime(to: 0.2)
        let home = scene.item("Home")
        home.title = "Start"
        #expect(scene.window.largeContentViewerPresentation?.title == "Start")
        home.largeContentSizeImage = Image(name: "start.large")
        #expect(scene.window.largeContentViewerPresentation?.image == Image(name: "start.large"))
        #expect(scene.window.largeContentViewerPresentation?.scalesImage == false)
    }

    @Test("Recognizer timers without closures fire at their deadline and can be cancelled")
    func recognizerTimers() {
        final class Timed: GestureRecognizer {
            var fired: [Double] = []
            var token: TimerToken?
            override func touchBegan(_ touch: Touch, with event: Event) {
                token = scheduleTimer(after: 0.25)
                let cancelled = scheduleTimer(after: 0.1)
                cancelTimer(cancelled)
            }
            override func timerFired(_ token: TimerToken) {
                if token == self.token { fired.append(currentTime) }
            }
        }
        let window = Window.phone()
        let timed = Timed()
        window.addGestureRecognizer(timed)
        window.down(1, 1, at: 1)
        window.advanceTime(to: 2)
        #expect(timed.fired == [1.25])
    }
}
