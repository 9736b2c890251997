import Foundation
import Glibc
import Testing

/// The one rule for end-to-end tests that need programs from the system
/// (dbus-daemon, at-spi2-core, pyatspi, Orca): a test whose program is
/// missing is skipped with a line saying why, except where CI sets
/// `ATSPI_E2E_REQUIRED=1` (it installs them): there a skip is a failure.
public enum EndToEnd {
    /// Whether this run must not skip (CI's `ATSPI_E2E_REQUIRED=1`).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["ATSPI_E2E_REQUIRED"] == "1" }

    /// Skips `what` because of `reason`: prints why, and records an issue when skipping is not allowed.
    public static func skip(_ what: String, because reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if isRequired { Issue.record("ATSPI_E2E_REQUIRED is set but \(reason)", sourceLocation: sourceLocation) }
        print("skipped: \(what): \(reason)")
    }

    /// For a test's `.enabled(if:)` trait: whether it runs — when `available`,
    /// and always when skipping is not allowed (then a missing program fails it).
    public static func runs(if available: Bool) -> Bool { available || isRequired }
}

/// A private `dbus-daemon` on a socket in a temporary directory, for the
/// tests that need a real bus; `stop()` kills it (SIGKILL: it inherits the
/// test runner's blocked signal mask, so it never sees SIGTERM) and removes
/// the directory.
public final class PrivateBusDaemon {
    /// The daemon's program.
    public static let executable = "/usr/bin/dbus-daemon"
    /// Whether the daemon is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// What went wrong starting or pausing it.
    public struct Failure: Error, CustomStringConvertible {
        /// What happened.
        public var message: String
        /// Creates a failure.
        public init(message: String) { self.message = message }
        /// The message.
        public var description: String { message }
    }

    /// The daemon's process.
    public let process = Process()
    /// The temporary directory that holds its socket.
    public let directory: URL
    /// The address it listens on, `unix:path=…`.
    public private(set) var address = ""

    /// Starts a daemon and waits (at most 20 s) until it prints its address.
    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("private-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["--session", "--nofork", "--print-address=1",
                             "--address=unix:path=\(directory.appendingPathComponent("bus").path)"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The daemon prints its address once it listens: wait for that line.
        let descriptor = output.fileHandleForReading.fileDescriptor
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(20)
        while line.last != UInt8(ascii: "\n") {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(0, deadline.timeIntervalSinceNow) * 1000)) > 0 else { break }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            line.append(byte)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard address.hasPrefix("unix:") else {
            stop()
            throw Failure(message: "dbus-daemon did not print its address (got \"\(address)\")")
        }
    }

    /// Stops the daemon in its tracks (SIGSTOP, which no mask blocks) and
    /// waits until the kernel reports it stopped: it then reads nothing, so
    /// a sender's socket fills up deterministically. `resume()` undoes it.
    public func pause() throws {
        kill(process.processIdentifier, SIGSTOP)
        let deadline = Date().addingTimeInterval(20)
        while deadline.timeIntervalSinceNow > 0 {
            // The state follows the command name in parentheses: "pid (name) T ...".
            let stat = procFileText("/proc/\(process.processIdentifier)/stat") ?? ""
            if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst().trimmingCharacters(in: .whitespaces).first == "T" {
                return
            }
            usleep(1_000)
        }
        throw Failure(message: "dbus-daemon did not stop")
    }

    /// Lets a paused daemon run again.
    public func resume() {
        kill(process.processIdentifier, SIGCONT)
    }

    /// Kills the daemon and removes its directory.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs `body` with a fresh daemon and always stops it afterwards.
public func withPrivateBusDaemon(_ body: (PrivateBusDaemon) throws -> Void) throws {
    let daemon = try PrivateBusDaemon()
    defer { daemon.stop() }
    try body(daemon)
}

/// A value shared between the test thread and a helper thread.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the box.
    public init(_ value: Value) { self.value = value }

    /// The value now.
    public func get() -> Value { lock.withLock { value } }
    /// Replaces the value.
    public func set(_ newValue: Value) { lock.withLock { value = newValue } }
    /// Changes the value in place, under the lock.
    public func update(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}
