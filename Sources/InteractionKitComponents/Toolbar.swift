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

    /// The buttons, in reading order (left to right, or right to left when mirrored).
    public var buttons: [Button] = [] {
        didSet { buttonsDidChange(from: oldValue) }
    }

    /// Creates a toolbar with buttons.
    public init(frame: Rect = .zero, buttons: [Button] = []) {
        self.buttons = buttons
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == Toolbar.self
        addInteraction(largeContentViewerInteraction)
        buttonsDidChange(from: [])
    }

    private func buttonsDidChange(from oldButtons: [Button]) {
        for old in oldButtons where !buttons.contains(where: { $0 === old }) && old.superview === self {
            old.removeFromSuperview()
        }
        for button in buttons {
            button.showsLargeContentViewer = true
            addSubview(button)
        }
        layoutSubviews()
        largeContentViewerInteraction.refresh()
    }

    /// Places the buttons in equal slots across the bar, mirrored right to left.
    override open func layoutSubviews() {
        let count = buttons.count
        guard count > 0 else { return }
        let width = bounds.width / Double(count)
        for (index, button) in buttons.enumerated() {
            let slot = effectiveLayoutDirection == .rightToLeft ? count - 1 - index : index
            button.frame = Rect(
                x: bounds.minX + Double(slot) * width, y: bounds.minY, width: width, height: bounds.height
            )
        }
    }
}
