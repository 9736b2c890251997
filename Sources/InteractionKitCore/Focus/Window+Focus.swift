// The focus system (rules K2–K5): which item the keyboard focuses, how Tab,
// Shift-Tab, the arrows, Home and End move it, and how it is repaired when
// the focused item goes away. Its state is the window's attachment
// (`FocusState`); the reading order of the window's focusable items is
// kept (`FocusOrder`, Window+FocusOrder.swift), so a key costs a few steps
// along that order, never a walk of the tree (rule K6), and after subtrees
// were added or removed only a repair of it (rule F7).

/// The focus system's state for one window: the decisions' value
/// (`FocusMachine`), and what keys and observers need beside it.
@MainActor
final class FocusState {
    var isKeyWindow = false
    var machine = FocusMachine()
    var firstResponder: View?
    var focusFollowsTouch = true
    let focusObservers = SharedObserverList<FocusUpdateContext, Void>()
    let keyWindowObservers = SharedObserverList<Window, Void>()
    let keyInputFilters = SharedObserverList<KeyInput, Bool>()
    /// The keys whose `began` a key command or a filter consumed: their `ended` is consumed too.
    var consumedKeys: [KeyboardHIDUsage] = []
    /// The presses whose keys are down, each with the responder it was
    /// delivered to (at most `Window.pressesDownLimit`): where its later
    /// phases go, and `PressesEvent.allPresses`.
    var pressesDown: [Press] = []
    let pressesEvent = PressesEvent()
    /// The set handed to responders, emptied and refilled for each key so
    /// that steady use allocates nothing.
    var reusablePresses: Set<Press> = []
}

extension Window {
    var focusState: FocusState {
        attachment(FocusState.self) { FocusState() }
    }

    // MARK: Key window

    /// Whether the window has the keyboard (the toolkit calls `makeKey()` on focus-in); false for a new window.
    public var isKeyWindow: Bool { existingAttachment(FocusState.self)?.isKeyWindow ?? false }

    /// Makes the window the one that takes keys; the toolkit calls it when
    /// its window gains the keyboard focus.
    ///
    /// With nothing focused yet, the focus goes to the first group's item
    /// (the selected tab of a tab bar), so that a screen reader has a place
    /// to start (rule K4; GTK does this, UIKit waits for the first key).
    public func makeKey() {
        let state = focusState
        guard !state.isKeyWindow else { return }
        dispatching {
            state.isKeyWindow = true
            notifyKeyWindowObservers()
            if let focused = state.machine.focusedItem, isFocusable(focused) { return }
            _ = moveFocusToInitialItem()
        }
    }

    /// Tells the window it lost the keyboard; it keeps `focusedItem`, but no item `isFocused`.
    ///
    /// The keys that are down will come up in another window: each press
    /// down is cancelled, its responder hears `pressesCancelled`.
    public func resignKey() {
        let state = focusState
        guard state.isKeyWindow else { return }
        dispatching {
            state.isKeyWindow = false
            cancelPresses()
            guard !state.isKeyWindow else { return }
            notifyKeyWindowObservers()
        }
    }

    /// Adds an observer told after `makeKey()` and `resignKey()` change
    /// `isKeyWindow`; the token removes it.
    @discardableResult
    public func addKeyWindowObserver(_ body: @escaping @MainActor (Window) -> Void) -> ObserverToken {
        focusState.keyWindowObservers.add(body)
    }

    /// Removes an observer added with `addKeyWindowObserver(_:)`; an unknown token does nothing.
    public func removeKeyWindowObserver(_ token: ObserverToken) {
        existingAttachment(FocusState.self)?.keyWindowObservers.remove(token)
    }

    private func notifyKeyWindowObservers() {
        guard let state = existingAttachment(FocusState.self) else { return }
        let isKey = state.isKeyWindow
        state.keyWindowObservers.forEachRegistered { body in
            guard state.isKeyWindow == isKey else { return false }
            body(self)
            return true
        }
    }

