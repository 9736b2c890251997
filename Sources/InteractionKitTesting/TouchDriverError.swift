import InteractionKitLinux

/// Why a `TouchDriver` call did nothing, or stopped: a bad argument, or a
/// sample the window refused.
///
/// A bad argument is found before anything is sent, so the window has not
/// changed. When the window refuses a sample part way through a gesture
/// (too many fingers down, say), the driver first cancels the fingers that
/// gesture put down, so no finger is left down behind the error.
public enum TouchDriverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An argument the driver cannot act on; the message says which and why.
    case invalidArgument(String)
    /// The window refused this sample (`Window.send(_:)` returned `.rejected`).
    case rejected(TouchInput, TouchInputError)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .invalidArgument(let message):
            message
        case .rejected(let input, let error):
            "the window refused the \(input.phase) sample of finger \(input.id) at \(formatTime(input.timestamp)) s: \(error)"
        }
    }
}
