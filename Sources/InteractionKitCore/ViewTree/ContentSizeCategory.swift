/// The person's preferred size for text, as in Dynamic Type.
///
/// The five largest categories are the accessibility sizes; the large content
/// viewer acts only at those (see `LargeContentViewerInteraction.isEnabled`).
public enum ContentSizeCategory: Int, CaseIterable, Hashable, Sendable, Comparable {
    /// The smallest standard size.
    case extraSmall
    /// A small standard size.
    case small
    /// A medium standard size.
    case medium
    /// The default size.
    case large
    /// A large standard size.
    case extraLarge
    /// A larger standard size.
    case extraExtraLarge
    /// The largest standard size.
    case extraExtraExtraLarge
    /// The smallest accessibility size.
    case accessibilityMedium
    /// An accessibility size.
    case accessibilityLarge
    /// A larger accessibility size.
    case accessibilityExtraLarge
    /// A still larger accessibility size.
    case accessibilityExtraExtraLarge
    /// The largest accessibility size.
    case accessibilityExtraExtraExtraLarge

    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Orders categories from smallest to largest.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
