import Foundation
import Glibc
import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

/// A clock the test moves: a wait polls the descriptor for real, but at
/// most `patience` seconds, and when nothing came the clock moves by the
/// whole time asked for; so a silent registry costs the test `patience`
/// of real time per wait, whatever the bridge's time-out, and no test
/// bounds the wall clock.
@MainActor
final class SteppedClock: AtspiBridgeClock {
    var now = 1_000.0
    /// Real seconds a wait polls before it counts as having waited its whole timeout.
    var patience: Double
    /// The timeout of each wait, in order.
    private(set) var waits: [Double] = []
    /// Runs at the start of each wait, with the number of waits so far (1 for the first).
    var onWait: ((Int) -> Void)?

    init(patience: Double) {
        self.patience = patience
    }

    func seconds() -> Double { now }

    func wait(for descriptor: Int32, forWriting: Bool, timeout: Double) {
        waits.append(timeout)
        onWait?(waits.count)
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN) | (forWriting ? Int16(POLLOUT) : 0), revents: 0)
        if poll(&entry, 1, Int32(patience * 1000)) > 0 {
            now += 0.000_1
        } else {
            now += timeout
        }
    }
}

/// The bridge against a registry that answers wrongly, stops answering or
/// comes late (issue 37, R4-4 and R4-10; issue 33's start-up), on a
/// private bus and the test's own clock.
@Suite("The bridge against a registry that answers wrongly, late or never", .serialized)
@MainActor
struct AtspiRegistryReliabilityTests {
    typealias Served = AtspiKeyForwardingTests.Served

    func withServedScene(
        _ behaviour: FakeRegistry.Behaviour, clock: SteppedClock, _ body: (Served) throws -> Void
    ) throws {
        guard PrivateBusDaemon.isAvailable else {
            EndToEnd.skip("the registry tests", because: "\(PrivateBusDaemon.executable) is missing (apt-get install dbus)")
            return
        }
        let daemon = try PrivateBusDaemon()
        defer { daemon.stop() }
        let registry = try FakeRegistry(address: daemon.address, behaviour: behaviour)
        defer { registry.stop() }
        let served = try Served(daemon: daemon, registry: registry, clock: clock)
        defer { served.bridge.close() }
        try body(served)
    }

    private func letter(_ served: Served, _ phase: PressPhase) {
        served.window.send(KeyInput(key: served.key(.keyboardA, characters: "a"), phase: phase,
                                    timestamp: served.window.currentTime))
    }

    /// Waits (real time, generously) until the registry has seen `count` keys.
    private func registrySaw(_ served: Served, _ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(20)
        while served.registry.keys.get().count < count, Date() < deadline { usleep(1_000) }
        #expect(served.registry.keys.get().count == count, sourceLocation: sourceLocation)
    }

    @Test("A registry that never answers holds a key keyAnswerTimeout of the bridge's clock, then the key goes on")
    func silentRegistry() throws {
        let clock = SteppedClock(patience: 0.05)
        try withServedScene(.silent, clock: clock) { served in
            let start = clock.now
            served.window.send(KeyInput(key: served.key(.keyboardTab), phase: .began, timestamp: 1))
            #expect(served.window.focusedItem === served.scene.item("Home"), "the key went on")
            #expect(abs(clock.now - start - 0.2) < 1e-3)
            #expect(clock.waits.first.map { abs($0 - 0.2) < 1e-6 } == true)
            guard case .unanswered(let reason)? = served.answers.first else {
                Issue.record("expected no answer, got \(served.answers)")
                return
            }
            #expect(reason.contains("within 0.2 seconds"), "\(reason)")
            // The connection is still good: the next key is offered again, and answered.
            clock.patience = 20
            served.registry.behaviour.set(.answer(false))
            served.window.send(KeyInput(key: served.key(.keyboardTab), phase: .ended, timestamp: 1.1))
            #expect(served.answers.last == .passed)
            #expect(served.registry.keys.get().count == 2)
        }
    }

    @Test("R4-4: only a reply of signature b counts; bb or (bb) starting with true consumes nothing")
    func onlyBooleanReplies() throws {
        let clock = SteppedClock(patience: 20)
        try withServedScene(.reply([.boolean(true), .boolean(false)]), clock: clock) { served in
            served.press(served.key(.keyboardTab), at: 1)
            #expect(served.window.focusedItem === served.scene.item("Home"), "Tab reached the application")
            guard case .unanswered(let reason)? = served.answers.first else {
                Issue.record("expected a refused reply, got \(served.answers)")
                return
            }
            #expect(reason.contains("\"bb\""), "\(reason)")
            served.registry.behaviour.set(.reply([.structure([.boolean(true), .boolean(false)])]))
            served.press(served.key(.keyboardTab), at: 2)
            #expect(served.window.focusedItem === served.save)
            served.registry.behaviour.set(.reply([.boolean(true)]))
            served.press(served.key(.keyboardTab), at: 3)
            #expect(served.window.focusedItem === served.save, "a true of signature b consumes")
            #expect(served.answers.suffix(2) == [.consumed, .consumed])
        }
    }

