// The focus system's decisions (rules K2–K5, F1–F3) as one value per
// window. Inputs go in — a move asked for, a key's heading, a repair after
// the focused item went away, a modal view appearing or going, an update
// request — and decisions come out: the move to try (whom to ask, whom to
// tell, where the focus goes). The window carries a decision out: it calls
// the views, then hands the move back with `commit(_:)`. The machine calls
// no one; it reads the tree (frames, superviews, focusability) only.

/// A move of the focus the machine decided to try (rule F1): the
/// environments to ask and to tell, and the context they hear.
///
/// The environments are the views that contain the view losing the focus
/// or the view gaining it, each once, innermost first, the window's root
/// views last: the losing view's own ancestors below the views the two
/// share, then the gaining view's, then the shared ones. A repair asks none
/// of the losing view's own ancestors: the item went away and cannot keep
/// the focus by refusing to lose it.
@MainActor
struct FocusMove {
    let context: FocusUpdateContext
    /// The host views of the items losing and gaining the focus.
    let losing: View?
    let gaining: View?
    /// The innermost view that contains both host views (nil: none in the window).
    let shared: View?
    /// Whether the losing view's own environments are asked.
    let asksLosing: Bool

    /// The deepest chain followed: a callback could grow the tree while it is walked.
    static let maximumDepth = 100_000

    /// Calls `body` with each environment of the move in order (the asked
    /// ones when `asking`, else all of them) until it returns false; returns
    /// whether every call returned true.
    func forEachEnvironment(asking: Bool, in window: Window, _ body: (View) -> Bool) -> Bool {
        var steps = 0
        // The part below the shared views, from one host view up.
        func walkOwn(from start: View?) -> Bool {
            var node = start
            while let view = node, view !== shared, view !== window, steps < Self.maximumDepth {
                steps += 1
                if !body(view) { return false }
                node = view.superview
            }
            return true
        }
        if !asking || asksLosing, !walkOwn(from: losing) { return false }
        if !walkOwn(from: gaining) { return false }
        var node = shared
        while let view = node, view !== window, steps < Self.maximumDepth {
            steps += 1
            if !body(view) { return false }
            node = view.superview
        }
        return true
    }
}

/// What the focus does when the modal view changes (rule F3).
@MainActor
enum FocusModalDecision {
    /// Nothing to do.
    case none
    /// A modal view appeared: the focus moves into it.
    case enter(View)
    /// The modal view went: the focus returns to this item, if still focusable.
    case leave(returningTo: (any FocusItem)?)
}

/// The focus system's state and decisions for one window.
@MainActor
struct FocusMachine {
    /// The item the keyboard focuses.
    var focusedItem: (any FocusItem)?
    /// The item last focused in each group, by identity: found again among
    /// the group's items, never read through (a weak reference would give
    /// every focused view a side table; Design.md, "References that are not weak").
    var lastFocusedInGroup: [String: ObjectIdentifier] = [:]
    /// The reading order, and the tree state it was computed for.
    var order = FocusOrder()
    var orderStamp: UInt64 = .max
    var orderGeneration: UInt64 = .max
    /// The subtrees added and removed since, for the order's repair at its next use (F7).
    var orderChanges = FocusOrderChanges()
    /// How many times the order was repaired in place and made afresh: which
    /// path a key took, for the tests and the benchmark.
    var orderRepairs = 0
    var orderComputations = 0
    /// Bumped whenever an item's focusability may have changed without a change of the tree.
    var generation: UInt64 = 0
    /// The environment a focus update was asked for on (F2); nil for none.
    var pendingUpdate: View?
    /// The modal view the focus last moved into (F3), and the item focused before.
    var enteredModal: View?
    var focusedBeforeModal: (any FocusItem)?
    /// Whether a modal view may have appeared or gone since the last check.
    var modalMayHaveChanged = false

    // MARK: Moves (F1)

    /// The move from `previous` (the focused item) to `next`, or nil when
    /// there is nothing to move (the item is focused already).
    ///
    /// Static, fed the focused item: the machine is not read across the
    /// host views' getters, and its tables are never copied by a move.
    static func move(from previous: (any FocusItem)?, to next: (any FocusItem)?, heading: FocusHeading,
                     isRepair: Bool) -> FocusMove? {
        if previous === next { return nil }
        let context = FocusUpdateContext(previouslyFocusedItem: previous, nextFocusedItem: next, focusHeading: heading)
        let losing = previous?.focusHostView
        let gaining = next?.focusHostView
        return FocusMove(context: context, losing: losing, gaining: gaining,
                         shared: Self.sharedAncestor(losing, gaining), asksLosing: !isRepair)
    }

