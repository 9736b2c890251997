import Foundation
import Glibc
import Testing

/// A pseudo-terminal of 30 rows and 80 columns for the Demo's end-to-end
/// tests: the test reads and writes its master side, the Demo gets
/// `slave` as its terminal.
final class PseudoTerminal {
    /// The side the test reads the screen from and writes keys and mouse reports to.
    let master: Int32
    /// The side handed to the child as its terminal; close it once the child has it.
    private(set) var slave: Int32
    /// Everything read from the terminal so far.
    private(set) var screen = ""

    /// Opens a pseudo-terminal; nil (after saying why) where there are none.
    init?() throws {
        // posix_openpt, unlockpt and ptsname, spelled as the kernel takes them.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else {
            print("skipped: no pseudo-terminals here (/dev/ptmx)")
            return nil
        }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        #expect(ioctl(master, UInt(0x4004_5431), &unlock) == 0)  // TIOCSPTLCK
        #expect(ioctl(master, UInt(0x8004_5430), &number) == 0)  // TIOCGPTN
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw PseudoTerminalError(message: "cannot open /dev/pts/\(number)")
        }
        var size = winsize(ws_row: 30, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        closeSlave()
        close(master)
    }

    /// Closes the test's copy of the child's side, once the child has been started with it.
    func closeSlave() {
        if slave >= 0 { close(slave) }
        slave = -1
    }

    /// Reads the terminal until `condition` holds of everything read, for
    /// up to `seconds`; records an issue with the screen so far if it never does.
    func wait(for what: String, seconds: Double, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(screen) && Date() < deadline {
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 200) > 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &bytes, bytes.count)
            if count <= 0 { break }
            screen += String(decoding: bytes[0..<count], as: UTF8.self)
        }
        if !condition(screen) {
            Issue.record("timed out waiting for \(what); the screen so far:\n\(screen.suffix(3000))")
            return false
        }
        return true
    }

    /// Types `text` into the terminal, as a person or their terminal would.
    func send(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }
}

/// A pseudo-terminal that could be created but not opened.
struct PseudoTerminalError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
