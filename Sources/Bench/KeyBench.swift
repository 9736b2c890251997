// The keyboard's case (rule K6): a Tab and an arrow key in a window of
// 100 000 views that holds 1 000 focusable buttons, against the same 1 000
// buttons in a window of about 1 000 views. The focus order is kept, so a
// key costs steps along it, not a walk of the tree: the two figures match.
import Glibc
import InteractionKitLinux

/// A window of `totalViews` views holding 1 000 buttons in 100 rows of 10,
/// each row a focus group; the rest pad a subtree beside them.
@MainActor
struct KeyBenchScene {
    static let rows = 100
    static let buttonsPerRow = 10
    let window: Window
    let viewCount: Int
    private(set) var time = 0.0

    init(totalViews: Int) {
        window = Window(frame: Rect(x: 0, y: 0, width: 1_000, height: 2_000))
        var count = 1
        for row in 0..<Self.rows {
            let group = View(frame: Rect(x: 0, y: Double(row) * 20, width: 1_000, height: 20))
            group.focusGroupIdentifier = "row \(row)"
            window.addSubview(group)
            count += 1
            for column in 0..<Self.buttonsPerRow {
                group.addSubview(Button(title: "B\(row).\(column)", frame: Rect(x: Double(column) * 100, y: 0, width: 90, height: 18)))
                count += 1
            }
        }
        // Padding that holds nothing focusable, in a wide, shallow subtree.
        let padding = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.insertSubview(padding, at: 0)
        count += 1
        var parents: [View] = [padding]
        var next = 0
        while count < totalViews {
            let parent = parents[next]
            for _ in 0..<16 where count < totalViews {
                let child = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
                parent.addSubview(child)
                parents.append(child)
                count += 1
            }
            next += 1
        }
        viewCount = count
        window.makeKey()
    }

    /// One key press: down, then up.
    mutating func press(_ code: KeyboardHIDUsage) {
        time += 0.01
        let key = Key(keyCode: code)
        window.send(KeyInput(key: key, phase: .began, timestamp: time))
        window.send(KeyInput(key: key, phase: .ended, timestamp: time))
    }

    /// Warms the scene: the focus order is computed, and every button has
    /// heard a key once. A press names its responder by number, and the table
    /// of named views grows (amortized) the first time each view is named;
    /// that is a cost per view, not per key.
    mutating func warmEveryButton() {
        tabAndArrow()
        for group in window.subviews.dropFirst() {
            for button in group.subviews {
                window.moveFocus(to: button)
                press(.keyboardLeftShift)
            }
        }
        window.moveFocus(to: window.subviews[1].subviews[0])
        tabAndArrow()
    }

    /// A Tab, then a right arrow: two key presses.
    mutating func tabAndArrow() {
        press(.keyboardTab)
        press(.keyboardRightArrow)
    }
}

@MainActor
enum KeyBench {
    /// Runs the untimed key case named by `arguments` (`--keys PAIRS VIEWS`), or returns nil.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.count >= 2 else { return nil }
        switch arguments[1] {
        case "--keys":
            guard arguments.count == 4, let pairs = Int(arguments[2]), let views = Int(arguments[3]) else { return 2 }
            var scene = KeyBenchScene(totalViews: views)
            scene.warmEveryButton()
            let before = scene.window.focusedItem
            for _ in 0..<pairs { scene.tabAndArrow() }
            // Each Tab went to the next row, each arrow one button right.
            precondition(scene.window.focusedItem !== before || pairs % KeyBenchScene.rows == 0)
            precondition(scene.window.focusedItem is Button)
            print("ran \(pairs) Tab and arrow pairs among \(scene.viewCount) views")
            return 0
        case "--key-report":
            return report()
        default:
            return nil
        }
    }

    /// Times key presses among `views` views: the median ns per press over `repetitions` runs.
    static func nanosecondsPerKey(views: Int, repetitions: Int, pairsPerRun: Int) -> (Int, Double) {
        var scene = KeyBenchScene(totalViews: views)
        scene.tabAndArrow()
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<repetitions {
            let started = clock.now
            for _ in 0..<pairsPerRun { scene.tabAndArrow() }
            let elapsed = clock.now - started
            samples.append(nanoseconds(elapsed) / Double(2 * pairsPerRun))
        }
        precondition(scene.window.focusedItem is Button)
        return (scene.viewCount, median(samples))
    }

    /// `Bench --key-report`: the timings, the instructions and heap blocks per key; 1 when a target is missed.
    static func report() -> Int32 {
        let (bigViews, big) = nanosecondsPerKey(views: 100_000, repetitions: 21, pairsPerRun: 1_000)
        let (smallViews, small) = nanosecondsPerKey(views: 1_100, repetitions: 21, pairsPerRun: 1_000)
        let ratio = big / max(1, small)
        print("keys (Tab, arrow) among \(bigViews) views, 1000 focusable: \(format(big)) ns per key; "
            + "among \(smallViews) views: \(format(small)) ns; ratio \((ratio * 100).rounded() / 100)×")
        let executable = CommandLine.arguments[0]
        var blocksPerKey = 0.0
        if let short = ScrollBench.valgrind("callgrind", executable, "--keys 200 100000"),
           let long = ScrollBench.valgrind("callgrind", executable, "--keys 400 100000"),
           let fewBlocks = ScrollBench.valgrind("dhat", executable, "--keys 200 100000"),
           let moreBlocks = ScrollBench.valgrind("dhat", executable, "--keys 400 100000") {
            blocksPerKey = Double(moreBlocks - fewBlocks) / 400
            print("keys: \((long - short) / 400) instructions per key, \(blocksPerKey) heap blocks per key "
                + "(valgrind --tool=callgrind|dhat \(executable) --keys P 100000, P = 200 and 400: "
                + "(\(long) - \(short)) / 400 keys, (\(moreBlocks) - \(fewBlocks)) blocks / 400 keys)")
        } else {
            print("keys: valgrind is not installed; instructions and allocations not counted")
        }
        let met = big <= 20_000 && blocksPerKey == 0
        print(met ? "key targets met (≤ 20 µs a key among 100000 views, 0 blocks per key)" : "key targets MISSED")
        return met ? 0 : 1
    }
}
