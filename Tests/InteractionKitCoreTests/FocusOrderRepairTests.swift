import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A view that can be focused unless made with `enabled: false`.
@MainActor
private final class Item: View {
    let name: String
    let enabled: Bool

    init(_ name: String, _ frame: Rect, enabled: Bool = true) {
        self.name = name
        self.enabled = enabled
        super.init(frame: frame)
    }

    override var canBecomeFocused: Bool { enabled }
}

/// A part of a view that is not a view, as a tab bar's tab is.
@MainActor
private final class Part: FocusItem {
    let name: String
    let frame: Rect
    weak var host: View?

    init(_ name: String, _ frame: Rect) {
        self.name = name
        self.frame = frame
    }

    var canBecomeFocused: Bool { true }
    var isFocused: Bool { host?.window?.focusedItem === self }
    var focusFrame: Rect { host?.convert(frame, to: nil) ?? frame }
    var focusHostView: View? { host }
    var focusGroupIdentifier: String? { nil }
    var isFocusGroupSelection: Bool { false }
    func accessibilityActivate() -> Bool { false }
}

/// A view that lists two parts (`focusItems`).
@MainActor
private final class Lister: View {
    let parts: [Part]

    init(_ name: String, _ frame: Rect) {
        parts = [Part("\(name).a", Rect(x: 0, y: 0, width: 20, height: 20)),
                 Part("\(name).b", Rect(x: 25, y: 0, width: 20, height: 20))]
        super.init(frame: frame)
        for part in parts { part.host = self }
    }

    override var focusItems: [any FocusItem]? { parts }
}

@MainActor
private func name(_ item: any FocusItem) -> String {
    if let item = item as? Item { return item.name }
    if let part = item as? Part { return part.name }
    return "?"
}

/// The order as text: each group's identifier and frame, and its items with their frames.
@MainActor
private func describe(_ order: FocusOrder) -> [String] {
    order.map { group in
        "\(group.identifier) \(group.frame): "
            + zip(group.items, group.places).map { "\(name($0.0)) \($0.1.frame)" }.joined(separator: ", ")
    }
}

extension Window {
    fileprivate func press(_ code: KeyboardHIDUsage) {
        let key = Key(keyCode: code)
        send(KeyInput(key: key, phase: .began, timestamp: currentTime))
        send(KeyInput(key: key, phase: .ended, timestamp: currentTime))
    }

    fileprivate var repairs: Int { focusState.machine.orderRepairs }
    fileprivate var computations: Int { focusState.machine.orderComputations }

    /// Where Tab goes by an order made afresh: the next group's landing item.
    fileprivate func tabTargetByFullOrder() -> (any FocusItem)? {
        let groups = Array(computeOrder())
        guard !groups.isEmpty else { return nil }
        let focused = focusedItem
        let start = focused.flatMap { item in groups.firstIndex { $0.items.contains { $0 === item } } } ?? -1
        for step in 1...groups.count {
            let index = (start + step) % groups.count
            if index == start && step < groups.count { continue }
            if let item = landing(in: groups[index]), item !== focused { return item }
        }
        return nil
    }
}

/// Checks that the kept order is what a walk and a sort give now, and that
/// each item's position leads to its group; records the first difference.
@MainActor
private func expectKeptOrderIsFresh(_ window: Window, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let kept = window.currentOrder()
    let fresh = window.computeOrder()
    let keptText = describe(kept), freshText = describe(fresh)
    if keptText != freshText {
        let index = zip(keptText, freshText).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(keptText.count, freshText.count)
        let keptLine = index < keptText.count ? keptText[index] : "(none)"
        let freshLine = index < freshText.count ? freshText[index] : "(none)"
        Issue.record("\(context): group \(index) kept \(keptLine), afresh \(freshLine) (\(keptText.count) and \(freshText.count) groups)",
                     sourceLocation: sourceLocation)
        return false
    }
    #expect(kept.count == fresh.count, sourceLocation: sourceLocation)
    for group in fresh {
        for item in group.items {
            guard let position = kept.position(of: item), kept[position].identifier == group.identifier else {
                Issue.record("\(context): \(name(item)) is not found in its group", sourceLocation: sourceLocation)
                return false
            }
        }
    }
    return true
}

