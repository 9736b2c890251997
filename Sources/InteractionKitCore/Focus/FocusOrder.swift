// The window's focusable items in reading order (rules K2, F4), kept between
// keys and repaired in place after a subtree was added or removed (rule F7).
//
// The groups lie in runs of a bounded length, so that a group added or
// removed moves one run, and an item's place is found from its group's slot
// (stable while the group lives) without a table of every item's index to
// shift.

/// Where the walk of the tree found a focusable item, and its frame then.
struct FocusPlace {
    /// The view the walk found it in: the item itself for a view, else the
    /// view whose `focusItems` lists it.
    let host: View
    /// Its place in the host's `focusItems`; -1 for the view itself.
    let indexInHost: Int
    /// Its frame in window coordinates.
    let frame: Rect
}

/// A focusable item and where the walk found it.
struct FocusEntry {
    let item: any FocusItem
    let place: FocusPlace
}

/// A group of focus items, in reading order, and where the group lies.
struct FocusGroup {
    let identifier: String
    /// The items, in reading order.
    var items: [any FocusItem]
    /// Where each item was found, in step with `items`: what the repair
    /// compares (kept apart so that a key reads only the items).
    var places: [FocusPlace]
    /// The union of the items' frames (the one item's frame as it is, for a group of one).
    var frame: Rect
    /// Whether the items' frames lie in bands (`ReadingOrder.formsBands`): only
    /// then can an item be added or removed without sorting the group again.
    var inBands: Bool

