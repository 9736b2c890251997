/// Decides which gesture recognizers win the touches they share: the one
/// place where the arbitration rules live.
///
/// Recognizers only interpret touches and ask to change state; the arbiter
/// answers when a recognizer asks to leave `possible`, and reacts when one
/// recognizes or fails:
///
/// - A recognizer may not begin while another recognizer of one of its
///   touches is in progress and the two may not recognize simultaneously.
/// - A recognizer that requires another to fail (`require(toFail:)`, the
///   `shouldRequireFailure` hooks, or their delegate forms) waits in
///   `possible` while the other is still engaged; it proceeds when the other
///   fails and fails when the other recognizes. The hooks and the delegates
///   are asked about recognizers that share a touch (when it goes down, and
///   when one asks to recognize); a yes holds until the dependent resets,
///   so it still holds once their touches are gone (rule G12: a single tap
///   waits for a double tap between its taps, as with `require(toFail:)`).
/// - `gestureRecognizerShouldBegin` is asked last, just before the move.
/// - When a recognizer begins (or a discrete one ends), every other
///   recognizer of its touches that may not recognize simultaneously fails,
///   or is cancelled if it had begun.
///
/// The competitors of a recognizer are the recognizers of the touches it
/// tracks (those of each touch's hit view and its ancestors) that have not
/// ignored them, as the window's arena seats them (`GestureArenaTouches`).
/// The arbiter knows no view and no window, so it is tested with
/// recognizers and an arena alone.
@MainActor
final class GestureArbiter {
    /// Where the arena is (the window's `GestureArena`: who takes part in
    /// each touch-down, who waits and for what); the window owns the
    /// arbiter and clears this when it is freed (unowned: no side table on the window).
    unowned var touches: (any GestureArenaTouches)?

    /// Handles a request to leave `possible` for `target` (began or ended).
    /// Returns whether the move happened now.
    func requestRecognition(of recognizer: GestureRecognizer, as target: GestureRecognizer.State) -> Bool {
        guard recognizer.isEnabled else {
            fail(recognizer)
            return false
        }
        // Taken before anything calls out: delegates asked below may re-enter
        // the engine (lift the fingers, fail or reset this recognizer), and
        // what they leave decides, not what was asked.
        let hadTouches = !recognizer.trackedTouches.isEmpty
        var blocked = false
        forEachCompetitor(of: recognizer) { other in
            if !blocked && other.state.isInProgress && blocks(other, recognizer) { blocked = true }
        }
        guard !blocked, stillAsking(recognizer, hadTouches: hadTouches) else {
            fail(recognizer)
            return false
        }
        switch requirementStatus(of: recognizer) {
        case .recognized:
            fail(recognizer)
            return false
        case .pending:
            guard stillAsking(recognizer, hadTouches: hadTouches) else {
                fail(recognizer)
                return false
            }
            touches?.recognizer(recognizer, waitsToEnter: target)
            return false
        case .clear:
            break
        }
        guard stillAsking(recognizer, hadTouches: hadTouches), recognizer.viewsLetBegin(), recognizer.mayBegin(),
              stillAsking(recognizer, hadTouches: hadTouches),
              // A continuous gesture cannot begin on fingers that have all lifted.
              target != .began || !hadTouches || recognizer.hasTouchStillDown else {
            fail(recognizer)
            return false
        }
        stopWaiting(recognizer)
        recognizer.commit(target)
        return recognizer.state == target
    }

    /// Whether a recognizer can still take the move it asked for after a
    /// call out: still `possible` and enabled, and still holding touches if it held any.
    private func stillAsking(_ recognizer: GestureRecognizer, hadTouches: Bool) -> Bool {
        recognizer.state == .possible && recognizer.isEnabled && (!hadTouches || !recognizer.trackedTouches.isEmpty)
    }

    /// Called once every recognizer of a new touch has heard it go down:
    /// asks the class hooks and the delegates of each pair of them that
    /// track it whether one must wait for the other, and records each yes
    /// for the rest of the dependent's attempt (rule G12).
    ///
    /// Asked here, not only when one asks to recognize, because the two
    /// may share no touch by then: a double tap on an inner view and a
    /// tap on an outer one share the first tap, not a second tap that
    /// lands on the outer view only.
    func touchDidGoDown(serial: UInt64) {
        // A copy: the hooks and delegates asked below may change the touch's recognizers.
        guard let seats = seats(ofTouchSerial: serial), seats.count > 1 else { return }
        for (index, first) in seats.enumerated() where Self.competes(first) {
            // Every recognizer still seated heard the touch go down: one that
            // did not track it was taken out (disabled, removed, gone).
            assert(first.member.isTracking(serial: serial), "a competitor for a touch does not track it")
            for second in seats[(index + 1)...] where Self.competes(second) {
                assert(second.member !== first.member, "a recognizer seated twice in one touch-down")
                noteRequirement(of: second.member, by: first.member)
                noteRequirement(of: first.member, by: second.member)
            }
        }
    }

