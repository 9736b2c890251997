import Testing
import InteractionKitLinux
import InteractionKitLive

// The InteractionKitLive module page's run-loop example
// (Sources/InteractionKitLive/InteractionKitLive.docc/InteractionKitLive.md), as written.
@MainActor
func runTouchscreen(_ path: String, window: Window) throws {
    let loop = LiveRunLoop(window: window)          // CLOCK_MONOTONIC, from the window's time on
    let reader = try EvdevTouchReader(path: path, windowSize: window.bounds.size)
    loop.watch(reader.fileDescriptor) { _ in
        do {
            let batch = try reader.readAvailable(now: loop.now)
            for input in batch.samples { window.send(input) }
            if batch.reachedEnd { loop.stop() }
        } catch {
            print(error)                            // e.g. the device was unplugged (ENODEV)
            loop.stop()
        }
    }
    // Your display connection and wake-up pipe go here too: loop.watch(fd) { … }
    loop.afterEachTurn = { /* redraw, e.g. from window.largeContentViewerPresentation */ }
    try loop.run()                                  // sleeps until input or window.nextTimerDeadline
    // Fingers still down lift at a clean end, and are cancelled after an error: a fault never taps.
    for input in reader.finish(now: loop.now) { window.send(input) }
}

/// The module page's run-loop example compiles, and reports a device it cannot open as an error.
@Suite("InteractionKitLive's page: driving a window from a real event loop")
@MainActor
struct ReadmeLoopExampleTests {
    @Test("The example throws a clear error for a device that is not there")
    func missingDevice() {
        do {
            try runTouchscreen("/nonexistent/event3", window: Window(frame: Rect(x: 0, y: 0, width: 390, height: 844)))
            Issue.record("expected an error")
        } catch let error as EvdevError {
            #expect(error.kind == .cannotOpen)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
