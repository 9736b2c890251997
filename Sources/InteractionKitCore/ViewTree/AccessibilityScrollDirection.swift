/// The direction of an assistive technology's scroll gesture, as UIKit's
/// `UIAccessibilityScrollDirection` (VoiceOver's three-finger swipes).
///
/// A direction names the way the finger moves, the way content follows a
/// finger: `.up` drags the content up and so reveals what lies below it (the
/// next page of a list); `.left` reveals what lies to the right. `.next`
/// and `.previous` are the reading order's pages, for views that page along
/// one axis. A view answers them in `View.accessibilityScroll(_:)`.
public enum AccessibilityScrollDirection: Int, Hashable, Sendable, CaseIterable {
    /// The content moves right: what lies to its left comes into view.
    case right = 1
    /// The content moves left: what lies to its right comes into view.
    case left
    /// The content moves up: what lies below comes into view.
    case up
    /// The content moves down: what lies above comes into view.
    case down
    /// The next page in reading order.
    case next
    /// The previous page in reading order.
    case previous
}
