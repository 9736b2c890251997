// The release benchmark: `swift run -c release Bench`.
//
// Each case prints the median of several repetitions, in nanoseconds per
// event and events per second. Scenes are built outside the measured block,
// and each case checks its outcome with a precondition, so it cannot measure
// nothing.
import InteractionKitLinux

/// The scene of the main case: a 390 × 844 window whose standalone tab bar
/// (5 items, 390 × 49 at the bottom) sits `depth` containers deep. Every
/// container also holds 9 views in front of the next container that are
/// never under the finger, each padded with a subtree of its own so that the
/// window holds `totalViews` views in all.
@MainActor
struct BenchScene {
    let window: Window
    let tabBar: TabBar
    let viewCount: Int
    private(set) var time = 0.0

    init(depth: Int, totalViews: Int, accessibility: Bool) {
        window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        window.preferredContentSizeCategory = accessibility ? .accessibilityLarge : .large
        tabBar = TabBar(frame: Rect(x: 0, y: 795, width: 390, height: 49))
        tabBar.items = ["Home", "Search", "Now Playing", "Profile", "Settings"]
            .map { TabBarItem(title: $0, image: Image(name: $0.lowercased())) }
        var parent: View = window
        var containers: [View] = []
        for _ in 0..<max(1, depth) {
            let container = View(frame: window.bounds)
            parent.addSubview(container)
            containers.append(container)
            parent = container
        }
        parent.addSubview(tabBar)
        var count = 1 + containers.count + 1  // window, containers, tab bar
        let decoyCount = containers.count * 9
        let padding = max(0, totalViews - count - decoyCount)
        for (index, container) in containers.enumerated() {
            for decoy in 0..<9 {
                // In front of the next container, but above the tab bar: never under the finger.
                let view = View(frame: Rect(x: Double(decoy) * 40, y: 20, width: 36, height: 700))
                let share = padding / decoyCount + ((index * 9 + decoy) < padding % decoyCount ? 1 : 0)
                count += 1 + BenchScene.pad(view, with: share)
                container.addSubview(view)
            }
        }
        viewCount = count
    }

    /// Adds `count` views below `root` in a shallow, wide subtree; returns how many it added.
    private static func pad(_ root: View, with count: Int) -> Int {
        var added = 0
        var parents: [View] = [root]
        var parentIndex = 0
        while added < count {
            let parent = parents[parentIndex]
            for _ in 0..<16 where added < count {
                let child = View(frame: Rect(x: 0, y: 0, width: 30, height: 30))
                parent.addSubview(child)
                parents.append(child)
                added += 1
            }
            parentIndex += 1
        }
        return added
    }

    func center(ofItem index: Int) -> Point {
        let item = tabBar.items![index]
        return tabBar.convert(tabBar.frame(for: item)!, to: nil).center
    }

    /// Down on the first item, hold until the viewer shows, `moves` equal steps to the last item, lift.
    /// Returns the number of touch events sent.
    mutating func runSequence(moves: Int) -> Int {
        let start = center(ofItem: 0)
        let end = center(ofItem: 4)
        time += 1
        window.send(TouchInput(phase: .began, location: start, timestamp: time))
        time += 0.2
        window.advanceTime(to: time)
        for step in 1...moves {
            let fraction = Double(step) / Double(moves)
            time += 0.008
            window.send(TouchInput(
                phase: .moved,
                location: Point(x: start.x + (end.x - start.x) * fraction, y: start.y),
                timestamp: time
            ))
        }
        time += 0.008
        window.send(TouchInput(phase: .ended, location: end, timestamp: time))
        return moves + 2
    }
}

@MainActor
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

@MainActor
func report(_ name: String, nanosecondsPerEvent: [Double]) {
    let value = median(nanosecondsPerEvent)
    let perSecond = value > 0 ? 1e9 / value : 0
    let padded = name + String(repeating: " ", count: max(0, 44 - name.count))
    print("\(padded) \(format(value)) ns/event   \(format(perSecond / 1e6)) M events/s")
}

