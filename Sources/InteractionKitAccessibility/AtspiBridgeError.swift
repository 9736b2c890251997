import InteractionKitDBus

/// Why the AT-SPI export could not start or stopped.
public enum AtspiBridgeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// There is no session bus to ask for the accessibility bus
    /// (`DBUS_SESSION_BUS_ADDRESS` unset, or nothing listening there).
    case noSessionBus(String)
    /// The session bus did not give the accessibility bus's address
    /// (at-spi2-core's `at-spi-bus-launcher` is missing or failed), or that bus refused us.
    case accessibilityBusUnavailable(String)
    /// The AT-SPI registry did not embed the application.
    case registrationFailed(String)
    /// The accessibility bus connection is gone (the bus hung up, or sent
    /// bytes that are not D-Bus): screen readers no longer see the application.
    case disconnected(DBusConnectionError)

    /// A sentence saying what failed and what to do.
    public var description: String {
        switch self {
        case .noSessionBus(let detail):
            "no session bus (\(detail)); run inside a desktop session or under 'dbus-run-session'"
        case .accessibilityBusUnavailable(let detail):
            "the accessibility bus is not available (\(detail)); is at-spi2-core installed?"
        case .registrationFailed(let detail):
            "the AT-SPI registry did not register the application: \(detail)"
        case .disconnected(let error):
            "the accessibility bus connection is gone (\(error)): screen readers no longer see the application"
        }
    }
}