    // MARK: First responder

    /// The view keys go to first, if any.
    public var firstResponder: View? { existingAttachment(FocusState.self)?.firstResponder }

    /// Makes `view` (in this window, or nil) the first responder; the one
    /// before must agree. Returns whether `view` is the first responder now.
    func setFirstResponder(_ view: View?) -> Bool {
        let state = focusState
        if state.firstResponder === view { return true }
        if let current = state.firstResponder, view != nil, !current.canResignFirstResponder { return false }
        if let view, view.window !== self { return false }
        let previous = state.firstResponder
        state.firstResponder = view
        // Told after the change, so each sees the window as it is now.
        previous?.didResignFirstResponder()
        if let view, state.firstResponder === view { view.didBecomeFirstResponder() }
        return true
    }

    // MARK: Focus

    /// The item the keyboard focuses, kept while the window is not key; nil for none.
    public var focusedItem: (any FocusItem)? { existingAttachment(FocusState.self)?.machine.focusedItem }

    /// Whether a touch that activates a control or selects a tab moves the
    /// focus there (rule K5, GTK's focus-on-click); true by default.
    public var focusFollowsTouch: Bool {
        get { existingAttachment(FocusState.self)?.focusFollowsTouch ?? true }
        set { focusState.focusFollowsTouch = newValue }
    }

    /// Moves the focus to `item` (nil: the focus leaves the window); returns
    /// whether it is there now.
    ///
    /// The item must be focusable in this window (rule K2); the views losing
    /// and gaining the focus may refuse (`shouldUpdateFocus(in:)`). Their
    /// `didUpdateFocus(in:)`, then the focus observers, hear of the move once.
    @discardableResult
    public func moveFocus(to item: (any FocusItem)?) -> Bool {
        updateFocus(to: item, heading: [])
    }

    /// Moves the focus as a key would: `.next`/`.previous` to the next or
    /// previous group (Tab, Shift-Tab), `.left`/`.right`/`.up`/`.down` to the
    /// nearest item of the group that way, `.first`/`.last` to the group's
    /// first or last item. Returns whether the focus moved.
    @discardableResult
    public func moveFocus(_ heading: FocusHeading) -> Bool {
        guard let target = focusTarget(for: heading) else { return false }
        return updateFocus(to: target, heading: heading)
    }

    /// Moves the focus to an item a touch just activated (a control's
    /// `touchUpInside`, a tab selected by a finger or the large content
    /// viewer), when `focusFollowsTouch` and the window is key (rule K5).
    public func focusFollowingTouch(_ item: any FocusItem) {
        guard let state = existingAttachment(FocusState.self), state.focusFollowsTouch, state.isKeyWindow else { return }
        updateFocus(to: item, heading: [])
    }

    /// Adds an observer told once of each focus move, after `focusedItem`
    /// changed; the token removes it.
    @discardableResult
    public func addFocusObserver(_ body: @escaping @MainActor (FocusUpdateContext) -> Void) -> ObserverToken {
        focusState.focusObservers.add(body)
    }

    /// Removes an observer added with `addFocusObserver(_:)`; an unknown token does nothing.
    public func removeFocusObserver(_ token: ObserverToken) {
        existingAttachment(FocusState.self)?.focusObservers.remove(token)
    }

    /// Whether `item` can take the focus in this window now (rule K2): it
    /// says it can, and its view is in this window, not hidden (itself or an
    /// ancestor), at least 1 % opaque and interactive; while a modal view
    /// is in the window, inside it (F3).
    public func isFocusable(_ item: any FocusItem) -> Bool {
        guard item.canBecomeFocused, let host = item.focusHostView, host.window === self else { return false }
        var node: View? = host
        let modal = existingAttachment(FocusState.self)?.machine.enteredModal
        var insideModal = modal == nil
        while let view = node {
            if view.isHidden || view.alpha < 0.01 || !view.isUserInteractionEnabled { return false }
            if view === modal { insideModal = true }
            node = view.superview
        }
        return insideModal
    }

