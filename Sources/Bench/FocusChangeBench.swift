// Rule F7's case: a Tab among 10 000 focusable items right after a view was
// added or removed, against a Tab in a tree that did not change. The Tab's
// share is what the change and the Tab cost together less the change alone:
// the order is repaired at the Tab, its first use after the change.
import InteractionKitLinux

/// A window of 10 000 buttons in 100 rows of 100, each its own focus group.
@MainActor
struct FocusChangeScene {
    static let rows = 100
    static let columns = 100
    let window: Window
    let spare: Button
    private(set) var time = 0.0

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 10_000, height: 2_000))
        for row in 0..<Self.rows {
            let line = View(frame: Rect(x: 0, y: Double(row) * 20, width: 10_000, height: 20))
            window.addSubview(line)
            for column in 0..<Self.columns {
                line.addSubview(Button(title: "B\(row).\(column)", frame: Rect(x: Double(column) * 100, y: 0, width: 90, height: 18)))
            }
        }
        spare = Button(title: "Spare", frame: Rect(x: 0, y: 1_990, width: 90, height: 8))
        window.makeKey()
    }

    /// One Tab: down, then up.
    mutating func tab() {
        time += 0.01
        let key = Key(keyCode: .keyboardTab)
        window.send(KeyInput(key: key, phase: .began, timestamp: time))
        window.send(KeyInput(key: key, phase: .ended, timestamp: time))
    }

    /// Adds the spare button, or removes it when it is in.
    func change() {
        if spare.superview == nil { window.addSubview(spare) } else { spare.removeFromSuperview() }
    }
}

@MainActor
enum FocusChangeBench {
    /// `Bench --focus-change tab|change|both COUNT`: COUNT Tabs, tree changes, or both, untimed.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.count >= 2 else { return nil }
        switch arguments[1] {
        case "--focus-change":
            guard arguments.count == 4, let count = Int(arguments[3]), count >= 0,
                  ["tab", "change", "both"].contains(arguments[2]) else { return 2 }
            var scene = FocusChangeScene()
            // Warm: the order computed, every button named once by a key.
            for _ in 0..<(FocusChangeScene.rows * FocusChangeScene.columns + 2) { scene.tab() }
            scene.change()
            scene.change()
            scene.tab()
            let mode = arguments[2]
            let before = scene.window.focusOrderUpdates
            for _ in 0..<count {
                if mode != "tab" { scene.change() }
                if mode != "change" { scene.tab() }
            }
            precondition(scene.window.focusedItem is Button)
            // Every Tab after a change took the repair, and none walked the tree.
            let after = scene.window.focusOrderUpdates
            precondition(after.computations == before.computations)
            precondition(after.repairs - before.repairs == (mode == "both" ? count : 0))
            print("ran \(count) \(mode) among \(FocusChangeScene.rows * FocusChangeScene.columns) focusable buttons")
            return 0
        case "--focus-change-report":
            return report()
        default:
            return nil
        }
    }

    /// `Bench --focus-change-report`: instructions of a Tab right after a change against one in an unchanged tree.
    ///
    /// Each figure is a run of `steps` steps less a run of none, over
    /// `steps`, with Swift's hashing seeded alike in every run: the scene's
    /// tables of 10 000 entries otherwise cost a different amount each run,
    /// more than the steps do.
    static func report() -> Int32 {
        let executable = CommandLine.arguments[0]
        let steps = 100
        let environment = "SWIFT_DETERMINISTIC_HASHING=1"
        func run(_ mode: String, _ count: Int) -> Int? {
            ScrollBench.valgrind("callgrind", executable, "--focus-change \(mode) \(count)", environment: environment)
        }
        guard let none = run("tab", 0), let tabs = run("tab", steps), let changes = run("change", steps),
              let both = run("both", steps) else {
            print("focus change: valgrind is not installed; instructions not counted")
            return 0
        }
        let tab = (tabs - none) / steps
        let change = (changes - none) / steps
        let afterChange = (both - none) / steps - change
        let ratio = Double(afterChange) / Double(max(1, tab))
        print("focus change (callgrind, \(environment) \(executable) --focus-change tab|change|both 0 and \(steps)): "
            + "a Tab \(tab) instructions, a change \(change), a change and a Tab \(afterChange + change); "
            + "a Tab after a change \(afterChange), \((ratio * 100).rounded() / 100)× (F7 target: ≤ 2×)")
        return ratio <= 2 ? 0 : 1
    }
}
