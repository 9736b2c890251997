// Rule F7's case: a Tab among 10 000 focusable items right after a view was
// added or removed, against a Tab in a tree that did not change. The Tab's
// share is what the change and the Tab cost together less the change alone.
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
            for _ in 0..<count {
                if mode != "tab" { scene.change() }
                if mode != "change" { scene.tab() }
            }
            precondition(scene.window.focusedItem is Button)
            print("ran \(count) \(mode) among \(FocusChangeScene.rows * FocusChangeScene.columns) focusable buttons")
            return 0
        case "--focus-change-report":
            return report()
        default:
            return nil
        }
    }

    /// `Bench --focus-change-report`: instructions of a Tab right after a change against one in an unchanged tree.
    static func report() -> Int32 {
        let executable = CommandLine.arguments[0]
        func perStep(_ mode: String) -> Int? {
            guard let few = ScrollBench.valgrind("callgrind", executable, "--focus-change \(mode) 20"),
                  let more = ScrollBench.valgrind("callgrind", executable, "--focus-change \(mode) 40") else { return nil }
            return (more - few) / 20
        }
        guard let tab = perStep("tab"), let change = perStep("change"), let both = perStep("both") else {
            print("focus change: valgrind is not installed; instructions not counted")
            return 0
        }
        let afterChange = both - change
        let ratio = Double(afterChange) / Double(max(1, tab))
        print("focus change (callgrind, \(executable) --focus-change tab|change|both 20 and 40): "
            + "a Tab \(tab) instructions, a change \(change), a change and a Tab \(both); "
            + "a Tab after a change \(afterChange), \((ratio * 100).rounded() / 100)× (F7 target: ≤ 2×)")
        return ratio <= 2 ? 0 : 1
    }
}
