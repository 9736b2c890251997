/// Turns a view's touches into a gesture, through a strict state machine.
///
/// A recognizer is attached to a view with `View.addGestureRecognizer(_:)`.
/// Touches that go down on the view or on any of its descendants are
/// delivered to it (see `Window.send(_:)`); the subclass interprets them in
/// `touchBegan`, `touchMoved`, `touchEnded` and `touchCancelled` and moves
/// `state` (see `State` for the lifecycle). Every state change goes through
/// `transition(to:)`, which refuses illegal moves and lets the window's
/// arbiter decide who wins when recognizers compete for the same touches.
///
/// Subclass to write a recognizer of your own: override `isContinuous` and
/// the touch methods, set `state`, and call `super` from `reset()`.
///
/// ```swift
/// let press = LongPressGestureRecognizer { recognizer in
///     if recognizer.state == .began { print("pressed at", recognizer.location(in: nil)) }
/// }
/// button.addGestureRecognizer(press)
/// ```
@MainActor
open class GestureRecognizer: TimerTarget {
    private var storedState: State = .possible
    private var actions = ObserverList<@MainActor (GestureRecognizer) -> Void>()
    private var stateObservers = ObserverList<@MainActor (GestureRecognizer, State, State) -> Void>()
    private var failureRequirements: [WeakRecognizer] = []
    /// The number of the recognizer's current attempt at a gesture: it
    /// moves on when an attempt ends (a reset, or a first touch with nothing
    /// pending), which ends every failure requirement a delegate or a
    /// subclass gave for the attempt (rule G12; the arena keeps them).
    private(set) var attempt: UInt32 = 0
    /// Whether the arena recorded a failure requirement for the current
    /// attempt: only then does ending the attempt have to move `attempt` on.
    private var attemptHasRequirements = false
    /// `allowedTouchTypes` as bits (`touchTypeBit(_:)`): one test per touch-down, no set lookup.
    private var allowedTouchTypeBits: UInt8 = GestureRecognizer.allTouchTypeBits
    private var isResetting = false
    /// The clock this recognizer's timers were scheduled on (a window may
    /// lose the view before a timer is cancelled).
    ///
    /// Strong: a weak reference would give the scheduler a side table
    /// (Design.md, "References that are not weak"). The
    /// scheduler holds this recognizer only while one of its timers is
    /// pending; that cycle ends when the timer fires or is cancelled, and
    /// the window discards its pending timers when it goes.
    private var timerScheduler: VirtualScheduler?
    /// How many commits of this recognizer are running (a callback may commit again).
    private var commitDepth = 0

    /// The view the recognizer is attached to.
    ///
    /// Unowned, not weak (a weak reference would give the view a side table;
    /// Design.md, "References that are not weak"): the view detaches its recognizers when
    /// it is freed, so this reads nil, never a freed view.
    public var view: View? { storedView }
    // Exclusivity unchecked: storing an unowned reference releases the old
    // one inside the access, so the compiler cannot prove it exclusive; it
    // is read on every move (Bench) and set only by attach and detach.
    @exclusivity(unchecked) private unowned var storedView: View?
    /// The object that fine-tunes how this recognizer competes; held weakly.
    public var delegate: (any GestureRecognizerDelegate)? {
        get { storedDelegate }
        set { storedDelegate = newValue }
    }
    private weak var storedDelegate: (any GestureRecognizerDelegate)?
    /// A name for transcripts and diagnostics.
    public var name: String?

    /// The touches the recognizer is tracking, with their latest samples.
    public var trackedTouches: [Touch] { storedTrackedTouches }
    /// The storage of `trackedTouches`: changed only while swapped out (`changeTrackedTouches(_:)`).
    private var storedTrackedTouches: [Touch] = []
    /// Where the tracked touches were last, in window coordinates, once they are gone.
    private var lastCentroid: Point = .zero

    /// The state the recognizer wants to enter once the recognizers it
    /// depends on have failed; nil when it is not waiting. Who waits is
    /// kept in one place, the arena of the recognizer's window.
    var pendingState: State? { arenaHost?.pendingState(of: self) }

