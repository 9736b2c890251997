import Glibc
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitLive
import InteractionKitReplay

/// The AT-SPI export of a Demo window, served from a `LiveRunLoop`: what
/// `--atspi` adds to a run, with or without `--live`.
@MainActor
final class AtspiServer {
    /// How serving ended, when it ended before the run did.
    enum End: Equatable {
        /// The accessibility bus hung up (the session is over): a normal end.
        case busGone
        /// The bus connection failed otherwise (malformed data).
        case failed(String)
    }

    let bridge: AtspiBridge
    /// How serving ended; nil while it goes on.
    private(set) var end: End?
    /// Receives the request and event log, one line at a time (`--verbose`); nil logs nothing.
    var log: ((String) -> Void)? {
        didSet { observeBridge() }
    }

    private init(bridge: AtspiBridge) {
        self.bridge = bridge
    }

    /// Registers `window` on the accessibility bus; nil (with the reason given to `errors`) when it cannot.
    static func start(window: Window, errors: (String) -> Void) -> AtspiServer? {
        window.accessibilityLabel = AtspiMode.applicationName
        do {
            let bridge = try AtspiBridge(window: window, applicationName: AtspiMode.applicationName, timeout: 20)
            // The Demo's window has the keyboard from the start, as a
            // toolkit's window gains it when it is shown: the screen reader
            // hears the window activate and its focused item.
            window.makeKey()
            return AtspiServer(bridge: bridge)
        } catch {
            errors("Demo: --atspi: \(error)\n")
            return nil
        }
    }

    /// Answers requests whenever the bus socket is readable; stops `loop` when serving ends.
    func attach(to loop: LiveRunLoop) {
        loop.watch(bridge.fileDescriptor) { [weak self, weak loop] _ in
            guard let self, end == nil else { return }
            do throws(AtspiBridgeError) {
                try bridge.handlePending()
            } catch {
                if case .disconnected(.disconnected(_)) = error {
                    end = .busGone
                } else {
                    end = .failed("\(error)")
                }
                loop?.unwatch(bridge.fileDescriptor)
                loop?.stop()
            }
        }
    }

    /// Sends the replies and events the socket could not take at once.
    func flush() {
        guard end == nil, bridge.hasPendingOutput else { return }
        try? bridge.handlePending()
    }

    /// Stops serving.
    func close() {
        bridge.requestObserver = nil
        bridge.eventObserver = nil
        bridge.keyObserver = nil
        bridge.close()
    }

    private func observeBridge() {
        guard log != nil else {
            bridge.requestObserver = nil
            bridge.eventObserver = nil
            bridge.keyObserver = nil
            return
        }
        bridge.requestObserver = { [weak self] call, outcome in
            self?.log?("atspi: " + AtspiMode.describe(call, outcome))
        }
        bridge.eventObserver = { [weak self] signal in
            let detail = signal.body.first?.string ?? ""
            let value = signal.body.count > 1 ? signal.body[1].int32.map { " \($0)" } ?? "" : ""
            self?.log?("atspi: event \(signal.member ?? "") \(detail)\(value) at \(signal.path?.text ?? "")")
        }
        bridge.keyObserver = { [weak self] event, answer in
            let outcome = switch answer {
            case .consumed: "consumed by the screen reader"
            case .passed: "passed on"
            case .unanswered(let reason): "no answer (\(reason)), passed on"
            }
            self?.log?("atspi: key \(event.text) \(event.type == 0 ? "down" : "up") offered to the registry: \(outcome)")
        }
    }
}

/// `Demo --atspi [SCRIPT] [--play] [--verbose]`: the script's scene served
/// to screen readers on the AT-SPI accessibility bus until SIGINT, SIGTERM
/// or the end of the bus, which all end it quietly with status 0. With
/// `--play` the script's steps are replayed on the real clock meanwhile
/// (then it keeps serving). Selections are printed on standard output; the
/// requests and events are logged on standard error with `--verbose`.
@MainActor
enum AtspiMode {
    /// The application name screen readers see.
    static let applicationName = "InteractionKitLinux Demo"

    /// Serves the scene; returns the exit status (1 without a session bus or
    /// accessibility bus, or when the bus connection fails).
    static func run(
        script: GestureScript, play: Bool, verbose: Bool, output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let player = ScriptPlayer(script: script)
        player.begin()
        guard let server = AtspiServer.start(window: player.window, errors: errors) else { return 1 }
        defer { server.close() }
        guard let signals = SignalPipe() else {
            errors("Demo: --atspi cannot watch for signals: \(String(cString: strerror(errno)))\n")
            return 1
        }
        defer { signals.restore() }
        // A parent may have blocked them (a test runner does): they stop this mode, so let them in.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for number in SignalPipe.signals { sigaddset(&stopping, number) }
        sigprocmask(SIG_UNBLOCK, &stopping, nil)
        let steps = script.steps.count
        output("Demo: serving \(script.file) on the accessibility bus as \(server.bridge.busName) "
            + "(application \"\(applicationName)\", toolkit \(AtspiExport.toolkitName), registry id "
            + "\(server.bridge.export.applicationID.map { String($0) } ?? "not set"))"
            + (play ? ", replaying its \(steps) step\(steps == 1 ? "" : "s") on the real clock" : "")
            + "; Ctrl-C stops\n")
        // Lines gathered while the loop turns, printed after each turn.
        let log = LineBuffer()
        if verbose { server.log = { [weak log] line in log?.lines.append(line + "\n") } }
        let loop = LiveRunLoop(window: player.window)
        server.attach(to: loop)
        loop.watch(signals.readEnd) { [weak log, weak loop] _ in
            if let number = signals.drain().first, verbose { log?.lines.append("Demo: stopped by signal \(number)\n") }
            loop?.stop()
        }
        var playback = play ? RealClockPlayback(steps: script.steps, start: loop.now) : nil
        var failure: String?
        while !loop.isStopped {
            let limit = min(0.25, playback?.secondsUntilNextStep(now: loop.now) ?? 0.25)
            do {
                try loop.runOnce(limit: limit)
            } catch {
                failure = "\(error)"
                break
            }
            if var current = playback {
                current.play(player, now: loop.now)
                playback = current.isFinished ? nil : current
                if playback == nil { output("Demo: replayed \(script.file); still serving, Ctrl-C stops\n") }
            }
            server.flush()
            for line in log.lines { errors(line) }
            log.lines.removeAll()
            for line in Self.takeLines(from: player) { output(line) }
        }
        if server.end == .busGone, verbose { log.lines.append("Demo: the accessibility bus went away\n") }
        for line in log.lines { errors(line) }
        server.log = nil
        if case .failed(let reason)? = server.end { failure = failure ?? reason }
        if let failure {
            errors("Demo: --atspi: \(failure)\n")
            return 1
        }
        return 0
    }