@Suite("The focus order repaired after subtrees are added or removed (F7)")
@MainActor
struct FocusOrderRepairTests {
    /// Random trees changed at random; after each few changes the kept
    /// order must be the one made afresh, and Tab must land where that says.
    @Test("random adds, removes and moves of focusable views and subtrees keep the order a sort gives", arguments: [1, 2, 3, 4] as [UInt64])
    func randomChanges(seed: UInt64) {
        var random = SplitMix64(seed: 7_000 + seed)
        let window = Window(frame: Rect(x: 0, y: 0, width: 1_000, height: 1_000))
        var serial = 0
        var detached: [View] = []

        // A coarse grid, so that centres tie and items of mixed heights share
        // rows; inside a group, on the group's row (a toolbar), so that groups
        // lie in rows too. Now and then a tall item straddles rows: reading
        // order is then not a total order, and the order is made afresh.
        func frame(_ width: Double, _ height: Double, inRow: Bool) -> Rect {
            let x = Double(Int.random(in: 0..<8, using: &random)) * 50
            let y = inRow ? 0 : Double(Int.random(in: 0..<8, using: &random)) * 40
            return Rect(x: x, y: y, width: width, height: height)
        }
        func makeLeaf(inRow: Bool) -> View {
            serial += 1
            switch Int.random(in: 0..<40, using: &random) {
            case 0..<4: return Item("off\(serial)", frame(40, 20, inRow: inRow), enabled: false)
            case 4..<8: return Lister("list\(serial)", frame(50, 20, inRow: inRow))
            case 8: return Item("tall\(serial)", frame(40, 60, inRow: inRow))
            default: return Item("i\(serial)", frame(40, [20, 30, 20, 10].randomElement(using: &random)!, inRow: inRow))
            }
        }
        func makeSubtree(depth: Int, inRow: Bool) -> View {
            guard depth > 0, Int.random(in: 0..<3, using: &random) == 0 else { return makeLeaf(inRow: inRow) }
            serial += 1
            let container = View(frame: frame(300, 200, inRow: inRow))
            switch Int.random(in: 0..<12, using: &random) {
            case 0: container.isHidden = true
            case 1: container.alpha = 0
            case 2: container.isUserInteractionEnabled = false
            case 3, 4, 5: container.focusGroupIdentifier = ["g0", "g1", "g\(serial)"].randomElement(using: &random)!
            default: break
            }
            let grouped = inRow || container.focusGroupIdentifier != nil
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                container.addSubview(makeSubtree(depth: depth - 1, inRow: grouped))
            }
            return container
        }
        func inGroup(_ view: View) -> Bool {
            var node: View? = view
            while let current = node {
                if current.focusGroupIdentifier != nil { return true }
                node = current.superview
            }
            return false
        }
        func viewsInWindow() -> [View] {
            var views: [View] = []
            var stack: [View] = window.subviews
            while let view = stack.popLast() {
                views.append(view)
                stack.append(contentsOf: view.subviews)
            }
            return views
        }