    /// Where the arena is: the window of the view, or a test's table when
    /// the recognizer has no view (`standaloneArbiter`).
    private var arenaHost: (any GestureArenaTouches)? {
        if let standaloneArbiter { return standaloneArbiter.touches }
        return view?.window
    }

    /// Whether the recognizer still expects touches with none down (a
    /// double tap between its taps), so that recognizers that require it to
    /// fail keep waiting. Subclasses set it; `reset()` clears it.
    public var isAwaitingFurtherTouches: Bool {
        get { storedIsAwaitingFurtherTouches }
        set { storedIsAwaitingFurtherTouches = newValue }
    }
    private var storedIsAwaitingFurtherTouches = false

    /// Whether the view stops hearing the touches once this recognizer
    /// recognizes: it gets `touchesCancelled` for them and nothing more
    /// (UIKit's default, true).
    public var cancelsTouchesInView: Bool {
        get { storedCancelsTouchesInView }
        set { storedCancelsTouchesInView = newValue }
    }
    private var storedCancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until this recognizer fails
    /// (false by default); if it recognizes, the view never hears the touch.
    public var delaysTouchesBegan: Bool {
        get { storedDelaysTouchesBegan }
        set { storedDelaysTouchesBegan = newValue }
    }
    private var storedDelaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits while this recognizer may
    /// still recognize (true by default); if it then recognizes, the view
    /// gets `touchesCancelled` instead.
    public var delaysTouchesEnded: Bool {
        get { storedDelaysTouchesEnded }
        set { storedDelaysTouchesEnded = newValue }
    }
    private var storedDelaysTouchesEnded = true

    /// Whether the recognizer takes part in touch handling; turning it off
    /// while it recognizes cancels the gesture (fails it if it had not begun).
    public var isEnabled: Bool {
        get { storedIsEnabled }
        set {
            let oldValue = storedIsEnabled
            storedIsEnabled = newValue
            if oldValue && !newValue { abandonTouches() }
        }
    }
    private var storedIsEnabled = true

    /// The kinds of touch the recognizer receives (UIKit's `allowedTouchTypes`); all of them by default.
    ///
    /// A touch of another type is not received at all: it is left out when
    /// it goes down, before `shouldReceive(_:)` and the delegate are asked,
    /// so the recognizer neither tracks nor competes for it. A change
    /// applies to the touches that go down after it.
    public var allowedTouchTypes: Set<TouchType> {
        get {
            var types: Set<TouchType> = []
            for type in [TouchType.direct, .indirectPointer, .pencil] where allows(type) { types.insert(type) }
            return types
        }
        set {
            var bits: UInt8 = 0
            for type in newValue { bits |= Self.touchTypeBit(type) }
            allowedTouchTypeBits = bits
        }
    }

    /// Whether the recognizer, once it tracks a touch of one type, ignores
    /// touches of other types (UIKit's `requiresExclusiveTouchType`): a
    /// pencil that comes down during a finger's pan is left out of it. True
    /// by default, as UIKit's.
    public var requiresExclusiveTouchType = true

    /// Whether a touch of this type may be received: it is allowed
    /// (`allowedTouchTypes`), and matches the touches tracked when
    /// `requiresExclusiveTouchType`.
    @inline(__always)
    func allows(_ type: TouchType) -> Bool {
        guard allowedTouchTypeBits & Self.touchTypeBit(type) != 0 else { return false }
        guard requiresExclusiveTouchType else { return true }
        for touch in storedTrackedTouches where touch.type != type { return false }
        return true
    }

    private static let allTouchTypeBits: UInt8 = 0b111

    private static func touchTypeBit(_ type: TouchType) -> UInt8 {
        switch type {
        case .direct: 1
        case .indirectPointer: 2
        case .pencil: 4
        }
    }

    /// Creates a recognizer with no actions.
    public init() {}

    /// Creates a recognizer that calls `action` on began, changed, ended and cancelled.
    ///
    /// The action gets the recognizer as its own class, so no downcast is
    /// needed: `PanGestureRecognizer { pan in print(pan.translation(in: nil)) }`.
    public convenience init(action: @escaping @MainActor (Self) -> Void) {
        self.init()
        addAction(action)
    }

    /// Whether this recognizer is continuous (began, changed…, ended) rather
    /// than discrete (ended once); true by default, false for taps.
    open var isContinuous: Bool { true }

