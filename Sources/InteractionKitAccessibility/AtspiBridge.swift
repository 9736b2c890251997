import Glibc
import InteractionKitCore
import InteractionKitDBus

/// A window's accessibility tree served to screen readers on the AT-SPI
/// accessibility bus, driven by the toolkit's own event loop.
///
/// Making a bridge performs the registration handshake: it asks the session
/// bus for the accessibility bus (`org.a11y.Bus.GetAddress`, or reads
/// `AT_SPI_BUS_ADDRESS`), connects to it (SASL `EXTERNAL`, `Hello`), starts
/// answering for its objects, learns who the registry is (`GetNameOwner`
/// of `org.a11y.atspi.Registry`) and calls its `Embed`, answering the
/// registry's `Properties.Set` of `Application.Id` while it waits.
/// Then poll `fileDescriptor` (for writing too while `hasPendingOutput`)
/// and call `handlePending()`: requests are answered there, and changes of
/// the window (a tab selected by a tap, a title changed, the focus moved,
/// the window made key) are announced as they happen, through the window's
/// observers (`AtspiExport.observeWindow(_:)`).
///
/// Keys go to the screen reader first: the bridge adds a key-input filter
/// (`Window.addKeyInputFilter(_:)`) that offers every key to the
/// registry's `DeviceEventController.NotifyListenersSync` and waits for the
/// answer, at most `keyAnswerTimeout` seconds; a key the screen reader
/// takes (Orca's own commands: a reply of `true`, signature `b`) is
/// consumed, release included, and the application never sees it. A
/// registry that leaves `RegistryBackOff.timeoutsBeforeBackingOff` keys in
/// a row unanswered is not waited for any more: keys are still sent to it,
/// but go on at once, and one key every `registryProbeInterval` seconds
/// waits again; an answer ends the back-off. Add the bridge before the toolkit's own
/// filters, so that it sees keys first, and have the toolkit call
/// `Window.makeKey()` and `resignKey()` on focus-in and focus-out: the
/// screen reader follows the active window and its focused item.
///
/// ```swift
/// let bridge = try AtspiBridge(window: window, applicationName: "Notes")
/// loop.watch(bridge.fileDescriptor) { descriptor in
///     do {
///         try bridge.handlePending()
///     } catch {
///         print("screen readers no longer see the app: \(error)")  // the bus is gone
///         loop.unwatch(descriptor)
///     }
/// }
/// ```
///
/// Any peer on the accessibility bus may call the application, so what a
/// peer can send never stops the export: a call larger than the
/// connection reads (8 MiB) is skipped as it arrives and answered with
/// `LimitsExceeded`; a call is checked against the signature of its method
/// and the size AT-SPI calls have (64 KiB at most) before its body is
/// decoded (`InvalidArgs` or `LimitsExceeded` otherwise, unread); only the
/// registry may set `Application.Id`. `handlePending()` throws only when the
/// connection itself is gone.
///
/// Nothing here runs on the touch path: the engine posts a notification
/// only when an accessibility property changes, and bus traffic is read
/// only when the descriptor is readable.
@MainActor
public final class AtspiBridge {
    /// The objects and their answers.
    public let export: AtspiExport
    private let connection: DBusConnection
    /// The clock the key waits, the back-off and start-up run on.
    private let clock: any AtspiBridgeClock
    private var keyFilterToken: ObserverToken?
    /// Whether keys wait for the registry's answer (R4-10).
    private var backOff = RegistryBackOff()
    /// Whether a key waits for the registry's answer (inside the window's dispatch of it).
    private var isOfferingKey = false
    /// Calls that act on the window, received while a key waited, in order:
    /// answered by the next `handlePending()`, after the key's dispatch.
    private var heldCalls: [DBusMessage] = []

    /// The most calls held while a key waits; more are refused with `LimitsExceeded`.
    public static let maximumHeldCalls = 64

    /// The longest a key waits for the registry's answer, in seconds (GTK
    /// 3's bridge waits as long); after it the key goes on to the application.
    public var keyAnswerTimeout: Double = 0.2

    /// While backing off, how often (seconds of the bridge's clock) one key
    /// waits for the registry's answer again.
    public static let registryProbeInterval = 5.0

