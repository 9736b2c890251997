import InteractionKitCore

/// The element that stands for a `TabBarItem` to assistive technologies
/// (see `TabBarItem.accessibilityElement`): everything is read live from the
/// item and its tab bar.
@MainActor
final class TabBarItemAccessibilityElement: AccessibilityElement {
    /// The tab; weak, as the tab owns its element.
    weak var item: TabBarItem?

    init(item: TabBarItem) {
        self.item = item
        super.init(accessibilityContainer: nil)
    }

    /// The tab's tab bar.
    override var accessibilityContainer: View? {
        get { item?.tabBar }
        set {}
    }

    /// The label set, or the tab's title.
    override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? item?.title }
        set { super.accessibilityLabel = newValue }
    }

    /// `button`, with `selected` on the selected tab and `notEnabled` on a disabled one.
    override var accessibilityTraits: AccessibilityTraits {
        get {
            var traits = super.accessibilityTraits
            traits.insert(.button)
            guard let item else { return traits }
            if item.tabBar?.selectedItem === item { traits.insert(.selected) }
            if !item.isEnabled { traits.insert(.notEnabled) }
            return traits
        }
        set { super.accessibilityTraits = newValue }
    }

    /// The tab's slot, in window coordinates.
    override var accessibilityFrame: Rect {
        get {
            guard let item, let bar = item.tabBar, let slot = bar.frame(for: item) else { return super.accessibilityFrame }
            return bar.convert(slot, to: nil)
        }
        set { super.accessibilityFrame = newValue }
    }

    /// Selects the tab as a tap does (the delegate is told once), if it is
    /// enabled and still in its tab bar.
    override func activate() -> Bool {
        item?.activate() ?? false
    }
}
