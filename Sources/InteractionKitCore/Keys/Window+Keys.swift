// How a key travels (rule K1): the window's key-input filters, then the key
// commands along the responder chain, then Ctrl-Tab to the focus (F4),
// then the presses to the first
// responder (else the focused item's view, else the window), up the chain;
// what reaches the window moves the focus or activates the focused item.
// A press stays with the responder it was delivered to until it ends
// (`Press.responder`, as UIKit keeps it): its release goes there, and when
// that cannot be (the responder left the window, the window lost the
// keyboard, a filter or a key command took the release) the responder
// hears `pressesCancelled`, so every `pressesBegan` ends exactly once.

extension Window {
    /// Adds a filter that sees every key before anything else; returning
    /// true consumes the key (its release too). The token removes it.
    ///
    /// A screen-reader bridge offers keys to the screen reader here. A
    /// filter that consumes the release (or a second key-down) of a press
    /// that a responder heard go down cancels that press: the responder
    /// hears `pressesCancelled`.
    @discardableResult
    public func addKeyInputFilter(_ filter: @escaping @MainActor (KeyInput) -> Bool) -> ObserverToken {
        focusState.keyInputFilters.add(filter)
    }

    /// Removes a filter added with `addKeyInputFilter(_:)`; an unknown token does nothing.
    public func removeKeyInputFilter(_ token: ObserverToken) {
        existingAttachment(FocusState.self)?.keyInputFilters.remove(token)
    }

    /// The most presses kept down at once: a key-down beyond cancels the oldest.
    nonisolated static let pressesDownLimit = 16

    /// Dispatches one key sample: its timers first, then K1's order.
    func dispatchKeyNow(_ input: KeyInput) {
        let timestamp = input.timestamp.isFinite ? input.timestamp : currentTime
        advanceClockForSample(to: timestamp)
        let state = focusState
        let code = input.key.keyCode
        let endsPress = input.phase == .ended || input.phase == .cancelled
        // Filters first, in order; each sees releases too.
        var consumed = false
        state.keyInputFilters.forEachRegistered { filter in
            consumed = filter(input)
            return !consumed
        }
        if consumed {
            if input.phase == .began { remember(consumed: code, in: state) }
            if endsPress { forget(consumed: code, in: state) }
            // The responder that heard this key go down will not hear it come up (R4-3).
            if input.phase == .began || endsPress { cancelPress(of: code) }
            return
        }
        if endsPress, forget(consumed: code, in: state) { return }
        if input.phase == .began, let command = keyCommand(matching: input.key),
           command.wantsPriorityOverSystemBehavior || !systemTakes(input.key) {
            remember(consumed: code, in: state)
            cancelPress(of: code)
            command.perform()
            return
        }
        // Ctrl-Tab moves the focus as Tab does, before any responder hears
        // it: the way out of a view that takes Tab for itself (F4, GTK's).
        if input.phase == .began, input.key.keyCode == .keyboardTab,
           input.key.modifierFlags.matchingKeyCommands.subtracting(.shift) == .control {
            remember(consumed: code, in: state)
            cancelPress(of: code)
            moveFocus(input.key.modifierFlags.contains(.shift) ? .previous : .next)
            return
        }
        switch input.phase {
        case .began:
            // Down again and let through: the release of a key-down taken
            // before is lost, and this press's release is not taken for it.
            forget(consumed: code, in: state)
            beginPress(input)
        case .changed:
            guard let down = state.pressesDown.first(where: { $0.key?.keyCode == code }) else { return }
            deliver(Press(key: input.key, phase: .changed, timestamp: currentTime, isRepeat: input.isRepeat,
                          responderSerial: down.responderSerial))
        case .ended, .cancelled:
            // A release of a key that is not down ends nothing: no responder hears it.
            guard let index = state.pressesDown.firstIndex(where: { $0.key?.keyCode == code }) else { return }
            let down = state.pressesDown.remove(at: index)
            deliver(Press(key: input.key, phase: input.phase, timestamp: currentTime, isRepeat: false,
                          responderSerial: down.responderSerial))
        case .stationary:
            break
        }
    }

