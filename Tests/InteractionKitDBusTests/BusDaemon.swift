import Foundation
import Glibc
import Testing
@testable import InteractionKitDBus

/// A private `dbus-daemon` on a socket in a temporary directory, for
/// end-to-end tests; `withBusDaemon` stops it and removes the directory.
final class BusDaemon {
    static let executable = "/usr/bin/dbus-daemon"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    let process = Process()
    let directory: URL
    private(set) var address = ""

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dbus-test-\(UUID().uuidString)")
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
            let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard poll(&entry, 1, milliseconds) > 0 else { break }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            line.append(byte)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard address.hasPrefix("unix:") else {
            stop()
            throw DaemonError(message: "dbus-daemon did not print its address (got \"\(address)\")")
        }
    }

    struct DaemonError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Stops the daemon in its tracks (SIGSTOP, which no mask blocks) and
    /// waits until the kernel reports it stopped: it then reads nothing, so
    /// a sender's socket fills up deterministically. `resume()` undoes it.
    func pause() throws {
        kill(process.processIdentifier, SIGSTOP)
        let deadline = Date().addingTimeInterval(20)
        while deadline.timeIntervalSinceNow > 0 {
            // The state follows the command name in parentheses: "pid (name) T ...".
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst().trimmingCharacters(in: .whitespaces).first == "T" {
                return
            }
            usleep(1_000)
        }
        throw DaemonError(message: "dbus-daemon did not stop")
    }

    /// Lets a paused daemon run again.
    func resume() {
        kill(process.processIdentifier, SIGCONT)
    }

    func stop() {
        if process.isRunning {
            // SIGKILL, not terminate(): the daemon inherits the test runner's
            // blocked signal mask, so it never sees SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs `body` with a fresh daemon and always stops it afterwards.
func withBusDaemon(_ body: (BusDaemon) throws -> Void) throws {
    let daemon = try BusDaemon()
    defer { daemon.stop() }
    try body(daemon)
}

/// Drives connections the way a toolkit loop does, polling their descriptors
/// and handling what is pending, until `condition` holds; records an issue
/// after `timeout` seconds instead of waiting forever.
func pump(_ connections: [DBusConnection], timeout: Double = 20, until condition: () -> Bool,
          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard deadline.timeIntervalSinceNow > 0 else {
            Issue.record("condition not met within \(timeout) seconds", sourceLocation: sourceLocation)
            return
        }
        var entries = connections.map { connection in
            pollfd(fd: connection.fileDescriptor,
                   events: Int16(POLLIN) | (connection.hasPendingOutput ? Int16(POLLOUT) : 0), revents: 0)
        }
        _ = poll(&entries, nfds_t(entries.count), 100)
        for connection in connections { try connection.handlePending() }
    }
}

/// A value shared between the test thread and a helper thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
