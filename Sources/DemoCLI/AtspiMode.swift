import Glibc
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitLive
import InteractionKitReplay

/// Log lines gathered while the loop turns, printed after each turn.
@MainActor
final class AtspiLog {
    var lines: [String] = []
    var failure: String?
}

/// `Demo --atspi [SCRIPT]`: the script's scene served to screen readers on
/// the AT-SPI accessibility bus until SIGINT or SIGTERM, logging each
/// request and each selection.
@MainActor
enum AtspiMode {
    /// The application name screen readers see.
    static let applicationName = "InteractionKitLinux Demo"

    /// Serves the scene; returns the exit status (1 without a session bus or accessibility bus).
    static func run(script: GestureScript, output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        let player = ScriptPlayer(script: script)
        player.begin()
        player.window.accessibilityLabel = applicationName
        let bridge: AtspiBridge
        do {
            bridge = try AtspiBridge(window: player.window, applicationName: applicationName, timeout: 20)
        } catch {
            errors("Demo: --atspi: \(error)\n")
            return 1
        }
        defer { bridge.close() }
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
        output("Demo: serving \(script.file) on the accessibility bus as \(bridge.busName) "
            + "(application \"\(applicationName)\", toolkit \(AtspiExport.toolkitName), registry id "
            + "\(bridge.export.applicationID.map { String($0) } ?? "not set")); Ctrl-C stops\n")
        let log = AtspiLog()
        bridge.requestObserver = { [weak log] call, outcome in
            log?.lines.append("atspi: " + describe(call, outcome) + "\n")
        }
        bridge.eventObserver = { [weak log] signal in
            let detail = signal.body.first?.string ?? ""
            let value = signal.body.count > 1 ? signal.body[1].int32.map { " \($0)" } ?? "" : ""
            log?.lines.append("atspi: event \(signal.member ?? "") \(detail)\(value) at \(signal.path?.text ?? "")\n")
        }
        let loop = LiveRunLoop(window: player.window)
        loop.watch(bridge.fileDescriptor) { [weak log, weak loop] _ in
            do {
                try bridge.handlePending()
            } catch {
                log?.failure = "\(error)"
                loop?.stop()
            }
        }
        loop.watch(signals.readEnd) { [weak log, weak loop] _ in
            if let number = signals.drain().first { log?.lines.append("Demo: stopped by signal \(number)\n") }
            loop?.stop()
        }
        var linedEvents = 0
        var failure: String?
        while !loop.isStopped {
            do {
                try loop.runOnce(limit: 0.25)
            } catch {
                failure = "\(error)"
                break
            }
            // Replies and events the socket could not take at once.
            if bridge.hasPendingOutput { try? bridge.handlePending() }
            for line in log.lines { output(line) }
            log.lines.removeAll()
            let events = player.replay.events
            while linedEvents < events.count {
                if case .select(let title) = events[linedEvents].kind {
                    output("selected \(title ?? "nothing") (the tab bar's delegate was told)\n")
                }
                linedEvents += 1
            }
        }
        for line in log.lines { output(line) }
        bridge.requestObserver = nil
        bridge.eventObserver = nil
        if let reason = failure ?? log.failure {
            errors("Demo: --atspi: \(reason)\n")
            return 1
        }
        return 0
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