    /// A key goes down: an auto-repeat of a press that is down goes to that
    /// press's responder; any other key-down begins a press with the first
    /// responder (else the focused item's view, else the window).
    private func beginPress(_ input: KeyInput) {
        let state = focusState
        let code = input.key.keyCode
        if let down = state.pressesDown.first(where: { $0.key?.keyCode == code }) {
            if input.isRepeat, let responder = down.responder, responder.window === self {
                deliver(Press(key: input.key, phase: .began, timestamp: currentTime, isRepeat: true,
                              responderSerial: down.responderSerial))
                return
            }
            // Down again without coming up: the release of the old press was lost.
            cancelPress(of: code)
        }
        // Room for one more, the oldest press given up (each cancel calls out, so the count is read again).
        while state.pressesDown.count >= Self.pressesDownLimit, let oldest = state.pressesDown.first?.key?.keyCode {
            cancelPress(of: oldest)
        }
        let target = state.firstResponder ?? state.machine.focusedItem?.focusHostView ?? self
        // A responder must still be in this window to hear keys.
        let receiver = target.window === self ? target : self
        let press = Press(key: input.key, phase: .began, timestamp: currentTime, isRepeat: input.isRepeat,
                          responderSerial: receiver.registerForTouches())
        state.pressesDown.append(press)
        deliver(press)
    }

    /// Ends the press of `code` that is down, if any: its responder hears
    /// `pressesCancelled` (when it is still in this window).
    func cancelPress(of code: KeyboardHIDUsage) {
        guard let state = existingAttachment(FocusState.self),
              let index = state.pressesDown.firstIndex(where: { $0.key?.keyCode == code }) else { return }
        let down = state.pressesDown.remove(at: index)
        deliver(Press(key: down.key, phase: .cancelled, timestamp: currentTime, isRepeat: false,
                      responderSerial: down.responderSerial))
    }

    /// Cancels every press that is down (the window lost the keyboard), or
    /// those whose responder is inside `root` (it leaves the window).
    func cancelPresses(inside root: View? = nil) {
        guard let state = existingAttachment(FocusState.self), !state.pressesDown.isEmpty else { return }
        // Each cancel calls out and may change the list: one at a time, looked up again.
        var skipped: [KeyboardHIDUsage] = []
        while let press = state.pressesDown.first(where: { press in
            guard let code = press.key?.keyCode, !skipped.contains(code) else { return false }
            guard let root else { return true }
            return press.responder.map { $0.isDescendant(of: root) } ?? true
        }) {
            guard let code = press.key?.keyCode else { break }
            skipped.append(code)
            cancelPress(of: code)
        }
    }

    /// Calls the responder of `press` (if it is still in this window) for
    /// the press's phase, with the window's reused event and set.
    private func deliver(_ press: Press) {
        guard let responder = press.responder, responder.window === self else { return }
        let state = focusState
        let event = state.pressesEvent
        event.timestamp = currentTime
        // Both sets are refilled in place, keeping their storage: no allocation once warm.
        var all = event.allPresses
        event.allPresses = []
        all.removeAll(keepingCapacity: true)
        for down in state.pressesDown { all.insert(down) }
        all.insert(press)
        event.allPresses = all
        var presses = state.reusablePresses
        state.reusablePresses = []
        presses.removeAll(keepingCapacity: true)
        presses.insert(press)
        state.reusablePresses = presses
        switch press.phase {
        case .began: responder.pressesBegan(presses, with: event)
        case .changed: responder.pressesChanged(presses, with: event)
        case .ended: responder.pressesEnded(presses, with: event)
        case .cancelled: responder.pressesCancelled(presses, with: event)
        case .stationary: break
        }
    }

    private func remember(consumed code: KeyboardHIDUsage, in state: FocusState) {
        if !state.consumedKeys.contains(code) { state.consumedKeys.append(code) }
        if state.consumedKeys.count > 16 { state.consumedKeys.removeFirst() }
    }

    @discardableResult
    private func forget(consumed code: KeyboardHIDUsage, in state: FocusState) -> Bool {
        guard let index = state.consumedKeys.firstIndex(of: code) else { return false }
        state.consumedKeys.remove(at: index)
        return true
    }