    // MARK: State

    /// The recognizer's current state.
    ///
    /// Setting it is how a subclass reports what it recognized; the setter
    /// goes through `transition(to:)`, so an illegal move is refused and a
    /// move out of `possible` may be held back or turned into a failure by
    /// the arbitration rules.
    public var state: State {
        get { storedState }
        set { transition(to: newValue) }
    }

    /// Asks to move to `newState`; returns whether the state is now `newState`.
    ///
    /// Illegal moves (see `GestureStateMachine`) are refused and change
    /// nothing. Leaving `possible` for `began` or `ended` is arbitrated: it
    /// may fail (the delegate says no, or an exclusive recognizer already
    /// owns the touches) or wait (a recognizer it requires to fail has not
    /// failed yet), in which case this returns false and the move happens
    /// later, if ever.
    @discardableResult
    public func transition(to newState: State) -> Bool {
        guard GestureStateMachine.isLegal(from: storedState, to: newState, continuous: isContinuous) else {
            return false
        }
        // A repeated `changed` concerns no one but the recognizer's own
        // listeners: it is committed here, without the arbiter.
        if newState != .changed, let arbiter {
            if storedState == .possible && newState != .failed {
                return arbiter.requestRecognition(of: self, as: newState)
            }
            arbiter.commitUnarbitrated(self, to: newState)
            return storedState == newState
        }
        if storedState == .possible && newState != .failed {
            // Outside a window there is no arbiter; the delegate may still
            // re-enter, so what it leaves decides.
            let hadTouches = !trackedTouches.isEmpty
            guard mayBegin(), storedState == .possible, isEnabled, !hadTouches || !trackedTouches.isEmpty else {
                commitAlone(.failed, checkedLegal: false)
                return false
            }
            // The delegate asked may have moved it on: the move is checked again.
            commitAlone(newState, checkedLegal: false)
        } else {
            // Nothing ran since the check above: the move is still legal.
            commitAlone(newState, checkedLegal: true)
        }
        return storedState == newState
    }

    /// Commits a move with no arbiter to react to it: a `changed`, or any
    /// move of a recognizer outside a window.
    private func commitAlone(_ newState: State, checkedLegal: Bool) {
        guard checkedLegal || GestureStateMachine.isLegal(from: storedState, to: newState, continuous: isContinuous) else {
            return
        }
        let oldState = beginCommit(newState)
        finishCommit(from: oldState, to: newState)
    }

    /// The arbiter of the window the view is in; one given directly when
    /// the recognizer has no window (the arbiter's own tests).
    var arbiter: GestureArbiter? { standaloneArbiter ?? view?.window?.arbiter }
    /// An arbiter given directly, for a recognizer tested with no view.
    var standaloneArbiter: GestureArbiter?

    /// Whether the views whose touches this recognizer would cancel let it
    /// begin (`View.gestureRecognizerShouldBegin(_:)`, C6 amended): for each
    /// touch, every view from its hit view up to and including this
    /// recognizer's own view. None is asked when the recognizer does not
    /// cancel touches (`cancelsTouchesInView` false), as in UIKit.
    func viewsLetBegin() -> Bool {
        guard cancelsTouchesInView else { return true }
        for touch in trackedTouches {
            var node = touch.view
            while let view = node {
                if !view.gestureRecognizerShouldBegin(self) { return false }
                if view === self.view { break }
                node = view.superview
            }
        }
        return true
    }

    /// Whether the subclass and the delegate agree to leave `possible`.
    func mayBegin() -> Bool {
        guard isEnabled, shouldBegin() else { return false }
        return delegate?.gestureRecognizerShouldBegin(self) ?? true
    }

