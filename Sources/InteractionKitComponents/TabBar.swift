import InteractionKitCore
import InteractionKitLargeContentViewer

/// A bar of tabs with the large content viewer built in: it works standalone,
/// with no tab bar controller and no delegate code.
///
/// Items are laid out in equal slots filling the bar, mirrored under
/// right-to-left layout; `item(at:)` and `frame(for:)` answer from that
/// layout, with half-open slots. A tap on an enabled item selects it, as
/// UIKit's tab bar buttons do: the tab the finger went down on, on a lift
/// within that tab's slot grown by `GestureConstants.controlTrackingMargin`
/// (rule T5). At
/// accessibility text sizes, a long press shows the item under the finger
/// in the HUD, sliding moves the HUD from item to item, and lifting selects
/// the item under the finger. Either way the selection sets `selectedItem`
/// and calls the delegate once; a disabled item is never selected, and
/// setting `selectedItem` in code calls no delegate.
///
/// ```swift
/// let tabBar = TabBar(frame: Rect(x: 0, y: 795, width: 390, height: 49))
/// tabBar.items = [TabBarItem(title: "Home", image: Image(name: "house")),
///                 TabBarItem(title: "Search", image: Image(name: "magnifyingglass"))]
/// window.addSubview(tabBar)
/// ```
open class TabBar: View, LargeContentViewerItemProvider {
    /// The tab bar's own large content viewer interaction, installed while
    /// `showsLargeContentViewer` is true.
    public let largeContentViewerInteraction = LargeContentViewerInteraction()
    // Stored properties are private, and every access to them in this
    // module is a plain load or store, so the compiler proves exclusivity
    // statically (no runtime check); public ones would be checked on every
    // access. The public properties below are computed over them.

    /// The press on a tab, if any: the rules are the tracker's, as a control's.
    private var press = PressTracker()
    /// The tab the tracked finger went down on (nil when it went down on no tab).
    private var trackedItem: TabBarItem?
    private var storedHighlightedItem: TabBarItem?
    private weak var storedDelegate: (any TabBarDelegate)?
    private var storedItems: [TabBarItem]?

    /// The tab drawn pressed: the one the finger went down on, while the
    /// finger stays within its slot grown by `GestureConstants.controlTrackingMargin`.
    public var highlightedItem: TabBarItem? { storedHighlightedItem }

    /// The object told when the person selects a tab; held weakly.
    public var delegate: (any TabBarDelegate)? {
        get { storedDelegate }
        set { storedDelegate = newValue }
    }

    /// The tabs, in reading order; nil or empty for none.
    ///
    /// Replacing them mid-gesture is safe: the HUD shows what is under the
    /// finger now, and only current items can be selected. A selected item
    /// that is no longer among them is deselected, and a press on a tab
    /// that is no longer among them ends (nothing is highlighted, and the
    /// lift selects nothing).
    public var items: [TabBarItem]? {
        get { storedItems }
        set {
            let oldValue = storedItems
            storedItems = newValue
            itemsDidChange(from: oldValue ?? [])
        }
    }

    private var storedSelectedItem: TabBarItem?

    /// The selected tab, or nil.
    ///
    /// Setting it in code calls no delegate, as in UIKit. An item that is not
    /// one of `items` is refused (the selection stays as it was).
    public var selectedItem: TabBarItem? {
        get { storedSelectedItem }
        set {
            guard let newValue else {
                changeSelection(to: nil)
                return
            }
            guard index(of: newValue) != nil else { return }
            changeSelection(to: newValue)
        }
    }

    /// Creates a tab bar; it supports the large content viewer from the start.
    override public init(frame: Rect = .zero) {
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == TabBar.self
        // One focus group: Tab reaches the tab bar once, the arrows move along it.
        focusGroupIdentifier = "TabBar \(objectSerial)"
        showsLargeContentViewer = true
        updateBuiltInInteraction()
    }

    // Items point back here unowned; an item may outlive its tab bar.
    isolated deinit {
        for item in items ?? [] where item.tabBarSerial == objectSerial { item.setTabBar(nil) }
    }

    /// Whether the built-in large content viewer runs; true by default.
    ///
    /// Turn it off to let an interaction on a container handle the tab bar
    /// (the UIKit workaround for standalone tab bars).
    override open var showsLargeContentViewer: Bool {
        didSet { updateBuiltInInteraction() }
    }

    // MARK: Layout

    /// The slots moved (a new size, or mirrored: the default
    /// `effectiveLayoutDirectionDidChange()` lays out again): the HUD shows
    /// what is under a still finger now (L9).
    override open func layoutSubviews() {
        super.layoutSubviews()
        largeContentViewerInteraction.refresh()
    }

    /// The item whose slot contains a point in the tab bar's coordinates, or nil.
    ///
    /// Disabled items are found too (selection refuses them). A point outside
    /// the bar, NaN or infinite finds nothing.
    /// - Complexity: O(1).
    public func item(at point: Point) -> TabBarItem? {
        guard let items, let index = itemIndex(at: point, count: items.count) else { return nil }
        return items[index]
    }