    @Test("R4-10: after 3 unanswered keys in a row keys no longer wait (still sent); a probe every 5 s waits again")
    func backOff() throws {
        let clock = SteppedClock(patience: 0.05)
        try withServedScene(.silent, clock: clock) { served in
            let start = clock.now
            letter(served, .began)
            letter(served, .ended)
            #expect(!served.bridge.isBackingOff)
            letter(served, .began)
            #expect(served.bridge.isBackingOff)
            #expect(abs(clock.now - start - 0.6) < 1e-2, "three keys waited 200 ms each")
            // Backing off: ten keys cost no wait, and the registry still hears each.
            let waits = clock.waits.count
            for _ in 0..<5 {
                letter(served, .ended)
                letter(served, .began)
            }
            #expect(clock.waits.count == waits)
            #expect(served.answers.count == 13)
            for answer in served.answers.suffix(10) {
                guard case .unanswered(let reason) = answer else {
                    Issue.record("expected an unwaited key, got \(answer)")
                    continue
                }
                #expect(reason.contains("not waited for"), "\(reason)")
            }
            registrySaw(served, 13)
            #expect(served.registry.repliesWanted.get().suffix(10).allSatisfy { !$0 }, "sent without asking for a reply")
            // A probe after 5 s: still silent, it waits the full time once, and the back-off goes on.
            clock.now += AtspiBridge.registryProbeInterval
            let beforeProbe = clock.now
            letter(served, .ended)
            #expect(abs(clock.now - beforeProbe - 0.2) < 1e-2)
            #expect(served.bridge.isBackingOff)
            let afterProbe = clock.waits.count
            letter(served, .began)
            #expect(clock.waits.count == afterProbe, "the next key waits no more")
            // The registry answers the next probe: keys wait for it again.
            clock.now += AtspiBridge.registryProbeInterval
            clock.patience = 20
            served.registry.behaviour.set(.answer(false))
            letter(served, .ended)
            #expect(served.answers.last == .passed)
            #expect(!served.bridge.isBackingOff)
            letter(served, .began)
            letter(served, .ended)
            #expect(served.answers.suffix(2) == [.passed, .passed])
            #expect(served.bridge.keyAnswerTimeout == 0.2, "the per-key bound is kept")
        }
    }

    @Test("Start-up looks for a registry that is not on the bus yet for 5 s of the bridge's clock, then gives up")
    func registryNeverComes() throws {
        guard PrivateBusDaemon.isAvailable else {
            EndToEnd.skip("the registry tests", because: "\(PrivateBusDaemon.executable) is missing (apt-get install dbus)")
            return
        }
        let daemon = try PrivateBusDaemon()
        defer { daemon.stop() }
        let clock = SteppedClock(patience: 0.01)
        let start = clock.now
        let window = Window.phone()
        do {
            _ = try AtspiBridge(window: window, applicationName: "Late", busAddress: daemon.address, timeout: 10, clock: clock)
            Issue.record("a bridge started with no registry")
        } catch {
            guard case .registrationFailed(let detail) = error else {
                Issue.record("expected registrationFailed, got \(error)")
                return
            }
            #expect(detail.contains("no AT-SPI registry"), "\(detail)")
            #expect(detail.contains("5.0 seconds"), "\(detail)")
        }
        #expect(clock.now - start >= AtspiBridge.registryStartupPatience)
        #expect(clock.now - start < AtspiBridge.registryStartupPatience + 0.5)
        #expect(clock.waits.count >= 10 && clock.waits.count <= 21, "\(clock.waits.count) looks")
    }

    @Test("A registry that comes a moment after the application is found: the bridge starts and keys reach it")
    func registryComesLate() throws {
        guard PrivateBusDaemon.isAvailable else {
            EndToEnd.skip("the registry tests", because: "\(PrivateBusDaemon.executable) is missing (apt-get install dbus)")
            return
        }
        let daemon = try PrivateBusDaemon()
        defer { daemon.stop() }
        let clock = SteppedClock(patience: 0.01)
        var registry: FakeRegistry?
        clock.onWait = { count in
            guard count == 3, registry == nil else { return }
            registry = try? FakeRegistry(address: daemon.address, behaviour: .answer(false))
        }
        defer { registry?.stop() }
        let scene = TabBarScene(size: .large)
        let bridge = try AtspiBridge(window: scene.window, applicationName: "Late", busAddress: daemon.address,
                                     timeout: 10, clock: clock)
        defer { bridge.close() }
        #expect(registry != nil)
        #expect(clock.waits.count == 3)
        clock.patience = 20
        var answers: [AtspiBridge.KeyAnswer] = []
        bridge.keyObserver = { _, answer in answers.append(answer) }
        scene.window.makeKey()
        scene.window.send(KeyInput(key: Key(keyCode: .keyboardTab), phase: .began, timestamp: 1))
        #expect(answers == [.passed])
    }
}