    /// The first stage of a commit, the move already arbitrated and legal:
    /// stores the state and tells the state observers. Returns the state
    /// left. Calls no arbiter and no window: the arbiter's loop runs the
    /// stages that follow (its reaction, the views, then `finishCommit`),
    /// and every commit that begins is finished.
    ///
    /// Each later stage runs only while the state is still `newState`:
    /// once a callback moved it on, they belong to that newer change, which
    /// runs them itself.
    func beginCommit(_ newState: State) -> State {
        let oldState = storedState
        assert(GestureStateMachine.isLegal(from: oldState, to: newState, continuous: isContinuous), "a commit of an illegal move")
        // A reset waits for the outermost commit to finish, so no stage of
        // any commit in progress ever sees `possible` under its feet.
        commitDepth += 1
        storedState = newState
        if !stateObservers.isEmpty {
            let current = stateObservers
            current.forEach(whileRegistered: { stateObservers.contains($0) }) { observer in
                guard storedState == newState else { return false }
                observer(self, oldState, newState)
                return true
            }
        }
        return oldState
    }

    /// The last stage of a commit: the subclass's `stateDidChange(from:)`
    /// and the actions, while the state is still `newState`; then, once no
    /// commit of this recognizer runs, a finished one resets.
    func finishCommit(from oldState: State, to newState: State) {
        defer {
            commitDepth -= 1
            // Only a finished recognizer resets (the check is `resetIfDone`'s own first one).
            if commitDepth == 0 && storedState.isFinished { resetIfDone() }
        }
        guard storedState == newState else { return }
        stateDidChange(from: oldState)
        switch newState {
        case .began, .changed, .ended, .cancelled:
            guard !actions.isEmpty else { return }
            let current = actions
            current.forEach(whileRegistered: { actions.contains($0) }) { action in
                guard storedState == newState else { return false }
                action(self)
                return true
            }
        case .possible, .failed:
            break
        }
    }

    /// Called after every state change that a transition committed, before
    /// the actions run; the default does nothing.
    ///
    /// The extension point for an interaction that follows its own
    /// recognizer (the large content viewer does): a subclass reacts here,
    /// in the same order for every change, without the cost of a closure.
    /// It is not called for the reset to `possible` (see `reset()`).
    open func stateDidChange(from oldState: State) {}

    /// Whether anything outside the recognizer hears its state changes:
    /// it has actions (`addAction(_:)`) or state observers (`addStateObserver(_:)`).
    ///
    /// While it is false, a state change reaches no one but the subclass's
    /// own `stateDidChange(from:)` (the arbiter and the views take no part
    /// in a repeated `changed`). So a subclass whose repeated `changed`
    /// would tell its `stateDidChange(from:)` nothing new may skip
    /// committing it: the large content viewer's recognizer does, while the
    /// finger stays on the item on show.
    public var hasActionsOrStateObservers: Bool {
        !actions.isEmpty || !stateObservers.isEmpty
    }

    /// Resets to `possible` when the recognizer has finished and holds no touches.
    func resetIfDone() {
        guard storedState.isFinished, trackedTouches.isEmpty, !isResetting, commitDepth == 0 else { return }
        isResetting = true
        let oldState = storedState
        storedState = .possible
        // A finished recognizer waits for nothing: failing or being cancelled
        // took it off the waiting list, and it began or ended only once clear.
        assert(pendingState == nil, "a finished recognizer still waits")
        endAttempt()
        if !stateObservers.isEmpty {
            let current = stateObservers
            current.forEach(whileRegistered: { stateObservers.contains($0) }) { observer in
                observer(self, oldState, .possible)
                return true
            }
        }
        reset()
        isResetting = false
    }

    // MARK: Actions and observers

    /// Adds an action, called on began, changed, ended and cancelled; the
    /// token removes it again (`removeAction(_:)`).
    ///
    /// The action gets the recognizer as the type it was added through, so
    /// no downcast is needed: `pan.addAction { pan in print(pan.velocity(in: nil)) }`
    /// hands the closure a `PanGestureRecognizer` (a subclass of your own
    /// too); added through a `GestureRecognizer` value, it gets one.
    ///
    /// An action sees the state it was called for: when an earlier action
    /// (or anything it calls) moves the recognizer on, the remaining actions
    /// are not called for the old state.
    @discardableResult
    public func addAction(_ action: @escaping @MainActor (Self) -> Void) -> ActionToken {
        // Actions are only ever called with this recognizer (`finishCommit`), which is a `Self`.
        var list = ObserverList<@MainActor (GestureRecognizer) -> Void>()
        swap(&list, &actions)
        let token = list.add { action(unsafeDowncast($0, to: Self.self)) }
        swap(&list, &actions)
        return token
    }

