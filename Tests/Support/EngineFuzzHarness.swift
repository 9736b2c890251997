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
/// Not a test of its own: `run` returns the broken rules as sentences.
@MainActor
public final class EngineFuzzHarness {
    /// The most operations one input may run, callbacks included (bounds time per input).
    public static let operationLimit = 2_000
    private static let depthLimit = 3
    private static let viewLimit = 48
    private static let recognizerLimit = 48

    private let bytes: [UInt8]
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
        case 2: return 1e300
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
        let opcode = byte()
        Self.trace?("\(String(repeating: "  ", count: depth))op \(opcode % 20) at byte \(cursor - 1), t=\(window.currentTime), hud=\(window.largeContentViewerPresentation?.title ?? "-"), touches=\(window.touchesDown.map(\.id))")
        switch opcode % 20 {
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
        let view = View(frame: Rect(x: coordinate(390), y: coordinate(844), width: coordinate(390), height: coordinate(844)))
        view.showsLargeContentViewer = byte() % 2 == 0
        view.largeContentTitle = "v\(views.count)"
        views[parent].addSubview(view)
        views.append(view)
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
                self.violations.append("an action ran in state \(recognizer.state)")
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
            violations.append("time went back from \(timeBefore) to \(window.currentTime)")
        }
        lastTime = window.currentTime.isFinite ? window.currentTime : lastTime
        for view in views {
            var node: View? = view
            var steps = 0
            while let current = node, steps <= views.count + 1 {
                node = current.superview
                steps += 1
            }
            if node != nil { violations.append("a view is inside its own subtree") }
        }
        if window.scheduler.storedEntryCount > 2 * window.scheduler.pendingCount + 64 {
            violations.append("the timer heap holds \(window.scheduler.storedEntryCount) entries for \(window.scheduler.pendingCount) timers")
        }
        for (number, seen) in lastSeenByObserver where seen != window.largeContentViewerPresentation {
            violations.append("observer \(number) last saw \(String(describing: seen)), not what the HUD shows")
        }
        if window.activeTouchCount == 0 { checkQuiet() }
    }

    /// With no finger down: every recognizer is back in `possible`, the HUD
    /// is hidden, and every live observer saw it hide last (G4, G5).
    private func checkQuiet() {
        for recognizer in recognizers where recognizer.state != .possible {
            violations.append("a \(type(of: recognizer)) is \(recognizer.state) with no finger down")
        }
        for recognizer in recognizers where recognizer.numberOfTouches != 0 {
            violations.append("a \(type(of: recognizer)) counts \(recognizer.numberOfTouches) touches with no finger down")
        }
        if let shown = window.largeContentViewerPresentation {
            violations.append("the HUD shows \(shown.title ?? "nil") with no finger down")
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
