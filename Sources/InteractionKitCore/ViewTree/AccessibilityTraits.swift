/// What kind of element an accessibility element is and what state it is
/// in, as UIKit's `UIAccessibilityTraits`: a set that assistive
/// technologies read as a role and states.
///
/// Combine them: a disabled selected tab is `[.button, .selected, .notEnabled]`.
/// The AT-SPI export reads `button` as a push button (a page tab inside a
/// `tabBar` container), `notEnabled` as the absence of `enabled` and
/// `sensitive`, `selected` as `selected`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt64

    /// Creates traits from their bits.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// No trait: a plain element.
    public static let none: AccessibilityTraits = []
    /// The element acts as a button: activating it performs an action.
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// The element is a link.
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// The element is an image.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// The element is selected (a selected tab, a toggle that is on).
    public static let selected = AccessibilityTraits(rawValue: 1 << 3)
    /// The element is text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 4)
    /// The element is disabled and does not respond to the person.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 5)
    /// The element is a heading that divides content into sections.
    public static let header = AccessibilityTraits(rawValue: 1 << 6)
    /// The container is a tab bar: its elements are its tabs.
    public static let tabBar = AccessibilityTraits(rawValue: 1 << 7)
    /// The element's value can be adjusted in steps (a slider).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 8)
    /// The element is a search field.
    public static let searchField = AccessibilityTraits(rawValue: 1 << 9)
    /// The element is a button that toggles between two states.
    public static let toggleButton = AccessibilityTraits(rawValue: 1 << 10)
    /// The element's value or label changes often; assistive technologies poll rather than announce it.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 11)
    /// The container is a toolbar: a row of buttons.
    ///
    /// Not in UIKit, which has no toolbar trait; AT-SPI has a tool bar role,
    /// and `Toolbar` sets it.
    public static let toolbar = AccessibilityTraits(rawValue: 1 << 32)
}
