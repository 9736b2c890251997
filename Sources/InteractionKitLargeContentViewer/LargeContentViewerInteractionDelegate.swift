import InteractionKitCore

/// An object that maps points to large content items and decides what
/// lifting the finger does, for a `LargeContentViewerInteraction`.
///
/// Both methods are optional. Without `itemAt`, the interaction's default
/// lookup finds the item (`LargeContentViewerInteraction.defaultItem(at:)`);
/// without `didEndOn`, the default action runs on the item under the lifted
/// finger (`LargeContentViewerInteraction.performDefaultAction(for:)`).
@MainActor
public protocol LargeContentViewerInteractionDelegate: AnyObject {
    /// The item at a point in the interaction's view's coordinates, or nil.
    ///
    /// An item counts only if its `showsLargeContentViewer` is true.
    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, itemAt point: Point
    ) -> (any LargeContentViewerItem)?

    /// The gesture ended with the finger lifted over `item` (nil over no item)
    /// at `point`, in the interaction's view's coordinates.
    ///
    /// Called exactly once per successful gesture, never when it is cancelled.
    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction,
        didEndOn item: (any LargeContentViewerItem)?,
        at point: Point
    )
}

extension LargeContentViewerInteractionDelegate {
    /// By default, the interaction's default lookup.
    public func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, itemAt point: Point
    ) -> (any LargeContentViewerItem)? {
        interaction.defaultItem(at: point)
    }

    /// By default, the item's default action (a control's primary action, a tab's selection).
    public func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction,
        didEndOn item: (any LargeContentViewerItem)?,
        at point: Point
    ) {
        interaction.performDefaultAction(for: item)
    }
}
