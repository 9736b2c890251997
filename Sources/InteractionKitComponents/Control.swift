import InteractionKitCore
import InteractionKitLargeContentViewer

/// A view that tracks a finger and sends events, and can be disabled: the
/// base of buttons, as UIKit's `UIControl`.
///
/// A finger that goes down on an enabled control is tracked (rules C1–C5):
/// it sends `touchDown` (and `touchDownRepeat` for a quick second tap) and
/// the control is `isTracking` and `isHighlighted`. Each move sends
/// `touchDragInside` or `touchDragOutside`, and `touchDragEnter` /
/// `touchDragExit` when it crosses the bounds grown by
/// `GestureConstants.controlTrackingMargin`; `isHighlighted` follows.
/// Lifting sends `touchUpInside` or `touchUpOutside`; a cancelled touch sends
/// `touchCancel` and nothing else. A disabled control takes no touches at
/// all (hit testing passes through it) and sends nothing.
///
/// Subclasses customise tracking through `beginTracking`, `continueTracking`,
/// `endTracking` and `cancelTracking`, as in UIKit.
open class Control: View, LargeContentViewerActivatable {
    private typealias Handlers = ObserverList<(events: ControlEvents, body: @MainActor (Control, ControlEvents) -> Void)>
    private var handlers = Handlers()
    /// The press being tracked, if any: the rules are the tracker's.
    private var press = PressTracker()

    /// Whether the control responds to touches and sends events; true by default.
    ///
    /// Disabling a control that is tracking stops the tracking without an event.
    public var isEnabled = true {
        didSet {
            guard oldValue != isEnabled else { return }
            // Hit testing reads its answer to `isEnabledForHitTesting` from a flag.
            refreshBuiltInAcceptsHits()
            if !isEnabled { stopTracking() }
            accessibilityDidChange(.traits)
            // Enabled controls take the focus, disabled ones lose it (K2, K4).
            focusabilityDidChange()
        }
    }

    /// Whether the control is drawn highlighted (pressed): while a tracked finger is inside.
    public var isHighlighted = false
    /// Whether the control is drawn selected (a toggle that is on); assistive technologies read it as the `selected` trait.
    public var isSelected = false {
        didSet { if oldValue != isSelected { accessibilityDidChange(.traits) } }
    }
    /// Whether a finger is being tracked.
    public var isTracking: Bool { press.isTracking }
    /// Whether the tracked finger is inside the control's grown bounds.
    public var isTouchInside: Bool { press.isInside }

    /// Whether lifting inside also triggers the primary action; true for `Button`.
    open class var touchUpInsideTriggersPrimaryAction: Bool { false }

    /// Creates a control with the given frame.
    override public init(frame: Rect = .zero) {
        super.init(frame: frame)
        hasBuiltInBehaviour = type(of: self) == Control.self
    }

    // MARK: Actions

    /// Adds a handler for the primary action (a button's tap, or the large
    /// content viewer's lift): the same as `addAction(for: .primaryActionTriggered, _:)`.
    @discardableResult
    public func addAction(_ action: @escaping @MainActor (Control) -> Void) -> ActionToken {
        addAction(for: .primaryActionTriggered, action)
    }

    /// Adds a handler called when the control sends any of `events`; the token removes it.
    @discardableResult
    public func addAction(for events: ControlEvents, _ action: @escaping @MainActor (Control) -> Void) -> ActionToken {
        addAction(for: events) { control, _ in action(control) }
    }

    /// Adds a handler called with the control and the one event that fired
    /// (a single member of `events`), so that one handler can log or route
    /// several; the token removes it.
    ///
    /// ```swift
    /// slider.addAction(for: .allEvents) { control, event in print(event.names) }
    /// ```
    @discardableResult
    public func addAction(
        for events: ControlEvents, _ action: @escaping @MainActor (Control, ControlEvents) -> Void
    ) -> ActionToken {
        var list = Handlers()
        swap(&list, &handlers)
        let token = list.add((events, action))
        swap(&list, &handlers)
        return token
    }

