import InteractionKitCore
import InteractionKitLargeContentViewer

/// A row of buttons of equal width, mirrored under right-to-left layout,
/// with the large content viewer built in.
///
/// The toolbar finds its buttons through the interaction's default lookup
/// (they are real views with `showsLargeContentViewer` turned on), and the
/// default end performs the button's primary action: nothing in it is
/// specific to toolbars, which is the point. The toolbar itself is not an
/// item (its `showsLargeContentViewer` stays false), so a gap or a disabled
/// button shows nothing; remove `largeContentViewerInteraction` to turn the
/// viewer off.
open class Toolbar: View {
    /// The toolbar's own large content viewer interaction.
    public let largeContentViewerInteraction = LargeContentViewerInteraction()

    /// The buttons given, held strongly, as UIKit's toolbar holds its items:
    /// a weak list lost buttons made inline in release builds, freed before
    /// they were added. Always a subset of the subviews (`UIStackView`'s rule
    /// for `arrangedSubviews`): a button that leaves the toolbar leaves this
    /// list (`willRemoveSubview(_:)`), so a toolbar placed inside its own
    /// former button is no cycle, and inside a button it still holds,
    /// `addSubview(_:)` refuses.
    private var storedButtons: [Button] = []

    /// The buttons, in reading order (left to right, or right to left when mirrored).
    ///
    /// The toolbar owns them as its subviews; a button taken out of the
    /// toolbar some other way (`removeFromSuperview()`, added to another
    /// view) leaves the list for good, as a view removed from a
    /// `UIStackView` leaves its `arrangedSubviews`.
    public var buttons: [Button] {
        get { storedButtons.filter { $0.superview === self } }
        set {
            let oldValue = storedButtons
            storedButtons = newValue
            buttonsDidChange(from: oldValue)
        }
    }

    /// Creates a toolbar with buttons.
    public init(frame: Rect = .zero, buttons: [Button] = []) {
        storedButtons = buttons
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == Toolbar.self
        // One focus group: Tab reaches the toolbar once, the arrows move along it.
        focusGroupIdentifier = "Toolbar \(objectSerial)"
        addInteraction(largeContentViewerInteraction)
        buttonsDidChange(from: [])
    }

    private func buttonsDidChange(from oldButtons: [Button]) {
        let current = storedButtons
        for old in oldButtons where !current.contains(where: { $0 === old }) && old.superview === self {
            old.removeFromSuperview()
        }
        for button in current {
            button.showsLargeContentViewer = true
            addSubview(button)
        }
        layoutSubviews()
        largeContentViewerInteraction.refresh()
    }

    /// A button that leaves the toolbar leaves `buttons`; the others close up.
    override open func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        guard let index = storedButtons.firstIndex(where: { $0 === subview }) else { return }
        storedButtons.remove(at: index)
        layoutSubviews()
        largeContentViewerInteraction.refresh()
    }

    /// The `toolbar` trait unless traits were set explicitly: assistive
    /// technologies read the toolbar as a container of its buttons.
    override open var accessibilityTraits: AccessibilityTraits {
        get { explicitAccessibilityTraits ?? .toolbar }
        set { super.accessibilityTraits = newValue }
    }

    /// Places the buttons in equal slots across the bar, mirrored right to left.
    override open func layoutSubviews() {
        let current = buttons
        let count = current.count
        guard count > 0 else { return }
        let width = bounds.width / Double(count)
        for (index, button) in current.enumerated() {
            let slot = effectiveLayoutDirection == .rightToLeft ? count - 1 - index : index
            button.frame = Rect(
                x: bounds.minX + Double(slot) * width, y: bounds.minY, width: width, height: bounds.height
            )
        }
    }
}