    /// The index in `items` (of `count`) of the slot that contains a point, or nil.
    private func itemIndex(at point: Point, count: Int) -> Int? {
        guard count > 0 else { return nil }
        let area = bounds
        guard area.contains(point) else { return nil }
        let slotWidth = area.width / Double(count)
        // contains() ensured 0 <= offset < width, so the quotient fits an Int.
        let offset = (point.x - area.minX) / slotWidth
        guard offset.isFinite, offset >= 0 else { return nil }
        let slot = min(Int(offset), count - 1)
        return effectiveLayoutDirection == .rightToLeft ? count - 1 - slot : slot
    }

    /// The rectangle of the slot of the item at `index` (of `count`), in the tab bar's coordinates.
    private func slotFrame(ofItemAt index: Int, count: Int) -> Rect {
        let area = bounds
        let slotWidth = area.width / Double(count)
        let slot = effectiveLayoutDirection == .rightToLeft ? count - 1 - index : index
        return Rect(x: area.minX + Double(slot) * slotWidth, y: area.minY, width: slotWidth, height: area.height)
    }

    /// The rectangle of an item's slot in the tab bar's coordinates, or nil if it is not one of `items`.
    public func frame(for item: TabBarItem) -> Rect? {
        guard let items, let index = index(of: item) else { return nil }
        return slotFrame(ofItemAt: index, count: items.count)
    }

    // MARK: Selecting like UIKit's tab bar buttons (T5)

