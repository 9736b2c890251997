/// The direction in which content flows horizontally.
public enum LayoutDirection: Hashable, Sendable {
    /// Left to right, as in English.
    case leftToRight
    /// Right to left, as in Arabic or Hebrew: horizontal layouts are mirrored.
    case rightToLeft
}
