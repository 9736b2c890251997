import InteractionKitLinux

/// Drives the engine's public API with operations read from bytes, with
/// callbacks that re-enter the engine, and checks rules G1, G4 and G5 after
/// every operation: the engine-level fuzz entry (`scripts/fuzz.sh --engine`)
/// and the tests that replay its corpus and seeded inputs share it.
///
/// The bytes are read as a stream of operations: touches with any id,
/// location and timestamp (NaN, infinite and huge included), time passing,
/// views, recognizers, interactions and observers added and removed,
/// recognizers enabled and disabled, failure requirements (cycles
/// included), text size, layout direction and tab items changed. Every
/// callback the harness installs (actions, delegates, HUD observers, the
/// viewer's item lookup) may take the next operation from the same stream
/// and run it from inside the callback, up to a small depth.
///
/// Inputs that begin with ``keysMarker`` ("KEYS") use a larger operation
/// set, with keys and focus (rules K1–K5) mixed into everything above: key
/// samples of any key, phase and modifiers at any timestamp, key presses
/// that navigate or activate, `makeKey`/`resignKey`, `moveFocus(to:)` and
/// `moveFocus(_:)`, focusable views whose `shouldUpdateFocus`,
/// `didUpdateFocus`, presses, key commands and activation re-enter, focus
/// observers and key-input filters that re-enter, buttons, first responders,
/// focus groups, and views hidden, faded or made non-interactive. Other
/// inputs decode exactly as they always did, so the findings recorded before
/// keys existed replay the operations they were found with. After every
/// operation, `focusedItem` must be nil or focusable (no stuck focus, K4),
/// at most one item `isFocused`, and every focus observer must have heard
/// the move to what has the focus now.
///
/// Inputs that begin with ``scrollsMarker`` ("SCRL") use the keys set and
/// more: scroll views with delegates that re-enter (scrolling turned on and
/// off, content and insets resized, offsets set, animated or not), any view
/// moved under any other in the window, and focusable views that hide
/// themselves and show another when they gain the focus.
///
/// The invariants it checks are Design.md's numbered list, "The engine
/// fuzzer's invariants" (E1…); each message names the one it breaks.
///
/// Not a test of its own: `run` returns the broken rules as sentences.
@MainActor
public final class EngineFuzzHarness {
    /// The most operations one input may run, callbacks included (bounds time per input).
    public static let operationLimit = 2_000
    private static let depthLimit = 3
    private static let viewLimit = 48
    private static let recognizerLimit = 48

    /// The first bytes of an input that uses the operation set with keys and focus.
    public static let keysMarker = Array("KEYS".utf8)
    /// The first bytes of an input that uses the keys set, scroll views, moves and hiding focus hooks.
    public static let scrollsMarker = Array("SCRL".utf8)
    /// How many operations each set has: the first 20 are shared, the keys
    /// set adds 14, the scrolls set 5 more.
    private static let baseOperationCount = 20
    private static let keyOperationCount = 14
    private static let scrollOperationCount = 5
    private static let scrollViewLimit = 6

    private let bytes: [UInt8]
    /// Whether this input uses the operation set with keys and focus.
    private let usesKeys: Bool
    /// Whether this input also uses scroll views, moves and hiding focus hooks.
    private let usesScrolls: Bool
    private var cursor = 0
    private var depth = 0
    private var operations = 0
    private(set) var violations: [String] = []

    private let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    private let tabBar = TabBar(frame: Rect(x: 0, y: 795, width: 390, height: 49))
    private var views: [View] = []
    private var recognizers: [GestureRecognizer] = []
    private var interactions: [LargeContentViewerInteraction] = []
    private var observerTokens: [(token: ObserverToken, number: Int)] = []
    /// What each HUD observer saw last, by observer number.
    private var lastSeenByObserver: [Int: LargeContentViewerPresentation?] = [:]
    private var nextObserverNumber = 0
    private var lastTime = 0.0
    private var delegates: [FuzzDelegate] = []
    private var focusObserverTokens: [(token: ObserverToken, number: Int)] = []
    /// The item each live focus observer heard of last (nil: the focus left), by observer number.
    private var lastFocusHeard: [Int: (any FocusItem)?] = [:]
    private var keyFilterTokens: [ObserverToken] = []
    private var keyCommandsAdded = 0
    /// The presses each responder heard begin and not yet end, by key code (E10).
    private var openPresses: [ObjectIdentifier: Set<KeyboardHIDUsage>] = [:]
    /// The responders of `openPresses`, to name them and release their keys at the end.
    private var pressResponders: [ObjectIdentifier: View] = [:]
    private var scrollViews: [ScrollView] = []
    private var scrollDelegates: [FuzzScrollDelegate] = []