    /// Called when items' focusability may have changed: the order is
    /// recomputed at the next key, and the focused item is checked (K4).
    func focusOrderDidChange() {
        guard let state = existingAttachment(FocusState.self) else { return }
        state.machine.generation &+= 1
        focusMayHaveGone()
    }

    /// The focused item may no longer be focusable (its view left, was
    /// hidden or disabled), or a modal view came or went: it is checked once
    /// the current dispatch is done, or now outside one.
    func focusMayHaveGone() {
        guard let state = existingAttachment(FocusState.self) else { return }
        guard state.machine.focusedItem != nil || state.machine.modalMayHaveChanged || state.machine.enteredModal != nil
        else { return }
        needsFocusCheck = true
        dispatching { }
    }

    /// The modal view the focus is held in (F3): the last one met depth
    /// first among what shows, so the frontmost or the innermost; nil for none.
    private func findModal() -> View? {
        var modal: View?
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.isHidden || view.alpha < 0.01 || !view.isUserInteractionEnabled { continue }
            if view !== self, view.accessibilityViewIsModal, !view.accessibilityElementsHidden { modal = view }
            var index = view.subviews.count - 1
            while index >= 0 {
                stack.append(view.subviews[index])
                index -= 1
            }
        }
        return modal
    }

    /// Whether `modal` is still in this window, showing, and modal.
    private func showsModal(_ modal: View) -> Bool {
        guard modal.window === self, modal.accessibilityViewIsModal, !modal.accessibilityElementsHidden else { return false }
        var node: View? = modal
        while let view = node {
            if view.isHidden || view.alpha < 0.01 || !view.isUserInteractionEnabled { return false }
            node = view.superview
        }
        return true
    }

    /// `root` and its subtree entered this window: the focused item is
    /// checked (K4), and a modal view among them takes the focus (F3).
    func subtreeDidEnter(_ root: View) {
        if Self.containsModal(root) {
            modalMayHaveChanged()
        } else {
            focusMayHaveGone()
        }
    }

    /// Whether `root` or a view inside it is modal (`accessibilityViewIsModal`).
    private static func containsModal(_ root: View) -> Bool {
        var stack: [View] = [root]
        while let view = stack.popLast() {
            if view.accessibilityViewIsModal { return true }
            stack.append(contentsOf: view.subviews)
        }
        return false
    }

    /// A view whose `accessibilityViewIsModal` may matter came, went or
    /// changed its flag: the focus follows the modal view at the next check (F3).
    func modalMayHaveChanged() {
        let state = focusState
        state.machine.modalMayHaveChanged = true
        state.machine.generation &+= 1
        focusMayHaveGone()
    }

    /// The focus's check once a dispatch is done: the modal view (F3),
    /// then a repair if the focused item can no longer be focused (K4),
    /// then a requested update (F2). Returns whether anything was checked.
    func checkFocus() -> Bool {
        needsFocusCheck = false
        guard let state = existingAttachment(FocusState.self) else { return false }
        // The tree is walked for the modal view only when one may have come
        // or gone, or the one the focus is held in may no longer show.
        if state.machine.modalMayHaveChanged || state.machine.enteredModal.map({ !showsModal($0) }) ?? false {
            let modal = findModal()
            let decision = state.machine.modalChanged(to: modal)
            // What is focusable changed with the modal view: the order is recomputed.
            if case .none = decision {} else { state.machine.generation &+= 1 }
            switch decision {
            case .none:
                break
            case .enter(let modal):
                let focusedInside = state.machine.focusedItem.map { isFocusable($0) } ?? false
                if !focusedInside {
                    let target = preferredItem(in: modal)
                    if !updateFocus(to: target, heading: [], isRepair: true), let focused = focusedItem, !isFocusable(focused) {
                        _ = updateFocus(to: nil, heading: [], isRepair: true)
                    }
                    return true
                }
            case .leave(let back):
                if let back, isFocusable(back) {
                    _ = updateFocus(to: back, heading: [], isRepair: !(focusedItem.map { isFocusable($0) } ?? false))
                    return true
                }
            }
        }
        _ = repairFocusIfNeeded()
        if state.machine.pendingUpdate != nil { updateFocusNow() }
        return true
    }

    /// Repairs the focus if the focused item can no longer be focused:
    /// the next focusable item of its group, else of the next groups, else
    /// nil, once. Returns whether anything was checked.
    ///
    /// Bounded as the input queue is: past `focusRepairsPerDispatchLimit`
    /// repairs in one outermost dispatch (items that hide whatever gains the
    /// focus would repair for ever), the focus leaves the window and moves
    /// asked for in the rest of that dispatch are refused; the next input
    /// starts afresh.
    @discardableResult
    func repairFocusIfNeeded() -> Bool {
        guard let state = existingAttachment(FocusState.self) else { return false }
        guard let focused = state.machine.focusedItem, !isFocusable(focused) else { return true }
        focusRepairsThisDispatch += 1
        guard focusRepairsThisDispatch <= Self.focusRepairsPerDispatchLimit else {
            _ = updateFocus(to: nil, heading: [], isRepair: true)
            return true
        }
        // The order from before the change still holds the item, and where it was.
        let old = state.machine.order
        var replacement = FocusMachine.repairTarget(for: focused, in: old) { self.isFocusable($0) }
        if replacement == nil { replacement = currentOrder().lazy.compactMap { self.landing(in: $0) }.first }
        // The item that went away is not asked: it cannot keep the focus by
        // refusing to lose it. If the replacement refuses, the focus leaves.
        if !updateFocus(to: replacement, heading: [], isRepair: true),
           let current = state.machine.focusedItem, !isFocusable(current) {
            _ = updateFocus(to: nil, heading: [], isRepair: true)
        }
        return true
    }

    /// Whether the focus repairs of this dispatch ran past their bound: then
    /// the focus stays out of the window until the dispatch is done.
    var focusRepairsExhausted: Bool {
        focusRepairsThisDispatch > Self.focusRepairsPerDispatchLimit
    }

    // MARK: Update requests (F2)

    /// Asks for the focus to be updated from `environment` (F2): kept when
    /// it contains the focused item or is the window.
    func requestFocusUpdate(on environment: View) {
        let state = focusState
        let host = state.machine.focusedItem?.focusHostView
        // Carried out at the end of the current dispatch, or outside one at
        // `updateFocusIfNeeded()` or the next input's.
        if state.machine.requestUpdate(on: environment, focusedHost: host, window: self) { needsFocusCheck = true }
    }

    /// Carries out a pending focus update request now, if there is one.
    func updateFocusNow() {
        let state = focusState
        let host = state.machine.focusedItem?.focusHostView
        guard let environment = state.machine.takeUpdate(focusedHost: host, window: self) else { return }
        let target = environment === self ? initialItem() : preferredItem(in: environment)
        guard let target, target !== state.machine.focusedItem else { return }
        _ = updateFocus(to: target, heading: [])
    }

    /// The first focusable item in `environment` by its preferences (F2),
    /// else itself, else in reading order.
    func preferredItem(in environment: View) -> (any FocusItem)? {
        return FocusMachine.preferredItem(in: environment, isFocusable: { self.isFocusable($0) },
                                     inOrder: { self.firstItemInOrder(inside: $0) })
    }

    /// The first item in reading order inside `view` (Tab's landing item of
    /// each group, if inside; else the group's first focusable one inside).
    private func firstItemInOrder(inside view: View) -> (any FocusItem)? {
        for group in currentOrder() {
            if let item = landing(in: group), item.focusHostView?.isDescendant(of: view) ?? false { return item }
            if let item = group.items.first(where: { ($0.focusHostView?.isDescendant(of: view) ?? false) && isFocusable($0) }) {
                return item
            }
        }
        return nil
    }

    /// Where the focus starts (K4, F2): the window's preferences, else its
    /// root views' preferences, else the first group's landing item.
    func initialItem() -> (any FocusItem)? {
        let focusable: (any FocusItem) -> Bool = { self.isFocusable($0) }
        let inOrder: (View) -> (any FocusItem)? = { _ in nil }
        if !preferredFocusEnvironments.isEmpty,
           let item = FocusMachine.preferredItem(in: self, isFocusable: focusable, inOrder: inOrder), item !== self {
            return item
        }
        for root in subviews where !root.preferredFocusEnvironments.isEmpty {
            if let item = FocusMachine.preferredItem(in: root, isFocusable: focusable, inOrder: inOrder) { return item }
        }
        return currentOrder().lazy.compactMap { self.landing(in: $0) }.first
    }

    // MARK: Moving

    /// Moves the focus to `next`; the shared path of every move (F1). A
    /// repair (K4) does not ask the environments of the item losing the
    /// focus, which can no longer keep it.
    @discardableResult
    func updateFocus(to next: (any FocusItem)?, heading: FocusHeading, isRepair: Bool = false) -> Bool {
        let state = focusState
        let previous = state.machine.focusedItem
        guard let move = FocusMachine.move(from: previous, to: next, heading: heading, isRepair: isRepair) else {
            return true
        }
        if let next, !isFocusable(next) || focusRepairsExhausted { return false }
        let context = move.context
        let agreed = move.forEachEnvironment(asking: true, in: self) { $0.shouldUpdateFocus(in: context) }
        guard agreed else { return false }
        // The views asked may have moved the focus, or changed the item.
        guard state.machine.focusedItem === previous, next.map({ isFocusable($0) }) ?? true else { return false }
        let group = next.flatMap { groupIdentifier(of: $0) }
        state.machine.commit(move, group: group)
        dispatching {
            // The new item shows: every scroll container around it moves as little as needed (S7).
            if let next, state.machine.focusedItem === next { scrollIntoView(next) }
            // Each stage only while the move still holds: a callback that
            // moved the focus again has told everyone of its own move.
            _ = move.forEachEnvironment(asking: false, in: self) { view in
                guard state.machine.focusedItem === next else { return false }
                view.didUpdateFocus(in: context)
                return true
            }
            state.focusObservers.forEachRegistered { body in
                guard state.machine.focusedItem === next else { return false }
                body(context)
                return true
            }
        }
        return true
    }

    /// Scrolls each scroll container around `item`, innermost first, as
    /// little as brings the item's frame into its visible part (the item's
    /// top-left part when it is larger).
    private func scrollIntoView(_ item: any FocusItem) {
        var node = item.focusHostView
        if node === item as AnyObject { node = node?.superview }
        while let view = node {
            if let container = view as? any ScrollContainer {
                let visible = container.visibleContentFrame
                let frame = item.focusFrame
                let delta = Point(
                    x: Self.revealingDelta(visibleMin: visible.minX, visibleMax: visible.maxX, min: frame.minX, max: frame.maxX),
                    y: Self.revealingDelta(visibleMin: visible.minY, visibleMax: visible.maxY, min: frame.minY, max: frame.maxY)
                )
                if delta != .zero { _ = container.scrollContent(by: delta) }
            }
            node = view.superview
        }
    }

    /// How far content must move along one axis for `min…max` to show in `visibleMin…visibleMax`.
    private static func revealingDelta(visibleMin: Double, visibleMax: Double, min: Double, max: Double) -> Double {
        guard visibleMin.isFinite, visibleMax.isFinite, min.isFinite, max.isFinite else { return 0 }
        if max - min > visibleMax - visibleMin || min < visibleMin { return min - visibleMin }
        if max > visibleMax { return max - visibleMax }
        return 0
    }

    /// The first group's landing item: where the focus starts (K4).
    @discardableResult
    func moveFocusToInitialItem() -> Bool {
        guard let item = initialItem() else { return false }
        return updateFocus(to: item, heading: [])
    }

    /// Where a heading takes the focus, or nil for nowhere.
    private func focusTarget(for heading: FocusHeading) -> (any FocusItem)? {
        let order = currentOrder()
        guard !order.isEmpty else { return nil }
        let focused = focusedItem
        let position = focused.flatMap { order.position(of: $0) }
        if heading.contains(.next) || heading.contains(.previous) {
            let forward = heading.contains(.next)
            // From before the first group (or after the last) when nothing is focused.
            var cursor = position ?? (forward ? order.lastPosition : order.firstPosition)
            for step in 1...order.count {
                cursor = forward ? order.position(after: cursor) : order.position(before: cursor)
                if cursor == position && step < order.count { continue }
                if let item = landing(in: order[cursor]), item !== focused { return item }
            }
            return nil
        }
        guard let position else {
            // Nothing focused yet: any key that moves focus starts it.
            return order.lazy.compactMap { self.landing(in: $0) }.first
        }
        let group = order[position]
        if heading.contains(.first) {
            return group.items.first { isFocusable($0) }
        }
        if heading.contains(.last) {
            return group.items.last { isFocusable($0) }
        }
        guard let focused else { return nil }
        return nearest(to: focused.focusFrame, heading: heading, among: group.items)
    }

    /// The item of `items` nearest to `frame` on screen in the direction of
    /// `heading` (a left arrow goes left on screen, also right to left).
    private func nearest(to frame: Rect, heading: FocusHeading, among items: [any FocusItem]) -> (any FocusItem)? {
        let center = frame.center
        var best: (any FocusItem)?
        var bestScore = Double.infinity
        for item in items where isFocusable(item) {
            let other = item.focusFrame.center
            let dx = other.x - center.x
            let dy = other.y - center.y
            let primary: Double
            let secondary: Double
            if heading.contains(.right) { primary = dx; secondary = abs(dy) } else if heading.contains(.left) {
                primary = -dx; secondary = abs(dy)
            } else if heading.contains(.down) { primary = dy; secondary = abs(dx) } else if heading.contains(.up) {
                primary = -dy; secondary = abs(dx)
            } else {
                return nil
            }
            // Only what lies that way, by more than rounding.
            guard primary > 1e-9 * max(1, abs(center.x) + abs(center.y)) else { continue }
            let score = primary + 2 * secondary
            if score < bestScore {
                bestScore = score
                best = item
            }
        }
        return best
    }

    /// Where Tab lands in a group: the item last focused there if still
    /// focusable, else the group's selected item, else its first focusable item.
    func landing(in group: FocusGroup) -> (any FocusItem)? {
        if let state = existingAttachment(FocusState.self), let last = state.machine.lastFocusedInGroup[group.identifier],
           let item = group.items.first(where: { ObjectIdentifier($0) == last }), isFocusable(item) {
            return item
        }
        if let selected = group.items.first(where: { $0.isFocusGroupSelection && isFocusable($0) }) { return selected }
        return group.items.first { isFocusable($0) }
    }

    // MARK: Order

    /// The group an item belongs to: its own identifier, else its host
    /// view's or the nearest ancestor's, else a group of its own.
    func groupIdentifier(of item: any FocusItem) -> String? {
        if let own = item.focusGroupIdentifier { return own }
        var node = item.focusHostView
        if node === item as AnyObject { node = node?.superview }
        while let view = node {
            if let identifier = view.focusGroupIdentifier { return identifier }
            node = view.superview
        }
        return "item \(ObjectIdentifier(item).hashValue)"
    }

    /// Whether two frames lie on one line of reading order (F4): their
    /// vertical extents overlap by more than half the smaller height.
    nonisolated static func onOneLine(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return overlap > min(a.size.height.magnitude, b.size.height.magnitude) / 2
    }
}
