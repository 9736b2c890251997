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
    /// The number an `.adjustable` element stands for, with its range and
    /// step; nil when it has none.
    var accessibilityNumericValue: AccessibilityNumericValue? { get }
    /// Sets the element's number on an assistive technology's request (a
    /// screen reader's "set value"); returns whether it did.
    func accessibilitySetNumericValue(_ value: Double) -> Bool
    /// Moves an `.adjustable` element's value one step up (a swipe up in
    /// VoiceOver, an arrow key with a Linux screen reader).
    func accessibilityIncrement()
    /// Moves an `.adjustable` element's value one step down.
    func accessibilityDecrement()
    /// Whether the node and everything in it are hidden from assistive technologies.
    var accessibilityElementsHidden: Bool { get }
    /// Whether assistive technologies ignore the node's siblings, and what
    /// they contain, while it is shown (a dialog over the screen).
    var accessibilityViewIsModal: Bool { get }
    /// The actions an assistive technology offers besides the default one
    /// (UIKit's `accessibilityCustomActions`), in order; nil when none.
    var accessibilityCustomActions: [AccessibilityCustomAction]? { get }
}

extension AccessibilityNode {
    /// No number, unless the node says otherwise.
    public var accessibilityNumericValue: AccessibilityNumericValue? { nil }
    /// Refuses, unless the node says otherwise.
    public func accessibilitySetNumericValue(_ value: Double) -> Bool { false }
    /// Steps `accessibilityNumericValue` up through `accessibilitySetNumericValue(_:)`.
    public func accessibilityIncrement() { stepAccessibilityNumericValue(by: 1) }
    /// Steps `accessibilityNumericValue` down through `accessibilitySetNumericValue(_:)`.
    public func accessibilityDecrement() { stepAccessibilityNumericValue(by: -1) }
    /// Shown, unless the node says otherwise.
    public var accessibilityElementsHidden: Bool { false }
    /// Not modal, unless the node says otherwise.
    public var accessibilityViewIsModal: Bool { false }
    /// No custom actions, unless the node says otherwise.
    public var accessibilityCustomActions: [AccessibilityCustomAction]? { nil }

    /// The default increment and decrement: `steps` steps of
    /// `accessibilityNumericValue`, clamped into its range, set through
    /// `accessibilitySetNumericValue(_:)`; nothing without a value, a
    /// positive step or room to move (UIKit's default does nothing at all).
    func stepAccessibilityNumericValue(by steps: Double) {
        guard let next = accessibilityNumericValue?.stepped(by: steps) else { return }
        _ = accessibilitySetNumericValue(next)
    }
}

extension AccessibilityNode {
    /// Tells the observers of the node's window that something about it
    /// changed (nothing when it is in no window, or nobody listens).
    public func accessibilityDidChange(_ change: AccessibilityChange) {
        accessibilityWindow?.postAccessibilityNotification(change, for: self)
    }
}