    /// What a run exercised, so tests can check that the harness reaches what it claims to.
    public struct Statistics: Sendable {
        /// Operations run, at any depth.
        public var operations = 0
        /// Operations run from inside a callback.
        public var reentries = 0
        /// Actions called on the harness's recognizers.
        public var actions = 0
        /// Times a HUD observer heard a presentation (not a hide).
        public var shows = 0
        /// Key samples sent, at any depth.
        public var keys = 0
        /// Moves of the focus the focus observers heard.
        public var focusMoves = 0
        /// Key commands whose action ran.
        public var keyCommands = 0
        /// Presses (any phase) the harness's responders heard as the press's responder.
        public var presses = 0
        /// Presses those responders heard cancelled.
        public var pressesCancelled = 0
        /// Calls the scroll views' delegates heard.
        public var scrollCalls = 0
        /// `scrollViewDidEndDecelerating` calls among them.
        public var decelerationsEnded = 0

        /// Empty statistics, for adding runs up.
        public init() {}
    }

    private var statistics = Statistics()

    /// Receives a line per operation when set: for reading what an input does.
    public static var trace: ((String) -> Void)?

    /// Runs the operations encoded in `bytes`; returns every broken rule, as sentences.
    public static func run(_ bytes: [UInt8]) -> [String] {
        runWithStatistics(bytes).violations
    }

