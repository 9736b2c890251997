import InteractionKitCore
import InteractionKitLargeContentViewer

/// A bar of tabs with the large content viewer built in: it works standalone,
/// with no tab bar controller and no delegate code.
///
/// Items are laid out in equal slots filling the bar, mirrored under
/// right-to-left layout; `item(at:)` and `frame(for:)` answer from that
/// layout, with half-open slots. A tap on an enabled item selects it. At
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
    /// The recognizer that selects a tapped item.
    public let tapGestureRecognizer = TapGestureRecognizer()

    /// The object told when the person selects a tab; held weakly.
    public weak var delegate: (any TabBarDelegate)?

    // Exclusivity unchecked: read on every move by the viewer's lookup (Bench, main sequence).
    /// The tabs, in reading order; nil or empty for none.
    ///
    /// Replacing them mid-gesture is safe: the HUD shows what is under the
    /// finger now, and only current items can be selected. A selected item
    /// that is no longer among them is deselected.
    @exclusivity(unchecked) public var items: [TabBarItem]? {
        didSet { itemsDidChange(from: oldValue ?? []) }
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
                storedSelectedItem = nil
                return
            }
            guard index(of: newValue) != nil else { return }
            storedSelectedItem = newValue
        }
    }

    /// The name of the tab bar's tap recognizer, as transcripts show it.
    public static let tapRecognizerName = "tab-bar.tap"

    /// Creates a tab bar; it supports the large content viewer from the start.
    override public init(frame: Rect = .zero) {
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == TabBar.self
        tapGestureRecognizer.name = Self.tapRecognizerName
        tapGestureRecognizer.addAction { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            if let item = self.item(at: recognizer.location(in: self)) {
                self.selectFromUser(item)
            }
        }
        addGestureRecognizer(tapGestureRecognizer)
        showsLargeContentViewer = true
        updateBuiltInInteraction()
    }

    /// Whether the built-in large content viewer runs; true by default.
    ///
    /// Turn it off to let an interaction on a container handle the tab bar
    /// (the UIKit workaround for standalone tab bars).
    override open var showsLargeContentViewer: Bool {
        didSet { updateBuiltInInteraction() }
    }

    // MARK: Layout

    /// The item whose slot contains a point in the tab bar's coordinates, or nil.
    ///
    /// Disabled items are found too (selection refuses them). A point outside
    /// the bar, NaN or infinite finds nothing.
    /// - Complexity: O(1).
    public func item(at point: Point) -> TabBarItem? {
        guard let items, !items.isEmpty else { return nil }
        let area = bounds
        guard area.contains(point) else { return nil }
        let slotWidth = area.width / Double(items.count)
        // contains() ensured 0 <= offset < width, so the quotient fits an Int.
        let offset = (point.x - area.minX) / slotWidth
        guard offset.isFinite, offset >= 0 else { return nil }
        let slot = min(Int(offset), items.count - 1)
        let index = effectiveLayoutDirection == .rightToLeft ? items.count - 1 - slot : slot
        return items[index]
    }

    /// The rectangle of an item's slot in the tab bar's coordinates, or nil if it is not one of `items`.
    public func frame(for item: TabBarItem) -> Rect? {
        guard let items, let index = index(of: item) else { return nil }
        let area = bounds
        let slotWidth = area.width / Double(items.count)
        let slot = effectiveLayoutDirection == .rightToLeft ? items.count - 1 - index : index
        return Rect(x: area.minX + Double(slot) * slotWidth, y: area.minY, width: slotWidth, height: area.height)
    }

    // MARK: Large content viewer

    /// The enabled item under a point, for the large content viewer's
    /// default lookup; nil while the tab bar does not show the viewer.
    public func largeContentViewerItem(at point: Point) -> (any LargeContentViewerItem)? {
        guard showsLargeContentViewer, let item = item(at: point), item.isEnabled else { return nil }
        return item
    }

    // MARK: Selection

    /// Selects an item on the person's behalf: sets `selectedItem` and tells
    /// the delegate, if the item is enabled and still one of `items`.
    /// Returns whether it did.
    @discardableResult
    public func selectFromUser(_ item: TabBarItem) -> Bool {
        guard item.isEnabled, index(of: item) != nil else { return false }
        storedSelectedItem = item
        delegate?.tabBar(self, didSelect: item)
        return true
    }

    private func index(of item: TabBarItem) -> Int? {
        items?.firstIndex { $0 === item }
    }

    private func itemsDidChange(from oldItems: [TabBarItem]) {
        let current = items ?? []
        for old in oldItems where old.tabBar === self && !current.contains(where: { $0 === old }) {
            old.tabBar = nil
        }
        for item in current { item.tabBar = self }
        if let selected = storedSelectedItem, index(of: selected) == nil {
            storedSelectedItem = nil
        }
        largeContentViewerInteraction.refresh()
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
