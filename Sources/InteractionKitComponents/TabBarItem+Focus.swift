import InteractionKitCore

extension TabBarItem: FocusItem {
    /// Whether the keyboard can focus the tab: it is enabled and in a tab bar.
    public var canBecomeFocused: Bool { isEnabled && tabBar != nil }

    /// Whether the tab has the focus of a key window.
    public var isFocused: Bool {
        guard let window = tabBar?.window else { return false }
        return window.isKeyWindow && window.focusedItem === self
    }

    /// The tab's slot in window coordinates (empty when it is in no tab bar).
    public var focusFrame: Rect {
        guard let bar = tabBar, let slot = bar.frame(for: self) else { return .zero }
        return bar.convert(slot, to: nil)
    }

    /// The tab bar: keys go to it while the tab is focused.
    public var focusHostView: View? { tabBar }

    /// Nil: a tab is in its tab bar's group.
    public var focusGroupIdentifier: String? { nil }

    /// Whether the tab is its tab bar's selected tab: Tab lands there first.
    public var isFocusGroupSelection: Bool { tabBar?.selectedItem === self }

    /// The tab's `accessibilityElement`: a screen reader's focus follows the keyboard's to it.
    public var focusAccessibilityNode: (any AccessibilityNode)? { accessibilityElement }

    /// Selects the tab as Space or Return on it (rule K3) and a screen
    /// reader's activation do: through `activate()`.
    public func accessibilityActivate() -> Bool { activate() }

    /// Selects the tab as a tap does (the delegate is told once), if it is
    /// enabled and in a tab bar; returns whether it did.
    public func activate() -> Bool {
        guard let bar = tabBar else { return false }
        return bar.selectFromUser(self)
    }
}
