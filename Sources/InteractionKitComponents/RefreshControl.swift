import InteractionKitCore

// Rule S12: pull to refresh. The control sits above the content of the
// scroll view that holds it; a drag that pulls the content far enough down
// and lifts begins refreshing, and the content rests below the control
// until the app ends refreshing.

/// A pull-to-refresh control on a scroll view (UIKit's `UIRefreshControl`),
/// set as `ScrollView.refreshControl`.
///
/// Pulling the content down until its offset is more than
/// `triggerDistance` above its top and lifting begins refreshing: the
/// control sends `valueChanged` once and the content rests that far down,
/// showing the control, until `endRefreshing()`; then it springs back.
/// `beginRefreshing()` from code shows it without `valueChanged`. Assistive
/// technologies see a button named "Refresh" whose activation begins
/// refreshing, as a pull does.
@MainActor
public final class RefreshControl: Control {
    /// How far above its top the content must be pulled, in points, for a lift to begin refreshing.
    public static let triggerDistance: Double = 60

    /// Whether a refresh is under way: from a pull (or `beginRefreshing()`) until `endRefreshing()`.
    public private(set) var isRefreshing = false

    /// The scroll view that holds the control; set by `ScrollView.refreshControl`.
    weak var scrollView: ScrollView?

    /// Creates a refresh control, not refreshing, for a scroll view's `refreshControl`.
    public init() {
        super.init(frame: .zero)
    }

    /// Begins refreshing from code: the content moves down to show the
    /// control; no `valueChanged` is sent (the app began it). Nothing
    /// happens while refreshing already.
    public func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        scrollView?.refreshingDidChange(showingControl: true)
    }

    /// Ends refreshing: the content springs back to its top. Nothing
    /// happens when no refresh is under way.
    public func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        scrollView?.refreshingDidChange(showingControl: false)
    }

    /// Begins refreshing as a person's pull does: `valueChanged` once.
    func beginRefreshingByPerson() {
        guard isEnabled, !isRefreshing else { return }
        isRefreshing = true
        scrollView?.refreshingDidChange(showingControl: false)
        sendActions(for: .valueChanged)
    }

    /// Never focused by the keyboard: it sits above the content, out of
    /// sight, and a person reaches it by pulling (assistive technologies by its action).
    override public var canBecomeFocused: Bool { false }

    // MARK: Accessibility

    /// "Refresh" unless a label was set.
    override public var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? "Refresh" }
        set { super.accessibilityLabel = newValue }
    }

    /// The `button` trait, with the control's own (`notEnabled`, `selected`).
    override public var accessibilityTraits: AccessibilityTraits {
        get { super.accessibilityTraits.union(.button) }
        set { super.accessibilityTraits = newValue }
    }

    /// Begins refreshing as a pull does (`valueChanged` once); false while
    /// disabled or refreshing already.
    override public func activate() -> Bool {
        guard isEnabled, !isRefreshing else { return false }
        beginRefreshingByPerson()
        return isRefreshing
    }
}

extension ScrollView {
    /// How far the refresh control holds the content down while refreshing, in points; zero otherwise.
    var refreshInset: Double {
        guard let refreshControl, refreshControl.isRefreshing else { return 0 }
        return RefreshControl.triggerDistance
    }

    /// Places the refresh control just above the content's top edge, as wide as the bounds.
    func placeRefreshControl() {
        guard let refreshControl else { return }
        let height = RefreshControl.triggerDistance
        let frame = Rect(x: 0, y: -contentInset.top - height, width: bounds.size.width, height: height)
        if refreshControl.frame != frame { refreshControl.frame = frame }
    }

    /// Whether a lift now should begin refreshing: the content pulled more
    /// than the trigger distance above its top, the control enabled and idle.
    var liftBeginsRefreshing: Bool {
        guard let refreshControl, refreshControl.isEnabled, !refreshControl.isRefreshing else { return false }
        return contentOffset.y < verticalRange.minimum - RefreshControl.triggerDistance
    }

    /// The refresh control began or ended refreshing: the content's range
    /// changed by the control's height. Outside a drag, content beyond the
    /// new top springs to it, or (`showingControl`) moves down to show the
    /// control when it was at the top.
    func refreshingDidChange(showingControl: Bool) {
        guard !isDragging else { return }
        let offset = contentOffset.y
        let top = verticalRange.minimum
        let moves = showingControl ? offset <= top + RefreshControl.triggerDistance : offset < top
        guard moves, offset != top else { return }
        stopMotion()
        horizontalMotion.phase = .resting
        verticalMotion.phase = springBack(from: offset, to: top, velocity: 0)
        startMotion(.animating)
    }
}