    /// Records that `dependent` waits for `other` if its class or a delegate says so.
    private func noteRequirement(of other: GestureRecognizer, by dependent: GestureRecognizer) {
        if !dependent.requiresDynamically(other) && Self.requiresFailure(of: other, by: dependent) {
            dependent.requireDynamically(toFail: other)
        }
    }

    /// Called when a recognizer waiting to end has lost its last touch:
    /// what it waits on may never move now (G5), so the waiting list is settled.
    func touchesDidLeave(_ recognizer: GestureRecognizer) {
        settleWaiting()
    }

    /// Takes a recognizer off the waiting list.
    func stopWaiting(_ recognizer: GestureRecognizer) {
        touches?.recognizer(recognizer, waitsToEnter: nil)
    }

    /// Reacts to a committed state change: excludes competitors when a
    /// recognizer recognizes, and settles the recognizers waiting on it.
    func recognizerDidChange(
        _ recognizer: GestureRecognizer, from oldState: GestureRecognizer.State, to newState: GestureRecognizer.State
    ) {
        switch newState {
        case .began:
            exclude(competitorsOf: recognizer)
            settleWaiting()
            tellSharers(recognizer)
        case .ended:
            // A discrete recognizer recognizing; a continuous one ending excluded its rivals when it began.
            guard oldState == .possible else { return }
            exclude(competitorsOf: recognizer)
            settleWaiting()
            tellSharers(recognizer)
        case .failed, .cancelled:
            settleWaiting()
        case .possible, .changed:
            break
        }
    }

    // MARK: Rules

    /// Whether `winner` being in progress stops `other` from recognizing.
    private func blocks(_ winner: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        winner.canPrevent(other) && other.canBePrevented(by: winner)
            && !Self.mayRecognizeSimultaneously(winner, other)
    }

    /// Whether either side's delegate lets the two recognize together.
    static func mayRecognizeSimultaneously(_ first: GestureRecognizer, _ second: GestureRecognizer) -> Bool {
        if first.delegate?.gestureRecognizer(first, shouldRecognizeSimultaneouslyWith: second) == true { return true }
        return second.delegate?.gestureRecognizer(second, shouldRecognizeSimultaneouslyWith: first) == true
    }

    private enum RequirementStatus {
        /// Every required recognizer failed or is not taking part.
        case clear
        /// A required recognizer is still deciding.
        case pending
        /// A required recognizer recognized: the dependent must fail.
        case recognized
    }

    private func requirementStatus(of recognizer: GestureRecognizer) -> RequirementStatus {
        var status = RequirementStatus.clear
        forEachRequirement(of: recognizer) { required in
            switch required.state {
            case .began, .changed, .ended:
                status = .recognized
            case .possible:
                if status == .clear && isStillDeciding(required, for: recognizer) { status = .pending }
            case .failed, .cancelled:
                break
            }
        }
        return status
    }

    /// Whether `required`, which `dependent` waits on, may still recognize.
    ///
    /// It may while it tracks touches or expects more (a double tap between
    /// taps). Waiting is different: a recognizer whose only engagement is
    /// waiting, directly or through others, on `dependent` itself is part of
    /// a cycle of failure requirements (A requires B, B requires A) and would
    /// wait forever, so it does not hold `dependent` back (rule G5).
    private func isStillDeciding(_ required: GestureRecognizer, for dependent: GestureRecognizer) -> Bool {
        if !required.trackedTouches.isEmpty || required.isAwaitingFurtherTouches { return true }
        guard required.pendingState != nil else { return false }
        return !waits(required, on: dependent)
    }

    /// Whether `start` waits, through a chain of waiting recognizers, on `target`.
    private func waits(_ start: GestureRecognizer, on target: GestureRecognizer) -> Bool {
        var visited: [ObjectIdentifier] = []
        var stack: [GestureRecognizer] = [start]
        while let current = stack.popLast() {
            let id = ObjectIdentifier(current)
            if visited.contains(id) { continue }
            visited.append(id)
            var found = false
            forEachRequirement(of: current) { required in
                if required === target { found = true } else if required.pendingState != nil { stack.append(required) }
            }
            if found { return true }
        }
        return false
    }

    /// Calls `body` with each recognizer `recognizer` must wait for: those
    /// named with `require(toFail:)`, those a class hook or a delegate
    /// required earlier in its attempt, and the competitors they require
    /// now (recorded for the rest of the attempt, rule G12).
    ///
    /// The new requirements are collected while the competitors are walked
    /// and recorded once the walk is done: nothing is written to the
    /// recognizer while its lists are read.
    private func forEachRequirement(of recognizer: GestureRecognizer, _ body: (GestureRecognizer) -> Void) {
        for required in recognizer.requiredToFail { body(required) }
        if !recognizer.dynamicFailureRequirements.isEmpty {
            // A copy: `body` may change states, and asking below may record more.
            for entry in recognizer.dynamicFailureRequirements {
                if let required = entry.recognizer { body(required) }
            }
        }
        var newlyRequired: [GestureRecognizer] = []
        forEachCompetitor(of: recognizer) { other in
            guard !recognizer.requiresDynamically(other), !newlyRequired.contains(where: { $0 === other }),
                  Self.requiresFailure(of: other, by: recognizer) else { return }
            newlyRequired.append(other)
            body(other)
        }
        for required in newlyRequired { recognizer.requireDynamically(toFail: required) }
    }