    /// Runs the operations encoded in `bytes`; returns the broken rules and what was exercised.
    public static func runWithStatistics(_ bytes: [UInt8]) -> (violations: [String], statistics: Statistics) {
        let harness = EngineFuzzHarness(bytes)
        harness.runAll()
        harness.statistics.operations = harness.operations
        return (harness.violations, harness.statistics)
    }

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        usesScrolls = bytes.starts(with: Self.scrollsMarker)
        usesKeys = usesScrolls || bytes.starts(with: Self.keysMarker)
        if usesKeys { cursor = Self.keysMarker.count }
        tabBar.items = ["Home", "Search", "Now Playing"].map { TabBarItem(title: $0, image: nil) }
        window.addSubview(tabBar)
        views = [window, tabBar]
        window.preferredContentSizeCategory = .accessibilityLarge
    }

    // MARK: Reading

    private var atEnd: Bool { cursor >= bytes.count || operations >= Self.operationLimit }

    private func byte() -> UInt8 {
        guard cursor < bytes.count else { return 0 }
        defer { cursor += 1 }
        return bytes[cursor]
    }

    private func index(_ count: Int) -> Int? {
        guard count > 0 else { return nil }
        return Int(byte()) % count
    }

    /// A coordinate: mostly on screen, sometimes NaN, infinite, huge or negative.
    private func coordinate(_ extent: Double) -> Double {
        let kind = byte()
        switch kind % 16 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -1e300
        case 3: return 1e300
        case 4: return -Double(byte())
        default: return extent * Double(byte()) / 255
        }
    }

    /// A timestamp: mostly a little after the last, sometimes back in time, NaN or huge.
    private func timestamp() -> Double {
        let kind = byte()
        switch kind % 16 {
        case 0: return .nan
        case 1: return -.infinity
        // A clock at 1e300 has no frames left, so the scrolls set goes there rarely (motions still rest, at once).
        case 2: return usesScrolls && byte() != 0 ? lastTime + 1e6 : 1e300
        case 3: return lastTime - 1
        case 4: return lastTime
        default: return lastTime + Double(byte()) / 100
        }
    }

    // MARK: Running

    private func runAll() {
        while !atEnd {
            let before = window.currentTime
            perform()
            check(timeBefore: before)
        }
        // Lift every finger: the end state must be clean.
        for touch in window.touchesDown {
            window.send(TouchInput(id: touch.id, phase: .ended, location: touch.location, timestamp: window.currentTime))
        }
        check(timeBefore: window.currentTime)
        checkQuiet()
        guard usesKeys else { return }
        // Release every key a responder still holds: each must end there (E10).
        for (id, codes) in openPresses {
            for code in codes where openPresses[id]?.contains(code) == true {
                Self.trace?("release key \(code.rawValue) held by \(pressResponders[id].map { describe($0) } ?? "-"), in the window: \(pressResponders[id]?.window != nil)")
                window.send(KeyInput(key: Key(keyCode: code), phase: .ended, timestamp: window.currentTime))
            }
        }
        for (id, codes) in openPresses where !codes.isEmpty {
            let name = pressResponders[id].map { describe($0) } ?? "a responder"
            violations.append("E10: \(name) heard pressesBegan of \(codes.map(\.rawValue).sorted()) and never its end")
        }
        // Let every motion come to rest: each begin must have its end (E11).
        if !scrollViews.isEmpty {
            let before = window.currentTime
            window.advanceTime(to: window.currentTime + 120)
            check(timeBefore: before)
            for (index, delegate) in scrollDelegates.enumerated() where !delegate.open.isEmpty {
                violations.append("E11: scroll view \(index) heard willBegin\(delegate.open.sorted()) and never its end")
            }
        }
    }

    /// Runs one operation from inside a callback, sometimes (rule G4).
    private func reenter() {
        guard depth < Self.depthLimit, !atEnd, byte() % 2 == 0 else { return }
        depth += 1
        statistics.reentries += 1
        perform()
        depth -= 1
    }

    private func perform() {
        operations += 1
        let count = Self.baseOperationCount + (usesKeys ? Self.keyOperationCount : 0)
            + (usesScrolls ? Self.scrollOperationCount : 0)
        let opcode = Int(byte()) % count
        Self.trace?("\(String(repeating: "  ", count: depth))op \(opcode) at byte \(cursor - 1), t=\(window.currentTime), hud=\(window.largeContentViewerPresentation?.title ?? "-"), touches=\(window.touchesDown.map(\.id)), focus=\(describe(window.focusedItem))")
        if opcode >= Self.baseOperationCount + Self.keyOperationCount {
            performScrollOperation(opcode - Self.baseOperationCount - Self.keyOperationCount)
            return
        }
        if opcode >= Self.baseOperationCount {
            performKeyOperation(opcode - Self.baseOperationCount)
            return
        }
        switch opcode {
        case 0, 1, 2:
            let id = Int(byte() % 3)
            window.send(TouchInput(id: id, phase: .began, location: point(), timestamp: timestamp()))
        case 3, 4, 5:
            let id = Int(byte() % 3)
            window.send(TouchInput(id: id, phase: .moved, location: point(), timestamp: timestamp()))
        case 6, 7:
            let id = Int(byte() % 3)
            let phase: TouchPhase = byte() % 5 == 0 ? .cancelled : .ended
            window.send(TouchInput(id: id, phase: phase, location: point(), timestamp: timestamp()))
        case 8:
            let id = Int(byte() % 3)
            window.send(TouchInput(id: id, phase: .stationary, location: point(), timestamp: timestamp()))
        case 9:
            let time = timestamp()
            window.advanceTime(to: time)
        case 10:
            addView()
        case 11:
            if let i = index(views.count), views[i] !== window { views[i].removeFromSuperview() }
        case 12:
            addRecognizer()
        case 13:
            if let i = index(recognizers.count) { recognizers[i].view?.removeGestureRecognizer(recognizers[i]) }
        case 14:
            if let i = index(recognizers.count) { recognizers[i].isEnabled.toggle() }
        case 15:
            if let a = index(recognizers.count), let b = index(recognizers.count) {
                recognizers[a].require(toFail: recognizers[b])
            }
        case 16:
            window.preferredContentSizeCategory = byte() % 2 == 0 ? .large : .accessibilityExtraLarge
        case 17:
            changeTabs()
        case 18:
            changeObservers()
        default:
            changeInteractions()
        }
    }

    private func point() -> Point {
        Point(x: coordinate(390), y: coordinate(844))
    }

    private func addView() {
        guard views.count < Self.viewLimit, let parent = index(views.count) else { return }
        let frame = Rect(x: coordinate(390), y: coordinate(844), width: coordinate(390), height: coordinate(844))
        // With keys, every new view may take the focus, and calls back from every focus hook.
        let view = usesKeys ? FuzzFocusView(frame: frame, harness: self) : View(frame: frame)
        view.showsLargeContentViewer = byte() % 2 == 0
        view.largeContentTitle = "v\(views.count)"
        views[parent].addSubview(view)
        views.append(view)
        if usesKeys, let focusView = view as? FuzzFocusView { configure(focusView) }
        if byte() % 3 == 0, let other = index(views.count) {
            // A move of an existing view, possibly under a recognizer in progress.
            views[other].addSubview(view)
        }
    }

    private func addRecognizer() {
        guard recognizers.count < Self.recognizerLimit, let target = index(views.count) else { return }
        let recognizer: GestureRecognizer
        switch byte() % 5 {
        case 0: recognizer = TapGestureRecognizer()
        case 1:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = 2
            recognizer = tap
        case 2: recognizer = LongPressGestureRecognizer()
        case 3: recognizer = PanGestureRecognizer()
        default:
            let press = LongPressGestureRecognizer()
            press.minimumPressDuration = 0.05
            recognizer = press
        }
        recognizer.addAction { [weak self] recognizer in
            guard let self else { return }
            self.statistics.actions += 1
            switch recognizer.state {
            case .began, .changed, .ended, .cancelled: break
            case .possible, .failed:
                self.violations.append("E5: an action ran in state \(recognizer.state)")
            }
            self.reenter()
        }
        if byte() % 2 == 0 {
            let delegate = FuzzDelegate(harness: self, simultaneous: byte() % 2 == 0)
            delegates.append(delegate)
            recognizer.delegate = delegate
        }
        let number = recognizers.count
        recognizer.addStateObserver { recognizer, from, to in
            Self.trace?("recognizer \(number) \(type(of: recognizer)) \(from)→\(to) touches=\(recognizer.numberOfTouches)")
        }
        views[target].addGestureRecognizer(recognizer)
        recognizers.append(recognizer)
    }

    private func changeTabs() {
        switch byte() % 4 {
        case 0:
            let count = Int(byte() % 6)
            tabBar.items = (0..<count).map { TabBarItem(title: "t\($0)", image: nil) }
        case 1:
            if let items = tabBar.items, let i = index(items.count) { items[i].isEnabled.toggle() }
        case 2:
            if let items = tabBar.items, let i = index(items.count) { items[i].title = "r\(byte())" }
        default:
            window.semanticLayoutDirection = byte() % 2 == 0 ? .leftToRight : .rightToLeft
        }
    }

    private func changeObservers() {
        if byte() % 3 == 0, let i = index(observerTokens.count) {
            let removed = observerTokens.remove(at: i)
            window.removeLargeContentViewerObserver(removed.token)
            // A removed observer no longer has to agree with the HUD.
            lastSeenByObserver[removed.number] = nil
            return
        }
        guard observerTokens.count < 8 else { return }
        let number = nextObserverNumber
        nextObserverNumber += 1
        lastSeenByObserver[number] = window.largeContentViewerPresentation
        let token = window.addLargeContentViewerObserver { [weak self] presentation in
            Self.trace?("observer \(number) hears \(presentation?.title ?? "nil")")
            self?.lastSeenByObserver[number] = presentation
            if presentation != nil { self?.statistics.shows += 1 }
            self?.reenter()
        }
        observerTokens.append((token, number))
    }

    private func changeInteractions() {
        if byte() % 3 == 0, let i = index(interactions.count) {
            interactions[i].view?.removeInteraction(interactions[i])
            return
        }
        guard interactions.count < 8, let target = index(views.count) else { return }
        let interaction = LargeContentViewerInteraction()
        if byte() % 2 == 0 {
            let delegate = FuzzDelegate(harness: self, simultaneous: false)
            delegates.append(delegate)
            interaction.delegate = delegate
        }
        views[target].addInteraction(interaction)
        interactions.append(interaction)
    }

    fileprivate func callbackRan() {
        reenter()
    }

    // MARK: Rules

    private func check(timeBefore: Double) {
        if window.currentTime < timeBefore {
            violations.append("E1: time went back from \(timeBefore) to \(window.currentTime)")
        }
        lastTime = window.currentTime.isFinite ? window.currentTime : lastTime
        for view in views {
            var node: View? = view
            var steps = 0
            while let current = node, steps <= views.count + 1 {
                node = current.superview
                steps += 1
            }
            if node != nil { violations.append("E2: a view is inside its own subtree") }
        }
        if window.scheduler.storedEntryCount > 2 * window.scheduler.pendingCount + 64 {
            violations.append("E3: the timer heap holds \(window.scheduler.storedEntryCount) entries for \(window.scheduler.pendingCount) timers")
        }
        for (number, seen) in lastSeenByObserver where seen != window.largeContentViewerPresentation {
            violations.append("E4: observer \(number) last saw \(String(describing: seen)), not what the HUD shows")
        }
        checkFocus()
        // A responder that left the window heard its presses cancelled as it left (E10).
        for (id, codes) in openPresses where !codes.isEmpty {
            guard let responder = pressResponders[id], responder.window !== window else { continue }
            violations.append("E10: \(describe(responder)) left the window holding key \(codes.map(\.rawValue).sorted()) down")
            openPresses[id] = []
        }
        if window.activeTouchCount == 0 { checkQuiet() }
    }

    /// Rules K2 and K4 after an operation: the focused item, if any, can be
    /// focused (the focus never sticks on an item that went away, was
    /// hidden or disabled), at most one item is focused, and every focus
    /// observer heard the move to it.
    private func checkFocus() {
        guard usesKeys else { return }
        if let item = window.focusedItem, !window.isFocusable(item) {
            violations.append("E7: the focus is stuck on \(describe(item)), which cannot be focused")
        }
        let focused = views.filter(\.isFocused).count + (tabBar.items ?? []).filter(\.isFocused).count
        if focused > 1 { violations.append("E8: \(focused) items are focused at once") }
        if window.isKeyWindow, let item = window.focusedItem, window.isFocusable(item), !item.isFocused {
            violations.append("E8: \(describe(item)) has the focus of a key window but is not focused")
        }
        for (number, heard) in lastFocusHeard where heard.map(ObjectIdentifier.init) != window.focusedItem.map(ObjectIdentifier.init) {
            violations.append("E9: focus observer \(number) last heard of \(describe(heard)), not \(describe(window.focusedItem))")
        }
    }

    /// An item as the trace and the messages name it.
    private func describe(_ item: (any FocusItem)?) -> String {
        guard let item else { return "nothing" }
        if let tab = item as? TabBarItem { return "tab \(tab.title ?? "-")" }
        if let view = item as? View, let index = views.firstIndex(where: { $0 === view }) { return "\(type(of: view)) \(index)" }
        return "\(type(of: item))"
    }

    // MARK: Keys and focus

    /// The keys the operations press most: the ones that navigate and activate.
    private static let navigationKeys: [KeyboardHIDUsage] = [
        .keyboardTab, .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow, .keyboardDownArrow,
        .keyboardHome, .keyboardEnd, .keyboardSpacebar, .keyboardReturnOrEnter, .keypadEnter, .keyboardS,
        .keyboardEscape,
    ]

    private func performKeyOperation(_ operation: Int) {
        switch operation {
        case 0:
            // Any key, any phase, any modifiers, any timestamp.
            let code = byte() % 2 == 0 ? Self.navigationKeys[Int(byte()) % Self.navigationKeys.count]
                : KeyboardHIDUsage(rawValue: Int(byte()) * (byte() % 4 == 0 ? 1_000 : 1) - 8)
            let phases: [PressPhase] = [.began, .ended, .changed, .stationary, .cancelled]
            sendKey(code, phase: phases[Int(byte()) % phases.count], isRepeat: byte() % 4 == 0)
        case 1, 2:
            // A press and release of a key that navigates or activates.
            let code = Self.navigationKeys[Int(byte()) % Self.navigationKeys.count]
            let isRepeat = byte() % 5 == 0
            sendKey(code, phase: .began, isRepeat: isRepeat)
            sendKey(code, phase: .ended, isRepeat: isRepeat)
        case 3:
            if byte() % 3 == 0 { window.resignKey() } else { window.makeKey() }
        case 4:
            _ = window.moveFocus(to: focusItem())
        case 5:
            let headings: [FocusHeading] = [.up, .down, .left, .right, .next, .previous, .first, .last, [], [.left, .next]]
            _ = window.moveFocus(headings[Int(byte()) % headings.count])
        case 6:
            changeFocusObservers()
        case 7:
            changeKeyFilters()
        case 8:
            if let view = pickView() as? FuzzFocusView { configure(view) }
        case 9:
            if let view = pickView() as? FuzzFocusView { addKeyCommand(to: view) }
        case 10:
            addButton()
        case 11:
            // What focusability reads: enabled, hidden, faded, interactive; a group.
            guard let view = pickView(), view !== window else { return }
            switch byte() % 5 {
            case 0: (view as? Control)?.isEnabled.toggle()
            case 1: view.isHidden.toggle()
            case 2: view.alpha = view.alpha < 0.01 ? 1 : 0
            case 3: view.isUserInteractionEnabled.toggle()
            default: view.focusGroupIdentifier = byte() % 3 == 0 ? nil : "g\(byte() % 3)"
            }
        case 12:
            guard let view = pickView() else { return }
            if byte() % 2 == 0 { view.becomeFirstResponder() } else { view.resignFirstResponder() }
        default:
            window.focusFollowsTouch.toggle()
        }
    }

    private func pickView() -> View? {
        index(views.count).map { views[$0] }
    }

    /// A view, a tab, or nil (the focus leaves the window).
    private func focusItem() -> (any FocusItem)? {
        switch byte() % 4 {
        case 0: return nil
        case 1: return (tabBar.items ?? []).isEmpty ? nil : tabBar.items![Int(byte()) % tabBar.items!.count]
        default: return pickView()
        }
    }

    private func sendKey(_ code: KeyboardHIDUsage, phase: PressPhase, isRepeat: Bool) {
        let modifiers = KeyModifierFlags(rawValue: byte() % 3 == 0 ? Int(byte() & 0x3F) << 16 : 0)
        let typed = code == .keyboardS ? "s" : code == .keyboardSpacebar ? " " : ""
        let key = Key(keyCode: code, characters: typed, charactersIgnoringModifiers: typed, modifierFlags: modifiers)
        statistics.keys += 1
        Self.trace?("send key \(code.rawValue) \(phase)\(isRepeat ? " (repeat)" : "")")
        window.send(KeyInput(key: key, phase: phase, timestamp: timestamp(), isRepeat: isRepeat))
    }

    /// Sets what a focusable view answers, from the input.
    private func configure(_ view: FuzzFocusView) {
        let flags = byte()
        view.focusable = flags & 1 == 0
        view.vetoes = flags & 6 == 6
        view.handlesPresses = flags & 8 != 0
        view.isAdjustable = flags & 16 != 0
        view.focusabilityDidChange()
        if flags & 32 != 0 { addKeyCommand(to: view) }
        // Only the scrolls set reads more, so that keys inputs decode as they always did.
        if usesScrolls { view.partner = flags & 64 != 0 ? pickView() : nil }
    }

    private func addKeyCommand(to view: FuzzFocusView) {
        guard keyCommandsAdded < 64 else { return }
        keyCommandsAdded += 1
        let inputs = ["s", KeyCommand.inputTab, KeyCommand.inputLeftArrow, KeyCommand.inputHome, " "]
        let input = inputs[Int(byte()) % inputs.count]
        let modifiers: KeyModifierFlags = [[], [], .control, .shift][Int(byte()) % 4]
        let command = KeyCommand(input: input, modifierFlags: modifiers) { [weak self] _ in
            self?.statistics.keyCommands += 1
            self?.reenter()
        }
        view.commands = (view.commands ?? []) + [command]
        // Keys look for commands from the first responder up: sometimes start there.
        if byte() % 2 == 0 { view.becomeFirstResponder() }
    }

    private func addButton() {
        guard views.count < Self.viewLimit, let parent = index(views.count) else { return }
        let button = FuzzButton(title: "b\(views.count)", frame: Rect(x: coordinate(390), y: coordinate(844), width: 80, height: 44))
        button.harness = self
        button.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.reenter() }
        views[parent].addSubview(button)
        views.append(button)
    }

    private func changeFocusObservers() {
        if byte() % 3 == 0, let i = index(focusObserverTokens.count) {
            let removed = focusObserverTokens.remove(at: i)
            window.removeFocusObserver(removed.token)
            lastFocusHeard[removed.number] = nil
            return
        }
        guard focusObserverTokens.count < 8 else { return }
        let number = nextObserverNumber
        nextObserverNumber += 1
        lastFocusHeard[number] = .some(window.focusedItem)
        let token = window.addFocusObserver { [weak self] context in
            guard let self else { return }
            Self.trace?("focus observer \(number) hears \(self.describe(context.nextFocusedItem))")
            if self.lastFocusHeard[number] != nil { self.lastFocusHeard[number] = .some(context.nextFocusedItem) }
            self.statistics.focusMoves += 1
            if context.nextFocusedItem.map(ObjectIdentifier.init) != self.window.focusedItem.map(ObjectIdentifier.init) {
                self.violations.append("E9: a focus observer heard of \(self.describe(context.nextFocusedItem)) while "
                    + "\(self.describe(self.window.focusedItem)) has the focus")
            }
            self.reenter()
        }
        focusObserverTokens.append((token, number))
    }

    private func changeKeyFilters() {
        if byte() % 3 == 0, let i = index(keyFilterTokens.count) {
            window.removeKeyInputFilter(keyFilterTokens.remove(at: i))
            return
        }
        guard keyFilterTokens.count < 4 else { return }
        let consumes = byte() % 4 == 0
        keyFilterTokens.append(window.addKeyInputFilter { [weak self] _ in
            self?.reenter()
            return consumes
        })
    }

    // MARK: Presses (E10)

    /// A responder heard a press; only the press's own responder counts (a
    /// press handed up the chain is its responder's business).
    fileprivate func heard(_ press: Press, phase: PressPhase, by responder: View) {
        guard press.responder === responder, let code = press.key?.keyCode else { return }
        Self.trace?("\(describe(responder)) hears key \(code.rawValue) \(phase)\(press.isRepeat ? " (repeat)" : "")")
        statistics.presses += 1
        let id = ObjectIdentifier(responder)
        pressResponders[id] = responder
        var open = openPresses[id] ?? []
        switch phase {
        case .began:
            if open.contains(code), !press.isRepeat {
                violations.append("E10: \(describe(responder)) heard key \(code.rawValue) go down twice without an end")
            }
            open.insert(code)
        case .changed:
            if !open.contains(code) { violations.append("E10: \(describe(responder)) heard key \(code.rawValue) change without a begin") }
        case .ended, .cancelled:
            if phase == .cancelled { statistics.pressesCancelled += 1 }
            if open.remove(code) == nil {
                violations.append("E10: \(describe(responder)) heard key \(code.rawValue) \(phase) without a begin")
            }
        case .stationary:
            break
        }
        openPresses[id] = open
    }

    // MARK: Scroll views, moves and hiding hooks

    private func performScrollOperation(_ operation: Int) {
        switch operation {
        case 0:
            addScrollView()
        case 1:
            changeScrollView()
        case 2:
            // Any view under any other, in the window or out of it (a cycle is refused).
            guard let moved = pickView(), moved !== window, let parent = pickView() else { return }
            parent.addSubview(moved)
        case 3:
            flick()
        default:
            if let view = pickView() as? FuzzFocusView { view.partner = byte() % 3 == 0 ? nil : pickView() }
        }
    }

    /// A fast drag across a scroll view, as a finger flicks: down on its
    /// centre, three moves of up to 64 points 10 ms apart, the lift (a glide,
    /// a bounce or a page settling follows, unless something else took the touch).
    private func flick() {
        guard let i = index(scrollViews.count), window.touchesDown.count < 3 else { return }
        let id = Int(byte() % 3)
        let start = scrollViews[i].convert(Point(x: scrollViews[i].bounds.midX, y: scrollViews[i].bounds.midY), to: nil)
        guard start.x.isFinite, start.y.isFinite else { return }
        let step = Point(x: Double(Int(byte()) - 128) / 2, y: Double(Int(byte()) - 128) / 2)
        var time = window.currentTime.isFinite ? window.currentTime : lastTime
        window.send(TouchInput(id: id, phase: .began, location: start, timestamp: time))
        var location = start
        for _ in 0..<3 {
            time += 0.01
            location = Point(x: location.x + step.x, y: location.y + step.y)
            window.send(TouchInput(id: id, phase: .moved, location: location, timestamp: time))
        }
        window.send(TouchInput(id: id, phase: .ended, location: location, timestamp: time))
    }

    private func addScrollView() {
        guard views.count < Self.viewLimit, scrollViews.count < Self.scrollViewLimit, let parent = index(views.count) else { return }
        // On screen mostly, so that flicks reach it; the content larger or smaller than the bounds.
        let scrollView = ScrollView(frame: Rect(x: Double(byte()), y: 3 * Double(byte()), width: 40 + Double(byte()),
                                                height: 40 + 3 * Double(byte())))
        scrollView.contentSize = Size(width: 8 * Double(byte()), height: 32 * Double(byte()))
        let delegate = FuzzScrollDelegate(harness: self, number: scrollViews.count)
        scrollView.delegate = delegate
        scrollDelegates.append(delegate)
        scrollViews.append(scrollView)
        views[parent].addSubview(scrollView)
        views.append(scrollView)
    }

    private func changeScrollView() {
        guard let i = index(scrollViews.count) else { return }
        let scrollView = scrollViews[i]
        switch byte() % 7 {
        case 0: scrollView.isScrollEnabled.toggle()
        case 1: scrollView.contentSize = Size(width: coordinate(2_000), height: coordinate(8_000))
        case 2: scrollView.contentInset = EdgeInsets(top: coordinate(100), left: coordinate(100), bottom: coordinate(100), right: coordinate(100))
        case 3: scrollView.setContentOffset(Point(x: coordinate(2_000), y: coordinate(8_000)), animated: byte() % 2 == 0)
        case 4: scrollView.bounces.toggle()
        case 5: scrollView.isPagingEnabled.toggle()
        default: scrollView.scrollRectToVisible(Rect(x: coordinate(2_000), y: coordinate(8_000), width: 40, height: 40), animated: byte() % 2 == 0)
        }
    }

    /// A scroll delegate call: its pairing is checked (E11), and it may re-enter.
    fileprivate func scrollCallRan(_ name: String) {
        statistics.scrollCalls += 1
        if name == "didEndDecelerating" { statistics.decelerationsEnded += 1 }
        reenter()
    }

    fileprivate func scrollPairingBroke(_ message: String) {
        violations.append("E11: " + message)
    }

    /// With no finger down: every recognizer is back in `possible`, the HUD
    /// is hidden, and every live observer saw it hide last (G4, G5).
    private func checkQuiet() {
        for recognizer in recognizers where recognizer.state != .possible {
            violations.append("E6: a \(type(of: recognizer)) is \(recognizer.state) with no finger down")
        }
        for recognizer in recognizers where recognizer.numberOfTouches != 0 {
            violations.append("E6: a \(type(of: recognizer)) counts \(recognizer.numberOfTouches) touches with no finger down")
        }
        if let shown = window.largeContentViewerPresentation {
            violations.append("E6: the HUD shows \(shown.title ?? "nil") with no finger down")
        }
    }
}

