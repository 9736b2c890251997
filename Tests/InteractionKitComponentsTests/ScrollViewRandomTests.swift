import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// Seeded random drags, flicks, taps and property changes on nested scroll
/// views, with a delegate that re-enters from its calls: nothing traps, and
/// once every finger is up and time has passed, nothing moves and nothing
/// is scheduled.
@Suite("Scroll views under random input")
@MainActor
struct ScrollViewRandomTests {
    @Test("500 seeded runs: no trap, offsets finite, every motion ends, nothing left scheduled", arguments: 0..<5)
    func random(batch: UInt64) {
        var glides = 0, reentered = 0
        for seed in (batch * 100)..<((batch + 1) * 100) {
            let (seedGlides, seedReentries) = run(seed: seed)
            glides += seedGlides
            reentered += seedReentries
        }
        // The runs reach what they claim to: glides, and a delegate that re-enters.
        #expect(glides > 50)
        #expect(reentered > 50)
    }

    /// One run; returns how many glides began and how often the delegate re-entered.
    private func run(seed: UInt64) -> (Int, Int) {
        var random = SplitMix64(seed: seed)
        func number(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(random.next() % 10_000) / 10_000 * (range.upperBound - range.lowerBound)
        }
        let scene = ScrollScene(rowCount: 20 + Int(random.next() % 60))
        let inner = ScrollView(frame: Rect(x: 0, y: 120, width: 390, height: 120))
        inner.contentSize = Size(width: 1600, height: 120)
        scene.scrollView.addSubview(inner)
        let innerLog = ScrollDelegateLog()
        inner.delegate = innerLog
        var time = 0.0
        var down: Set<Int> = []
        var reentries = 0
        scene.delegate.hook = { name, scrollView in
            guard reentries < 20, random.next() % 6 == 0 else { return }
            reentries += 1
            switch random.next() % 7 {
            case 0: scrollView.contentOffset = Point(x: 0, y: number(-100...4000))
            case 1: scrollView.setContentOffset(Point(x: 0, y: number(0...3000)), animated: true)
            case 2: scrollView.removeFromSuperview()
            case 3: scene.window.addSubview(scrollView)
            case 4: scrollView.isScrollEnabled.toggle()
            case 5: scrollView.contentSize = Size(width: 390, height: number(0...6000))
            default: scrollView.scrollRectToVisible(Rect(x: 0, y: number(0...5000), width: 10, height: 60), animated: true)
            }
        }
        for _ in 0..<40 {
            time += number(0...0.3)
            let id = Int(random.next() % 3)
            let point = Point(x: number(0...390), y: number(0...700))
            switch random.next() % 10 {
            case 0, 1, 2:
                if down.contains(id) {
                    scene.window.move(point.x, point.y, at: time, id: id)
                } else {
                    scene.window.down(point.x, point.y, at: time, id: id)
                    down.insert(id)
                }
            case 3, 4:
                if !down.contains(id) {
                    scene.window.down(point.x, point.y, at: time, id: id)
                    down.insert(id)
                }
                do {
                    // A flick: quick moves, then the lift.
                    for step in 1...5 {
                        scene.window.move(point.x, point.y - Double(step) * number(0...60), at: time + Double(step) * 0.01, id: id)
                    }
                    time += 0.05
                    scene.window.up(point.x, point.y, at: time, id: id)
                    down.remove(id)
                }
            case 5:
                if down.contains(id) {
                    scene.window.cancel(point.x, point.y, at: time, id: id)
                    down.remove(id)
                }
            case 6:
                scene.scrollView.isPagingEnabled.toggle()
                scene.scrollView.bounces = random.next() % 4 != 0
            case 7:
                scene.scrollView.isDirectionalLockEnabled.toggle()
                scene.scrollView.delaysContentTouches = random.next() % 3 != 0
            case 8:
                _ = scene.scrollView.accessibilityScroll(AccessibilityScrollDirection(rawValue: 1 + Int(random.next() % 6)) ?? .up)
            default:
                scene.window.advanceTime(to: time)
            }
            #expect(scene.scrollView.contentOffset.isFinite, "seed \(seed)")
            #expect(inner.contentOffset.isFinite, "seed \(seed)")
        }
        for id in down {
            time += 0.01
            scene.window.up(200, 300, at: time, id: id)
        }
        scene.delegate.hook = nil
        scene.window.advanceTime(to: time + 30)
        #expect(scene.window.nextTimerDeadline == nil, "seed \(seed)")
        #expect(!scene.scrollView.isDecelerating && !scene.scrollView.isDragging && !scene.scrollView.isTracking, "seed \(seed)")
        #expect(!inner.isDecelerating && !inner.isDragging, "seed \(seed)")
        for log in [scene.delegate, innerLog] {
            let begins = log.names.filter { $0 == "willBeginDecelerating" }.count
            let ends = log.names.filter { $0 == "didEndDecelerating" }.count
            #expect(ends >= begins, "seed \(seed): \(log.names)")
        }
        let glides = (scene.delegate.names + innerLog.names).filter { $0 == "willBeginDecelerating" }.count
        return (glides, reentries)
    }
}
