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
///
/// How it works: a recognizer's move is an input (`Work`). The arbiter
/// gathers the answers the rules need (the competitors' states, then the
/// delegates, then the views), decides, and returns the effects — fail,
/// cancel, begin or end, wait, tell the sharer — which one loop (`run`)
/// performs in order, depth first. A commit's stages (the state and its
/// observers, the reaction, the views, the actions) are steps of that loop:
/// `GestureRecognizer`'s commit calls neither the arbiter nor the window.
/// Who waits, and the failure requirements of each attempt, are the
/// arena's. The arbiter knows no view and no window, so it is tested with
/// recognizers and an arena alone, and its decision on a request from the
/// answers alone (`RequestAnswers`).
@MainActor
final class GestureArbiter {
    /// Where the arena is (the window's `GestureArena`: who takes part in
    /// each touch-down, who waits and for what); the window owns the
    /// arbiter and clears this when it is freed (unowned: no side table on the window).
    unowned var touches: (any GestureArenaTouches)?
    /// The storage of the work list between runs, kept so that a run allocates nothing.
    private var spareWork: [Work] = []

    /// One step of arbitration: an input the arbiter decides on, or an
    /// effect it performs as it stands.
    ///
    /// Inputs (`request`, `settle`, `tellSharers`, and the reaction to each
    /// commit that `enter` begins) ask the delegates and the views what they
    /// need, then decide, and add the effects they lead to; an effect changes
    /// one recognizer or the arena. Every effect is checked again when it is
    /// performed, against the states as they are then, since an earlier one
    /// may have run callbacks.
    enum Work {
        /// A recognizer asks to leave `possible` for the state given (began or ended).
        case request(GestureRecognizer, GestureRecognizer.State)
        /// Retry the waiting recognizers from this place in the waiting order.
        case settle(from: Int)
        /// Tell the competitors still in the gesture that this recognizer recognized.
        case tellSharers(GestureRecognizer)
        /// Commit a move: the state and its observers, the reaction to it
        /// (excluding competitors, settling the waiting), the views, and last
        /// the recognizer's own reaction and actions.
        case enter(GestureRecognizer, GestureRecognizer.State)
        /// Fail a recognizer still `possible`, and take it off the waiting list.
        case fail(GestureRecognizer)
        /// Fail a competitor of a winner, or cancel it when it had begun.
        case exclude(GestureRecognizer)
        /// Record that a recognizer waits to enter the state given.
        case wait(GestureRecognizer, GestureRecognizer.State)
        /// Take a recognizer off the waiting list.
        case stopWaiting(GestureRecognizer)
        /// Tell one competitor that the winner recognized alongside it.
        case tellSharer(GestureRecognizer, winner: GestureRecognizer)
        /// A commit's middle stage, after its reaction: the views of the recognizer's touches hear of it.
        case tellViews(GestureRecognizer, GestureRecognizer.State)
        /// A commit's last stage: the recognizer's own reaction and its actions.
        case finishCommit(GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State)
    }

    // MARK: Inputs

    /// Handles a request to leave `possible` for `target` (began or ended).
    /// Returns whether the move happened now.
    func requestRecognition(of recognizer: GestureRecognizer, as target: GestureRecognizer.State) -> Bool {
        run(.request(recognizer, target))
        return recognizer.state == target
    }

    /// Commits a move that needs no arbitration (out of `began` or
    /// `changed`, or a failure), with the reactions it leads to.
    func commitUnarbitrated(_ recognizer: GestureRecognizer, to target: GestureRecognizer.State) {
        run(.enter(recognizer, target))
    }

