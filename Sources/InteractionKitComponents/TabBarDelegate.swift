import InteractionKitCore
import InteractionKitLargeContentViewer

/// An object told when the person selects a tab.
@MainActor
public protocol TabBarDelegate: AnyObject {
    /// The person selected `item`, by a tap or by lifting a finger on it in the large content viewer.
    ///
    /// Called once per selection, including when the item was already
    /// selected; never when `selectedItem` is set in code.
    func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem)
}