func format(_ value: Double) -> String {
    let scaled = (value * 10).rounded() / 10
    return String(scaled)
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Times the main sequence on a scene; returns the median ns/event of `repetitions` runs.
@MainActor
func measureSequence(depth: Int, views: Int, accessibility: Bool, repetitions: Int, sequencesPerRun: Int) -> (Int, Double) {
    var scene = BenchScene(depth: depth, totalViews: views, accessibility: accessibility)
    let selections = SelectionCounter()
    scene.tabBar.delegate = selections
    _ = scene.runSequence(moves: 100)  // warm up
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<repetitions {
        var events = 0
        let before = selections.lastSelected
        let started = clock.now
        for _ in 0..<sequencesPerRun {
            events += scene.runSequence(moves: 100)
        }
        let elapsed = clock.now - started
        samples.append(nanoseconds(elapsed) / Double(events))
        if accessibility {
            precondition(selections.count > 0 && selections.lastSelected === scene.tabBar.items![4],
                         "the last item was not selected")
        } else {
            precondition(selections.lastSelected === before, "a selection happened without the viewer")
        }
    }
    if accessibility {
        precondition(selections.count == (repetitions * sequencesPerRun + 1), "a sequence did not select exactly once")
    }
    return (scene.viewCount, median(samples))
}

@MainActor
final class SelectionCounter: TabBarDelegate {
    var count = 0
    var lastSelected: TabBarItem?
    func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem) {
        count += 1
        lastSelected = item
    }
}

@MainActor
func measureHitTest(depth: Int, views: Int, repetitions: Int, testsPerRun: Int) -> Double {
    let scene = BenchScene(depth: depth, totalViews: views, accessibility: true)
    let point = scene.center(ofItem: 2)
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<repetitions {
        var hits = 0
        let started = clock.now
        for _ in 0..<testsPerRun where scene.window.hitTest(point, with: nil) === scene.tabBar {
            hits += 1
        }
        let elapsed = clock.now - started
        precondition(hits == testsPerRun, "hit testing missed the tab bar")
        samples.append(nanoseconds(elapsed) / Double(testsPerRun))
    }
    return median(samples)
}

@MainActor
func main() {
    let arguments = CommandLine.arguments
    // `Bench --alloc SEQUENCES MOVES`: run the main case untimed, for counting allocations under valgrind.
    if arguments.count == 4, arguments[1] == "--alloc", let sequences = Int(arguments[2]), let moves = Int(arguments[3]) {
        var scene = BenchScene(depth: 3, totalViews: 1_000, accessibility: true)
        let selections = SelectionCounter()
        scene.tabBar.delegate = selections
        for _ in 0..<sequences { _ = scene.runSequence(moves: moves) }
        precondition(selections.count == sequences)
        print("ran \(sequences) sequences of \(moves) moves")
        return
    }
    let repetitions = 9
    print("InteractionKitLinux benchmark: median of \(repetitions) runs; one event = one touch sample through Window.send")
    print("sequence: down on the first tab, hold 0.2 s, 100 moves to the last tab, lift (102 events)")
    var results: [String: Double] = [:]
    for (depth, views, sequences) in [(1, 10, 400), (3, 1_000, 400), (5, 100_000, 400), (3, 100_000, 400)] {
        let (count, value) = measureSequence(
            depth: depth, views: views, accessibility: true, repetitions: repetitions, sequencesPerRun: sequences
        )
        results["\(depth),\(views)"] = value
        report("viewer on   D=\(depth) N=\(views) (\(count) views)", nanosecondsPerEvent: [value])
    }
    for (depth, views) in [(3, 1_000), (5, 100_000)] {
        let (count, value) = measureSequence(
            depth: depth, views: views, accessibility: false, repetitions: repetitions, sequencesPerRun: 400
        )
        report("viewer off  D=\(depth) N=\(views) (\(count) views)", nanosecondsPerEvent: [value])
    }
    for (depth, views) in [(1, 10), (3, 1_000), (5, 100_000)] {
        let value = measureHitTest(depth: depth, views: views, repetitions: repetitions, testsPerRun: 200_000)
        report("hit test    D=\(depth) N=\(views)", nanosecondsPerEvent: [value])
    }
    if let small = results["1,10"], let large = results["5,100000"], let thousand = results["3,1000"],
       let wide = results["3,100000"] {
        print("ratio (5, 100000) / (1, 10):   \(format(large / small * 100) )%  (target ≤ 200%)")
        print("ratio (3, 100000) / (3, 1000): \(format(wide / thousand * 100))%  (target ≤ 120%)")
        print("(3, 1000): \(format(thousand)) ns/event (target < 300)")
    }
}

MainActor.assumeIsolated { main() }
