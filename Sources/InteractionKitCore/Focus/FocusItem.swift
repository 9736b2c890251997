/// Something the keyboard can focus: a view, or a part of one that is not a
/// view (a tab bar's tab), as UIKit's `UIFocusItem`.
///
/// The window's focus system moves among the items that can be focused
/// (rule K2): Tab and Shift-Tab between groups, the arrows within one.
/// `View` and `TabBarItem` conform; a component whose parts are not views
/// makes its parts conform and lists them in `View.focusItems`.
@MainActor
public protocol FocusItem: AnyObject {
    /// Whether the item can take the focus now (a disabled control cannot).
    var canBecomeFocused: Bool { get }
    /// Whether the item has the focus of a key window.
    var isFocused: Bool { get }
    /// Where the item is, in window coordinates: arrows move by it.
    var focusFrame: Rect { get }
    /// The view the item lives in (itself for a view, its tab bar for a
    /// tab): keys go to it while the item is focused, and the item can be
    /// focused only while that view is in the window, visible and interactive.
    var focusHostView: View? { get }
    /// The group the item belongs to (nil: its host view's group).
    var focusGroupIdentifier: String? { get }
    /// Whether the item is its group's chosen one (a selected tab): Tab
    /// lands there when the group's last focused item is gone.
    var isFocusGroupSelection: Bool { get }
    /// Performs the item's default action, as a screen reader's activation
    /// does (Space and Return do this, rule K3); returns whether it acted.
    func accessibilityActivate() -> Bool
    /// The accessibility node that stands for the item to assistive
    /// technologies (the view itself; a tab's `accessibilityElement`), so a
    /// screen reader's focus can follow the keyboard's; nil for none.
    var focusAccessibilityNode: (any AccessibilityNode)? { get }
}

extension FocusItem {
    /// The item itself when it is an accessibility node (a view), else nil.
    public var focusAccessibilityNode: (any AccessibilityNode)? { self as? any AccessibilityNode }
}

/// A direction focus moves in, as UIKit's `UIFocusHeading`.
public struct FocusHeading: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates a heading from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Up on screen.
    public static let up = FocusHeading(rawValue: 1 << 0)
    /// Down on screen.
    public static let down = FocusHeading(rawValue: 1 << 1)
    /// Left on screen.
    public static let left = FocusHeading(rawValue: 1 << 2)
    /// Right on screen.
    public static let right = FocusHeading(rawValue: 1 << 3)
    /// The next group, in reading order (Tab).
    public static let next = FocusHeading(rawValue: 1 << 4)
    /// The previous group, in reading order (Shift-Tab).
    public static let previous = FocusHeading(rawValue: 1 << 5)
    /// The first item of the group (Home).
    public static let first = FocusHeading(rawValue: 1 << 8)
    /// The last item of the group (End).
    public static let last = FocusHeading(rawValue: 1 << 9)
}

/// A move of the focus, as the views involved and the observers hear of it
/// (UIKit's `UIFocusUpdateContext`).
@MainActor
public struct FocusUpdateContext {
    /// The item that had the focus, if any.
    public let previouslyFocusedItem: (any FocusItem)?
    /// The item that gets the focus, if any (nil: the focus leaves the window).
    public let nextFocusedItem: (any FocusItem)?
    /// How the move was asked for (empty: by code, a touch or a repair).
    public let focusHeading: FocusHeading

    /// The view of the item that had the focus (its host view), if any.
    public var previouslyFocusedView: View? { previouslyFocusedItem?.focusHostView }
    /// The view of the item that gets the focus (its host view), if any.
    public var nextFocusedView: View? { nextFocusedItem?.focusHostView }

    /// Creates a context.
    public init(previouslyFocusedItem: (any FocusItem)?, nextFocusedItem: (any FocusItem)?, focusHeading: FocusHeading) {
        self.previouslyFocusedItem = previouslyFocusedItem
        self.nextFocusedItem = nextFocusedItem
        self.focusHeading = focusHeading
    }
}