    /// Records a move the environments agreed to.
    mutating func commit(_ move: FocusMove, group: String?) {
        focusedItem = move.context.nextFocusedItem
        if let next = move.context.nextFocusedItem, let group { lastFocusedInGroup[group] = ObjectIdentifier(next) }
    }

    /// The innermost view containing both `a` and `b` (either may be nil).
    static func sharedAncestor(_ a: View?, _ b: View?) -> View? {
        guard let a, let b else { return nil }
        func depth(_ view: View) -> Int {
            var count = 0
            var node = view.superview
            while let parent = node, count < FocusMove.maximumDepth {
                count += 1
                node = parent.superview
            }
            return count
        }
        var left: View? = a
        var right: View? = b
        var leftDepth = depth(a)
        var rightDepth = depth(b)
        while leftDepth > rightDepth { left = left?.superview; leftDepth -= 1 }
        while rightDepth > leftDepth { right = right?.superview; rightDepth -= 1 }
        while let l = left, let r = right {
            if l === r { return l }
            left = l.superview
            right = r.superview
        }
        return nil
    }

    // MARK: Repair (K4)

    /// Where the focus goes when the focused item can no longer be focused:
    /// the next focusable item of its group in the order from before the
    /// change, else of the next groups; nil when that order has none.
    static func repairTarget(for focused: any FocusItem, in order: FocusOrder,
                             isFocusable: (any FocusItem) -> Bool) -> (any FocusItem)? {
        guard var position = order.position(of: focused) else { return nil }
        let own = order[position].items
        var start = (own.firstIndex { $0 === focused } ?? own.count) + 1
        for _ in 0..<order.count {
            let items = order[position].items
            for index in stride(from: start, to: items.count, by: 1) where isFocusable(items[index]) {
                return items[index]
            }
            position = order.position(after: position)
            start = 0
        }
        return nil
    }

    // MARK: Update requests (F2)

    /// Records an update request on `environment`: kept when it is the
    /// window or contains the focused item's host view (`focusedHost`); the
    /// outermost request wins. Returns whether it was kept.
    mutating func requestUpdate(on environment: View, focusedHost: View?, window: Window) -> Bool {
        if environment !== window {
            guard let focusedHost, focusedHost.isDescendant(of: environment) else { return false }
        }
        if let pending = pendingUpdate, environment.isDescendant(of: pending) { return true }
        pendingUpdate = environment
        return true
    }

    /// Takes the pending update request, if it still holds.
    mutating func takeUpdate(focusedHost: View?, window: Window) -> View? {
        guard let environment = pendingUpdate else { return nil }
        pendingUpdate = nil
        if environment === window { return environment }
        guard environment.window === window, let focusedHost, focusedHost.isDescendant(of: environment) else { return nil }
        return environment
    }

    /// The most environments one preferred-focus search visits: preferences can form cycles.
    static let preferenceSearchLimit = 4_096

    /// The first focusable item found by following `environment`'s
    /// preferred environments depth first; an environment with none (or
    /// none that leads anywhere) offers itself, then its first item in
    /// reading order (`inOrder`).
    static func preferredItem(
        in environment: any FocusItem, isFocusable: (any FocusItem) -> Bool,
        inOrder: (View) -> (any FocusItem)?
    ) -> (any FocusItem)? {
        var visited = 0
        func search(_ item: any FocusItem, depth: Int) -> (any FocusItem)? {
            visited += 1
            guard visited <= preferenceSearchLimit, depth < 64 else { return nil }
            guard let view = item as? View else { return isFocusable(item) ? item : nil }
            for preferred in view.preferredFocusEnvironments where preferred !== view {
                if let found = search(preferred, depth: depth + 1) { return found }
            }
            if isFocusable(view) { return view }
            return inOrder(view)
        }
        return search(environment, depth: 0)
    }

    // MARK: Modal views (F3)

    /// What to do now that `current` is the modal view in the window (nil: none).
    mutating func modalChanged(to current: View?) -> FocusModalDecision {
        modalMayHaveChanged = false
        if current === enteredModal { return .none }
        if let current {
            if enteredModal == nil { focusedBeforeModal = focusedItem }
            enteredModal = current
            return .enter(current)
        }
        enteredModal = nil
        let back = focusedBeforeModal
        focusedBeforeModal = nil
        return .leave(returningTo: back)
    }
}