    /// The first key command that answers `key`, searched from the first
    /// responder (else the focused item's view) up to the window, or
    /// through the window's root views and the window when neither is set.
    private func keyCommand(matching key: Key) -> KeyCommand? {
        let state = focusState
        var start = state.firstResponder ?? state.machine.focusedItem?.focusHostView
        if let view = start, view.window !== self { start = nil }
        if let start {
            var node: View? = start
            while let view = node {
                if let command = view.keyCommands?.first(where: { $0.matches(key) }) { return command }
                node = view.superview
            }
            return nil
        }
        for view in subviews.reversed() {
            if let command = view.keyCommands?.first(where: { $0.matches(key) }) { return command }
        }
        return keyCommands?.first { $0.matches(key) }
    }

    /// A key that reached the window: focus navigation (K2) and activation (K3).
    /// Whether the text or focus system takes `key` before the key commands
    /// (F6, UIKit since iOS 15): a key that types or edits text while a
    /// text client is first responder (T2, T3), and the keys that move the
    /// focus or activate (K2, K3: Tab, the plain arrows, Home, End, Space,
    /// Return) while an item is focused. A command with
    /// `wantsPriorityOverSystemBehavior` still comes first.
    func systemTakes(_ key: Key) -> Bool {
        let modifiers = key.modifierFlags.matchingKeyCommands
        if firstResponder is any TextInputClient, key.isTextEditingKey || key.typesText { return true }
        guard focusedItem != nil else { return false }
        switch key.keyCode {
        case .keyboardTab:
            return modifiers.isSubset(of: [.shift, .control])
        case .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow, .keyboardDownArrow, .keyboardHome, .keyboardEnd,
             .keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter:
            return modifiers.isEmpty
        default:
            return false
        }
    }

    func pressesReachedWindow(_ presses: Set<Press>) {
        for press in presses {
            guard let key = press.key else { continue }
            handleNavigation(key, isRepeat: press.isRepeat)
        }
    }

    private func handleNavigation(_ key: Key, isRepeat: Bool) {
        let modifiers = key.modifierFlags.matchingKeyCommands
        // Other modifiers belong to shortcuts, not to navigation.
        guard modifiers.isSubset(of: .shift) else { return }
        let shifted = modifiers.contains(.shift)
        switch key.keyCode {
        case .keyboardTab:
            moveFocus(shifted ? .previous : .next)
        case .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow, .keyboardDownArrow:
            guard !shifted else { return }
            let heading: FocusHeading = switch key.keyCode {
            case .keyboardLeftArrow: .left
            case .keyboardRightArrow: .right
            case .keyboardUpArrow: .up
            default: .down
            }
            moveFocus(heading)
        case .keyboardHome:
            moveFocus(.first)
        case .keyboardEnd:
            moveFocus(.last)
        case .keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter:
            // Auto-repeat moves the focus, it never activates (K3).
            guard !isRepeat, !shifted, let item = focusedItem, isFocusable(item) else { return }
            // The accessibility name, not `activate()`: K3 makes the key do
            // what it does, so a porter's override of it is honoured.
            _ = item.accessibilityActivate()
        default:
            break
        }
    }

}

extension View {
    /// Steps this `.adjustable` view, when it has the focus, with a plain
    /// arrow (K3): up, and the arrow pointing the way values grow on screen
    /// (right, or left under right to left), increment; down and the other
    /// decrement. Returns whether it stepped. The adjustable's own
    /// `pressesBegan` asks it, so an override that takes the arrows itself
    /// (and does not call `super`) replaces the stepping.
    func stepAdjustableValue(with press: Press) -> Bool {
        guard let key = press.key, key.modifierFlags.matchingKeyCommands.isEmpty,
              let window, window.focusedItem === self else { return false }
        let keyCode = key.keyCode
        guard keyCode == .keyboardUpArrow || keyCode == .keyboardDownArrow
            || keyCode == .keyboardLeftArrow || keyCode == .keyboardRightArrow else { return false }
        let growsRight = effectiveLayoutDirection == .leftToRight
        let increments = keyCode == .keyboardUpArrow
            || (keyCode == .keyboardRightArrow && growsRight) || (keyCode == .keyboardLeftArrow && !growsRight)
        if increments { accessibilityIncrement() } else { accessibilityDecrement() }
        return true
    }
}
