import Glibc
import Testing
@testable import InteractionKitComponents
import InteractionKitLinux
import InteractionKitTestSupport

/// Rules S2–S4 and animated scrolls, frame by frame on virtual time.
@Suite("Scroll view motion (S2–S4)")
@MainActor
struct ScrollViewMotionTests {
    /// UIKit's deceleration, computed with the C library, independently of the scroll view's own exp.
    private func decelerated(from start: Double, velocity: Double, rate: Double, after seconds: Double) -> Double {
        let exponent = 1000 * log(rate)
        return start + velocity * (exp(exponent * seconds) - 1) / exponent
    }

    @Test("S2: after a flick the offset follows UIKit's deceleration on every frame and rests on the target it announced")
    func flickDecelerates() {
        let scene = ScrollScene()
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        #expect(scene.scrollView.contentOffset == Point(x: 0, y: 108))
        let velocity = scene.delegate.lastVelocity ?? .zero
        #expect(abs(velocity.y - 1.2) < 1e-9, "points per millisecond, content-offset direction")
        #expect(velocity.x == 0)
        let target = scene.delegate.proposedTarget ?? .zero
        #expect(abs(target.y - (108 + 1200 / (-1000 * log(0.998)))) < 1e-6)
        #expect(scene.delegate.names == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging",
                                         "willBeginDecelerating"])
        #expect(scene.delegate.willDecelerate == true)
        #expect(scene.window.nextTimerDeadline == 7.0 / 60)

        var frames = 0
        var rested: Double?
        scene.stepFrames(through: 6) { time in
            let offset = scene.scrollView.contentOffset.y
            if scene.scrollView.isDecelerating {
                frames += 1
                let expected = decelerated(from: 108, velocity: 1200, rate: 0.998, after: time - 0.1)
                #expect(abs(offset - expected) < 1e-7, "frame at \(time)")
            } else if rested == nil {
                rested = time
                #expect(offset == target.y)
            }
        }
        // It stops once the speed, multiplied by 0.998 every millisecond, is under 0.1 points per second.
        let stop = 0.1 + log(0.1 / 1200) / (1000 * log(0.998))
        #expect(rested.map { $0 >= stop && $0 < stop + 1.0 / 60 } == true)
        #expect(scene.delegate.names.last == "didEndDecelerating")
        #expect(scene.window.nextTimerDeadline == nil)
    }

    @Test("S2: the velocity falls by the deceleration rate every millisecond, at .normal and .fast")
    func ratePerMillisecond() {
        for rate in [DecelerationRate.normal, .fast] {
            var motion = ScrollAxisMotion()
            let exponent = ScrollViewPhysics.decayExponent(rate: rate.rawValue)
            motion.phase = .decelerating(start: 0, from: 0, target: 1000, exponent: exponent, edge: nil, bounces: true)
            let first = motion.sample(at: 0.010)?.velocity ?? 0
            let second = motion.sample(at: 0.011)?.velocity ?? 0
            #expect(abs(second / first - rate.rawValue) < 1e-12)
        }
    }

    @Test("S2: a delegate's targetContentOffset is where the content rests; .fast stops sooner")
    func delegateTarget() {
        let scene = ScrollScene()
        scene.delegate.targetOverride = Point(x: 0, y: 240)
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        scene.window.advanceTime(to: 10)
        #expect(scene.scrollView.contentOffset == Point(x: 0, y: 240))
        #expect(scene.delegate.names.last == "didEndDecelerating")

        let normal = ScrollScene(), fast = ScrollScene()
        fast.scrollView.decelerationRate = ScrollView.DecelerationRate.fast   // UIKit's spelling
        normal.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        fast.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        normal.window.advanceTime(to: 10)
        fast.window.advanceTime(to: 10)
        #expect(abs(fast.scrollView.contentOffset.y - (108 + 1200 / (-1000 * log(0.99)))) < 1e-6)
        #expect(fast.scrollView.contentOffset.y < normal.scrollView.contentOffset.y)
        // A target outside the content is held to its edge.
        let outside = ScrollScene()
        outside.delegate.targetOverride = Point(x: -50, y: 99_999)
        outside.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        outside.window.advanceTime(to: 30)
        #expect(outside.scrollView.contentOffset == Point(x: 0, y: 5400))
    }

    @Test("S2: without bounces a flick into the edge stops on it, at the frame it would cross")
    func stopsAtEdgeWithoutBounces() {
        let scene = ScrollScene(rowCount: 15)
        scene.scrollView.bounces = false
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        #expect(scene.delegate.proposedTarget == Point(x: 0, y: 300))
        var highest = 0.0
        scene.stepFrames(through: 3) { _ in highest = max(highest, scene.scrollView.contentOffset.y) }
        #expect(highest == 300)
        #expect(scene.scrollView.contentOffset.y == 300)
        #expect(scene.window.nextTimerDeadline == nil)
        #expect(scene.delegate.names.last == "didEndDecelerating")
    }

    @Test("S3: a flick into the edge with bounces goes past it, then springs back within 0.5 s of crossing it")
    func bounceAtEdge() {
        let scene = ScrollScene(rowCount: 15)
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        let exponent = 1000 * log(0.998)
        let natural = 108 + 1200 / -exponent
        let crossing = 0.1 + log((300 - natural) / (108 - natural)) / exponent
        var highest = 0.0
        var restedAt: Double?
        scene.stepFrames(through: 3) { time in
            highest = max(highest, scene.scrollView.contentOffset.y)
            if restedAt == nil && !scene.scrollView.isDecelerating { restedAt = time }
        }
        #expect(highest > 310)
        #expect(scene.scrollView.contentOffset.y == 300)
        #expect(restedAt.map { $0 > crossing && $0 <= crossing + 0.5 + 1.0 / 60 } == true)
        #expect(scene.window.nextTimerDeadline == nil)
    }

    @Test("S3: past an edge the drag moves at UIKit's rubber-band rate and springs back to the edge within 0.5 s")
    func rubberBandAndSpringBack() {
        let scene = ScrollScene()
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 300), lift: false)
        // The finger pulled 180 points past the top (the first 20 started the pan).
        let expected = -(1 - 1 / (180 * 0.55 / 600 + 1)) * 600
        #expect(abs(scene.scrollView.contentOffset.y - expected) < 1e-9)
        #expect(abs(ScrollViewPhysics.rubberBand(100, dimension: 960) - 52.02) < 0.005)
        scene.window.up(200, 300, at: 0.4)
        #expect(scene.delegate.willDecelerate == true)
        #expect(scene.delegate.proposedTarget == .zero)
        var previous = scene.scrollView.contentOffset.y
        scene.stepFrames(through: 0.9) { time in
            let offset = scene.scrollView.contentOffset.y
            #expect(offset >= previous && offset <= 0, "at \(time)")
            previous = offset
        }
        #expect(scene.scrollView.contentOffset.y == 0)
        #expect(scene.window.nextTimerDeadline == nil)
        #expect(scene.delegate.names.last == "didEndDecelerating")
    }

    @Test("S3: with bounces off, a drag stops at the edge and nothing springs")
    func noBounce() {
        let scene = ScrollScene()
        scene.scrollView.bounces = false
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 300))
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(scene.delegate.willDecelerate == false)
        #expect(scene.window.nextTimerDeadline == nil)
    }

    @Test("S3: content no taller than the bounds bounces only with alwaysBounceVertical")
    func alwaysBounce() {
        let scene = ScrollScene(rowCount: 5)
        scene.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 300), lift: false)
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(!scene.scrollView.isDragging)
        scene.window.up(200, 300, at: 0.2)

        let bouncy = ScrollScene(rowCount: 5)
        bouncy.scrollView.alwaysBounceVertical = true
        bouncy.drag(from: Point(x: 200, y: 100), to: Point(x: 200, y: 300), lift: false)
        #expect(bouncy.scrollView.contentOffset.y < -80)
        bouncy.window.up(200, 300, at: 0.5)
        bouncy.window.advanceTime(to: 1.1)
        #expect(bouncy.scrollView.contentOffset == .zero)
    }

    @Test("S4: paging rests on a multiple of the bounds: the next page past half, or with a fast lift that way")
    func paging() {
        func pager() -> ScrollScene {
            let scene = ScrollScene(rowCount: 10)
            scene.scrollView.contentSize = Size(width: 390 * 5, height: 600)
            scene.scrollView.isPagingEnabled = true
            return scene
        }
        // Past half a page, lifted still: the next page.
        let far = pager()
        far.drag(from: Point(x: 300, y: 300), to: Point(x: 80, y: 300), lift: false)
        far.window.up(80, 300, at: 0.5)
        #expect(far.delegate.proposedTarget == Point(x: 390, y: 0))
        far.window.advanceTime(to: 1.0 + 1.0 / 60)
        #expect(far.scrollView.contentOffset == Point(x: 390, y: 0))
        #expect(far.window.nextTimerDeadline == nil)
        // A short flick faster than 100 points per second: the next page.
        let flick = pager()
        flick.drag(from: Point(x: 300, y: 300), to: Point(x: 250, y: 300), steps: 5)
        #expect(flick.delegate.proposedTarget == Point(x: 390, y: 0))
        var offsets: [Double] = []
        flick.stepFrames(through: 1) { _ in offsets.append(flick.scrollView.contentOffset.x) }
        #expect(flick.scrollView.contentOffset.x == 390)
        #expect(offsets.allSatisfy { $0 <= 390 }, "a page settles without overshooting")
        // A short slow drag: back to the page it started on.
        let slow = pager()
        slow.drag(from: Point(x: 300, y: 300), to: Point(x: 250, y: 300), lift: false)
        slow.window.up(250, 300, at: 0.5)
        slow.window.advanceTime(to: 2)
        #expect(slow.scrollView.contentOffset == .zero)
        // Back from the second page with a flick the other way.
        let back = pager()
        back.scrollView.contentOffset = Point(x: 780, y: 0)
        back.drag(from: Point(x: 100, y: 300), to: Point(x: 160, y: 300), steps: 5)
        back.window.advanceTime(to: 2)
        #expect(back.scrollView.contentOffset == Point(x: 390, y: 0))
    }

    @Test("An animated setContentOffset eases over 0.3 s on the frames, then tells the delegate once")
    func animatedOffset() {
        let scene = ScrollScene()
        scene.window.advanceTime(to: 1)
        scene.scrollView.setContentOffset(Point(x: 0, y: 1000), animated: true)
        #expect(scene.scrollView.contentOffset == .zero)
        var last = 0.0
        scene.stepFrames(through: 1.5) { time in
            let offset = scene.scrollView.contentOffset.y
            #expect(offset >= last)
            last = offset
            if time < 1.3 {
                let t = (time - 1) / 0.3
                let eased = t < 0.5 ? 4 * t * t * t : 1 - pow(2 - 2 * t, 3) / 2
                #expect(abs(offset - 1000 * eased) < 1e-9)
            }
        }
        #expect(scene.scrollView.contentOffset.y == 1000)
        #expect(scene.delegate.names.filter { $0 != "didScroll" } == ["didEndScrollingAnimation"])
        #expect(scene.window.nextTimerDeadline == nil)
    }

    @Test("scrollRectToVisible scrolls as little as needed, not at all when visible, never past the edges")
    func scrollRectToVisible() {
        let scene = ScrollScene()
        scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 2000, width: 10, height: 60), animated: false)
        #expect(scene.scrollView.contentOffset.y == 1460)
        scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 1500, width: 10, height: 60), animated: false)
        #expect(scene.scrollView.contentOffset.y == 1460)
        scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 1000, width: 10, height: 60), animated: false)
        #expect(scene.scrollView.contentOffset.y == 1000)
        scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 9000, width: 10, height: 60), animated: false)
        #expect(scene.scrollView.contentOffset.y == 5400)
        scene.scrollView.contentInset = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 0, width: 10, height: 60), animated: true)
        scene.window.advanceTime(to: 1)
        #expect(scene.scrollView.contentOffset.y == -50)
        #expect(scene.delegate.names.last == "didEndScrollingAnimation")
    }

    @Test("accessibilityScroll pages by the bounds, answers false at the end, and next/previous follow the axis")
    func accessibilityPaging() {
        let scene = ScrollScene(rowCount: 15)
        #expect(!scene.scrollView.accessibilityScroll(.down))
        #expect(scene.scrollView.accessibilityScroll(.up))
        #expect(scene.scrollView.contentOffset.y == 300)
        #expect(!scene.scrollView.accessibilityScroll(.up))
        #expect(scene.scrollView.accessibilityScroll(.previous))
        #expect(scene.scrollView.contentOffset.y == 0)
        #expect(!scene.scrollView.accessibilityScroll(.left))
        #expect(View().accessibilityScroll(.up) == false)
    }

    @Test("Setting the offset stops a deceleration where the code put it, with one didEndDecelerating")
    func settingOffsetStops() {
        let scene = ScrollScene()
        scene.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 380))
        scene.window.advanceTime(to: 0.5)
        scene.delegate.clear()
        scene.scrollView.contentOffset = Point(x: 0, y: 1234)
        #expect(scene.delegate.names == ["didEndDecelerating", "didScroll"])
        #expect(scene.window.nextTimerDeadline == nil)
        scene.window.advanceTime(to: 5)
        #expect(scene.scrollView.contentOffset.y == 1234)
    }
}
