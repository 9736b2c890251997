import Foundation
import Glibc
import Testing
import InteractionKitTestSupport

/// A child process started with `posix_spawn` (Foundation's `Process` leaks
/// a little per run, which LeakSanitizer reports), its output in a file.
///
/// The child starts with no signal blocked and the stopping signals at
/// their default action. Without that it inherits the test runner's thread
/// mask, which blocks SIGTERM: `dbus-run-session` then cannot stop the
/// session's `dbus-daemon`, nor it the `at-spi-bus-launcher` it started,
/// and both outlive the test.
struct SpawnedProcess {
    let pid: pid_t

    /// The signals a child gets back at their default action (the runner ignores SIGPIPE).
    static let defaultSignals = [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM]

    /// Starts `path` with `arguments`, the environment changed by `set` and `unset`,
    /// standard output and error appended to `outputPath`.
    init(_ path: String, _ arguments: [String], set: [String: String], unset: [String], outputPath: String) throws {
        try self.init(path, arguments, set: set, unset: unset) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
    }

    /// Starts `path` with `arguments` and the environment changed by `set`
    /// and `unset`, its standard input, output and error on `terminal` (a
    /// pseudo-terminal's slave side).
    init(_ path: String, _ arguments: [String], set: [String: String], unset: [String], terminal: Int32) throws {
        try self.init(path, arguments, set: set, unset: unset) { actions in
            for standard in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, terminal, standard) }
        }
    }

    private init(
        _ path: String, _ arguments: [String], set: [String: String], unset: [String],
        files: (inout posix_spawn_file_actions_t) -> Void
    ) throws {
        var environment = ProcessInfo.processInfo.environment
        for name in unset { environment.removeValue(forKey: name) }
        for (name, value) in set { environment[name] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        files(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in Self.defaultSignals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnError(code: status) }
        self.pid = pid
    }

    struct SpawnError: Error {
        var code: Int32
    }

    /// The exit status once the process ends within `seconds` (polling), or nil after killing it.
    /// A process ended by signal N gives 128 + N.
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
            if result < 0 { return nil }
            var request = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&request, nil)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        return nil
    }
}

/// A private session for one end-to-end test: a temporary folder (the
/// `XDG_RUNTIME_DIR` of everything started in it), and a marker in the
/// environment of every process started in it, which their children
/// inherit (the bus daemons, the bus launcher and the registry, Xvfb,
/// speech-dispatcher, Orca, the Demo), so that the test can tell exactly
/// which of its processes are still running afterwards: `survivors()`
/// reads `/proc/PID/environ`, the precise form of a `pgrep` before and
/// after that other sessions on the machine cannot confuse.
struct PrivateSession {
    /// The environment variable that marks the session's processes.
    static let markerName = "INTERACTIONKIT_E2E_SESSION"

    let folder: URL
    let marker: String

    /// Creates the folder (mode 0700, as a runtime directory must be).
    init(name: String) throws {
        marker = "\(name)-\(UUID().uuidString)"
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(marker)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// A file in the folder.
    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Starts `path` inside the session: the marker and `XDG_RUNTIME_DIR`
    /// set, no session or accessibility bus of the caller's; its output
    /// goes to `outputPath`, or, with `terminal`, its input and output are that terminal.
    func spawn(
        _ path: String, _ arguments: [String], set: [String: String] = [:], outputPath: String = "/dev/null",
        terminal: Int32? = nil
    ) throws -> SpawnedProcess {
        var environment = set
        environment[Self.markerName] = marker
        environment["XDG_RUNTIME_DIR"] = folder.path
        // A sanitizer build of the Demo must not fail at exit for the runtime's own allocations.
        environment["ASAN_OPTIONS"] = "detect_leaks=0"
        let unset = ["DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"]
        if let terminal {
            return try SpawnedProcess(path, arguments, set: environment, unset: unset, terminal: terminal)
        }
        return try SpawnedProcess(path, arguments, set: environment, unset: unset, outputPath: outputPath)
    }

    /// The processes still running (zombies aside) that carry the marker, as "PID NAME".
    func survivors() -> [String] {
        let needle = Array("\(Self.markerName)=\(marker)".utf8)
        var found: [String] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != getpid() else { continue }
            guard let environment = procFileBytes("/proc/\(entry)/environ") else { continue }
            let variables = environment.split(separator: 0)
            guard variables.contains(where: { $0.elementsEqual(needle) }) else { continue }
            let name = procFileText("/proc/\(entry)/comm")?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            found.append("\(pid) \(name)")
        }
        return found
    }

    /// Waits up to `seconds` for the session's processes to end (a bus
    /// daemon takes a moment after its session ends), then kills those
    /// left and returns them: empty when the session cleaned up after itself.
    func reap(within seconds: Double) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var left = survivors()
        while !left.isEmpty && Date() < deadline {
            var request = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&request, nil)
            left = survivors()
        }
        for survivor in left {
            if let pid = Int32(survivor.prefix { $0 != " " }) { kill(pid, SIGKILL) }
        }
        return left
    }

    /// Removes the folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

@Suite("Processes the end-to-end tests start")
struct AtspiSessionTests {
    @Test("A spawned process starts with no signal blocked and stops on SIGTERM")
    func signalsReachChildren() throws {
        let session = try PrivateSession(name: "signals")
        defer { session.remove() }
        let child = try session.spawn("/bin/sleep", ["30"], outputPath: "/dev/null")
        let status = procFileText("/proc/\(child.pid)/status") ?? ""
        let blocked = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
        #expect(blocked?.split(separator: "\t").last == "0000000000000000", "\(blocked ?? "no SigBlk line")")
        // Until the child has exec'd, /proc shows the parent's environment:
        // the marker appears a moment after the spawn returns (wait, generously).
        let deadline = Date().addingTimeInterval(10)
        while session.survivors().isEmpty && Date() < deadline {
            var request = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&request, nil)
        }
        #expect(session.survivors().count == 1, "the marker finds the child")
        kill(child.pid, SIGTERM)
        #expect(child.wait(seconds: 5) == 128 + SIGTERM)
        #expect(session.reap(within: 1).isEmpty)
    }
}