    /// Starts tracking the tab under the first finger, as a control tracks a touch.
    override open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = touches.first, press.began(touch, windowSerial: windowSerial) else { return }
        let item = self.item(at: touch.location(in: self))
        trackedItem = item
        storedHighlightedItem = item?.isEnabled == true ? item : nil
    }

    /// Highlights the tracked tab while the finger stays within its grown slot.
    override open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = press.trackedTouch(in: touches), !endPressIfWindowChanged() else { return }
        let item = trackedItem
        // No closure (`item.map`) here: a closure pays an actor-isolation check.
        var inside = false
        if let item { inside = isInsideGrownSlot(of: item, touch.location(in: self)) }
        switch press.moved(touch, inside: inside) {
        case .ignore:
            return
        case .dragInside:
            storedHighlightedItem = item?.isEnabled == true ? item : nil
        case .dragOutside:
            storedHighlightedItem = nil
        }
    }

    /// Selects the tab the finger went down on if it lifts within that
    /// tab's grown slot, whatever slots it crossed.
    override open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = press.trackedTouch(in: touches), !endPressIfWindowChanged() else { return }
        let item = trackedItem
        var inside = false
        if let item { inside = isInsideGrownSlot(of: item, touch.location(in: self)) }
        let lift = press.ended(touch, inside: inside)
        trackedItem = nil
        storedHighlightedItem = nil
        // The viewer's lift selects instead when it took this touch over
        // (with its cancelsTouchesInView off): one gesture, one selection.
        guard lift == .inside, let item, !viewerTookTheTouch else { return }
        if selectFromUser(item) { window?.focusFollowingTouch(item) }
    }

    /// A cancelled touch (the viewer taking it over, say) selects nothing.
    override open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = press.trackedTouch(in: touches), press.cancelled(touch) else { return }
        trackedItem = nil
        storedHighlightedItem = nil
    }

    /// Ends the press of a tab bar that left its window mid-press, at once
    /// (C7): nothing is highlighted, and the lift selects nothing.
    ///
    /// A subclass that overrides this without calling `super` still has the
    /// press ended, at the touch's next event.
    override open func didMoveToWindow() {
        super.didMoveToWindow()
        _ = endPressIfWindowChanged()
    }

    /// Whether a point in the tab bar's coordinates lies in an item's slot
    /// grown by `GestureConstants.controlTrackingMargin`.
    public func isInsideGrownSlot(of item: TabBarItem, _ point: Point) -> Bool {
        guard let slot = frame(for: item) else { return false }
        let margin = GestureConstants.controlTrackingMargin
        return slot.inset(by: EdgeInsets(top: -margin, left: -margin, bottom: -margin, right: -margin)).contains(point)
    }

    private var viewerTookTheTouch: Bool {
        let state = largeContentViewerInteraction.gestureRecognizerForExclusionRelationship.state
        return state.isInProgress || state == .ended
    }

    /// Ends the press if the tab bar is no longer in the window it began
    /// in (C7); returns whether it did.
    private func endPressIfWindowChanged() -> Bool {
        guard press.windowChanged(to: windowSerial) else { return false }
        trackedItem = nil
        storedHighlightedItem = nil
        return true
    }

    // MARK: Large content viewer

    /// The enabled item under a point, for the large content viewer's
    /// default lookup; nil while the tab bar does not show the viewer.
    public func largeContentViewerItem(at point: Point) -> (any LargeContentViewerItem)? {
        guard let (items, index) = viewerSlot(at: point) else { return nil }
        return items[index]
    }

    /// The slot of the enabled item under a point: the viewer's answer
    /// stays the same throughout it. Item changes call `refresh()` on the
    /// tab bar's interaction, as the region's promise asks. Nil for a
    /// subclass, which may change hit testing or the lookup.
    public func largeContentViewerItemRegion(at point: Point) -> Rect? {
        largeContentViewerItemAndRegion(at: point).region
    }

    /// The enabled item under a point and its slot, from one search for
    /// the slot: what `largeContentViewerItem(at:)` and
    /// `largeContentViewerItemRegion(at:)` answer.
    public func largeContentViewerItemAndRegion(
        at point: Point
    ) -> (item: (any LargeContentViewerItem)?, region: Rect?) {
        guard let (items, index) = viewerSlot(at: point) else { return (nil, nil) }
        return (items[index], hasBuiltInBehaviour ? slotFrame(ofItemAt: index, count: items.count) : nil)
    }

    /// The items and the index of the enabled item under a point, while
    /// the tab bar shows the viewer: the one search the viewer's answers share.
    private func viewerSlot(at point: Point) -> (items: [TabBarItem], index: Int)? {
        guard showsLargeContentViewer, let items, let index = itemIndex(at: point, count: items.count),
              items[index].isEnabled else { return nil }
        return (items, index)
    }

    // MARK: Focus

    /// The tabs, which the keyboard focuses (the tab bar itself is not focusable).
    override open var focusItems: [any FocusItem]? { items }

    // MARK: Selection

    /// Selects an item on the person's behalf: sets `selectedItem` and tells
    /// the delegate, if the item is enabled and still one of `items`.
    /// Returns whether it did.
    @discardableResult
    public func selectFromUser(_ item: TabBarItem) -> Bool {
        guard item.isEnabled, index(of: item) != nil else { return false }
        changeSelection(to: item)
        // Changing the selection tells accessibility observers, which may
        // take the tab out of `items` (which deselects it) or select another:
        // the delegate hears only of a tab still current and selected.
        guard storedSelectedItem === item, index(of: item) != nil else { return false }
        delegate?.tabBar(self, didSelect: item)
        return true
    }

    /// Sets the selection and tells assistive technologies which tabs
    /// gained or lost the `selected` trait: while someone listens (a screen
    /// reader's export), the tabs' elements are made if they were not yet,
    /// since a screen reader learns of a selection only from its events.
    private func changeSelection(to item: TabBarItem?) {
        let previous = storedSelectedItem
        storedSelectedItem = item
        guard previous !== item else { return }
        let listened = window?.hasAccessibilityObservers == true
        (listened ? previous?.accessibilityElement : previous?.accessibilityElementIfMade)?.accessibilityDidChange(.traits)
        (listened ? item?.accessibilityElement : item?.accessibilityElementIfMade)?.accessibilityDidChange(.traits)
    }

    // MARK: Accessibility

    /// The `tabBar` trait unless traits were set explicitly: a container
    /// whose elements are its tabs.
    override open var accessibilityTraits: AccessibilityTraits {
        get { explicitAccessibilityTraits ?? .tabBar }
        set { super.accessibilityTraits = newValue }
    }

    /// The elements set explicitly, or one element per tab
    /// (`TabBarItem.accessibilityElement`), in the order of `items`.
    override open var accessibilityElements: [any AccessibilityNode]? {
        get { super.accessibilityElements ?? (items ?? []).map(\.accessibilityElement) }
        set { super.accessibilityElements = newValue }
    }

    private func index(of item: TabBarItem) -> Int? {
        // A plain loop: a closure here pays an actor-isolation check per
        // item, on every move a finger tracks a tab and on every lift.
        guard let items else { return nil }
        var index = 0
        while index < items.count {
            if items[index] === item { return index }
            index += 1
        }
        return nil
    }

    private func itemsDidChange(from oldItems: [TabBarItem]) {
        let current = items ?? []
        // Deselected while still attached, so the tab's element can announce it.
        if let selected = storedSelectedItem, index(of: selected) == nil {
            changeSelection(to: nil)
        }
        // A press on a tab that is gone ends: its lift selects nothing (C7).
        if let pressed = trackedItem, index(of: pressed) == nil, press.stop() {
            trackedItem = nil
            storedHighlightedItem = nil
        }
        for old in oldItems where old.tabBarSerial == objectSerial && !current.contains(where: { $0 === old }) {
            old.setTabBar(nil)
        }
        for item in current { item.setTabBar(self) }
        largeContentViewerInteraction.refresh()
        accessibilityDidChange(.children)
        // A focused tab taken out of `items` loses the focus (K4).
        focusabilityDidChange()
    }

    private func updateBuiltInInteraction() {
        let installed = interactions.contains { $0 === largeContentViewerInteraction }
        if showsLargeContentViewer && !installed {
            addInteraction(largeContentViewerInteraction)
        } else if !showsLargeContentViewer && installed {
            removeInteraction(largeContentViewerInteraction)
        }
    }
}
