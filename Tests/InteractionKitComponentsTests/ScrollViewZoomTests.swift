import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A 390 × 600 scroll view whose content is one 390 × 600 view (the view
/// for zooming) holding a button at (100, 100, 50 × 50); zoom range 1…3.
@MainActor
private struct ZoomScene {
    let window = Window.phone()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 600))
    let content = View(frame: Rect(x: 0, y: 0, width: 390, height: 600))
    let button = Button(title: "Go", frame: Rect(x: 100, y: 100, width: 50, height: 50))
    let delegate = ScrollDelegateLog()
    let fingers: TouchDriver

    init(minimum: Double = 1, maximum: Double = 3, zooms: Bool = true) {
        scrollView.contentSize = Size(width: 390, height: 600)
        content.addSubview(button)
        scrollView.addSubview(content)
        window.addSubview(scrollView)
        scrollView.delegate = delegate
        delegate.window = window
        if zooms { delegate.zoomView = content }
        scrollView.minimumZoomScale = minimum
        scrollView.maximumZoomScale = maximum
        fingers = TouchDriver(window)
        fingers.pauseBetweenGestures = 0
    }

    /// Steps the window frame by frame (1/60 s) for `seconds`.
    func stepFrames(for seconds: Double) {
        let end = window.currentTime + seconds
        var frame = (window.currentTime * 60).rounded(.down) + 1
        while frame / 60 <= end {
            window.advanceTime(to: frame / 60)
            frame += 1
        }
    }

    /// Two fingers about `center` (window coordinates), `from` points apart to `to`, on one line; no lift with `lift` false.
    func pinch(center: Point, from: Double, to: Double, lift: Bool = true) throws {
        if lift {
            try fingers.pinch(center: center, from: from, to: to, duration: 0.3)
            return
        }
        try fingers.down(1, at: Point(x: center.x - from / 2, y: center.y))
        try fingers.down(2, at: Point(x: center.x + from / 2, y: center.y))
        for step in 1...10 {
            let half = (from + (to - from) * Double(step) / 10) / 2
            try fingers.wait(0.02)
            try fingers.move(1, to: Point(x: center.x - half, y: center.y))
            try fingers.move(2, to: Point(x: center.x + half, y: center.y))
        }
    }
}

private func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

