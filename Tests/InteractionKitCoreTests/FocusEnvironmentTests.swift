import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A view that logs the focus questions and news it hears into a shared
/// journal, and may refuse moves.
@MainActor
private final class Environment: View {
    let name: String
    let journal: Journal
    var focusable: Bool
    var refuses = false
    /// Refuses only moves that take the focus out of this view.
    var keepsFocusInside = false
    var preferred: [any FocusItem] = []

    init(_ name: String, _ frame: Rect, focusable: Bool = false, journal: Journal) {
        self.name = name
        self.focusable = focusable
        self.journal = journal
        super.init(frame: frame)
    }

    override var canBecomeFocused: Bool { focusable }
    override var preferredFocusEnvironments: [any FocusItem] { preferred }
    override func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool {
        journal.entries.append("ask \(name)")
        if refuses { return false }
        if keepsFocusInside, let next = context.nextFocusedView, !next.isDescendant(of: self) { return false }
        return true
    }
    override func didUpdateFocus(in context: FocusUpdateContext) {
        journal.entries.append("tell \(name)")
    }
}

@MainActor
private final class Journal {
    var entries: [String] = []
}

@Suite("Focus environments: every container is asked and told (F1, F5)")
@MainActor
struct FocusEnvironmentTests {
    /// window ─ root ┬ left ─ a
    ///               └ right ─ b
    private func scene() -> (Window, Journal, root: Environment, left: Environment, right: Environment,
                             a: Environment, b: Environment) {
        let journal = Journal()
        let window = Window.phone()
        let root = Environment("root", Rect(x: 0, y: 0, width: 300, height: 300), journal: journal)
        let left = Environment("left", Rect(x: 0, y: 0, width: 100, height: 100), journal: journal)
        let right = Environment("right", Rect(x: 0, y: 150, width: 100, height: 100), journal: journal)
        let a = Environment("a", Rect(x: 10, y: 10, width: 50, height: 30), focusable: true, journal: journal)
        let b = Environment("b", Rect(x: 10, y: 10, width: 50, height: 30), focusable: true, journal: journal)
        window.addSubview(root)
        root.addSubview(left)
        root.addSubview(right)
        left.addSubview(a)
        right.addSubview(b)
        window.makeKey()
        journal.entries = []
        return (window, journal, root, left, right, a, b)
    }

    @Test("A move asks the losing side's containers, then the gaining side's, then the shared ones, root last, each once; then tells the same set before the observers")
    func askOrder() {
        let (window, journal, _, _, _, a, b) = scene()
        #expect(window.focusedItem === a)
        window.addFocusObserver { _ in journal.entries.append("observer") }
        #expect(window.moveFocus(to: b))
        #expect(journal.entries == [
            "ask a", "ask left", "ask b", "ask right", "ask root",
            "tell a", "tell left", "tell b", "tell right", "tell root",
            "observer",
        ])
    }

    @Test("Any container can cancel a move: a sheet keeps the focus inside itself")
    func containerCancels() {
        let (window, journal, root, left, _, a, b) = scene()
        left.keepsFocusInside = true
        #expect(!window.moveFocus(to: b))
        #expect(window.focusedItem === a)
        #expect(!journal.entries.contains("tell a"), "a cancelled move tells no one")
        left.keepsFocusInside = false
        root.refuses = true
        #expect(!window.moveFocus(.next))
        #expect(window.focusedItem === a, "the root view, asked last, refuses too")
    }

    @Test("A container hears focus enter and leave it")
    func containerHears() {
        let (window, journal, _, _, right, a, b) = scene()
        #expect(window.moveFocus(to: b))
        #expect(journal.entries.contains("tell right"))
        journal.entries = []
        #expect(window.moveFocus(to: a))
        #expect(journal.entries.filter { $0 == "tell right" }.count == 1)
        #expect(right.subviews.first === b)
    }

    @Test("A repair asks no container of the item that went away; the gaining side is still asked")
    func repairAsksNobodyAboutTheLeaver() {
        let (window, journal, _, left, _, a, b) = scene()
        left.refuses = true
        a.refuses = true
        a.focusable = false
        a.focusabilityDidChange()
        #expect(window.focusedItem === b)
        #expect(!journal.entries.contains("ask a") && !journal.entries.contains("ask left"))
        #expect(journal.entries.starts(with: ["ask b", "ask right", "ask root"]))
    }

    @Test("The context names the views of both items; nil when the focus leaves")
    func contextViews() {
        let (window, _, _, _, _, a, b) = scene()
        var seen: [(View?, View?)] = []
        window.addFocusObserver { seen.append(($0.previouslyFocusedView, $0.nextFocusedView)) }
        window.moveFocus(to: b)
        window.moveFocus(to: nil)
        #expect(seen.count == 2)
        #expect(seen.first?.0 === a && seen.first?.1 === b)
        #expect(seen.last?.0 === b && seen.last?.1 == nil)
    }
}

