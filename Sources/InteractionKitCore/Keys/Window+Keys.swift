// How a key travels (rule K1): the window's key-input filters, then the key
// commands along the responder chain, then the presses to the first
// responder (else the focused item's view, else the window), up the chain;
// what reaches the window moves the focus or activates the focused item.

extension Window {
    /// Adds a filter that sees every key before anything else; returning
    /// true consumes the key (its release too). The token removes it.
    ///
    /// A screen-reader bridge offers keys to the screen reader here.
    @discardableResult
    public func addKeyInputFilter(_ filter: @escaping @MainActor (KeyInput) -> Bool) -> ObserverToken {
        ObserverToken(value: focusState.keyInputFilters.add(filter))
    }

    /// Removes a filter added with `addKeyInputFilter(_:)`; an unknown token does nothing.
    public func removeKeyInputFilter(_ token: ObserverToken) {
        existingAttachment(FocusState.self)?.keyInputFilters.remove(token.value)
    }

    /// Dispatches one key sample: its timers first, then K1's order.
    func dispatchKeyNow(_ input: KeyInput) {
        let timestamp = input.timestamp.isFinite ? input.timestamp : currentTime
        advanceClockForSample(to: timestamp)
        let state = focusState
        let code = input.key.keyCode
        let press = Press(key: input.key, phase: input.phase, timestamp: currentTime, isRepeat: input.isRepeat)
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
            return
        }
        if endsPress, forget(consumed: code, in: state) { return }
        if input.phase == .began, let command = keyCommand(matching: input.key) {
            remember(consumed: code, in: state)
            command.perform()
            return
        }
        // The presses that are down, for the event (at most 16 kept).
        var index = state.pressesDown.count
        while index > 0 {
            index -= 1
            if state.pressesDown[index].key?.keyCode == code { state.pressesDown.remove(at: index) }
        }
        if !endsPress {
            if state.pressesDown.count == 16 { state.pressesDown.removeFirst() }
            state.pressesDown.append(press)
        }
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
        let target = state.firstResponder ?? state.focusedItem?.focusHostView ?? self
        // A responder must still be in this window to hear keys.
        let receiver = target.window === self ? target : self
        switch input.phase {
        case .began: receiver.pressesBegan(presses, with: event)
        case .changed: receiver.pressesChanged(presses, with: event)
        case .ended: receiver.pressesEnded(presses, with: event)
        case .cancelled: receiver.pressesCancelled(presses, with: event)
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
        var start = state.firstResponder ?? state.focusedItem?.focusHostView
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
            if stepAdjustable(key.keyCode) { return }
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
            _ = item.accessibilityActivate()
        default:
            break
        }
    }

    /// Steps a focused `.adjustable` view with an arrow (K3): up, and the
    /// arrow pointing the way values grow on screen (right, or left under
    /// right to left), increment; the others decrement. Returns whether it stepped.
    private func stepAdjustable(_ keyCode: KeyboardHIDUsage) -> Bool {
        guard let view = focusedItem as? View, view.window === self,
              view.accessibilityTraits.contains(.adjustable) else { return false }
        let growsRight = view.effectiveLayoutDirection == .leftToRight
        let increments = keyCode == .keyboardUpArrow
            || (keyCode == .keyboardRightArrow && growsRight) || (keyCode == .keyboardLeftArrow && !growsRight)
        if increments { view.accessibilityIncrement() } else { view.accessibilityDecrement() }
        return true
    }
}