    /// How long start-up looks for a registry that is not on the
    /// accessibility bus yet (it starts late under load), in seconds of the
    /// bridge's clock, before `init` gives up.
    public static let registryStartupPatience = 5.0

    /// The pause between two looks for the registry at start-up, in seconds.
    static let registryStartupRetryPause = 0.25

    /// Whether the registry left the last keys unanswered, so that keys no
    /// longer wait for it (each is still sent): `keyAnswerTimeout` is spent
    /// again only on one key every `registryProbeInterval` seconds, until the registry answers.
    public var isBackingOff: Bool { backOff.isBackingOff }

    /// What became of a key offered to the registry.
    public enum KeyAnswer: Equatable, Sendable {
        /// The screen reader took it: the application does not see it.
        case consumed
        /// The screen reader let it through.
        case passed
        /// No answer came (the reason: a time-out, an error): the key went on.
        case unanswered(String)
    }

    /// Called after each key offered to the registry, with what was sent
    /// and what came of it (the Demo logs them). Capture weakly what holds the bridge.
    public var keyObserver: ((AtspiKeyEvent, KeyAnswer) -> Void)?

    /// Called after each method call is answered, with the call and the
    /// answer (the Demo logs them); a call answered from its header alone
    /// (refused unread, or too large to read) comes without its body.
    /// Capture weakly what holds the bridge.
    public var requestObserver: ((DBusMessage, DBusMethodOutcome) -> Void)?
    /// Called after each event is sent. Capture weakly what holds the bridge.
    public var eventObserver: ((DBusMessage) -> Void)?

    /// Connects `window` to the accessibility bus and registers it with the AT-SPI registry.
    ///
    /// - Parameters:
    ///   - window: The window to export.
    ///   - applicationName: The name screen readers give the application.
    ///   - busAddress: The accessibility bus; nil asks the session bus (or
    ///     reads `AT_SPI_BUS_ADDRESS`).
    ///   - timeout: Seconds for each step of the handshake.
    ///   - clock: The clock and wait for keys, the back-off and start-up's
    ///     look for the registry; nil for the real ones (`AtspiMonotonicClock`).
    /// - Throws: `AtspiBridgeError` saying which step failed.
    public init(
        window: Window, applicationName: String, busAddress: String? = nil, timeout: Double = 25,
        clock: (any AtspiBridgeClock)? = nil
    ) throws(AtspiBridgeError) {
        let clock = clock ?? AtspiMonotonicClock()
        self.clock = clock
        let address: String
        if let busAddress {
            address = busAddress
        } else {
            address = try Self.accessibilityBusAddress(timeout: timeout)
        }
        do {
            connection = try DBusConnection.connect(to: address, timeout: timeout)
        } catch {
            throw .accessibilityBusUnavailable("\(error)")
        }
        export = AtspiExport(window: window, applicationName: applicationName, busName: connection.uniqueName)
        // Ready to answer before Embed: the registry calls back during it.
        connection.methodCallHandler = { [weak self] call in
            MainActor.assumeIsolated { self?.answer(call) ?? .unknownMethod }
        }
        connection.methodCallPrecheck = { [weak self] frame in
            MainActor.assumeIsolated { self?.precheck(frame) }
        }
        connection.oversizedMessageHandler = { [weak self] frame in
            MainActor.assumeIsolated { self?.noteOversized(frame) }
        }
        // Only the registry may set Application.Id: learn its unique name
        // first (starting it if the bus has not yet), as it sets the id while Embed waits.
        do {
            export.registryBusName = try Self.awaitRegistry(on: connection, timeout: timeout, clock: clock)
        } catch {
            connection.close()
            throw error
        }
        let root = AtspiObjectTree.rootPath
        let embed = DBusMessage.methodCall(
            path: root, interface: AtspiInterface.socket, member: "Embed", destination: "org.a11y.atspi.Registry",
            body: [.structure([.string(connection.uniqueName), .objectPath(root)])])
        do {
            let reply = try connection.call(embed, timeout: timeout)
            if let sender = reply.sender { export.registryBusName = sender }
            if let fields = reply.body.first?.fields, fields.count == 2, let name = fields[0].string,
               let path = fields[1].objectPath {
                export.desktop = (name, path)
            }
        } catch {
            connection.close()
            throw .registrationFailed("\(error)")
        }
        export.observeWindow { [weak self] events in self?.send(events) }
        keyFilterToken = window.addKeyInputFilter { [weak self] input in
            self?.offerToRegistry(input) ?? false
        }
        // A window already key says so now, or an Orca already running never speaks it.
        if window.isKeyWindow { send(export.keyWindowSignals()) }
    }