    /// The lines to print for what the player recorded since the last call
    /// (each selection, as the end-to-end tests read it), forgetting the
    /// rest: nothing is shown twice, so a session that peers flood (caret
    /// moves by the ten thousand, each a text event and a picture) keeps
    /// bounded memory.
    static func takeLines(from player: ScriptPlayer) -> [String] {
        var lines: [String] = []
        for event in player.replay.events {
            if case .select(let title) = event.kind {
                lines.append("selected \(title ?? "nothing") (the tab bar's delegate was told)\n")
            }
        }
        player.discardRecorded()
        return lines
    }

    /// One log line for a request: the method, its arguments and the answer.
    static func describe(_ call: DBusMessage, _ outcome: DBusMethodOutcome) -> String {
        let arguments = call.body.map(describe).joined(separator: ", ")
        let answer: String
        switch outcome {
        case .reply(let body): answer = body.map(describe).joined(separator: ", ")
        case .error(let name, _): answer = "error " + name
        case .unknownMethod: answer = "error unknown method"
        case .deferred: answer = "later"
        }
        let interface = (call.interface ?? "").split(separator: ".").last.map(String.init) ?? ""
        let text = "\(interface).\(call.member ?? "")(\(arguments)) at \(call.path?.text ?? "") -> \(answer)"
        return String(text.prefix(300))
    }

    private static func describe(_ value: DBusValue) -> String {
        switch value {
        case .string(let text): return "\"\(text)\""
        case .objectPath(let path): return path.text
        case .int32(let number): return String(number)
        case .uint32(let number): return String(number)
        case .int16(let number): return String(number)
        case .boolean(let flag): return String(flag)
        case .double(let number): return String(number)
        case .variant(let content): return describe(content)
        case .structure(let fields): return "(" + fields.map(describe).joined(separator: ", ") + ")"
        case .byteArray(let bytes): return "[\(bytes.count) bytes]"
        case .array(_, let elements):
            return "[" + elements.prefix(8).map(describe).joined(separator: ", ") + (elements.count > 8 ? ", …" : "") + "]"
        case .dictEntry(let key, let value): return describe(key) + ": " + describe(value)
        default: return "\(value)"
        }
    }
}

/// Lines gathered by callbacks while a loop turns, printed after the turn.
@MainActor
final class LineBuffer {
    var lines: [String] = []
}

/// A script's steps replayed on the real clock (`Demo --atspi SCRIPT --play`):
/// each step is performed when its time comes, its touches stamped with
/// the loop's time then; a `wait` only moves the time the next step is due.
///
/// A recording (`evemu`) is one step: its samples go in at once, stamped
/// with their own times, as the script replay sends them.
@MainActor
struct RealClockPlayback {
    private let steps: [GestureScript.Step]
    private var index = 0
    /// The loop time the next step is due at.
    private var due: Double

    /// Starts the replay at loop time `start`. A `type` line becomes its
    /// keys with their intervals as waits, so that each key comes on the
    /// real clock as a person's would (a screen reader echoes each).
    init(steps: [GestureScript.Step], start: Double) {
        var expanded: [GestureScript.Step] = []
        for step in steps {
            guard case .type(let text, _) = step.action else {
                expanded.append(step)
                continue
            }
            for character in text {
                guard let key = Key(typing: character) else { continue }
                expanded.append(GestureScript.Step(line: step.line, action: .key(key, at: nil)))
                expanded.append(GestureScript.Step(line: step.line, action: .wait(GestureScript.typingInterval)))
            }
        }
        self.steps = expanded
        due = start
        skipWaits()
    }

    /// Whether every step was performed.
    var isFinished: Bool { index >= steps.count }

    /// Seconds from `now` until the next step is due (0 when it is due); nil when finished.
    func secondsUntilNextStep(now: Double) -> Double? {
        isFinished ? nil : max(0, due - now)
    }

    /// Performs the steps due by `now`, in order.
    mutating func play(_ player: ScriptPlayer, now: Double) {
        while !isFinished && now >= due {
            player.advance(to: now)
            player.perform(steps[index])
            index += 1
            skipWaits()
        }
    }

    private mutating func skipWaits() {
        while index < steps.count, case .wait(let seconds) = steps[index].action {
            if seconds.isFinite && seconds > 0 { due += seconds }
            index += 1
        }
    }
}
