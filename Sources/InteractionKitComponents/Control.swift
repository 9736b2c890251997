import InteractionKitCore
import InteractionKitLargeContentViewer

/// A view that performs an action when tapped, and can be disabled: the base of buttons.
///
/// A control carries its own tap recognizer; a tap on an enabled control
/// performs its primary action. A disabled control takes no touches at all
/// (hit testing passes through it, as in UIKit) and never acts, neither on
/// a tap nor when the large content viewer's gesture ends on it.
open class Control: View, LargeContentViewerActivatable {
    private var primaryActions: [@MainActor (Control) -> Void] = []

    /// The recognizer that turns a tap into the primary action.
    public let tapGestureRecognizer = TapGestureRecognizer()

    /// Whether the control responds to touches and performs its action; true by default.
    public var isEnabled = true

    /// Whether the control is drawn highlighted (pressed).
    public var isHighlighted = false

    /// The name of a control's tap recognizer, as transcripts show it.
    public static let controlTapRecognizerName = "control.tap"

    /// Creates a control with the given frame.
    override public init(frame: Rect = .zero) {
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == Control.self
        tapGestureRecognizer.name = Control.controlTapRecognizerName
        tapGestureRecognizer.addAction { [weak self] recognizer in
            guard recognizer.state == .ended else { return }
            self?.performPrimaryAction()
        }
        addGestureRecognizer(tapGestureRecognizer)
    }

    /// Adds a handler for the primary action (a tap, or the large content viewer's lift).
    public func addAction(_ action: @escaping @MainActor (Control) -> Void) {
        primaryActions.append(action)
    }

    /// Performs the primary action if the control is enabled; returns whether it did.
    @discardableResult
    public func performPrimaryAction() -> Bool {
        guard isEnabled else { return false }
        let current = primaryActions
        for action in current { action(self) }
        return true
    }

    /// Performs the primary action, as lifting the finger on the control in the large content viewer means.
    public func activateFromLargeContentViewer() {
        performPrimaryAction()
    }

    /// A disabled control takes no touches: hit testing passes through it, as in UIKit.
    override open var isEnabledForHitTesting: Bool { isEnabled }
}