    /// Removes a handler added with `addAction`; an unknown token does nothing.
    public func removeAction(_ token: ActionToken) {
        var list = Handlers()
        swap(&list, &handlers)
        let removed = list.remove(token)
        swap(&list, &handlers)
        // Released once the list is back in place (`ObserverList.remove(_:)`):
        // what the handler captured may add or remove handlers as it goes.
        withExtendedLifetime(removed) {}
    }

    /// Calls the handlers for each of `events`, in the order of the events
    /// (`ControlEvents.names`) and, for each, the order they were added.
    ///
    /// For a control whose `touchUpInsideTriggersPrimaryAction`, sending
    /// `touchUpInside` also sends `primaryActionTriggered`. Works whether or
    /// not the control is enabled, as in UIKit; a handler removed meanwhile
    /// is not called.
    open func sendActions(for events: ControlEvents) {
        var remaining = events
        if events.contains(.touchUpInside) && Self.touchUpInsideTriggersPrimaryAction {
            remaining.insert(.primaryActionTriggered)
        }
        var bit: UInt32 = 1
        while bit != 0 && bit <= remaining.rawValue {
            let event = ControlEvents(rawValue: bit)
            bit <<= 1
            guard remaining.contains(event) else { continue }
            let current = handlers
            current.forEach(whileRegistered: { handlers.contains($0) }) { handler in
                if handler.events.contains(event) { handler.body(self, event) }
                return true
            }
        }
    }

    /// Performs the primary action if the control is enabled; returns whether it did.
    @discardableResult
    public func performPrimaryAction() -> Bool {
        guard isEnabled else { return false }
        sendActions(for: .primaryActionTriggered)
        return true
    }

    /// Acts as a lift inside, as the large content viewer's lift on the
    /// control means (rule L11): sends `touchUpInside` if enabled, which for
    /// a button is its primary action too.
    ///
    /// A control that is still tracking a finger sends nothing here: the
    /// viewer's recognizer left it its touch (`cancelsTouchesInView` off),
    /// and that finger's own lift sends the touch-up, so one gesture never
    /// activates the control twice. Override it to act otherwise.
    open func activateFromLargeContentViewer() {
        guard isEnabled, !isTracking else { return }
        sendActions(for: .touchUpInside)
    }

    // MARK: Accessibility

    /// A control is one element for assistive technologies unless set otherwise, as in UIKit.
    override open var isAccessibilityElement: Bool {
        get { explicitIsAccessibilityElement ?? true }
        set { super.isAccessibilityElement = newValue }
    }

    /// The traits set (none by default), plus `notEnabled` while disabled
    /// and `selected` while selected.
    override open var accessibilityTraits: AccessibilityTraits {
        get {
            var traits = super.accessibilityTraits
            if !isEnabled { traits.insert(.notEnabled) }
            if isSelected { traits.insert(.selected) }
            return traits
        }
        set { super.accessibilityTraits = newValue }
    }

    /// Performs the primary action, if the control is enabled, as a
    /// keyboard activation does in UIKit (Space or Return on the focused
    /// control, rule K3, and a screen reader's activation): sends
    /// `primaryActionTriggered` and no touch event, since no touch
    /// happened. Returns whether it did.
    override open func activate() -> Bool {
        performPrimaryAction()
    }

    // MARK: Focus

    /// An enabled control can be focused by the keyboard (rule K2).
    override open var canBecomeFocused: Bool { isEnabled }

    // MARK: Tracking hooks

    /// Whether to track a touch that went down on the control; true by default.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// Whether to go on tracking after a move; true by default. False stops
    /// tracking (nothing more is sent for this touch).
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// Called when the tracked finger lifts, with nil when tracking stops
    /// otherwise (disabled, `continueTracking` refused, or cancelled through
    /// the default `cancelTracking(with:)`).
    open func endTracking(_ touch: Touch?, with event: Event?) {}

    /// Called when the tracked touch is cancelled, with a nil event when
    /// the cancel has no event behind it (the control left its window, C7);
    /// the default calls `endTracking(nil, with: event)`, as UIKit's does.
    open func cancelTracking(with event: Event?) {
        endTracking(nil, with: event)
    }

