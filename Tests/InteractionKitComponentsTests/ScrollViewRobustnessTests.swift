import Testing
@testable import InteractionKitComponents
import InteractionKitLinux
import InteractionKitTestSupport

/// Bad input and re-entrant delegates: no trap, nothing left scheduled.
@Suite("Scroll view robustness")
@MainActor
struct ScrollViewRobustnessTests {
    @Test("Non-finite offsets, sizes and insets are refused; a negative size counts as zero")
    func nonFiniteValues() {
        let scene = ScrollScene()
        scene.scrollView.contentOffset = Point(x: 0, y: 120)
        for bad in [Double.nan, .infinity, -.infinity] {
            scene.scrollView.contentOffset = Point(x: bad, y: 5)
            scene.scrollView.setContentOffset(Point(x: 5, y: bad), animated: true)
            scene.scrollView.scrollRectToVisible(Rect(x: bad, y: 0, width: 10, height: 10), animated: false)
            scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 0, width: 10, height: bad), animated: true)
            #expect(scene.scrollView.contentOffset == Point(x: 0, y: 120))
            scene.scrollView.contentSize = Size(width: bad, height: 3000)
            #expect(scene.scrollView.contentSize == Size(width: 390, height: 3000))
            scene.scrollView.contentInset = EdgeInsets(top: bad, left: 0, bottom: 0, right: 0)
            #expect(scene.scrollView.contentInset == .zero)
            #expect(!scene.scrollView.accessibilityScrollContent(by: Point(x: 0, y: bad)))
            scene.scrollView.decelerationRate = DecelerationRate(rawValue: bad)
        }
        scene.scrollView.contentSize = Size(width: -5, height: -1)
        #expect(scene.scrollView.contentSize == .zero)
        // A flick with a nonsense rate still ends.
        scene.scrollView.contentSize = Size(width: 390, height: 6000)
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        scene.window.advanceTime(to: 60)
        #expect(scene.window.nextTimerDeadline == nil)
        #expect(scene.scrollView.contentOffset.isFinite)
        for rate in [0, -3, 1, 5] as [Double] {
            let other = ScrollScene()
            other.scrollView.decelerationRate = DecelerationRate(rawValue: rate)
            other.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
            other.window.advanceTime(to: 120)
            #expect(other.window.nextTimerDeadline == nil, "rate \(rate)")
        }
    }

    @Test("Content of size zero, bounds of size zero: drags do nothing, accessibility scrolls refuse, nothing traps")
    func zeroSizes() {
        let scene = ScrollScene(rowCount: 0)
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 100))
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(!scene.scrollView.accessibilityScroll(.up))
        scene.scrollView.alwaysBounceVertical = true
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 500), start: 1, lift: false)
        #expect(scene.scrollView.contentOffset.y < 0)
        scene.window.up(200, 500, at: 2)
        scene.window.advanceTime(to: 3)
        #expect(scene.scrollView.contentOffset == .zero)

        let flat = ScrollScene(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        flat.scrollView.isPagingEnabled = true
        flat.scrollView.alwaysBounceVertical = true
        flat.window.down(0, 0, at: 0)
        flat.window.up(0, 0, at: 0.1)
        #expect(flat.scrollView.contentOffset.isFinite)
        #expect(!flat.scrollView.accessibilityScroll(.next))
        flat.scrollView.scrollRectToVisible(Rect(x: 0, y: 100, width: 0, height: 0), animated: true)
        flat.window.advanceTime(to: 1)
        #expect(flat.scrollView.contentOffset.isFinite)
        #expect(flat.window.nextTimerDeadline == nil)
    }

    @Test("A delegate that removes the scroll view from any call: no trap, no frame left scheduled")
    func delegateRemovesScrollView() {
        let calls = ["didScroll", "willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                     "didEndDecelerating"]
        for call in calls {
            let scene = ScrollScene()
            var removed = false
            scene.delegate.hook = { name, scrollView in
                guard name == call, !removed else { return }
                removed = true
                scrollView.removeFromSuperview()
            }
            scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
            scene.window.advanceTime(to: 10)
            #expect(removed, "\(call)")
            #expect(scene.window.nextTimerDeadline == nil, "\(call)")
            #expect(!scene.scrollView.isDecelerating && !scene.scrollView.isDragging, "\(call)")
            #expect(scene.scrollView.contentOffset.isFinite)
            // Back in the window, it scrolls again.
            scene.window.addSubview(scene.scrollView)
            scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 400), start: 20)
            scene.window.advanceTime(to: 40)
            #expect(scene.window.nextTimerDeadline == nil, "\(call)")
        }
    }

    @Test("A delegate that sets the offset, animates or stops from any call: no trap, every motion ends once")
    func delegateSetsOffset() {
        let calls = ["didScroll", "willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
                     "didEndDecelerating", "didEndScrollingAnimation"]
        for call in calls {
            for animated in [false, true] {
                let scene = ScrollScene()
                var count = 0
                scene.delegate.hook = { name, scrollView in
                    guard name == call, count < 3 else { return }
                    count += 1
                    scrollView.setContentOffset(Point(x: 0, y: 500 + Double(count)), animated: animated)
                }
                scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
                scene.scrollView.setContentOffset(Point(x: 0, y: 50), animated: true)
                scene.window.advanceTime(to: 20)
                #expect(scene.window.nextTimerDeadline == nil, "\(call) \(animated)")
                let ends = scene.delegate.names.filter { $0.hasPrefix("didEnd") && $0 != "didEndDragging" }.count
                let starts = scene.delegate.names.filter { $0 == "willBeginDecelerating" }.count
                #expect(ends >= starts, "\(call) \(animated)")
                #expect(scene.scrollView.contentOffset.isFinite)
            }
        }
    }

    @Test("A delegate that disables scrolling or frees the window mid-drag: no trap")
    func delegateDisablesOrFrees() {
        let scene = ScrollScene()
        scene.delegate.hook = { name, scrollView in
            if name == "didScroll" { scrollView.isScrollEnabled = false }
        }
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        scene.window.advanceTime(to: 5)
        #expect(!scene.scrollView.isDragging)
        #expect(scene.window.nextTimerDeadline == nil)

        weak var weakWindow: Window?
        weak var weakScrollView: ScrollView?
        do {
            let freed = ScrollScene()
            weakWindow = freed.window
            weakScrollView = freed.scrollView
            freed.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
            freed.window.advanceTime(to: 0.5)
            #expect(freed.scrollView.isDecelerating)
        }
        #expect(weakWindow == nil)
        #expect(weakScrollView == nil)
    }

    @Test("A scroll view freed mid-deceleration (removed, last reference dropped) leaves no frame behind")
    func freedMidDeceleration() {
        let window = Window.phone()
        weak var weakScrollView: ScrollView?
        do {
            let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
            scrollView.contentSize = Size(width: 390, height: 6000)
            window.addSubview(scrollView)
            weakScrollView = scrollView
            window.down(200, 500, at: 0)
            window.move(200, 400, at: 0.05)
            window.up(200, 380, at: 0.1)
            window.advanceTime(to: 0.3)
            #expect(scrollView.isDecelerating)
            scrollView.removeFromSuperview()
        }
        #expect(weakScrollView == nil)
        #expect(window.nextTimerDeadline == nil)
        window.advanceTime(to: 10)
    }

    @Test("The pure exp and log match known values; the rubber band is safe with any input")
    func mathematics() {
        #expect(ScrollViewPhysics.exponential(0) == 1)
        #expect(abs(ScrollViewPhysics.exponential(1) - 2.718281828459045) <= 4.5e-16)
        #expect(abs(ScrollViewPhysics.exponential(-10) - 4.5399929762484854e-05) < 1e-19)
        #expect(ScrollViewPhysics.exponential(800) == .infinity)
        #expect(ScrollViewPhysics.exponential(-800) == 0)
        #expect(ScrollViewPhysics.exponential(.nan).isNaN)
        #expect(abs(ScrollViewPhysics.logarithm(0.998) - -0.0020020026706730793) < 1e-18)
        #expect(abs(ScrollViewPhysics.logarithm(10) - 2.302585092994046) < 4e-16)
        #expect(ScrollViewPhysics.logarithm(1) == 0)
        #expect(ScrollViewPhysics.logarithm(0) == -.infinity)
        #expect(ScrollViewPhysics.logarithm(-1).isNaN)
        #expect(ScrollViewPhysics.rubberBand(.nan, dimension: 100) == 0)
        #expect(ScrollViewPhysics.rubberBand(50, dimension: 0) == 0)
        #expect(ScrollViewPhysics.rubberBand(-100, dimension: 960) == -ScrollViewPhysics.rubberBand(100, dimension: 960))
        #expect(ScrollViewPhysics.rubberBand(1e300, dimension: 960) <= 960)
    }
}