/// A delegate for fuzzed recognizers and interactions: its answers come
/// from the input, and each call may re-enter the engine.
@MainActor
private final class FuzzDelegate: GestureRecognizerDelegate, LargeContentViewerInteractionDelegate {
    weak var harness: EngineFuzzHarness?
    let simultaneous: Bool

    init(harness: EngineFuzzHarness, simultaneous: Bool) {
        self.harness = harness
        self.simultaneous = simultaneous
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        harness?.callbackRan()
        return true
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { simultaneous }

    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, itemAt point: Point
    ) -> (any LargeContentViewerItem)? {
        harness?.callbackRan()
        return interaction.defaultItem(at: point)
    }

    func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, didEndOn item: (any LargeContentViewerItem)?, at point: Point
    ) {
        harness?.callbackRan()
    }
}

/// A view the keyboard may focus, whose focus and key hooks answer from the
/// input and call back into the harness (which may re-enter the engine).
@MainActor
private final class FuzzFocusView: View {
    weak var harness: EngineFuzzHarness?
    var focusable = false
    var vetoes = false
    var handlesPresses = false
    var isAdjustable = false
    var commands: [KeyCommand]?
    /// When set, gaining the focus hides this view and shows the partner
    /// (two such views hand the focus back and forth for ever: rule K4's bound).
    weak var partner: View?