    /// Removes an action added with `addAction(_:)`; an unknown token does nothing.
    ///
    /// An action removed while the actions run is not called again, not
    /// even later in the same round.
    public func removeAction(_ token: ActionToken) {
        var list = ObserverList<@MainActor (GestureRecognizer) -> Void>()
        swap(&list, &actions)
        let removed = list.remove(token)
        swap(&list, &actions)
        // Released once the list is back in place: what the action
        // captured may add or remove actions as it goes.
        withExtendedLifetime(removed) {}
    }

    /// Adds an observer of every state change, resets and failures included.
    ///
    /// The observer gets the recognizer, the old state and the new one. It is
    /// meant for transcripts, tests and diagnostics; use `addAction(_:)` to
    /// act on gestures. The token removes it (`removeStateObserver(_:)`).
    @discardableResult
    public func addStateObserver(_ observer: @escaping @MainActor (GestureRecognizer, State, State) -> Void) -> ObserverToken {
        var list = ObserverList<@MainActor (GestureRecognizer, State, State) -> Void>()
        swap(&list, &stateObservers)
        let token = list.add(observer)
        swap(&list, &stateObservers)
        return token
    }

    /// Removes an observer added with `addStateObserver(_:)`; an unknown
    /// token does nothing. One removed during a state change is not called
    /// for the rest of it.
    public func removeStateObserver(_ token: ObserverToken) {
        var list = ObserverList<@MainActor (GestureRecognizer, State, State) -> Void>()
        swap(&list, &stateObservers)
        let removed = list.remove(token)
        swap(&list, &stateObservers)
        withExtendedLifetime(removed) {}
    }

    // MARK: Relationships

