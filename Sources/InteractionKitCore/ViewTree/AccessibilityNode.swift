/// What assistive technologies read from an element: a view or an
/// `AccessibilityElement`, as UIKit's informal `UIAccessibility` protocol
/// that every `NSObject` answers.
///
/// A node is either an element (`isAccessibilityElement`: a screen reader
/// stops on it and reads its label, traits, value and hint) or a container
/// whose children are its `accessibilityElements`, or, when that is nil and
/// the node is a view, its subviews.
@MainActor
public protocol AccessibilityNode: AnyObject {
    /// Whether assistive technologies treat this node as one element (its
    /// own children are then not read).
    var isAccessibilityElement: Bool { get }
    /// A short word or phrase naming the element ("Search"), without its kind ("button").
    var accessibilityLabel: String? { get }
    /// What activating the element does, when that is not obvious from the label.
    var accessibilityHint: String? { get }
    /// The element's current value, when it has one (a slider's "40 %").
    var accessibilityValue: String? { get }
    /// The element's kind and state.
    var accessibilityTraits: AccessibilityTraits { get }
    /// The element's rectangle, in the coordinates of its window.
    var accessibilityFrame: Rect { get }
    /// The node's children that assistive technologies read, in reading
    /// order; nil means a view's subviews.
    var accessibilityElements: [any AccessibilityNode]? { get }
    /// The container of this node: a view's superview, an element's
    /// `accessibilityContainer`.
    var accessibilityParent: (any AccessibilityNode)? { get }
    /// The window this node is shown in, or nil when it is not in one.
    var accessibilityWindow: Window? { get }
    /// Performs the element's default action, as a screen reader's double
    /// tap or AT-SPI's `click` does; returns whether it did.
    func accessibilityActivate() -> Bool
}

extension AccessibilityNode {
    /// Tells the observers of the node's window that something about it
    /// changed (nothing when it is in no window, or nobody listens).
    public func accessibilityDidChange(_ change: AccessibilityChange) {
        accessibilityWindow?.postAccessibilityNotification(change, for: self)
    }
}
