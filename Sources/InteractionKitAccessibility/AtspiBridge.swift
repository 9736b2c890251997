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
/// observers (`AtspiExport.observeWindow(_:)`). Have the toolkit call
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
    ///   - applicationName: The name screen readers give the application.
    ///   - busAddress: The accessibility bus; nil asks the session bus (or
    ///     reads `AT_SPI_BUS_ADDRESS`).
    ///   - timeout: Seconds for each step of the handshake.
    /// - Throws: `AtspiBridgeError` saying which step failed.
    public init(window: Window, applicationName: String, busAddress: String? = nil, timeout: Double = 25) throws(AtspiBridgeError) {
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
            export.registryBusName = try Self.registryOwner(on: connection, timeout: timeout)
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
        // A window already key says so now, or an Orca already running never speaks it.
        if window.isKeyWindow { send(export.keyWindowSignals()) }
    }

    isolated deinit {
        export.stopObservingWindow()
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

    /// Whether events or replies wait for the socket to become writable.
    public var hasPendingOutput: Bool { connection.hasPendingOutput }

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
        do {
            try connection.handlePending()
        } catch {
            throw .disconnected(error)
        }
    }

    /// Stops serving: stops listening to the window and closes the connection.
    public func close() {
        export.stopObservingWindow()
        connection.close()
    }

    private func answer(_ call: DBusMessage) -> DBusMethodOutcome {
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

    private func send(_ signals: [DBusMessage]) {
        for signal in signals {
            guard (try? connection.send(signal)) != nil else { return }
            eventObserver?(signal)
        }
    }
}
