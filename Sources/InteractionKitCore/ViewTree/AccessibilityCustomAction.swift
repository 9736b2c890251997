/// An action an assistive technology offers on an element besides its
/// default one, as UIKit's `UIAccessibilityCustomAction`: a row's "Delete"
/// or "Move Up", which a screen-reader user cannot reach by swiping or dragging.
///
/// ```swift
/// row.accessibilityCustomActions = [
///     AccessibilityCustomAction(name: "Archive") { _ in model.archive(item); return true },
/// ]
/// ```
///
/// Over AT-SPI the actions follow `click` in the element's
/// `org.a11y.atspi.Action` interface, by name.
@MainActor
public final class AccessibilityCustomAction {
    /// The action's name, as a screen reader says it ("Delete").
    public let name: String
    /// Runs the action; returns whether it did.
    public let actionHandler: @MainActor (AccessibilityCustomAction) -> Bool

    /// Creates an action named `name` that runs `actionHandler`.
    public init(name: String, actionHandler: @escaping @MainActor (AccessibilityCustomAction) -> Bool) {
        self.name = name
        self.actionHandler = actionHandler
    }

    /// Runs the handler; returns its answer.
    @discardableResult
    public func perform() -> Bool {
        actionHandler(self)
    }
}