    /// Called once every recognizer of a new touch has heard it go down:
    /// asks the class hooks and the delegates of each pair of them that
    /// track it whether one must wait for the other, and records each yes
    /// for the rest of the dependent's attempt (rule G12). It asks and
    /// records, and changes no state.
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
        if !requiresForThisAttempt(dependent, other) && Self.requiresFailure(of: other, by: dependent) {
            touches?.recognizer(dependent, requiresForThisAttempt: other)
        }
    }

    /// Called when a recognizer waiting to end has lost its last touch:
    /// what it waits on may never move now (G5), so the waiting list is settled.
    func touchesDidLeave(_ recognizer: GestureRecognizer) {
        run(.settle(from: 0))
    }

    // MARK: The loop

    /// Runs `first` and everything it leads to, depth first: the effects an
    /// input decides on are performed in the order decided, each with all it
    /// leads to before the next, as a chain of calls would, but from one
    /// list in one loop. A step that leads to exactly one more hands it on
    /// without the list. A callback run by an effect that asks for another
    /// move starts a run of its own, which ends before the callback returns.
    private func run(_ first: Work) {
        var work: [Work] = []
        var next: Work? = first
        while let step = next ?? work.popLast() {
            next = perform(step, on: &work)
        }
        // The list's storage is kept for the next run that needs one.
        if work.capacity > 0 { swap(&work, &spareWork) }
    }

    /// Gives the run its list's storage before the first step is added:
    /// the storage kept from the last run (a run started by a callback finds
    /// it taken, and makes its own).
    private func prepare(_ work: inout [Work]) {
        if work.capacity == 0 { swap(&work, &spareWork) }
    }

    /// Adds two steps, to be performed in the order given once the step being performed is done.
    private func add(_ first: Work, then second: Work, to work: inout [Work]) {
        prepare(&work)
        // The list is a stack: the last added is performed first.
        work.append(second)
        work.append(first)
    }

    /// Turns the steps added from `mark` on, appended in the order they are
    /// to be performed, into stack order.
    private func putInStackOrder(_ work: inout [Work], from mark: Int) {
        var low = mark
        var high = work.count - 1
        while low < high {
            work.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// Performs one step; returns the one step it leads to when there is
    /// exactly one, and adds to the list when there are more.
    private func perform(_ step: Work, on work: inout [Work]) -> Work? {
        switch step {
        case let .request(recognizer, target):
            return decideRequest(of: recognizer, as: target)
        case let .settle(position):
            decideSettling(from: position, into: &work)
        case let .tellSharers(recognizer):
            guard recognizer.state.hasRecognized else { return nil }
            prepare(&work)
            let mark = work.count
            forEachCompetitor(of: recognizer) { other in
                if !other.state.isFinished { work.append(.tellSharer(other, winner: recognizer)) }
            }
            putInStackOrder(&work, from: mark)
        case let .enter(recognizer, target):
            enter(recognizer, target, on: &work)
        case let .fail(recognizer):
            touches?.recognizer(recognizer, waitsToEnter: nil)
            if recognizer.state == .possible { return .enter(recognizer, .failed) }
        case let .exclude(recognizer):
            if recognizer.state.isInProgress { return .enter(recognizer, .cancelled) }
            if !recognizer.state.isFinished { return .fail(recognizer) }
        case let .wait(recognizer, target):
            touches?.recognizer(recognizer, waitsToEnter: target)
        case let .stopWaiting(recognizer):
            touches?.recognizer(recognizer, waitsToEnter: nil)
        case let .tellSharer(other, winner):
            if !other.state.isFinished { other.sharingRecognizerDidRecognize(winner) }
        case let .tellViews(recognizer, newState):
            if recognizer.state == newState { touches?.recognizerDidChangeForViews(recognizer, to: newState) }
        case let .finishCommit(recognizer, oldState, newState):
            recognizer.finishCommit(from: oldState, to: newState)
        }
        return nil
    }

    /// Commits a move: its first stage, then the reaction it leads to, the
    /// views and the last stage. When the reaction has nothing to do (no
    /// competitor, no one waiting), the stages run here, in order;
    /// otherwise they go on the list beneath the reaction's effects.
    private func enter(_ recognizer: GestureRecognizer, _ target: GestureRecognizer.State, on work: inout [Work]) {
        let oldState = recognizer.state
        guard GestureStateMachine.isLegal(from: oldState, to: target, continuous: recognizer.isContinuous) else { return }
        // Only a recognizer leaving `possible` can have been waiting.
        if oldState == .possible { touches?.recognizer(recognizer, waitsToEnter: nil) }
        _ = recognizer.beginCommit(target)
        if target != .changed && recognizer.state == target {
            if reactionMayHaveWork(recognizer, from: oldState, to: target) {
                add(.tellViews(recognizer, target), then: .finishCommit(recognizer, from: oldState, to: target), to: &work)
                let mark = work.count
                decideReaction(to: recognizer, from: oldState, to: target, into: &work)
                putInStackOrder(&work, from: mark)
                return
            }
            touches?.recognizerDidChangeForViews(recognizer, to: target)
        }
        recognizer.finishCommit(from: oldState, to: target)
    }

    // MARK: Decisions

    /// What a recognizer asking to leave `possible` is told, from the
    /// answers gathered for it (`RequestAnswers`).
    enum RequestDecision: Equatable {
        /// It fails.
        case fail
        /// It waits for the recognizers it requires to fail.
        case wait
        /// It enters the state it asked for.
        case enter
    }

    /// What arbitrating a request found out, by asking the competitors'
    /// states, the delegates, the views and the recognizer itself, in that
    /// order; asking stops at the first answer that decides.
    struct RequestAnswers: Equatable {
        /// A competitor in progress that may not recognize alongside blocks it.
        var isBlocked = false
        /// Where the recognizers it must wait for stand.
        var requirements = RequirementStatus.clear
        /// The views whose touches it would cancel, and then its subclass and delegate, let it begin.
        var isLetBegin = true
        /// It began to ask as a continuous gesture whose fingers have all lifted since.
        var hasLostItsFingers = false
        /// It is still `possible`, enabled, and holds touches if it held any,
        /// after the calls made to find the answers (G4: a callback may have moved it on).
        var isStillAsking = true

        /// The decision these answers lead to.
        var decision: RequestDecision {
            guard isStillAsking, !isBlocked else { return .fail }
            switch requirements {
            case .recognized: return .fail
            case .pending: return .wait
            case .clear: return isLetBegin && !hasLostItsFingers ? .enter : .fail
            }
        }
    }

    /// Gathers the answers for a request and turns them into its effect.
    private func decideRequest(of recognizer: GestureRecognizer, as target: GestureRecognizer.State) -> Work? {
        let answers = gatherAnswers(for: recognizer, as: target)
        switch answers.decision {
        case .fail: return .fail(recognizer)
        case .wait: return .wait(recognizer, target)
        case .enter: return .enter(recognizer, target)
        }
    }

    /// Asks what a request needs to know, stopping at the first answer that decides.
    private func gatherAnswers(for recognizer: GestureRecognizer, as target: GestureRecognizer.State) -> RequestAnswers {
        var answers = RequestAnswers()
        guard recognizer.isEnabled else {
            answers.isStillAsking = false
            return answers
        }
        // Taken before anything calls out: delegates asked below may re-enter
        // the engine (lift the fingers, fail or reset this recognizer), and
        // what they leave decides, not what was asked.
        let hadTouches = !recognizer.trackedTouches.isEmpty
        forEachCompetitor(of: recognizer) { other in
            if !answers.isBlocked && other.state.isInProgress && blocks(other, recognizer) { answers.isBlocked = true }
        }
        answers.isStillAsking = stillAsking(recognizer, hadTouches: hadTouches)
        guard !answers.isBlocked, answers.isStillAsking else { return answers }
        answers.requirements = requirementStatus(of: recognizer)
        answers.isStillAsking = stillAsking(recognizer, hadTouches: hadTouches)
        guard answers.requirements == .clear, answers.isStillAsking else { return answers }
        answers.isLetBegin = recognizer.viewsLetBegin() && recognizer.mayBegin()
        answers.isStillAsking = stillAsking(recognizer, hadTouches: hadTouches)
        // A continuous gesture cannot begin on fingers that have all lifted.
        answers.hasLostItsFingers = target == .began && hadTouches && !recognizer.hasTouchStillDown
        return answers
    }

    /// Whether a recognizer can still take the move it asked for after a
    /// call out: still `possible` and enabled, and still holding touches if it held any.
    private func stillAsking(_ recognizer: GestureRecognizer, hadTouches: Bool) -> Bool {
        recognizer.state == .possible && recognizer.isEnabled && (!hadTouches || !recognizer.trackedTouches.isEmpty)
    }

    /// Whether the reaction to a committed change may have anything to do:
    /// a recognizer that recognizes has a competitor, or someone waits.
    /// Found without asking anyone, so that the common commit (no one else
    /// holds the touch) needs no list.
    private func reactionMayHaveWork(
        _ recognizer: GestureRecognizer, from oldState: GestureRecognizer.State, to newState: GestureRecognizer.State
    ) -> Bool {
        switch newState {
        case .began, .ended:
            guard newState == .began || oldState == .possible else { return false }
            return hasWaiters || hasCompetitor(recognizer)
        case .failed, .cancelled:
            return hasWaiters
        case .possible, .changed:
            return false
        }
    }

    /// The effects of a committed change: when a recognizer recognizes, its
    /// competitors that it may stop are excluded, the waiting are settled,
    /// and the sharers are told; when one fails or is cancelled, the
    /// waiting are settled.
    private func decideReaction(
        to recognizer: GestureRecognizer, from oldState: GestureRecognizer.State, to newState: GestureRecognizer.State,
        into work: inout [Work]
    ) {
        switch newState {
        case .began, .ended:
            // A discrete recognizer recognizing; a continuous one ending excluded its rivals when it began.
            guard newState == .began || oldState == .possible else { return }
            var hasCompetitors = false
            forEachCompetitor(of: recognizer) { other in
                hasCompetitors = true
                if !other.state.isFinished && blocks(recognizer, other) { work.append(.exclude(other)) }
            }
            // With no competitor and no one waiting, neither step has anything to do.
            if hasCompetitors || hasWaiters { work.append(.settle(from: 0)) }
            if hasCompetitors { work.append(.tellSharers(recognizer)) }
        case .failed, .cancelled:
            if hasWaiters { work.append(.settle(from: 0)) }
        case .possible, .changed:
            break
        }
    }

    /// Whether any recognizer waits to leave `possible`.
    private var hasWaiters: Bool {
        touches?.hasArenaWaiters ?? false
    }

    /// Retries the waiting recognizers from `position` on, in the order
    /// they started waiting, up to the first that moves: one may now be
    /// clear to recognize, or must fail because what it waited on
    /// recognized. Adds that move and a settling from the start again (the
    /// move may free others); adds nothing when none moves.
    private func decideSettling(from position: Int, into work: inout [Work]) {
        var index = position
        // Read again after each step: the delegates asked may change who waits.
        while let touches, index < touches.arenaWaiters.count {
            let waiter = touches.arenaWaiters[index]
            let recognizer = waiter.member
            let target = waiter.target
            guard recognizer.state == .possible else {
                add(.stopWaiting(recognizer), then: .settle(from: index), to: &work)
                return
            }
            let status = requirementStatus(of: recognizer)
            // Delegates asked for the status may have moved this recognizer on.
            guard recognizer.pendingState == target, recognizer.state == .possible else {
                add(.stopWaiting(recognizer), then: .settle(from: 0), to: &work)
                return
            }
            switch status {
            case .pending:
                // Those who stopped waiting meanwhile left the order: go on after this one, wherever it now is.
                index = (touches.arenaWaiters.firstIndex { $0.member === recognizer } ?? index) + 1
            case .recognized:
                add(.fail(recognizer), then: .settle(from: 0), to: &work)
                return
            case .clear:
                // Its fingers lifted while it waited to begin: nothing is left to begin.
                let move: Work = target == .began && !recognizer.hasTouchStillDown ? .fail(recognizer) : .request(recognizer, target)
                add(move, then: .settle(from: 0), to: &work)
                return
            }
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

    /// Where the recognizers a dependent must wait for stand.
    enum RequirementStatus {
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
        let attempt = recognizer.attempt
        if let recorded = touches?.arenaRequirements, !recorded.isEmpty {
            // A copy: `body` may change states, and asking below may record more.
            for requirement in recorded where requirement.dependent === recognizer && requirement.attempt == attempt {
                body(requirement.required)
            }
        }
        var newlyRequired: [GestureRecognizer] = []
        forEachCompetitor(of: recognizer) { other in
            guard !requiresForThisAttempt(recognizer, other), !newlyRequired.contains(where: { $0 === other }),
                  Self.requiresFailure(of: other, by: recognizer) else { return }
            newlyRequired.append(other)
            body(other)
        }
        for required in newlyRequired { touches?.recognizer(recognizer, requiresForThisAttempt: required) }
    }

    /// Whether `dependent`'s current attempt already waits for `other` by a recorded requirement.
    private func requiresForThisAttempt(_ dependent: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        touches?.arenaRequires(dependent, toFail: other) ?? false
    }

    /// Whether `dependent` must wait for `other` by class or delegate.
    static func requiresFailure(of other: GestureRecognizer, by dependent: GestureRecognizer) -> Bool {
        dependent.shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: dependent)
            || dependent.delegate?.gestureRecognizer(dependent, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: dependent) == true
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

    /// Whether any other recognizer competes for a touch `recognizer` tracks.
    private func hasCompetitor(_ recognizer: GestureRecognizer) -> Bool {
        for touch in recognizer.trackedTouches {
            guard let list = seats(ofTouchSerial: touch.serial) else { continue }
            for seat in list where seat.member !== recognizer && Self.competes(seat) { return true }
        }
        return false
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