    init(frame: Rect, harness: EngineFuzzHarness) {
        self.harness = harness
        super.init(frame: frame)
    }

    override var canBecomeFocused: Bool { focusable }
    override var canBecomeFirstResponder: Bool { true }
    override var keyCommands: [KeyCommand]? { commands }

    override func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool {
        harness?.callbackRan()
        return !vetoes
    }

    override func didUpdateFocus(in context: FocusUpdateContext) {
        if context.nextFocusedItem === self, let partner {
            isHidden = true
            partner.isHidden = false
        }
        harness?.callbackRan()
    }

    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { harness?.heard(press, phase: .began, by: self) }
        harness?.callbackRan()
        if !handlesPresses { super.pressesBegan(presses, with: event) }
    }

    override func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { harness?.heard(press, phase: .changed, by: self) }
        super.pressesChanged(presses, with: event)
    }

    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { harness?.heard(press, phase: .ended, by: self) }
        harness?.callbackRan()
        if !handlesPresses { super.pressesEnded(presses, with: event) }
    }

    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { harness?.heard(press, phase: .cancelled, by: self) }
        harness?.callbackRan()
        if !handlesPresses { super.pressesCancelled(presses, with: event) }
    }

    override func accessibilityActivate() -> Bool {
        harness?.callbackRan()
        return true
    }

    override var accessibilityTraits: AccessibilityTraits {
        get { isAdjustable ? .adjustable : [] }
        set {}
    }

    override func accessibilityIncrement() {
        harness?.callbackRan()
    }

    override func accessibilityDecrement() {
        harness?.callbackRan()
    }
}