    isolated deinit {
        export.stopObservingWindow()
        if let keyFilterToken { export.window.removeKeyInputFilter(keyFilterToken) }
    }

    /// The accessibility bus's address: `AT_SPI_BUS_ADDRESS`, or what the
    /// session bus's `org.a11y.Bus.GetAddress` answers (which starts the
    /// bus launcher on demand).
    public static func accessibilityBusAddress(timeout: Double = 25) throws(AtspiBridgeError) -> String {
        if let value = getenv("AT_SPI_BUS_ADDRESS"), value.pointee != 0 { return String(cString: value) }
        guard DBusAddress.sessionBusAddress() != nil else {
            throw .noSessionBus("DBUS_SESSION_BUS_ADDRESS is not set")
        }
        let session: DBusConnection
        do {
            session = try DBusConnection.connectToSessionBus(timeout: timeout)
        } catch {
            throw .noSessionBus("\(error)")
        }
        defer { session.close() }
        let call = DBusMessage.methodCall(
            path: DBusObjectPath(trusted: "/org/a11y/bus"), interface: "org.a11y.Bus", member: "GetAddress",
            destination: "org.a11y.Bus")
        do {
            let reply = try session.call(call, timeout: timeout)
            guard let address = reply.body.first?.string, !address.isEmpty else {
                throw AtspiBridgeError.accessibilityBusUnavailable("org.a11y.Bus.GetAddress returned no address")
            }
            return address
        } catch let error as AtspiBridgeError {
            throw error
        } catch {
            throw .accessibilityBusUnavailable("org.a11y.Bus.GetAddress: \(error)")
        }
    }

    /// The well-known name of the AT-SPI registry on the accessibility bus.
    static let registryName = "org.a11y.atspi.Registry"

    /// The registry's unique name, looked for again for up to
    /// `registryStartupPatience` seconds while it is not on the bus: under
    /// load the registry may claim its name after the application started.
    private static func awaitRegistry(
        on connection: DBusConnection, timeout: Double, clock: any AtspiBridgeClock
    ) throws(AtspiBridgeError) -> String {
        let giveUp = clock.seconds() + registryStartupPatience
        while true {
            do {
                return try registryOwner(on: connection, timeout: timeout)
            } catch {
                let now = clock.seconds()
                guard case .registrationFailed(let detail) = error else { throw error }
                guard connection.isConnected, now < giveUp else {
                    throw .registrationFailed("\(detail); looked for it for \(registryStartupPatience) seconds")
                }
                clock.wait(for: connection.fileDescriptor, forWriting: connection.hasPendingOutput,
                           timeout: min(registryStartupRetryPause, giveUp - now))
                // What came meanwhile (the registry calling already) is answered.
                do {
                    try connection.handlePending()
                } catch {
                    throw .registrationFailed("the accessibility bus went away while waiting for the registry (\(error))")
                }
            }
        }
    }

    /// The registry's unique name, the bus starting it on demand.
    private static func registryOwner(on connection: DBusConnection, timeout: Double) throws(AtspiBridgeError) -> String {
        // Already running (2) is as good as started (1); a failure shows in GetNameOwner.
        _ = try? connection.call(connection.busCall("StartServiceByName", [.string(registryName), .uint32(0)]), timeout: timeout)
        do {
            let reply = try connection.call(connection.busCall("GetNameOwner", [.string(registryName)]), timeout: timeout)
            guard let owner = reply.body.first?.string, DBusName.isValidBusName(owner) else {
                throw AtspiBridgeError.registrationFailed("GetNameOwner(\(registryName)) gave no name")
            }
            return owner
        } catch let error as AtspiBridgeError {
            throw error
        } catch {
            throw .registrationFailed("no AT-SPI registry on the accessibility bus (\(error))")
        }
    }

