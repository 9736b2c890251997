import Glibc
import Testing
import InteractionKitLive
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("The live run loop")
@MainActor
struct LiveRunLoopTests {
    @Test("Virtual time goes on from the window's time as the clock moves")
    func mapping() {
        let window = Window.phone()
        window.advanceTime(to: 3)
        let clock = FakeClock(100)
        let loop = LiveRunLoop(window: window, clock: clock, poller: FakePoller(clock: clock))
        #expect(loop.now == 3)
        clock.time = 100.25
        #expect(loop.now == 3.25)
    }

    @Test("A held long press begins at its deadline: the loop waits exactly until then, with no input")
    func timerWithoutInput() throws {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        window.addGestureRecognizer(press)
        let clock = FakeClock()
        let poller = FakePoller(clock: clock)
        let loop = LiveRunLoop(window: window, clock: clock, poller: poller)
        window.down(10, 10, at: loop.now)
        try loop.runOnce()
        #expect(poller.timeouts == [0.5])
        #expect(press.state == .began)
        #expect(window.currentTime == 0.5)
        #expect(window.nextTimerDeadline == nil)
    }

    @Test("With nothing to watch and no timers, run() returns at once; a limit still waits")
    func nothingToWaitFor() throws {
        let clock = FakeClock()
        let poller = FakePoller(clock: clock)
        let loop = LiveRunLoop(window: Window.phone(), clock: clock, poller: poller)
        try loop.run()
        #expect(poller.timeouts.isEmpty)
        #expect(try loop.runOnce(limit: 2))
        #expect(poller.timeouts == [2])
        #expect(loop.now == 2)
    }

    @Test("A readable pipe reaches its handler, stamped with the clock's time; stop() ends run()")
    func pipeInput() throws {
        let window = Window.phone()
        let clock = FakeClock()
        let poller = FakePoller(clock: clock)
        let loop = LiveRunLoop(window: window, clock: clock, poller: poller)
        let input = Pipe()
        defer { input.closeRead(); input.closeWrite() }
        var received: [(Double, UInt8)] = []
        // Unowned: the loop keeps its handlers, so a strong capture would be a cycle.
        loop.watch(input.read) { [unowned loop] descriptor in
            var byte: UInt8 = 0
            _ = Glibc.read(descriptor, &byte, 1)
            received.append((loop.now, byte))
            if byte == UInt8(ascii: "q") { loop.stop() }
        }
        var turns = 0
        loop.afterEachTurn = { turns += 1 }
        poller.script = [
            (100.5, { input.send([UInt8(ascii: "a")]) }),
            (101.25, { input.send([UInt8(ascii: "q")]) }),
        ]
        try loop.run()
        #expect(received.map(\.0) == [0.5, 1.25])
        #expect(received.map(\.1) == [UInt8(ascii: "a"), UInt8(ascii: "q")])
        #expect(loop.isStopped)
        #expect(turns == 2)
        #expect(poller.timeouts == [nil, nil])
    }

    @Test("A timer due before input fires first, at its own deadline")
    func timerBeforeInput() throws {
        let window = Window.phone()
        let press = LongPressGestureRecognizer()
        window.addGestureRecognizer(press)
        var began: Double?
        press.addAction { [weak window] recognizer in if recognizer.state == .began { began = window?.currentTime } }
        let clock = FakeClock()
        let poller = FakePoller(clock: clock)
        let loop = LiveRunLoop(window: window, clock: clock, poller: poller)
        let input = Pipe()
        defer { input.closeRead(); input.closeWrite() }
        window.down(10, 10, at: 0)
        loop.watch(input.read) { [unowned loop, weak window] descriptor in
            var byte: UInt8 = 0
            _ = Glibc.read(descriptor, &byte, 1)
            window?.up(10, 10, at: loop.now)
            loop.stop()
        }
        poller.script = [(100.2, { input.send([1]) })]
        try loop.run()
        // The first wait ends at the input (0.2 s), then the loop waits the rest.
        #expect(poller.timeouts == [0.5])
        #expect(began == nil)
        #expect(press.state == .possible)
        poller.script = []
        let downAt = loop.now
        window.down(10, 10, at: downAt)
        try loop.runOnce()
        #expect(began == downAt + 0.5)
    }
}
