import Glibc

/// Why connecting, sending, receiving or calling failed.
public enum DBusConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address string is malformed or names nothing this library can connect to.
    case badAddress(DBusAddressError)
    /// No address in the list could be connected to; one reason per address, in order.
    case couldNotConnect([String])
    /// The server refused SASL `EXTERNAL`; it listed the mechanisms it accepts.
    case authenticationRejected(mechanisms: String)
    /// The SASL exchange went wrong otherwise; the text says how.
    case authenticationFailed(String)
    /// An operation did not finish in time; the text says which.
    case timedOut(String)
    /// The connection is closed; the text says why.
    case disconnected(String)
    /// The peer sent bytes that are not valid D-Bus messages; the connection
    /// was closed, since a byte stream cannot be resynchronized.
    case protocolViolation(DBusWireError)
    /// The reply to a call is larger than the connection reads
    /// (`maximumMessageSize`): it was skipped unread.
    case messageTooLarge(size: Int, limit: Int)
    /// A message to be sent is invalid (a bug in the caller); nothing was sent.
    case invalidMessage(DBusWireError)
    /// More output is waiting than the connection buffers: the peer is not reading.
    case outputBufferFull(Int)
    /// The peer answered a call with a D-Bus error.
    case remoteError(name: String, message: String)
    /// A system call failed.
    case systemCall(String, errno: Int32)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .badAddress(let error):
            return error.description
        case .couldNotConnect(let reasons):
            return "could not connect to the bus: " + reasons.joined(separator: "; ")
        case .authenticationRejected(let mechanisms):
            return "the bus rejected EXTERNAL authentication (it offers: \(mechanisms.isEmpty ? "nothing" : mechanisms))"
        case .authenticationFailed(let reason):
            return "authentication failed: \(reason)"
        case .timedOut(let what):
            return "timed out: \(what)"
        case .disconnected(let reason):
            return "disconnected: \(reason)"
        case .protocolViolation(let error):
            return "the peer broke the D-Bus protocol (\(error)); connection closed"
        case .messageTooLarge(let size, let limit):
            return "the reply of \(size) bytes is larger than the \(limit) bytes this connection reads; it was skipped"
        case .invalidMessage(let error):
            return "message not sent: \(error)"
        case .outputBufferFull(let bytes):
            return "\(bytes) bytes wait to be sent: the peer is not reading"
        case .remoteError(let name, let message):
            return message.isEmpty ? name : "\(name): \(message)"
        case .systemCall(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