    /// Whether `dependent` must wait for `other` by class or delegate.
    static func requiresFailure(of other: GestureRecognizer, by dependent: GestureRecognizer) -> Bool {
        dependent.shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: dependent)
            || dependent.delegate?.gestureRecognizer(dependent, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: dependent) == true
    }

    /// Tells the competitors still in the gesture that `recognizer` recognized alongside them.
    private func tellSharers(_ recognizer: GestureRecognizer) {
        guard recognizer.state.hasRecognized else { return }
        forEachCompetitor(of: recognizer) { other in
            guard !other.state.isFinished else { return }
            other.sharingRecognizerDidRecognize(recognizer)
        }
    }

    /// Fails or cancels every competitor of `winner` that it may stop.
    private func exclude(competitorsOf winner: GestureRecognizer) {
        forEachCompetitor(of: winner) { other in
            guard !other.state.isFinished, blocks(winner, other) else { return }
            if other.state.isInProgress {
                other.transition(to: .cancelled)
            } else {
                fail(other)
            }
        }
    }

    /// Retries every waiting recognizer until none moves: one may now be
    /// clear to recognize, or must fail because what it waited on recognized.
    private func settleWaiting() {
        var index = 0
        // Read again after each step: the calls made may change who waits.
        while let touches, index < touches.arenaWaiters.count {
            let waiter = touches.arenaWaiters[index]
            let recognizer = waiter.member
            let target = waiter.target
            guard recognizer.state == .possible else {
                stopWaiting(recognizer)
                continue
            }
            let status = requirementStatus(of: recognizer)
            // Delegates asked for the status may have moved this recognizer on.
            guard recognizer.pendingState == target, recognizer.state == .possible else {
                stopWaiting(recognizer)
                index = 0
                continue
            }
            switch status {
            case .pending:
                // Those who stopped waiting meanwhile left the order: go on after this one, wherever it now is.
                index = (touches.arenaWaiters.firstIndex { $0.member === recognizer } ?? index) + 1
            case .recognized:
                fail(recognizer)
                index = 0
            case .clear:
                if target == .began && !recognizer.hasTouchStillDown {
                    // Its fingers lifted while it waited: nothing is left to begin.
                    fail(recognizer)
                } else {
                    _ = requestRecognition(of: recognizer, as: target)
                }
                index = 0
            }
        }
    }

    private func fail(_ recognizer: GestureRecognizer) {
        stopWaiting(recognizer)
        guard recognizer.state == .possible else { return }
        recognizer.commit(.failed)
    }

    // MARK: Competitors

    /// Whether a recognizer seated in a touch-down competes for it: the one
    /// definition of a competitor, for the requirements noted when a touch
    /// goes down and for every rule that asks who else holds a touch. It
    /// competes while it has not ignored the touch and is enabled.
    private static func competes(_ seat: GestureArena<GestureRecognizer>.Seat) -> Bool {
        !seat.hasIgnored && seat.member.isEnabled
    }

    /// The seats of the touch-down with this serial (a copy: the calls
    /// made while walking it may change the touch's members); nil when it
    /// is not down. Filter it with `competes(_:)` as it is walked.
    private func seats(ofTouchSerial serial: UInt64) -> [GestureArena<GestureRecognizer>.Seat]? {
        touches?.arenaSeats(ofTouchSerial: serial)
    }

    /// Calls `body` once for each other recognizer that competes for any of
    /// the touches `recognizer` tracks: its competitors.
    ///
    /// Walks the window's touch records in place instead of collecting an
    /// array, so arbitration allocates nothing. `body` may change states;
    /// each touch's list is read from a copy taken before calling it.
    func forEachCompetitor(of recognizer: GestureRecognizer, _ body: (GestureRecognizer) -> Void) {
        let tracked = recognizer.trackedTouches
        for position in tracked.indices {
            guard let list = seats(ofTouchSerial: tracked[position].serial) else { continue }
            // A touch only this recognizer receives (the common case) has no competitor.
            if list.count == 1 && list[0].member === recognizer { continue }
            for seat in list where seat.member !== recognizer && Self.competes(seat) {
                if position > 0 && appears(seat.member, inTouchesOf: tracked[..<position]) { continue }
                body(seat.member)
            }
        }
    }

    /// Whether `recognizer` competes for any of `tracked`.
    private func appears(_ recognizer: GestureRecognizer, inTouchesOf tracked: ArraySlice<Touch>) -> Bool {
        for touch in tracked {
            guard let list = seats(ofTouchSerial: touch.serial) else { continue }
            for seat in list where seat.member === recognizer && !seat.hasIgnored { return true }
        }
        return false
    }
}