    /// Holds this recognizer in `possible` until `other` fails; if `other`
    /// recognizes, this one fails. The other recognizer is held weakly.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        var list: [WeakRecognizer] = []
        swap(&list, &failureRequirements)
        list.removeAll { $0.recognizer == nil }
        list.append(WeakRecognizer(recognizer: other))
        swap(&list, &failureRequirements)
    }

    /// The recognizers this one was told to wait for with `require(toFail:)`.
    var requiredToFail: [GestureRecognizer] {
        failureRequirements.compactMap(\.recognizer)
    }

    /// The recognizers this one waits for in its current attempt because a
    /// delegate or a subclass said so (rule G12), as the arena records them;
    /// for tests and diagnostics.
    var dynamicFailureRequirements: [GestureRecognizer] {
        arenaHost?.arenaRequiredMembers(of: self) ?? []
    }

    /// Notes that the arena recorded a failure requirement for the current attempt.
    func attemptDidGainRequirement() {
        attemptHasRequirements = true
    }

    /// Ends the current attempt, and with it the failure requirements
    /// recorded for it; an attempt without any has nothing to end.
    private func endAttempt() {
        guard attemptHasRequirements else { return }
        attemptHasRequirements = false
        attempt &+= 1
    }

    /// Whether this attempt already waits for `other` because a delegate or a subclass said so.
    func requiresDynamically(_ other: GestureRecognizer) -> Bool {
        arenaHost?.arenaRequires(self, toFail: other) ?? false
    }

    // MARK: Subclass hooks

    /// Whether the recognizer may leave `possible` now; the default says yes.
    open func shouldBegin() -> Bool { true }

    /// Whether the recognizer wants a new touch; asked when the touch goes down.
    open func shouldReceive(_ touch: Touch) -> Bool { true }

    /// Whether this recognizer, by its class, must wait for `other` to fail.
    ///
    /// Asked for the recognizers that share a touch with this one, when the
    /// touch goes down or this one asks to recognize; a yes holds like
    /// `require(toFail:)` until this recognizer resets, across separate
    /// touches too (a single tap waits for a double tap between its taps).
    /// The default says no.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }

    /// Whether `other`, by this recognizer's class, must wait for this one to fail.
    ///
    /// Asked and held as `shouldRequireFailure(of:)` is, from the other side;
    /// the default says no.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Whether recognizing this gesture may stop `other`; true by default.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

    /// Whether `other` recognizing may stop this gesture; true by default.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    /// A tracked touch went down.
    open func touchBegan(_ touch: Touch, with event: Event) {}

    /// A tracked touch moved.
    open func touchMoved(_ touch: Touch, with event: Event) {}

    /// A tracked touch lifted.
    open func touchEnded(_ touch: Touch, with event: Event) {}

    /// A tracked touch was cancelled; by default a gesture in progress is
    /// cancelled and one not yet recognized fails.
    open func touchCancelled(_ touch: Touch, with event: Event) {
        if storedState.isInProgress {
            transition(to: .cancelled)
        } else if storedState == .possible {
            transition(to: .failed)
        }
    }

    /// Called when another recognizer that shares this one's touches begins
    /// (or, if discrete, recognizes) and this one is still in the gesture:
    /// they may recognize simultaneously. The default does nothing.
    ///
    /// The large content viewer backs off here (rule L8).
    open func sharingRecognizerDidRecognize(_ other: GestureRecognizer) {}

    /// Called when the window's `preferredContentSizeCategory` changes while
    /// this recognizer holds touches; the default does nothing.
    ///
    /// A recognizer that acts only at some text sizes (the large content
    /// viewer's) gives up its touches here with `abandonTouches()`.
    open func preferredContentSizeCategoryDidChange() {}

    /// Called when a frame, bounds or superview changes anywhere in the
    /// window while this recognizer holds touches, or what hit testing may
    /// enter (a view's `isHidden`, `isUserInteractionEnabled`, or `alpha`
    /// across 0.01); the default does nothing.
    ///
    /// A recognizer that shows what lies under a still finger (the large
    /// content viewer's) looks again here (rule L9): a view can move under
    /// the finger without the finger moving.
    open func windowGeometryDidChange() {}

    /// Calls `body` once for each other enabled recognizer that receives
    /// any of the touches this one tracks: its competitors for them.
    ///
    /// An interaction uses it to see who else is in the gesture (the large
    /// content viewer stands aside for one nested inside its view). `body`
    /// may change states.
    public func forEachRecognizerSharingTouches(_ body: (GestureRecognizer) -> Void) {
        arbiter?.forEachCompetitor(of: self, body)
    }

    /// Clears per-gesture state; the engine calls it when the recognizer
    /// returns to `possible`. Subclasses must call `super.reset()`.
    open func reset() {
        isAwaitingFurtherTouches = false
    }

    /// Stops tracking a touch: the recognizer gets no more of its samples,
    /// and no longer competes for it with the touch's other recognizers.
    public func ignore(_ touch: Touch) {
        guard let index = trackedIndex(of: touch) else { return }
        changeTrackedTouches { $0.remove(at: index) }
        view?.window?.recognizer(self, didIgnoreTouchWithSerial: touch.serial)
        resetIfDone()
    }

    /// A line saying what the recognizer is doing, for diagnostics: its
    /// name (or class), state, what it waits to enter, and how many touches
    /// it tracks.
    public var description: String {
        var line = (name.map { "\"\($0)\"" } ?? String(describing: type(of: self))) + " \(storedState)"
        if let pendingState { line += ", waiting to enter \(pendingState)" }
        if !isEnabled { line += ", disabled" }
        if isAwaitingFurtherTouches { line += ", awaiting further touches" }
        line += ", \(storedTrackedTouches.count) touch" + (storedTrackedTouches.count == 1 ? "" : "es")
        return line
    }

    // MARK: Location

    /// The number of touches the recognizer is tracking.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in a view's coordinates (`nil` = window).
    ///
    /// Once the touches are gone (in an `ended` action, say) it is where they
    /// were last.
    public func location(in view: View?) -> Point {
        let point = centroidInWindow
        guard let view else { return point }
        return view.convert(point, from: nil)
    }

    /// Where the tracked touch at `index` (in the order they went down) is,
    /// in a view's coordinates (`nil` = window).
    ///
    /// An index out of range answers a point with NaN coordinates, which no
    /// rectangle contains (UIKit raises an exception; this never traps).
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard index >= 0, index < trackedTouches.count else { return Point(x: .nan, y: .nan) }
        return trackedTouches[index].location(in: view)
    }

    /// Whether the recognizer may still recognize the gesture its touches
    /// belong to: it has not decided, and it waits on others, expects more
    /// taps, or still has a finger down.
    var mayStillRecognize: Bool {
        storedState == .possible && isEnabled && (isAwaitingFurtherTouches || hasTouchStillDown || pendingState != nil)
    }

    /// The centroid of the tracked touches in window coordinates.
    var centroidInWindow: Point {
        let count = trackedTouches.count
        if count == 1 { return trackedTouches[0].location }
        guard count > 1 else { return lastCentroid }
        var x = 0.0
        var y = 0.0
        for touch in trackedTouches {
            x += touch.location.x
            y += touch.location.y
        }
        return Point(x: x / Double(count), y: y / Double(count))
    }

    /// Sets where `location(in:)` reads while no touch is tracked (a hover
    /// recognizer follows a pointer, not touches).
    func rememberLocation(_ point: Point) {
        lastCentroid = point
    }

    /// Whether any tracked touch has not lifted or been cancelled yet.
    var hasTouchStillDown: Bool {
        // A plain loop: a closure pays an actor-isolation check on each lift.
        for touch in trackedTouches where touch.phase != .ended && touch.phase != .cancelled { return true }
        return false
    }

    /// Whether the recognizer is part of the current touch sequence: it
    /// tracks touches, waits for more, or waits on other recognizers.
    var isEngaged: Bool {
        !trackedTouches.isEmpty || isAwaitingFurtherTouches || pendingState != nil
    }

    // MARK: Timers

    /// Schedules `action` on the window's virtual clock; nil when not in a window.
    public func scheduleTimer(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken? {
        guard let scheduler = view?.window?.scheduler else { return nil }
        if timerScheduler !== scheduler { timerScheduler = scheduler }
        return scheduler.schedule(after: delay, action)
    }

    /// Schedules a call to this recognizer's `timerFired(_:)` on the window's
    /// virtual clock; nil when not in a window.
    ///
    /// The scheduler holds the recognizer until the timer fires or is
    /// cancelled; cancel it in `reset()`. Unlike the closure form, this
    /// allocates nothing per timer.
    public func scheduleTimer(after delay: Double) -> TimerToken? {
        guard let scheduler = view?.window?.scheduler else { return nil }
        if timerScheduler !== scheduler { timerScheduler = scheduler }
        return scheduler.schedule(after: delay, firing: self as any TimerTarget)
    }

    /// Called when a timer scheduled with `scheduleTimer(after:)` fires; the default does nothing.
    open func timerFired(_ token: TimerToken) {}

    /// Cancels a timer scheduled with `scheduleTimer(after:_:)` or `scheduleTimer(after:)`.
    ///
    /// Works after the view left the window too: the timer is cancelled on
    /// the clock it was scheduled on, so it cannot fire for a recognizer
    /// that has moved on.
    public func cancelTimer(_ token: TimerToken?) {
        guard let token else { return }
        timerScheduler?.cancel(token)
    }

    /// The window's current virtual time, or 0 when not in a window.
    public var currentTime: Double { view?.window?.currentTime ?? 0 }

    // MARK: Storage changed by swapping

    /// Changes the tracked touches on the list swapped out of the recognizer
    /// and back: no access to the storage spans a call, so its exclusivity
    /// is proved statically. `change` must not call out.
    @inline(__always)
    private func changeTrackedTouches(_ change: (inout [Touch]) -> Void) {
        var list: [Touch] = []
        swap(&list, &storedTrackedTouches)
        change(&list)
        swap(&list, &storedTrackedTouches)
    }

    // MARK: Engine entry points

    func attach(to view: View) {
        storedView = view
    }

    func detach() {
        storedView = nil
    }

    /// Whether the subclass should hear about touches now: not finished, not waiting on others.
    private var isListening: Bool {
        isEnabled && !storedState.isFinished && pendingState == nil
    }

    func receiveBegan(_ touch: Touch, with event: Event) {
        // A recognizer disabled or detached by a callback earlier in this
        // delivery must not record the touch: it would never hear its end.
        // The view's window must be the event's (or neither has one), told
        // by serial: comparing the windows themselves loaded three unowned references.
        guard isEnabled, (view?.windowSerial ?? 0) == event.windowSerial else { return }
        // A first touch with nothing pending starts a new attempt: what the
        // delegates required in the last one no longer holds (G12).
        if attemptHasRequirements && !isEngaged { endAttempt() }
        changeTrackedTouches { $0.append(touch) }
        guard isListening else { return }
        touchBegan(touch, with: event)
    }

    /// Whether the touch-down with this serial is among the tracked touches.
    func isTracking(serial: UInt64) -> Bool {
        for touch in trackedTouches where touch.serial == serial { return true }
        return false
    }

    /// The index of a tracked touch: the same finger (id) of the same
    /// touch-down (serial), since a callback may end a touch and start
    /// another with its id. A plain loop: no closure on the hot path.
    private func trackedIndex(of touch: Touch) -> Int? {
        var index = 0
        let count = trackedTouches.count
        while index < count {
            if trackedTouches[index].id == touch.id && trackedTouches[index].serial == touch.serial { return index }
            index += 1
        }
        return nil
    }

    /// Records a move or stationary sample of a tracked touch, and passes a
    /// move on unless the recognizer is finished or waiting on others.
    /// `isWaiting` is the arena's answer, which the window has at hand
    /// (what `pendingState` would look up through the view).
    @inline(__always)
    func receiveMoved(_ touch: Touch, with event: Event, isWaiting: Bool) {
        guard let index = trackedIndex(of: touch) else { return }
        changeTrackedTouches { $0[index] = touch }
        assert(isWaiting == (pendingState != nil), "the window's answer for waiting is not the arena's")
        guard isEnabled, !storedState.isFinished, !isWaiting, touch.phase == .moved else { return }
        touchMoved(touch, with: event)
    }

    /// Records a lift or cancel of a tracked touch, and passes it on unless
    /// the recognizer is finished or waiting on others (`isWaiting`, as for a move).
    func receiveEnded(_ touch: Touch, with event: Event, isWaiting: Bool) {
        guard let index = trackedIndex(of: touch) else { return }
        changeTrackedTouches { $0[index] = touch }
        assert(isWaiting == (pendingState != nil), "the window's answer for waiting is not the arena's")
        guard isEnabled, !storedState.isFinished, !isWaiting else { return }
        if touch.phase == .cancelled {
            touchCancelled(touch, with: event)
        } else {
            touchEnded(touch, with: event)
        }
    }

    /// Drops a touch that has ended; a recognizer waiting to begin with no
    /// touches left fails, and a finished one resets.
    func forgetTouch(_ touch: Touch) {
        guard let index = trackedIndex(of: touch) else { return }
        if trackedTouches.count == 1 { lastCentroid = trackedTouches[0].location }
        changeTrackedTouches { $0.remove(at: index) }
        if trackedTouches.isEmpty {
            let pending = pendingState
            if pending == .began {
                transition(to: .failed)
            } else if pending != nil {
                // Waiting to end with no touches left: the recognizers it
                // waits on may now be settled (G5: none stays stuck).
                arbiter?.touchesDidLeave(self)
            } else if storedState.isInProgress {
                // Its fingers are gone without it hearing them lift (it was
                // waiting when they did): it cannot go on, so it is called off.
                transition(to: .cancelled)
            }
        }
        resetIfDone()
    }

    /// Ends the recognizer's part in the current touches: a gesture in
    /// progress is cancelled, an engaged one that had not recognized fails,
    /// and the touches are forgotten. Used when the recognizer is disabled,
    /// removed, or its view leaves the window, and by a subclass that must
    /// stop now (see `preferredContentSizeCategoryDidChange()`).
    public func abandonTouches() {
        // Its actions may send touches: they wait for this call to finish (G10).
        guard let window = view?.window else { return abandonTouchesNow() }
        window.dispatching { abandonTouchesNow() }
    }

    private func abandonTouchesNow() {
        if storedState.isInProgress {
            transition(to: .cancelled)
        } else if storedState == .possible && isEngaged {
            transition(to: .failed)
        }
        view?.window?.stopDelivering(to: self)
        if !trackedTouches.isEmpty { lastCentroid = centroidInWindow }
        changeTrackedTouches { $0.removeAll(keepingCapacity: true) }
        resetIfDone()
    }
}

/// A weak reference to a recognizer, for relationships that must not keep it alive.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