    /// The unique bus name the application has on the accessibility bus.
    public var busName: String { connection.uniqueName }

    /// The socket to poll for reading (and for writing while `hasPendingOutput`); -1 once closed.
    public var fileDescriptor: Int32 { connection.fileDescriptor }

    /// Whether events or replies wait to be sent: for the socket to become
    /// writable, or (calls held while a key waited) for `handlePending()`.
    public var hasPendingOutput: Bool { connection.hasPendingOutput || !heldCalls.isEmpty }

    /// Whether the connection is open.
    public var isConnected: Bool { connection.isConnected }

    /// Answers the requests that arrived and sends what waits; never blocks.
    ///
    /// What peers send (calls of any size, of any signature, floods) is
    /// answered here and never thrown, so a loop may keep calling this as
    /// long as it does not throw.
    ///
    /// - Throws: `.disconnected` only when the connection is gone: the bus
    ///   hung up, or sent bytes that are not D-Bus (which no peer can make it
    ///   send). The export has then stopped for good: tell the user that
    ///   screen readers no longer see the application, stop watching
    ///   `fileDescriptor`, and make a new bridge to go on.
    public func handlePending() throws(AtspiBridgeError) {
        answerHeldCalls()
        do {
            try connection.handlePending()
        } catch {
            throw .disconnected(error)
        }
    }

    /// Stops serving: stops listening to the window (and offering it keys) and closes the connection.
    public func close() {
        export.stopObservingWindow()
        if let keyFilterToken { export.window.removeKeyInputFilter(keyFilterToken) }
        keyFilterToken = nil
        heldCalls.removeAll()
        connection.close()
    }

    private func answer(_ call: DBusMessage) -> DBusMethodOutcome {
        // While a key waits inside the window's dispatch, nothing may act on
        // the window: a call that would, and every call after it, waits.
        if isOfferingKey, !heldCalls.isEmpty || AtspiExport.acts(call) {
            guard heldCalls.count < Self.maximumHeldCalls else {
                let outcome = DBusMethodOutcome.error(
                    name: DBusErrorName.limitsExceeded,
                    message: "\(Self.maximumHeldCalls) calls already wait for a key the screen reader has not answered")
                requestObserver?(call, outcome)
                return outcome
            }
            heldCalls.append(call)
            return .deferred
        }
        let outcome = export.reply(to: call)
        requestObserver?(call, outcome)
        return outcome
    }

    private func precheck(_ frame: DBusFrame) -> DBusMethodOutcome? {
        guard let outcome = Self.precheck(frame.header, signature: frame.bodySignature, size: frame.size, export: export)
        else { return nil }
        requestObserver?(frame.header, outcome)
        return outcome
    }

    private func noteOversized(_ frame: DBusFrame) {
        guard frame.header.kind == .methodCall, frame.isHeaderComplete else { return }
        requestObserver?(frame.header, .error(
            name: DBusErrorName.limitsExceeded,
            message: "a call of \(frame.size) bytes, larger than the \(frame.limit) this application reads, skipped unread"))
    }

    // MARK: Keys

    /// Where the registry listens for keys.
    static let deviceEventControllerPath = DBusObjectPath(trusted: "/org/a11y/atspi/registry/deviceeventcontroller")

