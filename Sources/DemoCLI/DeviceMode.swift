import Glibc
import InteractionKitEvemu
import InteractionKitLive
import InteractionKitReplay

/// `Demo [SCRIPT] --device PATH [--desc DESC]`: an evdev touchscreen read
/// live onto the scene, printed as it happens.
///
/// A file or FIFO is read to its end with the records' own timestamps as
/// the touches' times, so the output is a pure function of its bytes; at
/// the end the pending timers fire. A device runs on the real clock (timers
/// fire between records) until it disappears or a signal ends the run.
/// Fingers still down when the input fails, or when a device's run stops,
/// are cancelled, never lifted: a fault or a Ctrl-C never taps.
@MainActor
enum DeviceMode {
    /// Runs the mode; returns the exit status.
    static func run(
        script: GestureScript, devicePath: String, descriptionPath: String?,
        options: DemoCommand.Options, output: (String) -> Void, errors: (String) -> Void,
        system: any EvdevSystem = SystemEvdev()
    ) -> Int32 {
        var description: EvemuDevice?
        if let descriptionPath {
            switch BoundedFile.read(path: descriptionPath, limit: EvemuLimits.maximumBytes) {
            case .success(let bytes):
                do {
                    // A .desc file, or an .events file with its description inside.
                    let recording = try EvemuRecording(
                        events: String(decoding: bytes, as: UTF8.self), eventsFile: descriptionPath)
                    description = recording.device
                } catch {
                    errors(error.description + "\n")
                    return 1
                }
            case .failure(let failure):
                errors("\(descriptionPath):1:1: error: cannot read the description: \(failure)\n")
                return 1
            }
        }
        let reader: EvdevTouchReader
        do {
            reader = try EvdevTouchReader(
                path: devicePath, description: description, windowSize: script.scene.windowSize,
                firstTouchID: GestureScriptParser.recordingTouchIDBase, system: system)
        } catch {
            errors(error.description + "\n")
            return 1
        }
        if reader.kind == .device, descriptionPath != nil {
            errors("Demo: \(devicePath) is a device: its axis ranges come from the kernel, not from --desc\n")
        }
        let player = ScriptPlayer(script: script)
        var stream = TranscriptStream(options: options)
        output(stream.start(script))
        player.begin()
        output(stream.more(player.replay))
        let failure: EvdevError?
        if reader.kind == .device {
            failure = withoutActuallyEscaping(output) { output in
                runDevice(reader, player: player) { output(stream.more($0)) }
            }
        } else {
            failure = runFile(reader, player: player) { output(stream.more($0)) }
        }
        // The fingers still down lift at the end of a file, and are cancelled
        // after a fault or when a device's run is stopped (lifting could tap);
        // then the timers still pending fire.
        let last = reader.kind == .device ? reader.cancel(now: player.window.currentTime)
            : reader.finish(now: player.window.currentTime)
        for input in last { player.play(input) }
        var rounds = 0
        while let deadline = player.window.nextTimerDeadline, rounds < 10_000 {
            player.advance(to: deadline)
            rounds += 1
        }
        output(stream.more(player.replay))
        output(stream.end(player.replay))
        if let failure {
            errors(failure.description + "\n")
            return 1
        }
        return 0
    }

    /// Reads a file or FIFO to its end, on the records' own time.
    static func runFile(_ reader: EvdevTouchReader, player: ScriptPlayer, show: (Replay) -> Void) -> EvdevError? {
        reader.startTime = 0
        while true {
            do {
                let batch = try reader.readAvailable(now: 0)
                for input in batch.samples { player.play(input) }
                if !batch.samples.isEmpty { show(player.replay) }
                if batch.reachedEnd { return nil }
            } catch {
                return error
            }
        }
    }

    /// Reads a device on the real clock until it goes away or a signal comes.
    static func runDevice(_ reader: EvdevTouchReader, player: ScriptPlayer, show: @escaping (Replay) -> Void) -> EvdevError? {
        let loop = LiveRunLoop(window: player.window)
        var failure: EvdevError?
        let signals = SignalPipe()
        defer { signals?.restore() }
        if let signals {
            loop.watch(signals.readEnd) { _ in
                _ = signals.drain()
                loop.stop()
            }
        }
        loop.watch(reader.fileDescriptor) { _ in
            do throws(EvdevError) {
                let batch = try reader.readAvailable(now: loop.now)
                for input in batch.samples { player.play(input) }
                if batch.reachedEnd { loop.stop() }
            } catch {
                failure = error
                loop.stop()
            }
        }
        loop.afterEachTurn = { show(player.replay) }
        do {
            try loop.run()
        } catch {
            failure = EvdevError(kind: .readFailed, path: reader.path, message: error.description)
        }
        return failure
    }
}
