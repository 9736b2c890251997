import InteractionKitCore

/// An action a swipe reveals on a table row, as UIKit's `UIContextualAction`.
///
/// The handler gets the action, the view that shows it and a completion to
/// call with whether the action was performed.
@MainActor
public final class ContextualAction {
    /// How an action looks and what its completion means.
    public enum Style: Sendable, Equatable {
        /// A plain action.
        case normal
        /// An action that removes the row: completing it `true` expects the
        /// data source to delete the row.
        case destructive
    }

    /// How the action looks.
    public let style: Style
    /// The action's title (its name for a screen reader too).
    public var title: String?
    /// What the action does.
    public let handler: @MainActor (ContextualAction, View, @escaping (Bool) -> Void) -> Void

    /// Creates an action with its style, title and handler.
    public init(
        style: Style, title: String?,
        handler: @escaping @MainActor (ContextualAction, View, @escaping (Bool) -> Void) -> Void
    ) {
        self.style = style
        self.title = title
        self.handler = handler
    }
}

/// The actions a swipe reveals on one side of a table row, as UIKit's
/// `UISwipeActionsConfiguration`; the first is nearest the row's edge.
@MainActor
public final class SwipeActionsConfiguration {
    /// The actions, the first nearest the edge the swipe starts from.
    public let actions: [ContextualAction]
    /// Whether a swipe past 60 % of the row's width runs the first action; true by default.
    public var performsFirstActionWithFullSwipe = true

    /// Creates a configuration of `actions`.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}