    /// The key-input filter: offers the key to the registry and waits at
    /// most `keyAnswerTimeout` for its answer; true (consume it) only when
    /// the screen reader took it.
    ///
    /// It runs on the toolkit's thread inside the window's dispatch of the
    /// key, so while it waits the connection answers only calls that read
    /// (a screen reader looks at the focused object while it decides); calls
    /// that act wait in `heldCalls` until the next `handlePending()`.
    private func offerToRegistry(_ input: KeyInput) -> Bool {
        guard !isOfferingKey, connection.isConnected,
              let event = AtspiKeyEvent(input, time: export.window.currentTime) else { return false }
        var call = DBusMessage.methodCall(
            path: Self.deviceEventControllerPath, interface: AtspiInterface.deviceEventController,
            member: "NotifyListenersSync", destination: Self.registryName, body: [event.argument])
        let answer: KeyAnswer
        if backOff.waitsForAnswer(at: clock.seconds(), probeInterval: Self.registryProbeInterval) {
            isOfferingKey = true
            answer = waitForAnswer(to: call)
            isOfferingKey = false
        } else {
            // Still sent, so that a screen reader that is only slow hears
            // every key; not waited for, so no reply is asked for.
            call.flags.insert(.noReplyExpected)
            do {
                try connection.send(call)
                answer = .unanswered("not waited for: the registry left \(backOff.consecutiveTimeouts) keys in a row "
                    + "unanswered; one key every \(Self.registryProbeInterval) seconds waits again")
            } catch {
                answer = .unanswered("\(error)")
            }
        }
        keyObserver?(event, answer)
        return answer == .consumed
    }

    /// Sends `call` and waits for its reply on the bridge's clock, at most
    /// `keyAnswerTimeout` seconds, dispatching the connection meanwhile (so
    /// calls that read are answered and calls that act are held).
    private func waitForAnswer(to call: DBusMessage) -> KeyAnswer {
        var outcome: Result<DBusMessage, DBusConnectionError>?
        let serial: UInt32
        do {
            serial = try connection.call(call) { outcome = $0 }
        } catch {
            return .unanswered("\(error)")
        }
        let timeout = keyAnswerTimeout
        let deadline = clock.seconds() + timeout
        while outcome == nil {
            let now = clock.seconds()
            guard now < deadline else {
                // A late reply is skipped: nothing waits for it, nothing is kept for it.
                connection.forgetReply(to: serial)
                backOff.timedOut(at: now, probeInterval: Self.registryProbeInterval)
                let error = DBusConnectionError.timedOut("no reply to \(call.member ?? "the call") within \(timeout) seconds")
                return .unanswered("\(error)")
            }
            clock.wait(for: connection.fileDescriptor, forWriting: connection.hasPendingOutput, timeout: deadline - now)
            do {
                try connection.handlePending()
            } catch {
                connection.forgetReply(to: serial)
                return .unanswered("\(error)")
            }
        }
        switch outcome {
        case .success(let reply)?:
            backOff.answered()
            // Only `b` is an answer (R4-4): `bb`, `(b)` or anything else starting with true consumes nothing.
            guard reply.signatureText == "b", case .boolean(let consumed)? = reply.body.first else {
                return .unanswered("a reply of signature \"\(reply.signatureText)\", not \"b\"")
            }
            return consumed ? .consumed : .passed
        case .failure(let error)?:
            if case .remoteError = error { backOff.answered() }
            return .unanswered("\(error)")
        case nil:
            return .unanswered("no reply")
        }
    }

    /// Answers the calls held while a key waited, in the order they came.
    private func answerHeldCalls() {
        guard !isOfferingKey, !heldCalls.isEmpty else { return }
        let calls = heldCalls
        heldCalls.removeAll()
        for call in calls {
            let outcome = export.reply(to: call)
            requestObserver?(call, outcome)
            guard !call.flags.contains(.noReplyExpected) else { continue }
            let reply: DBusMessage
            switch outcome {
            case .reply(let body):
                reply = .methodReturn(replyingTo: call, body: body)
            case .error(let name, let message):
                reply = .error(replyingTo: call, name: name, message: message)
            case .unknownMethod, .deferred:
                reply = .error(replyingTo: call, name: DBusErrorName.unknownMethod,
                               message: "No method \(call.member ?? "") on \(call.interface ?? "any interface")")
            }
            do {
                try connection.send(reply)
            } catch .invalidMessage(let error) {
                _ = try? connection.send(.error(replyingTo: call, name: DBusErrorName.failed, message: "reply not sent: \(error)"))
            } catch {
                // The connection is closed: handlePending() reports it next.
                return
            }
        }
    }

    private func send(_ signals: [DBusMessage]) {
        for signal in signals {
            guard (try? connection.send(signal)) != nil else { return }
            eventObserver?(signal)
        }
    }
}