private func close(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool {
    close(a.x, b.x, within: tolerance) && close(a.y, b.y, within: tolerance)
}

private func close(_ a: Rect, _ b: Rect) -> Bool {
    close(a.origin, b.origin) && close(a.size.width, b.size.width) && close(a.size.height, b.size.height)
}

/// S10: zooming, as UIKit's scroll view zooms.
@Suite("Scroll view zooming (S10)")
@MainActor
struct ScrollViewZoomTests {
    @Test("A scroll view's zoom range is 1…1 with no pinch until the range widens, and a bad bound is refused")
    func defaultsAndPinchPresence() {
        let scrollView = ScrollView()
        #expect(scrollView.minimumZoomScale == 1)
        #expect(scrollView.maximumZoomScale == 1)
        #expect(scrollView.zoomScale == 1)
        #expect(scrollView.bouncesZoom)
        #expect(!scrollView.isZooming && !scrollView.isZoomBouncing)
        #expect(scrollView.pinchGestureRecognizer == nil)
        scrollView.maximumZoomScale = 4
        let pinch = scrollView.pinchGestureRecognizer
        #expect(pinch != nil)
        #expect(scrollView.gestureRecognizers.contains { $0 === pinch })
        scrollView.maximumZoomScale = .nan
        scrollView.minimumZoomScale = -1
        scrollView.minimumZoomScale = 0
        #expect(scrollView.maximumZoomScale == 4 && scrollView.minimumZoomScale == 1)
        scrollView.maximumZoomScale = 1
        #expect(scrollView.pinchGestureRecognizer == nil)
        #expect(!scrollView.gestureRecognizers.contains { $0 === pinch })
    }

    @Test("Fingers spreading from 100 to 200 points apart zoom to 2 about their centre: the point under them stays")
    func pinchOutZoomsAboutTheFingers() throws {
        let scene = ZoomScene()
        try scene.pinch(center: Point(x: 195, y: 300), from: 100, to: 200, lift: false)
        #expect(scene.scrollView.isZooming)
        #expect(close(scene.scrollView.zoomScale, 2))
        #expect(close(scene.scrollView.contentSize.width, 780) && close(scene.scrollView.contentSize.height, 1_200))
        #expect(close(scene.content.transform.a, 2) && close(scene.content.transform.d, 2))
        #expect(close(scene.content.frame.origin, .zero))
        #expect(close(scene.content.frame.size.width, 780) && close(scene.content.frame.size.height, 1_200))
        // The content's point (195, 300) was under the fingers' centre; it still is.
        #expect(close(scene.scrollView.contentOffset, Point(x: 195, y: 300)))
        #expect(close(scene.content.convert(Point(x: 195, y: 300), to: nil), Point(x: 195, y: 300)))
        let names = scene.delegate.names
        #expect(names.contains("willBeginZooming"))
        #expect(names.contains("didZoom"))
        try scene.fingers.up(1)
        try scene.fingers.up(2)
        #expect(!scene.scrollView.isZooming)
        #expect(scene.delegate.zoomEndScales.count == 1)
        #expect(close(scene.delegate.zoomEndScales[0], 2))
    }

    @Test("A zoomed view's subviews are hit where they show: the button at 2× lies at twice its place, less the offset")
    func hitTestingFollowsTheScale() throws {
        let scene = ZoomScene()
        scene.scrollView.setZoomScale(2, animated: false)
        scene.scrollView.contentOffset = .zero
        // The button (100…150 in the content) shows at 200…300 in the window.
        #expect(scene.window.hitTest(Point(x: 250, y: 250), with: nil) === scene.button)
        #expect(scene.window.hitTest(Point(x: 125, y: 125), with: nil) !== scene.button)
        #expect(close(scene.button.convert(Point(x: 0, y: 0), to: nil), Point(x: 200, y: 200)))
    }

    @Test("Past the maximum the pinch rubber-bands, and after the lift the scale springs back and ends once at the maximum")
    func pastTheMaximumBouncesBack() throws {
        let scene = ZoomScene(maximum: 2)
        try scene.pinch(center: Point(x: 195, y: 300), from: 100, to: 400, lift: false)
        let pinched = scene.scrollView.zoomScale
        // Raw 4 shows as 2·√2 with the rubber band: past the range, short of the fingers.
        #expect(close(pinched, 2 * 2.0.squareRoot()))
        try scene.fingers.up(1)
        try scene.fingers.up(2)
        #expect(scene.scrollView.isZoomBouncing)
        #expect(scene.delegate.zoomEndScales.isEmpty)
        scene.stepFrames(for: 0.5)
        #expect(!scene.scrollView.isZoomBouncing)
        #expect(close(scene.scrollView.zoomScale, 2))
        #expect(scene.delegate.zoomEndScales == [scene.scrollView.zoomScale])
        #expect(close(scene.scrollView.contentSize.width, 780))
        // At rest the content lies within its edges.
        let offset = scene.scrollView.contentOffset
        #expect(offset.x >= 0 && offset.x <= 390 && offset.y >= 0 && offset.y <= 600)
    }

    @Test("With bouncesZoom off the pinch stops at the range's ends")
    func noBounceStopsAtTheEnds() throws {
        let scene = ZoomScene(maximum: 2)
        scene.scrollView.bouncesZoom = false
        var largest = 0.0
        scene.delegate.hook = { name, scrollView in
            if name == "didZoom" { largest = max(largest, scrollView.zoomScale) }
        }
        try scene.pinch(center: Point(x: 195, y: 300), from: 100, to: 400)
        #expect(largest == 2)
        #expect(scene.scrollView.zoomScale == 2)
        #expect(!scene.scrollView.isZoomBouncing)
    }

    @Test("Pinching in below the minimum springs back to it, and the content to its origin")
    func pinchInBelowTheMinimum() throws {
        let scene = ZoomScene()
        try scene.pinch(center: Point(x: 195, y: 300), from: 200, to: 100)
        #expect(scene.scrollView.zoomScale < 1)
        #expect(scene.scrollView.isZoomBouncing)
        scene.stepFrames(for: 0.5)
        #expect(scene.scrollView.zoomScale == 1)
        #expect(close(scene.scrollView.contentOffset, .zero))
        #expect(close(scene.content.frame, Rect(x: 0, y: 0, width: 390, height: 600)))
        #expect(scene.delegate.zoomEndScales == [1])
    }

    @Test("Two fingers that pan while zooming scroll the content with them")
    func twoFingerPanScrolls() throws {
        let scene = ZoomScene()
        scene.scrollView.setZoomScale(2, animated: false)
        scene.scrollView.contentOffset = Point(x: 200, y: 300)
        let before = scene.scrollView.contentOffset
        // Spread a little (to begin the pinch), then move both fingers 40 points up.
        try scene.fingers.down(1, at: Point(x: 145, y: 300))
        try scene.fingers.down(2, at: Point(x: 245, y: 300))
        try scene.fingers.wait(0.02)
        try scene.fingers.move(1, to: Point(x: 135, y: 300))
        try scene.fingers.move(2, to: Point(x: 255, y: 300))
        #expect(scene.scrollView.isZooming)
        let scale = scene.scrollView.zoomScale
        let afterSpread = scene.scrollView.contentOffset
        for step in 1...4 {
            try scene.fingers.wait(0.02)
            try scene.fingers.move(1, to: Point(x: 135, y: 300 - Double(step) * 10))
            try scene.fingers.move(2, to: Point(x: 255, y: 300 - Double(step) * 10))
        }
        #expect(close(scene.scrollView.zoomScale, scale))
        // Fingers 40 points up: the content 40 points further down its length.
        #expect(close(scene.scrollView.contentOffset.y, afterSpread.y + 40))
        #expect(close(scene.scrollView.contentOffset.x, afterSpread.x))
        #expect(scene.scrollView.contentOffset != before)
    }

    @Test("setZoomScale at once tells didZoom; animated it tells begin, frames and end; the same scale tells nothing")
    func setZoomScale() {
        let scene = ZoomScene()
        scene.scrollView.setZoomScale(1, animated: true)
        scene.stepFrames(for: 0.5)
        #expect(scene.delegate.calls.isEmpty)
        scene.scrollView.setZoomScale(2, animated: false)
        #expect(scene.scrollView.zoomScale == 2)
        #expect(scene.delegate.names == ["didScroll", "didZoom"])
        #expect(!scene.delegate.names.contains("willBeginZooming"))
        // About the bounds' centre, within the edges: (195, 300)·2 − (195, 300).
        #expect(close(scene.scrollView.contentOffset, Point(x: 195, y: 300)))
        scene.delegate.clear()
        scene.scrollView.setZoomScale(10, animated: true)
        #expect(scene.delegate.names == ["willBeginZooming"])
        #expect(scene.scrollView.zoomScale == 2)
        scene.stepFrames(for: 0.5)
        #expect(scene.scrollView.zoomScale == 3)
        #expect(scene.delegate.names.first == "willBeginZooming")
        #expect(scene.delegate.names.contains("didZoom"))
        #expect(scene.delegate.names.last == "didEndZooming")
        #expect(scene.delegate.zoomEndScales == [3])
        scene.scrollView.setZoomScale(.infinity, animated: false)
        scene.scrollView.setZoomScale(-2, animated: false)
        #expect(scene.scrollView.zoomScale == 3)
    }

    @Test("zoom(to:) fits the rect in the bounds as far as the range allows, centred")
    func zoomToRect() {
        let scene = ZoomScene(maximum: 4)
        // The button's rect: 50 × 50 would fit at 7.8; the range stops at 4.
        scene.scrollView.zoom(to: scene.button.frame, animated: false)
        #expect(scene.scrollView.zoomScale == 4)
        // Its centre (125, 125)·4 = (500, 500) shows at the bounds' centre (195, 300).
        #expect(close(scene.scrollView.contentOffset, Point(x: 305, y: 200)))
        scene.scrollView.zoom(to: Rect(x: 0, y: 0, width: 195, height: 600), animated: false)
        #expect(close(scene.scrollView.zoomScale, 1))
        scene.scrollView.zoom(to: Rect(x: 0, y: 0, width: 0, height: 0), animated: false)
        scene.scrollView.zoom(to: Rect(x: .nan, y: 0, width: 10, height: 10), animated: false)
        #expect(close(scene.scrollView.zoomScale, 1))
    }

    @Test("Without a view for zooming a pinch does nothing and setZoomScale is ignored")
    func noViewForZooming() throws {
        let scene = ZoomScene(zooms: false)
        try scene.pinch(center: Point(x: 195, y: 300), from: 100, to: 200)
        scene.scrollView.setZoomScale(2, animated: false)
        #expect(scene.scrollView.zoomScale == 1)
        #expect(scene.content.transform == .identity)
        #expect(!scene.delegate.names.contains("willBeginZooming"))
        #expect(scene.scrollView.pinchGestureRecognizer?.state == .possible)
    }

    @Test("A delegate that removes the scroll view from its window while zooming leaves it consistent")
    func reentrantRemoval() throws {
        let scene = ZoomScene()
        var removed = false
        scene.delegate.hook = { name, scrollView in
            if name == "didZoom" && !removed {
                removed = true
                scrollView.removeFromSuperview()
            }
        }
        try scene.pinch(center: Point(x: 195, y: 300), from: 100, to: 200)
        #expect(removed)
        #expect(!scene.scrollView.isZooming)
        #expect(scene.scrollView.zoomScale >= 1 && scene.scrollView.zoomScale <= 3)
        scene.stepFrames(for: 0.5)
        #expect(scene.window.touch(withID: 1) == nil)
    }

    @Test("Narrowing the range mid-pinch ends the zoom as a lift would, once")
    func narrowingTheRangeEndsTheZoom() throws {
        let scene = ZoomScene()
        try scene.pinch(center: Point(x: 195, y: 300), from: 100, to: 150, lift: false)
        #expect(scene.scrollView.isZooming)
        scene.scrollView.maximumZoomScale = 1
        #expect(!scene.scrollView.isZooming)
        #expect(scene.scrollView.pinchGestureRecognizer == nil)
        scene.stepFrames(for: 0.5)
        #expect(scene.scrollView.zoomScale == 1)
        #expect(scene.delegate.zoomEndScales == [1])
        try scene.fingers.up(1)
        try scene.fingers.up(2)
        #expect(scene.delegate.zoomEndScales == [1])
    }

    @Test("A second finger that joins a drag and spreads zooms: the drag does not keep the pinch from beginning")
    func pinchJoinsADrag() throws {
        let scene = ZoomScene()
        scene.scrollView.setZoomScale(2, animated: false)
        try scene.fingers.down(1, at: Point(x: 150, y: 300))
        for step in 1...5 {
            try scene.fingers.wait(0.02)
            try scene.fingers.move(1, to: Point(x: 150, y: 300 - Double(step) * 6))
        }
        #expect(scene.scrollView.isDragging)
        try scene.fingers.down(2, at: Point(x: 250, y: 270))
        for step in 1...5 {
            try scene.fingers.wait(0.02)
            try scene.fingers.move(2, to: Point(x: 250 + Double(step) * 20, y: 270))
        }
        #expect(scene.scrollView.isZooming)
        #expect(scene.scrollView.zoomScale > 2.5)
        try scene.fingers.up(1)
        try scene.fingers.up(2)
        scene.stepFrames(for: 1)
        #expect(!scene.scrollView.isDragging && !scene.scrollView.isZooming)
        #expect(scene.delegate.zoomEndScales.count == 1)
        // At rest the content lies within its edges at the scale it rests at.
        let offset = scene.scrollView.contentOffset, size = scene.scrollView.contentSize
        #expect(offset.x >= 0 && offset.x <= size.width - 390 + 1e-9)
        #expect(offset.y >= 0 && offset.y <= size.height - 600 + 1e-9)
    }
}