/// A button that reports the presses it hears as their responder (E10).
@MainActor
private final class FuzzButton: Button {
    weak var harness: EngineFuzzHarness?

    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { harness?.heard(press, phase: .began, by: self) }
        super.pressesBegan(presses, with: event)
    }

    override func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { harness?.heard(press, phase: .changed, by: self) }
        super.pressesChanged(presses, with: event)
    }

    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { harness?.heard(press, phase: .ended, by: self) }
        super.pressesEnded(presses, with: event)
    }

    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { harness?.heard(press, phase: .cancelled, by: self) }
        super.pressesCancelled(presses, with: event)
    }
}

/// A scroll view's delegate that checks its calls come in pairs (E11):
/// every `…DidEnd…` after its `…WillBegin…`, no begin twice; each call may re-enter.
@MainActor
private final class FuzzScrollDelegate: ScrollViewDelegate {
    weak var harness: EngineFuzzHarness?
    let number: Int
    /// The pairs begun and not yet ended: "Dragging", "Decelerating".
    private(set) var open: Set<String> = []

    init(harness: EngineFuzzHarness, number: Int) {
        self.harness = harness
        self.number = number
    }

    private func begin(_ pair: String) {
        if !open.insert(pair).inserted { harness?.scrollPairingBroke("scroll view \(number) heard willBegin\(pair) twice") }
        harness?.scrollCallRan("willBegin\(pair)")
    }

    private func end(_ pair: String) {
        if open.remove(pair) == nil { harness?.scrollPairingBroke("scroll view \(number) heard didEnd\(pair) with no willBegin\(pair)") }
        harness?.scrollCallRan("didEnd\(pair)")
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { harness?.scrollCallRan("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { begin("Dragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
        harness?.scrollCallRan("willEndDragging")
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) { end("Dragging") }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { begin("Decelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { end("Decelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { harness?.scrollCallRan("didEndScrollingAnimation") }
}
