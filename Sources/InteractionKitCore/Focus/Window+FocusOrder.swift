// The window's reading order of focusable items: made by a walk of the tree
// and a sort, kept while the tree is unchanged, and repaired in place after
// subtrees were only added or removed (rule F7), so that a key after such a
// change reads the changed subtrees, not the whole tree.

/// The subtrees added to and removed from a window since its focus order was
/// made: a short log the order takes in at its next use.
///
/// It holds only changes that follow on from one another: each must start
/// at the geometry stamp the one before left (the order's own stamp for the
/// first), so that nothing else (a frame, a hidden view) changed between
/// them; anything else, or more than the log holds, overflows it and the
/// order is made afresh.
@MainActor
struct FocusOrderChanges {
    /// The roots of the subtrees added, in the order they came.
    private(set) var addedRoots: [View] = []
    /// Every view of the subtrees removed, met when each left.
    private(set) var removedViews: [ObjectIdentifier] = []
    /// How many changes the log holds.
    private(set) var count = 0
    /// The geometry stamp the last change left.
    private(set) var stamp: UInt64 = 0
    /// Whether something the log cannot follow happened since the order was made.
    private(set) var overflowed = false

    /// The most changes the log holds, and views of removed subtrees it names.
    static let changeLimit = 32
    static let removedViewLimit = 1_024
    /// The most items a repair adds; past it the order is made afresh.
    static let addedItemLimit = 1_024

    /// Whether a change of the tree that starts at `stampBefore` follows on
    /// from the order made at `orderStamp` and the changes logged since.
    func follows(from stampBefore: UInt64, orderStamp: UInt64) -> Bool {
        !overflowed && stampBefore == (count == 0 ? orderStamp : stamp)
    }

    /// Logs a change that left the tree at `stampAfter`: the subtree `added`
    /// came, or the one at `removedRoot` (whose views are `removed`) left.
    mutating func append(added: View?, removedRoot: View? = nil, removed: [ObjectIdentifier], stampAfter: UInt64) {
        guard !overflowed, count < Self.changeLimit, removedViews.count + removed.count <= Self.removedViewLimit else {
            overflow()
            return
        }
        if let added { addedRoots.append(added) }
        // A subtree added and gone again is not held: the log keeps no view alive that left.
        if let removedRoot { addedRoots.removeAll { $0.isDescendant(of: removedRoot) } }
        removedViews += removed
        count += 1
        stamp = stampAfter
    }

    /// Gives up following the changes: the order is made afresh at its next use.
    mutating func overflow() {
        self = FocusOrderChanges()
        overflowed = true
    }
}

extension Window {
    /// The focus order for the tree as it is: kept, repaired after subtrees
    /// were only added or removed, and made afresh after any other change
    /// of geometry, hit testing or focusability in the window.
    func currentOrder() -> FocusOrder {
        let state = focusState
        let stamp = currentGeometryStamp
        let generation = state.machine.generation
        if state.machine.orderStamp == stamp && state.machine.orderGeneration == generation {
            return state.machine.order
        }
        let changes = state.machine.orderChanges
        state.machine.orderChanges = FocusOrderChanges()
        if !changes.overflowed, changes.count > 0, changes.stamp == stamp, state.machine.orderGeneration == generation,
           repairOrder(taking: changes) {
            state.machine.orderStamp = stamp
            state.machine.orderRepairs += 1
            return state.machine.order
        }
        let order = computeOrder()
        state.machine.order = order
        state.machine.orderComputations += 1
        state.machine.orderStamp = stamp
        state.machine.orderGeneration = generation
        return order
    }

    /// Repairs the kept order in place for the subtrees `changes` added and
    /// removed; returns false when it could not (then the order must be made afresh).
    private func repairOrder(taking changes: FocusOrderChanges) -> Bool {
        let state = focusState
        let modal = state.machine.enteredModal
        // What the added subtrees hold now, read before the order is
        // touched (the reads call out to the views).
        var added: [(entry: FocusEntry, group: String)] = []
        var roots = Set<ObjectIdentifier>()
        for root in changes.addedRoots where root.window === self { roots.insert(ObjectIdentifier(root)) }
        var walked = Set<ObjectIdentifier>()
        for root in changes.addedRoots where root.window === self {
            guard walked.insert(ObjectIdentifier(root)).inserted else { continue }
            // The walk of the whole tree enters a subtree only through
            // ancestors that show; one inside another added subtree is met there.
            var shows = true
            var node = root.superview
            while let view = node {
                if roots.contains(ObjectIdentifier(view)) || view.isHidden || view.alpha < 0.01 || !view.isUserInteractionEnabled {
                    shows = false
                    break
                }
                node = view.superview
            }
            if shows { collectEntries(under: root, modal: modal, into: &added) }
            guard added.count <= FocusOrderChanges.addedItemLimit else { return false }
        }
        let reading = ReadingOrder(rightToLeft: effectiveLayoutDirection == .rightToLeft)
        return state.machine.order.repair(removed: changes.removedViews, added: added, reading: reading)
    }