@Suite("Preferred focus environments and update requests (F2)")
@MainActor
struct FocusUpdateRequestTests {
    private func scene(preferring: Bool) -> (Window, root: Environment, first: Environment, second: Environment, third: Environment) {
        let journal = Journal()
        let window = Window.phone()
        let root = Environment("root", Rect(x: 0, y: 0, width: 300, height: 300), journal: journal)
        let first = Environment("first", Rect(x: 0, y: 0, width: 100, height: 30), focusable: true, journal: journal)
        let second = Environment("second", Rect(x: 0, y: 50, width: 100, height: 30), focusable: true, journal: journal)
        let third = Environment("third", Rect(x: 0, y: 100, width: 100, height: 30), focusable: true, journal: journal)
        window.addSubview(root)
        for view in [first, second, third] { root.addSubview(view) }
        if preferring { root.preferred = [second] }
        window.makeKey()
        return (window, root, first, second, third)
    }

    @Test("Initial focus follows the root views' preferences, else reading order")
    func initialFocus() {
        let preferring = scene(preferring: true)
        #expect(preferring.0.focusedItem === preferring.second)
        let plain = scene(preferring: false)
        #expect(plain.0.focusedItem === plain.first)
    }

    @Test("A request on a container of the focused item moves the focus at updateFocusIfNeeded(), not before")
    func requestThenUpdate() {
        let (window, root, first, _, third) = scene(preferring: false)
        #expect(window.focusedItem === first)
        root.preferred = [third]
        root.setNeedsFocusUpdate()
        #expect(window.focusedItem === first, "the request waits")
        root.updateFocusIfNeeded()
        #expect(window.focusedItem === third)
        root.updateFocusIfNeeded()
        #expect(window.focusedItem === third, "nothing pending, nothing moves")
    }

    @Test("A request on a view that does not contain the focused item is ignored; the window's always counts")
    func requestScope() {
        let (window, root, first, second, third) = scene(preferring: false)
        second.preferred = [third]
        second.setNeedsFocusUpdate()
        second.updateFocusIfNeeded()
        #expect(window.focusedItem === first)
        root.preferred = [third]
        window.setNeedsFocusUpdate()
        window.updateFocusIfNeeded()
        #expect(window.focusedItem === third, "the window's request follows the root views' preferences")
    }

    @Test("A request made while dispatching an input is carried out at the end of that dispatch")
    func requestInsideDispatch() {
        let (window, root, first, second, _) = scene(preferring: false)
        root.preferred = [second]
        var requested = false
        window.addKeyInputFilter { _ in
            if !requested {
                requested = true
                root.setNeedsFocusUpdate()
            }
            return true
        }
        #expect(window.focusedItem === first)
        window.send(KeyInput(key: Key(keyCode: .keyboardA), phase: .began, timestamp: 0))
        #expect(window.focusedItem === second)
    }

    @Test("Preferences are followed depth first; a preference that leads nowhere falls through; cycles end")
    func depthFirst() {
        let (window, root, first, second, third) = scene(preferring: false)
        let journal = Journal()
        let group = Environment("group", Rect(x: 0, y: 200, width: 100, height: 60), journal: journal)
        let inner = Environment("inner", Rect(x: 0, y: 0, width: 50, height: 20), focusable: true, journal: journal)
        root.addSubview(group)
        group.addSubview(inner)
        // The preferences below end in two views that hold each other: let them go at the end.
        defer {
            group.preferred = []
            root.preferred = []
        }
        second.focusable = false
        second.focusabilityDidChange()
        group.preferred = [inner]
        // A hidden preference, then one that is not focusable, then a group that prefers its inner view.
        third.isHidden = true
        root.preferred = [third, second, group, first]
        root.setNeedsFocusUpdate()
        root.updateFocusIfNeeded()
        #expect(window.focusedItem === inner)
        // Two environments that prefer each other: the search ends and the first is offered.
        group.preferred = [root]
        root.preferred = [group]
        root.setNeedsFocusUpdate()
        root.updateFocusIfNeeded()
        #expect(window.focusedItem === inner)
    }
}