    /// The frame of a group found at `places`: the extreme edges, so that
    /// it is the same whatever order the places come in.
    static func frame(of places: [FocusPlace]) -> Rect {
        if places.count == 1 { return places[0].frame }
        var left = Double.infinity, right = -Double.infinity
        var top = Double.infinity, bottom = -Double.infinity
        for place in places {
            left = min(left, place.frame.minX)
            right = max(right, place.frame.maxX)
            top = min(top, place.frame.minY)
            bottom = max(bottom, place.frame.maxY)
        }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// Reading order (F4), as GTK's `tab_sort_func`: by the centre's y, frames on
/// one line by the leading centre x, and ties by the order of the walk.
struct ReadingOrder {
    let rightToLeft: Bool

    /// How two frames compare: -1 when `a` reads first, 1 when `b` does, 0
    /// when only their places in the tree can tell.
    func compare(_ a: Rect, _ b: Rect) -> Int {
        if !Window.onOneLine(a, b), a.midY != b.midY { return a.midY < b.midY ? -1 : 1 }
        let aLead = rightToLeft ? -a.midX : a.midX
        let bLead = rightToLeft ? -b.midX : b.midX
        if aLead != bLead { return aLead < bLead ? -1 : 1 }
        return 0
    }

    /// Whether `a` reads before `b`, the tree breaking ties.
    @MainActor
    func precedes(_ a: FocusPlace, _ b: FocusPlace) -> Bool {
        let order = compare(a.frame, b.frame)
        return order != 0 ? order < 0 : Self.walkPrecedes(a, b)
    }

    /// Whether the walk of the tree meets `a` before `b`: views depth first
    /// in subview order, each view before the items it lists, those in its
    /// list's order. Both must be in one tree.
    @MainActor
    static func walkPrecedes(_ a: FocusPlace, _ b: FocusPlace) -> Bool {
        if a.host === b.host { return a.indexInHost < b.indexInHost }
        func depth(_ view: View) -> Int {
            var count = 0
            var node = view.superview
            while let parent = node {
                count += 1
                node = parent.superview
            }
            return count
        }
        var left = a.host, right = b.host
        var leftDepth = depth(left), rightDepth = depth(right)
        while leftDepth > rightDepth, let parent = left.superview {
            left = parent
            leftDepth -= 1
        }
        while rightDepth > leftDepth, let parent = right.superview {
            right = parent
            rightDepth -= 1
        }
        // One host inside the other: the outer one (and what it lists) comes first.
        if left === right { return left === a.host }
        while let leftParent = left.superview, let rightParent = right.superview, leftParent !== rightParent {
            left = leftParent
            right = rightParent
        }
        guard let parent = left.superview, parent === right.superview,
              let leftIndex = parent.indexOfSubview(left), let rightIndex = parent.indexOfSubview(right) else { return false }
        return leftIndex < rightIndex
    }

    // MARK: Bands

    /// How two frames lie for the bands: on one line (or centred at one
    /// height), wholly above or below the other, or neither.
    enum Relation { case sameBand, above, below, neither }

    /// How `a` lies against `b`.
    static func relation(_ a: Rect, _ b: Rect) -> Relation {
        if Window.onOneLine(a, b) || a.midY == b.midY { return .sameBand }
        if a.maxY <= b.minY && a.midY < b.midY { return .above }
        if b.maxY <= a.minY && b.midY < a.midY { return .below }
        return .neither
    }

    /// The most frames a check of the bands reads for one insertion; past
    /// it the order is sorted afresh.
    static let bandScanLimit = 1_024

    /// Whether `frames`, sorted in reading order, lie in bands: runs of
    /// frames each pair of which is on one line (or centred at one height),
    /// every frame of a run wholly above every frame of the runs after it.
    ///
    /// Then reading order is a total order on them (by run, leading x,
    /// tree), so a frame inserted where a binary search puts it, or one
    /// taken out, leaves the sequence a sort would give. Without bands,
    /// "on one line" is not transitive and a sort's answer depends on how
    /// it sorts: only sorting again gives it.
    static func formsBands(_ frames: [Rect]) -> Bool {
        guard var start = frames.indices.first else { return true }
        // The current run's summary: where all its frames overlap, its
        // tallest height, its centres' range, its lowest edge.
        var coreTop = frames[start].minY, coreBottom = frames[start].maxY
        var tallest = frames[start].size.height.magnitude
        var lowMid = frames[start].midY, highMid = lowMid
        var bottom = frames[start].maxY
        // The previous run's lowest edge and centre.
        var previousBottom = -Double.infinity, previousMid = -Double.infinity
        var index = start + 1
        while index < frames.count {
            let frame = frames[index]
            let height = frame.size.height.magnitude
            if relation(frames[index - 1], frame) == .sameBand {
                // Sure from the summary: every frame of the run overlaps
                // the core, so by at least this much.
                let overlap = min(frame.maxY, coreBottom) - max(frame.minY, coreTop)
                let sure = (lowMid == highMid && frame.midY == lowMid) || overlap > min(height, tallest) / 2
                if !sure {
                    guard index - start <= bandScanLimit else { return false }
                    for member in start..<index where relation(frames[member], frame) != .sameBand { return false }
                }
                guard previousBottom <= frame.minY, previousMid < frame.midY else { return false }
                coreTop = max(coreTop, frame.minY)
                coreBottom = min(coreBottom, frame.maxY)
                tallest = max(tallest, height)
                lowMid = min(lowMid, frame.midY)
                highMid = max(highMid, frame.midY)
                bottom = max(bottom, frame.maxY)
            } else {
                // A new run: below every frame of the one before.
                guard bottom <= frame.minY, highMid < frame.midY else { return false }
                previousBottom = bottom
                previousMid = highMid
                start = index
                coreTop = frame.minY
                coreBottom = frame.maxY
                tallest = height
                lowMid = frame.midY
                highMid = lowMid
                bottom = frame.maxY
            }
            index += 1
        }
        return true
    }

    /// A frame's vertical extent, as the bands read it.
    private struct Extent {
        let top: Double, bottom: Double, mid: Double, height: Double

        init(_ frame: Rect) {
            top = frame.minY
            bottom = frame.maxY
            mid = frame.midY
            height = frame.size.height.magnitude
        }

        /// Whether `self` and `other` are on one line (as `Window.onOneLine`) or centred at one height.
        func sharesBand(with other: Extent) -> Bool {
            min(bottom, other.bottom) - max(top, other.top) > min(height, other.height) / 2 || mid == other.mid
        }

        /// Whether `self` lies wholly above `other` (which rules out sharing a band).
        func isAbove(_ other: Extent) -> Bool {
            bottom <= other.top && mid < other.mid
        }
    }

    /// Whether a sequence in bands stays in bands with `frame` inserted
    /// between `before` (read from the insertion point backwards) and
    /// `after` (read onwards): `frame` joins the run around the point or
    /// makes one of its own, wholly below the run before and above the run
    /// after. Reads the runs around the point only.
    static func keepsBands(
        inserting frame: Rect, before: inout some IteratorProtocol<Rect>, after: inout some IteratorProtocol<Rect>
    ) -> Bool {
        var budget = bandScanLimit
        let inserted = Extent(frame)
        var nearest: (before: Extent?, after: Extent?) = (nil, nil)
        guard side(inserted, &before, upwards: true, nearestSame: &nearest.before, budget: &budget),
              side(inserted, &after, upwards: false, nearestSame: &nearest.after, budget: &budget) else { return false }
        // Runs on both sides that `frame` would join must be one run.
        if let left = nearest.before, let right = nearest.after, !left.sharesBand(with: right) { return false }
        return true
    }

    /// One side of `keepsBands`: the frames of the run `inserted` joins,
    /// then the whole run beyond, which must lie above it (`upwards`, read
    /// backwards) or below it. `nearestSame` is the joined run's frame next
    /// to the point.
    ///
    /// Frames next to each other in a sequence in bands either share a run
    /// or lie one above the other, so telling those two apart needs only the
    /// cheaper test.
    private static func side(
        _ inserted: Extent, _ frames: inout some IteratorProtocol<Rect>, upwards: Bool, nearestSame: inout Extent?,
        budget: inout Int
    ) -> Bool {
        /// Whether `a`, read before `b` in this direction, lies beyond it.
        func beyond(_ a: Extent, _ b: Extent) -> Bool { upwards ? a.isAbove(b) : b.isAbove(a) }
        var member: Extent?
        while let frame = frames.next() {
            budget -= 1
            guard budget >= 0 else { return false }
            let next = Extent(frame)
            if next.sharesBand(with: inserted) {
                // The run's frames next to each other: one run of the sequence, not two.
                if let member, beyond(next, member) { return false }
                if member == nil { nearestSame = next }
                member = next
                continue
            }
            // The first frame of the run beyond, unless the run `inserted` joins goes on.
            guard beyond(next, inserted) else { return false }
            if let member, !beyond(next, member) { return false }
            // The rest of that run; the runs past it lie beyond it, so beyond `inserted`.
            while let further = frames.next().map(Extent.init) {
                budget -= 1
                guard budget >= 0 else { return false }
                if beyond(further, next) { break }
                guard beyond(further, inserted) else { return false }
            }
            return true
        }
        return true
    }
}

/// The window's focusable items as groups in reading order.
///
/// Groups live in slots (a group keeps its slot while it is in the order)
/// and the reading order is a list of slots cut into runs of at most
/// `runCapacity`: a group added or removed moves one run's slots, and a
/// run that splits or empties renumbers the runs, never the items.
struct FocusOrder: Sequence {
    /// Where a group is in the order: its run, and its place in that run.
    struct Position: Equatable {
        var run: Int
        var offset: Int
    }

    static let runCapacity = 64

    private var groupsBySlot: [FocusGroup?] = []
    /// Each slot's group frame, in step with `groupsBySlot`: what the check of the bands reads.
    private var frameOfSlot: [Rect] = []
    private var freeSlots: [Int] = []
    /// The slots in reading order, run by run; no run is empty.
    private var runs: [[Int]] = []
    /// Each run's identity, in step with `runs`; a slot records its run's identity.
    private var runIdentities: [Int] = []
    /// By run identity, where the run is in `runs`.
    private var runIndexByIdentity: [Int] = []
    private var freeRunIdentities: [Int] = []
    /// By slot, its run's identity.
    private var runOfSlot: [Int] = []
    /// How many groups the order holds.
    private(set) var count = 0
    /// Each item's group slot, by object identity.
    private var slotOfItem: [ObjectIdentifier: Int] = [:]
    /// Each group's slot, by identifier.
    private var slotOfGroup: [String: Int] = [:]
    /// The slots holding items listed by a view (`focusItems`), by that view:
    /// the items to drop when it leaves.
    private var slotsOfLister: [ObjectIdentifier: [Int]] = [:]
    /// Whether the order can be repaired in place: the groups lie in bands
    /// and no item was found twice.
    private(set) var isRepairable = true

    /// An order of `groups`, already in reading order.
    init(sorted groups: [FocusGroup], groupsInBands: Bool) {
        isRepairable = groupsInBands
        var run: [Int] = []
        for group in groups {
            let slot = store(group)
            if run.count == Self.runCapacity * 3 / 4 {
                appendRun(run)
                run = []
            }
            run.append(slot)
        }
        if !run.isEmpty { appendRun(run) }
        count = groups.count
    }

    init() {}

    var isEmpty: Bool { count == 0 }

    // MARK: Reading

    /// The group at `position`.
    subscript(position: Position) -> FocusGroup {
        groupsBySlot[runs[position.run][position.offset]]!
    }

    /// Where the group of `item` is, or nil when the order does not hold it.
    func position(of item: any FocusItem) -> Position? {
        guard let slot = slotOfItem[ObjectIdentifier(item)] else { return nil }
        return position(ofSlot: slot)
    }

    /// The first group's position; the order must not be empty.
    var firstPosition: Position { Position(run: 0, offset: 0) }

    /// The last group's position; the order must not be empty.
    var lastPosition: Position { Position(run: runs.count - 1, offset: runs[runs.count - 1].count - 1) }

    /// The next group's position, the first after the last.
    func position(after position: Position) -> Position {
        following(position) ?? firstPosition
    }

    /// The previous group's position, the last before the first.
    func position(before position: Position) -> Position {
        preceding(position) ?? lastPosition
    }

    /// The groups in reading order.
    func makeIterator() -> Iterator {
        Iterator(order: self, position: isEmpty ? nil : firstPosition)
    }

    /// The groups in reading order, from the first.
    struct Iterator: IteratorProtocol {
        let order: FocusOrder
        var position: Position?

        mutating func next() -> FocusGroup? {
            guard let current = position else { return nil }
            position = order.following(current)
            return order[current]
        }
    }

    private func following(_ position: Position) -> Position? {
        if position.offset + 1 < runs[position.run].count { return Position(run: position.run, offset: position.offset + 1) }
        return position.run + 1 < runs.count ? Position(run: position.run + 1, offset: 0) : nil
    }

    private func preceding(_ position: Position) -> Position? {
        if position.offset > 0 { return Position(run: position.run, offset: position.offset - 1) }
        return position.run > 0 ? Position(run: position.run - 1, offset: runs[position.run - 1].count - 1) : nil
    }

    private func position(ofSlot slot: Int) -> Position? {
        // A slot in no run: a group the repair has not placed yet.
        guard runOfSlot[slot] >= 0 else { return nil }
        let run = runIndexByIdentity[runOfSlot[slot]]
        guard run >= 0, let offset = runs[run].firstIndex(of: slot) else { return nil }
        return Position(run: run, offset: offset)
    }

    /// The groups' frames from `position` on (forwards) or before it (backwards).
    private struct Frames: IteratorProtocol {
        let runs: [[Int]]
        let frames: [Rect]
        /// The run being read, and where in it.
        var current: [Int]
        var run: Int
        var offset: Int
        let forwards: Bool

        init(_ order: FocusOrder, from position: Position?, forwards: Bool) {
            runs = order.runs
            frames = order.frameOfSlot
            run = position?.run ?? -1
            current = run >= 0 ? runs[run] : []
            offset = position?.offset ?? 0
            self.forwards = forwards
        }

        mutating func next() -> Rect? {
            guard offset >= 0 && offset < current.count else { return nil }
            let frame = frames[current[offset]]
            offset += forwards ? 1 : -1
            if offset < 0 || offset == current.count {
                run += forwards ? 1 : -1
                if run >= 0 && run < runs.count {
                    current = runs[run]
                    offset = forwards ? 0 : current.count - 1
                } else {
                    current = []
                }
            }
            return frame
        }
    }

    // MARK: Repair (F7)

    /// Takes a change of the tree in: drops the items of the views that
    /// left (`removed`, each view's own item and those it lists), then adds
    /// the items `added` found (with their groups' identifiers), each where
    /// a sort would put it. Returns false, leaving the order unusable, when
    /// that cannot be proved to give what a sort would (then the caller
    /// makes the order afresh).
    @MainActor
    mutating func repair(removed: [ObjectIdentifier], added: [(entry: FocusEntry, group: String)], reading: ReadingOrder) -> Bool {
        guard isRepairable else { return false }
        // The groups whose items changed, placed again at the end.
        var touched: [Int] = []
        func touch(_ slot: Int) {
            if !touched.contains(slot) { touched.append(slot) }
        }
        for view in removed {
            if let slot = slotOfItem[view], let index = groupsBySlot[slot]?.items.firstIndex(where: { ObjectIdentifier($0) == view }),
               ObjectIdentifier(groupsBySlot[slot]!.places[index].host) == view {
                guard groupsBySlot[slot]!.inBands else { return false }
                groupsBySlot[slot]!.items.remove(at: index)
                groupsBySlot[slot]!.places.remove(at: index)
                slotOfItem[view] = nil
                touch(slot)
            }
            if let slots = slotsOfLister.removeValue(forKey: view) {
                for slot in slots {
                    let listed = groupsBySlot[slot]?.places.indices.filter { ObjectIdentifier(groupsBySlot[slot]!.places[$0].host) == view } ?? []
                    guard !listed.isEmpty else { continue }
                    guard groupsBySlot[slot]!.inBands else { return false }
                    for index in listed.reversed() {
                        slotOfItem[ObjectIdentifier(groupsBySlot[slot]!.items[index])] = nil
                        groupsBySlot[slot]!.items.remove(at: index)
                        groupsBySlot[slot]!.places.remove(at: index)
                    }
                    touch(slot)
                }
            }
        }
        for (entry, identifier) in added {
            let id = ObjectIdentifier(entry.item)
            // Found twice, or also elsewhere in the tree: only a sort knows where it goes.
            guard slotOfItem[id] == nil else { return false }
            if let slot = slotOfGroup[identifier] {
                guard insert(entry, intoGroupAt: slot, reading: reading) else { return false }
                touch(slot)
            } else {
                let slot = store(FocusGroup(identifier: identifier, items: [entry.item], places: [entry.place],
                                            frame: entry.place.frame, inBands: true))
                runOfSlot[slot] = -1
                touch(slot)
            }
            slotOfItem[id] = slotOfGroup[identifier]
            if entry.item !== entry.place.host {
                let slot = slotOfGroup[identifier]!
                let lister = ObjectIdentifier(entry.place.host)
                if !(slotsOfLister[lister]?.contains(slot) ?? false) { slotsOfLister[lister, default: []].append(slot) }
            }
        }
        // Each changed group leaves the order, then goes back where its new
        // frame and first item put it (or is gone, when empty).
        for slot in touched where runOfSlot[slot] >= 0 {
            guard let position = position(ofSlot: slot) else { return false }
            removeSlot(at: position)
        }
        for slot in touched {
            guard let group = groupsBySlot[slot] else { continue }
            if group.items.isEmpty {
                release(slot)
                continue
            }
            let frame = FocusGroup.frame(of: group.places)
            groupsBySlot[slot]!.frame = frame
            frameOfSlot[slot] = frame
            guard placeSlot(slot, reading: reading) else { return false }
        }
        return true
    }

    /// Inserts `entry` into the group in `slot` where a sort would put it.
    @MainActor
    private mutating func insert(_ entry: FocusEntry, intoGroupAt slot: Int, reading: ReadingOrder) -> Bool {
        guard let index = insertionIndex(of: entry, inGroupAt: slot, reading: reading) else { return false }
        groupsBySlot[slot]!.items.insert(entry.item, at: index)
        groupsBySlot[slot]!.places.insert(entry.place, at: index)
        return true
    }

    /// Where `entry` goes among the items of the group in `slot`, or nil
    /// when the group would no longer lie in bands.
    @MainActor
    private func insertionIndex(of entry: FocusEntry, inGroupAt slot: Int, reading: ReadingOrder) -> Int? {
        guard let places = groupsBySlot[slot]?.places, groupsBySlot[slot]!.inBands else { return nil }
        var low = 0, high = places.count
        while low < high {
            let middle = (low + high) / 2
            if reading.precedes(places[middle], entry.place) { low = middle + 1 } else { high = middle }
        }
        var before = places[..<low].reversed().lazy.map(\.frame).makeIterator()
        var after = places[low...].lazy.map(\.frame).makeIterator()
        return ReadingOrder.keepsBands(inserting: entry.place.frame, before: &before, after: &after) ? low : nil
    }

    /// Puts the group in `slot` (in no run) where a sort of the groups would.
    @MainActor
    private mutating func placeSlot(_ slot: Int, reading: ReadingOrder) -> Bool {
        guard let position = insertionPosition(ofSlot: slot, reading: reading) else { return false }
        insertSlot(slot, at: position)
        return true
    }

    /// Where the group in `slot` goes among the groups, or nil when they
    /// would no longer lie in bands.
    @MainActor
    private func insertionPosition(ofSlot slot: Int, reading: ReadingOrder) -> Position? {
        guard !runs.isEmpty else { return Position(run: 0, offset: 0) }
        let frame = frameOfSlot[slot]
        func precedes(_ other: Int) -> Bool {
            let order = reading.compare(frameOfSlot[other], frame)
            return order != 0 ? order < 0 : ReadingOrder.walkPrecedes(groupsBySlot[other]!.places[0], groupsBySlot[slot]!.places[0])
        }
        // The first run whose last group does not read before this one, then the place in it.
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(runs[middle][runs[middle].count - 1]) { low = middle + 1 } else { high = middle }
        }
        let position: Position
        if low == runs.count {
            position = Position(run: runs.count - 1, offset: runs[runs.count - 1].count)
        } else {
            var lowOffset = 0, highOffset = runs[low].count
            while lowOffset < highOffset {
                let middle = (lowOffset + highOffset) / 2
                if precedes(runs[low][middle]) { lowOffset = middle + 1 } else { highOffset = middle }
            }
            position = Position(run: low, offset: lowOffset)
        }
        // The group before the place, and the one at it (none past the end).
        let previous = position.offset > 0 ? Position(run: position.run, offset: position.offset - 1) : preceding(position)
        let next = position.offset < runs[position.run].count ? position : nil
        var before = Frames(self, from: previous, forwards: false)
        var after = Frames(self, from: next, forwards: true)
        return ReadingOrder.keepsBands(inserting: frame, before: &before, after: &after) ? position : nil
    }

    // MARK: Storage

    /// Stores `group` in a free slot and indexes its items; returns the slot.
    private mutating func store(_ group: FocusGroup) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            groupsBySlot[slot] = group
            frameOfSlot[slot] = group.frame
        } else {
            slot = groupsBySlot.count
            groupsBySlot.append(group)
            frameOfSlot.append(group.frame)
            runOfSlot.append(-1)
        }
        slotOfGroup[group.identifier] = slot
        for (item, place) in zip(group.items, group.places) {
            let id = ObjectIdentifier(item)
            // An item found twice: the order keeps its last place, as the
            // walk's last meeting, and is made afresh at every change.
            if slotOfItem.updateValue(slot, forKey: id) != nil { isRepairable = false }
            if item !== place.host {
                let lister = ObjectIdentifier(place.host)
                if !(slotsOfLister[lister]?.contains(slot) ?? false) { slotsOfLister[lister, default: []].append(slot) }
            }
        }
        return slot
    }

    /// Frees an empty group's slot.
    private mutating func release(_ slot: Int) {
        if let identifier = groupsBySlot[slot]?.identifier, slotOfGroup[identifier] == slot { slotOfGroup[identifier] = nil }
        groupsBySlot[slot] = nil
        runOfSlot[slot] = -1
        freeSlots.append(slot)
    }

    private mutating func appendRun(_ slots: [Int]) {
        let identity = newRunIdentity()
        runIndexByIdentity[identity] = runs.count
        runs.append(slots)
        runIdentities.append(identity)
        for slot in slots { runOfSlot[slot] = identity }
    }

    private mutating func newRunIdentity() -> Int {
        if let free = freeRunIdentities.popLast() { return free }
        runIndexByIdentity.append(-1)
        return runIndexByIdentity.count - 1
    }

    /// Inserts `slot` at `position` (the end of a run included), splitting a run that grows past its capacity.
    private mutating func insertSlot(_ slot: Int, at position: Position) {
        count += 1
        if runs.isEmpty {
            appendRun([slot])
            return
        }
        runs[position.run].insert(slot, at: position.offset)
        runOfSlot[slot] = runIdentities[position.run]
        guard runs[position.run].count > Self.runCapacity else { return }
        let half = runs[position.run].count / 2
        let moved = Array(runs[position.run][half...])
        runs[position.run].removeSubrange(half...)
        let identity = newRunIdentity()
        runs.insert(moved, at: position.run + 1)
        runIdentities.insert(identity, at: position.run + 1)
        for slot in moved { runOfSlot[slot] = identity }
        for index in (position.run + 1)..<runs.count { runIndexByIdentity[runIdentities[index]] = index }
    }

    /// Takes the slot at `position` out of its run (the slot keeps its group), dropping a run left empty.
    private mutating func removeSlot(at position: Position) {
        count -= 1
        let slot = runs[position.run].remove(at: position.offset)
        runOfSlot[slot] = -1
        guard runs[position.run].isEmpty else { return }
        let identity = runIdentities.remove(at: position.run)
        runs.remove(at: position.run)
        runIndexByIdentity[identity] = -1
        freeRunIdentities.append(identity)
        for index in position.run..<runs.count { runIndexByIdentity[runIdentities[index]] = index }
    }
}