        for _ in 0..<12 { window.addSubview(makeSubtree(depth: 3, inRow: false)) }
        window.makeKey()
        window.press(.keyboardTab)
        for step in 0..<400 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let views = viewsInWindow()
                let parents = [window as View] + views
                // Moves and returns go outside groups, which keep to their rows.
                let freeParents = parents.filter { !inGroup($0) }
                let crowded = views.count > 150
                switch Int.random(in: 0..<20, using: &random) {
                case 0..<6 where !crowded:
                    let parent = parents.randomElement(using: &random)!
                    let subtree = makeSubtree(depth: 2, inRow: inGroup(parent))
                    parent.insertSubview(subtree, at: Int.random(in: 0...parent.subviews.count, using: &random))
                case 6..<11 where !views.isEmpty:
                    let view = views.randomElement(using: &random)!
                    view.removeFromSuperview()
                    detached.append(view)
                case 11..<14 where !views.isEmpty:
                    // A move inside the window: out of one superview, into another.
                    let view = views.randomElement(using: &random)!
                    let parent = freeParents.randomElement(using: &random)!
                    parent.insertSubview(view, at: Int.random(in: 0...parent.subviews.count, using: &random))
                case 14..<16 where !detached.isEmpty:
                    // Back in, perhaps after it changed while out.
                    let view = detached.remove(at: Int.random(in: 0..<detached.count, using: &random))
                    if view.window == nil { freeParents.randomElement(using: &random)!.addSubview(view) }
                case 16 where !detached.isEmpty:
                    // A subtree changed while out of the window.
                    let view = detached.randomElement(using: &random)!
                    if let child = view.subviews.first { child.removeFromSuperview() } else { view.addSubview(makeLeaf(inRow: false)) }
                case 17 where !views.isEmpty:
                    // Not a pure add or remove: the order is made afresh.
                    let view = views.randomElement(using: &random)!
                    if Bool.random(using: &random) { view.isHidden.toggle() } else { view.frame.origin.x += 50 }
                default:
                    window.press(.keyboardTab)
                }
            }
            guard expectKeptOrderIsFresh(window, "seed \(seed), step \(step)") else { return }
            if step % 3 == 0 {
                let expected = window.tabTargetByFullOrder()
                window.press(.keyboardTab)
                if let expected { #expect(window.focusedItem === expected, "seed \(seed), step \(step): Tab") }
            }
        }
        // The repair did the work, not only the walk and sort.
        #expect(window.repairs > 150, "seed \(seed): \(window.repairs) repairs, \(window.computations) orders made afresh")
    }

    /// A row of items, each its own group, and a window made key.
    private func row(_ count: Int) -> (Window, [Item]) {
        let window = Window.phone()
        let items = (0..<count).map { Item("r\($0)", Rect(x: Double($0) * 60, y: 100, width: 50, height: 30)) }
        for item in items { window.addSubview(item) }
        window.makeKey()
        return (window, items)
    }

    @Test("Tab right after an add or a remove lands where an order made afresh says, by a repair")
    func tabAfterChange() {
        let (window, items) = row(5)
        window.press(.keyboardTab)
        #expect(window.focusedItem === items[1])
        let repairs = window.repairs
        // Centred lower, but on the row's line: read by its x, after r2 (same centre x) by the tree.
        let late = Item("late", Rect(x: 120, y: 110, width: 50, height: 20))
        window.addSubview(late)
        let expected = window.tabTargetByFullOrder()
        window.press(.keyboardTab)
        #expect(window.focusedItem === items[2] && expected === items[2])
        window.press(.keyboardTab)
        #expect(window.focusedItem === late)
        items[3].removeFromSuperview()
        window.press(.keyboardTab)
        #expect(window.focusedItem === items[4])
        #expect(window.repairs == repairs + 2)
        #expect(expectKeptOrderIsFresh(window, "after the changes"))
    }

    @Test("removing the focused view hands the focus to the next item, and the order stays right")
    func removeFocused() {
        let (window, items) = row(4)
        window.moveFocus(to: items[1])
        items[1].removeFromSuperview()
        #expect(window.focusedItem === items[2])
        #expect(expectKeptOrderIsFresh(window, "after removing the focused view"))
        window.press(.keyboardTab)
        #expect(window.focusedItem === items[3])
    }

    @Test("removing an ancestor of the focused view hands the focus past the ancestor's items")
    func removeAncestorOfFocused() {
        let window = Window.phone()
        let before = Item("before", Rect(x: 0, y: 0, width: 50, height: 30))
        let box = View(frame: Rect(x: 0, y: 100, width: 390, height: 100))
        let inside = (0..<3).map { Item("in\($0)", Rect(x: Double($0) * 60, y: 0, width: 50, height: 30)) }
        let after = Item("after", Rect(x: 0, y: 300, width: 50, height: 30))
        for item in inside { box.addSubview(item) }
        for view in [before, box, after] { window.addSubview(view) }
        window.makeKey()
        window.moveFocus(to: inside[1])
        box.removeFromSuperview()
        #expect(window.focusedItem === after)
        #expect(expectKeptOrderIsFresh(window, "after removing the box"))
        window.press(.keyboardTab)
        #expect(window.focusedItem === before)
    }

    @Test("an item added into a group joins it in reading order, and the arrows reach it")
    func addIntoGroup() {
        let window = Window.phone()
        let bar = View(frame: Rect(x: 0, y: 0, width: 390, height: 44))
        bar.focusGroupIdentifier = "bar"
        let tools = [0, 2, 3].map { Item("t\($0)", Rect(x: Double($0) * 60, y: 7, width: 50, height: 30)) }
        for tool in tools { bar.addSubview(tool) }
        let below = Item("below", Rect(x: 0, y: 100, width: 50, height: 30))
        window.addSubview(bar)
        window.addSubview(below)
        window.makeKey()
        #expect(window.focusedItem === tools[0])
        let repairs = window.repairs
        // In a box of its own, still inside the bar's group.
        let box = View(frame: Rect(x: 60, y: 0, width: 60, height: 44))
        let added = Item("t1", Rect(x: 0, y: 7, width: 50, height: 30))
        box.addSubview(added)
        bar.addSubview(box)
        window.press(.keyboardRightArrow)
        #expect(window.focusedItem === added)
        #expect(window.repairs == repairs + 1)
        #expect(expectKeptOrderIsFresh(window, "after adding into the group"))
        window.press(.keyboardTab)
        #expect(window.focusedItem === below)
        box.removeFromSuperview()
        window.press(.keyboardTab)
        #expect(window.focusedItem === tools[0])
        window.press(.keyboardRightArrow)
        #expect(window.focusedItem === tools[1])
        #expect(expectKeptOrderIsFresh(window, "after removing from the group"))
    }

    @Test("a view added and removed again before the next key is not kept alive by the log")
    func logHoldsNoViewThatLeft() {
        let (window, _) = row(3)
        window.press(.keyboardTab)
        weak var gone: Item?
        do {
            let item = Item("gone", Rect(x: 0, y: 300, width: 50, height: 30))
            gone = item
            window.addSubview(item)
            item.removeFromSuperview()
        }
        #expect(gone == nil)
        #expect(expectKeptOrderIsFresh(window, "after the add and the remove"))
    }

    @Test("anything besides a pure add or remove makes the order afresh: a frame, a group, a reorder")
    func otherChangesMakeTheOrderAfresh() {
        let (window, items) = row(3)
        window.press(.keyboardTab)
        let computations = window.computations
        // An add whose subtree then moves: the stamps do not chain.
        let added = Item("added", Rect(x: 0, y: 300, width: 50, height: 30))
        window.addSubview(added)
        added.frame = Rect(x: 0, y: 0, width: 50, height: 30)
        #expect(expectKeptOrderIsFresh(window, "after a frame change"))
        #expect(window.computations == computations + 1)
        items[2].focusGroupIdentifier = "changed"
        #expect(expectKeptOrderIsFresh(window, "after a group change"))
        #expect(window.computations == computations + 2)
        window.insertSubview(items[2], at: 0)
        #expect(expectKeptOrderIsFresh(window, "after a reorder"))
        #expect(window.computations == computations + 3)
    }
}
