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

    /// The buttons, held weakly: the toolbar's subviews own them, so a
    /// toolbar placed inside one of its own buttons is no cycle.
    private var buttonReferences: [WeakButton] = []

    /// The buttons, in reading order (left to right, or right to left when mirrored).
    ///
    /// The toolbar owns them as its subviews; a button removed from the
    /// toolbar some other way (`removeFromSuperview()`) and freed drops out.
    public var buttons: [Button] {
        get { buttonReferences.compactMap(\.button) }
        set {
            let oldValue = buttons
            buttonReferences = newValue.map(WeakButton.init)
            buttonsDidChange(from: oldValue)
        }
    }

    /// Creates a toolbar with buttons.
    public init(frame: Rect = .zero, buttons: [Button] = []) {
        buttonReferences = buttons.map(WeakButton.init)
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == Toolbar.self
        addInteraction(largeContentViewerInteraction)
        buttonsDidChange(from: [])
    }

    private func buttonsDidChange(from oldButtons: [Button]) {
        let current = buttons
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

/// A weak reference to a button, for a toolbar's list of its own subviews.
private struct WeakButton {
    weak var button: Button?

    init(_ button: Button) {
        self.button = button
    }
}
