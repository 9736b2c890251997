import Glibc

/// The write end of the signal pipe, for the signal handler (which can
/// capture nothing). Written once before the handlers are installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns SIGINT, SIGTERM and SIGHUP into a byte on a pipe that the run
/// loop polls, so the program ends (and restores the terminal) in its own
/// time rather than inside a signal handler.
@MainActor
final class SignalPipe {
    /// The descriptor to poll; each byte read is a signal number.
    let readEnd: Int32
    private let writeEnd: Int32
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        signalPipeWriteEnd = writeEnd
        for number in Self.signals {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
        }
    }

    /// The signal numbers that arrived since the last call.
    func drain() -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(readEnd, &bytes, bytes.count)
        return count > 0 ? bytes[0..<count].map { Int32($0) } : []
    }

    /// Puts the default handlers back.
    func restore() {
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}

/// The controlling terminal: raw mode, the alternate screen, mouse
/// reporting, and putting every one of them back.
@MainActor
final class Terminal {
    /// The escape sequences that start the live screen: the alternate
    /// screen, no cursor, mouse presses, drags and releases in SGR form,
    /// bracketed paste (a paste arrives marked, never as keys), and
    /// application keypad mode (DECKPAM: the keypad's keys arrive as
    /// themselves, keypad Enter as `ESC O M` rather than Return).
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}="
    /// The escape sequences that undo `enterSequence`, in reverse order
    /// (DECKPNM puts the keypad back in numeric mode).
    static let leaveSequence = "\u{1B}>\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?25h\u{1B}[?1049l"

    let input: Int32
    let output: Int32
    private var saved = termios()
    private var active = false

    init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Whether both ends are terminals.
    var isTerminal: Bool { isatty(input) == 1 && isatty(output) == 1 }

    /// The terminal's size in character cells.
    func size() -> TerminalSize? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }

    /// Raw mode (no echo, no line editing, no signals from keys; output
    /// processing kept, so a newline still returns the carriage), then the
    /// live screen.
    func enter() -> Bool {
        guard tcgetattr(input, &saved) == 0 else { return false }
        var raw = saved
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { return false }
        active = true
        write(Self.enterSequence)
        return true
    }

    /// Puts the terminal back as it was; safe to call twice.
    func leave() {
        guard active else { return }
        active = false
        write(Self.leaveSequence)
        tcsetattr(input, TCSAFLUSH, &saved)
    }

    /// Writes all of `text`.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeMutableBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            sent += count
        }
        bytes.removeAll()
    }
}

/// A terminal's size in character cells.
struct TerminalSize: Equatable, Sendable {
    var rows: Int
    var columns: Int
}
