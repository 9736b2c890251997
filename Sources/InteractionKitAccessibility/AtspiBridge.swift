import Glibc
import InteractionKitCore
import InteractionKitDBus

/// A window's accessibility tree served to screen readers on the AT-SPI
/// accessibility bus, driven by the toolkit's own event loop.
///
/// Making a bridge performs the registration handshake: it asks the session
/// bus for the accessibility bus (`org.a11y.Bus.GetAddress`, or reads
/// `AT_SPI_BUS_ADDRESS`), connects to it (SASL `EXTERNAL`, `Hello`), starts
/// answering for its objects, and calls the registry's `Embed`, answering
/// the registry's `Properties.Set` of `Application.Id` while it waits.
/// Then poll `fileDescriptor` (for writing too while `hasPendingOutput`)
/// and call `handlePending()`: requests are answered there, and changes of
/// the window (a tab selected by a tap, a title changed) are announced as
/// they happen, through the window's accessibility observers.
///
/// ```swift
/// let bridge = try AtspiBridge(window: window, applicationName: "Notes")
/// loop.watch(bridge.fileDescriptor) { _ in try? bridge.handlePending() }
/// ```
///
/// Nothing here runs on the touch path: the engine posts a notification
/// only when an accessibility property changes, and bus traffic is read
/// only when the descriptor is readable.
@MainActor
public final class AtspiBridge {
    /// The objects and their answers.
    public let export: AtspiExport
    private let connection: DBusConnection
    private var observerToken: AccessibilityObserverToken?

    /// Called after each method call is answered, with the call and the
    /// answer (the Demo logs them). Capture weakly what holds the bridge.
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
        let root = AtspiObjectTree.rootPath
        let embed = DBusMessage.methodCall(
            path: root, interface: AtspiInterface.socket, member: "Embed", destination: "org.a11y.atspi.Registry",
            body: [.structure([.string(connection.uniqueName), .objectPath(root)])])
        do {
            let reply = try connection.call(embed, timeout: timeout)
            if let fields = reply.body.first?.fields, fields.count == 2, let name = fields[0].string,
               let path = fields[1].objectPath {
                export.desktop = (name, path)
            }
        } catch {
            connection.close()
            throw .registrationFailed("\(error)")
        }
        observerToken = window.addAccessibilityObserver { [weak self] notification in
            self?.announce(notification)
        }
        // Until windows have a key state (contract §12), the window is active
        // from the start: say so, or an Orca already running never speaks it.
        // A key-window observer will send these on makeKey()/resignKey().
        send(export.windowActivationSignals(active: true))
    }

    isolated deinit {
        if let observerToken { export.window.removeAccessibilityObserver(observerToken) }
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
    /// - Throws: `.disconnected` when the bus went away or sent malformed data
    ///   (the connection is then closed; make a new bridge to go on).
    public func handlePending() throws(AtspiBridgeError) {
        do {
            try connection.handlePending()
        } catch {
            throw .disconnected(error)
        }
    }

    /// Stops serving: stops listening to the window and closes the connection.
    public func close() {
        if let observerToken { export.window.removeAccessibilityObserver(observerToken) }
        observerToken = nil
        connection.close()
    }

    private func answer(_ call: DBusMessage) -> DBusMethodOutcome {
        let outcome = export.reply(to: call)
        requestObserver?(call, outcome)
        return outcome
    }

    private func announce(_ notification: AccessibilityNotification) {
        send(export.signals(for: notification))
    }

    private func send(_ signals: [DBusMessage]) {
        for signal in signals {
            guard (try? connection.send(signal)) != nil else { return }
            eventObserver?(signal)
        }
    }
}