    /// Whether a point in the control's coordinates is inside its bounds grown by the tracking margin.
    public func isInsideTrackingArea(_ point: Point) -> Bool {
        let margin = GestureConstants.controlTrackingMargin
        return bounds.inset(by: EdgeInsets(top: -margin, left: -margin, bottom: -margin, right: -margin)).contains(point)
    }

    // MARK: Responder touches

    /// Begins tracking the first finger on an enabled control (C1).
    override open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled, !press.isTracking, let touch = touches.first else { return }
        let windowSerial = windowSerial
        guard beginTracking(touch, with: event) else { return }
        // The hook may have disabled the control or taken it out of its window.
        guard isEnabled, self.windowSerial == windowSerial, press.began(touch, windowSerial: windowSerial) else {
            return
        }
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    /// Follows the tracked finger in and out of the grown bounds (C2).
    override open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = press.trackedTouch(in: touches), !cancelTrackingIfWindowChanged() else { return }
        guard continueTracking(touch, with: event) else {
            stopTracking()
            return
        }
        switch press.moved(touch, inside: isInsideTrackingArea(touch.location(in: self))) {
        case .ignore:
            return
        case .dragInside(let entered):
            isHighlighted = true
            if entered { sendActions(for: .touchDragEnter) }
            guard press.tracks(touch) else { return }
            sendActions(for: .touchDragInside)
        case .dragOutside(let exited):
            isHighlighted = false
            if exited { sendActions(for: .touchDragExit) }
            guard press.tracks(touch) else { return }
            sendActions(for: .touchDragOutside)
        }
    }

    /// Ends tracking on the lift: touchUpInside (then a button's primary action) or touchUpOutside (C3).
    override open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = press.trackedTouch(in: touches), !cancelTrackingIfWindowChanged() else { return }
        let lift = press.ended(touch, inside: isInsideTrackingArea(touch.location(in: self)))
        switch lift {
        case .ignore:
            return
        case .inside, .outside:
            isHighlighted = false
            endTracking(touch, with: event)
            sendActions(for: lift == .inside ? .touchUpInside : .touchUpOutside)
            // The control a finger activated takes the focus (K5).
            if lift == .inside { window?.focusFollowingTouch(self) }
        }
    }

    /// A cancelled touch sends touchCancel and nothing else (C4).
    override open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = press.trackedTouch(in: touches), press.cancelled(touch) else { return }
        isHighlighted = false
        cancelTracking(with: event)
        sendActions(for: .touchCancel)
    }

    /// Cancels the tracking of a control that left its window mid-press,
    /// at once (C7): `cancelTracking(with: nil)`, then `touchCancel`.
    ///
    /// A subclass that overrides this without calling `super` still has the
    /// press cancelled, at the touch's next event.
    override open func didMoveToWindow() {
        super.didMoveToWindow()
        _ = cancelTrackingIfWindowChanged()
    }

    /// Refuses an ancestor's one-finger single tap, so the control gets the
    /// tap (C6); lets its own recognizers begin.
    ///
    /// The engine asks only about recognizers that would cancel the
    /// control's touch (`cancelsTouchesInView`): an ancestor's tap with that
    /// turned off recognizes over the control, and the control still gets
    /// its tap (the "tap anywhere to dismiss" idiom), as in UIKit.
    override open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard let tap = recognizer as? TapGestureRecognizer, recognizer.view !== self else { return true }
        return !(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
    }

    /// A disabled control takes no touches: hit testing passes through it, as in UIKit.
    override open var isEnabledForHitTesting: Bool { isEnabled }

    /// Stops tracking without an event (disabled, `continueTracking` refused).
    private func stopTracking() {
        guard press.stop() else { return }
        isHighlighted = false
        endTracking(nil, with: nil)
    }

    /// Cancels the press if the control is no longer in the window it
    /// began in (C7); returns whether it did.
    private func cancelTrackingIfWindowChanged() -> Bool {
        guard press.windowChanged(to: windowSerial) else { return false }
        isHighlighted = false
        cancelTracking(with: nil)
        sendActions(for: .touchCancel)
        return true
    }
}