    /// The focusable items of `root`'s subtree, each with its group's
    /// identifier, in the order of the walk: views depth first in subview
    /// order, each view before the items it lists. Hidden, transparent and
    /// non-interactive subtrees hold none; while a modal view holds the
    /// focus, only items inside it count.
    func collectEntries(under root: View, modal: View?, into entries: inout [(entry: FocusEntry, group: String)]) {
        func consider(_ item: any FocusItem, host: View, index: Int) {
            if let modal, !host.isDescendant(of: modal) { return }
            guard item.canBecomeFocused, let identifier = groupIdentifier(of: item) else { return }
            let frame = item.focusFrame
            guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.size.width.isFinite, frame.size.height.isFinite else { return }
            entries.append((FocusEntry(item: item, place: FocusPlace(host: host, indexInHost: index, frame: frame)), identifier))
        }
        var stack: [View] = [root]
        while let view = stack.popLast() {
            if view.isHidden || view.alpha < 0.01 || !view.isUserInteractionEnabled { continue }
            if view.canBecomeFocused { consider(view, host: view, index: -1) }
            if let items = view.focusItems {
                for (index, item) in items.enumerated() { consider(item, host: view, index: index) }
            }
            // Back to front, so that the walk meets siblings in the order they were added.
            var index = view.subviews.count - 1
            while index >= 0 {
                stack.append(view.subviews[index])
                index -= 1
            }
        }
    }

    /// Walks the tree once, collecting the focusable items by group, and
    /// sorts groups and items into reading order (F4): by the centre's y,
    /// frames on one line (`onOneLine`) by the leading centre x (right to
    /// left under `.rightToLeft`), ties in the order of the walk.
    func computeOrder() -> FocusOrder {
        var found: [(entry: FocusEntry, group: String)] = []
        collectEntries(under: self, modal: focusState.machine.enteredModal, into: &found)
        var members: [[(entry: FocusEntry, walk: Int)]] = []
        var identifiers: [String] = []
        var groupIndex: [String: Int] = [:]
        for (walk, (entry, identifier)) in found.enumerated() {
            if let index = groupIndex[identifier] {
                members[index].append((entry, walk))
            } else {
                groupIndex[identifier] = members.count
                identifiers.append(identifier)
                members.append([(entry, walk)])
            }
        }
        let reading = ReadingOrder(rightToLeft: effectiveLayoutDirection == .rightToLeft)
        func precedes(_ a: Rect, _ aWalk: Int, _ b: Rect, _ bWalk: Int) -> Bool {
            let order = reading.compare(a, b)
            return order != 0 ? order < 0 : aWalk < bWalk
        }
        var groups: [(group: FocusGroup, firstWalk: Int)] = []
        groups.reserveCapacity(members.count)
        for (index, var list) in members.enumerated() {
            list.sort { precedes($0.entry.place.frame, $0.walk, $1.entry.place.frame, $1.walk) }
            let places = list.map(\.entry.place)
            let group = FocusGroup(identifier: identifiers[index], items: list.map(\.entry.item), places: places,
                                   frame: FocusGroup.frame(of: places), inBands: ReadingOrder.formsBands(places.map(\.frame)))
            groups.append((group, list[0].walk))
        }
        groups.sort { precedes($0.group.frame, $0.firstWalk, $1.group.frame, $1.firstWalk) }
        return FocusOrder(sorted: groups.map(\.group), groupsInBands: ReadingOrder.formsBands(groups.map(\.group.frame)))
    }

    // MARK: The log of changes (F7)

    /// The focus state whose kept order can log a change that moved the
    /// geometry stamp from `stampBefore`; nil when nothing is kept, or when
    /// the change does not follow the logged ones (the log then overflows,
    /// so the next use makes the order afresh).
    private func focusStateLogging(from stampBefore: UInt64) -> FocusState? {
        guard let state = existingAttachment(FocusState.self) else { return nil }
        guard state.machine.orderGeneration == state.machine.generation,
              state.machine.orderChanges.follows(from: stampBefore, orderStamp: state.machine.orderStamp) else {
            if !state.machine.orderChanges.overflowed { state.machine.orderChanges.overflow() }
            return nil
        }
        return state
    }

    /// `root`'s subtree was just added to this window, the geometry stamp
    /// going from `stampBefore`: logged for the focus order's repair.
    func focusOrderSubtreeAdded(_ root: View, stampBefore: UInt64) {
        guard let state = focusStateLogging(from: stampBefore) else { return }
        state.machine.orderChanges.append(added: root, removed: [], stampAfter: currentGeometryStamp)
    }

    /// `root`'s subtree is leaving this window, just taken out of its
    /// superview, the geometry stamp going from `stampBefore`: its views are
    /// logged for the focus order's repair.
    func focusOrderSubtreeRemoved(_ root: View, stampBefore: UInt64) {
        guard let state = focusStateLogging(from: stampBefore) else { return }
        // Met now: once out, the subtree may change without the window hearing of it.
        var views: [ObjectIdentifier] = []
        var stack: [View] = [root]
        while let view = stack.popLast() {
            views.append(ObjectIdentifier(view))
            guard views.count <= FocusOrderChanges.removedViewLimit else {
                state.machine.orderChanges.overflow()
                return
            }
            stack.append(contentsOf: view.subviews)
        }
        state.machine.orderChanges.append(added: nil, removedRoot: root, removed: views, stampAfter: currentGeometryStamp)
    }

    /// The subviews of a view in this window changed order: the walk's
    /// order, which breaks ties of reading order, changed with them.
    func focusOrderSubviewsReordered() {
        existingAttachment(FocusState.self)?.machine.generation &+= 1
    }
}

extension Window {
    /// How many times this window's focus order was repaired in place, and
    /// made afresh: which path the keys took, for rule F7's benchmark.
    package var focusOrderUpdates: (repairs: Int, computations: Int) {
        guard let state = existingAttachment(FocusState.self) else { return (0, 0) }
        return (state.machine.orderRepairs, state.machine.orderComputations)
    }
}
