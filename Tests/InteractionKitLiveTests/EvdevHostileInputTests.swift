import Foundation
import Glibc
import Testing
@testable import InteractionKitEvemu
import InteractionKitLive
import InteractionKitLinux
import InteractionKitTestSupport

/// Reads until the input ends or fails; returns the samples, the error if
/// any, and what `finish` gives after it.
func readToFailure(_ reader: EvdevTouchReader) -> (samples: [TouchInput], error: EvdevError?, finish: [TouchInput]) {
    var samples: [TouchInput] = []
    var failure: EvdevError?
    do {
        while true {
            let batch = try reader.readAvailable(now: 0)
            samples += batch.samples
            if batch.reachedEnd { break }
        }
    } catch {
        failure = error
    }
    return (samples, failure, reader.finish(now: 0))
}

@Suite("The evdev reader under broken and hostile input")
struct EvdevHostileInputTests {
    static let window = Size(width: 1000, height: 1000)
    static let device = EvemuDevice(name: "", axes: Dictionary(uniqueKeysWithValues: protocolBAxes.map { ($0.code, $0) }))!

    @Test("Input that ends inside a record while a finger is down cancels it, never lifts it")
    func truncatedCancels() throws {
        let bytes = frame(at: 0, [(3, 0x39, 1), (3, 0x35, 10), (3, 0x36, 20)])
        let file = try temporaryFile(bytes + Array(bytes[0..<10]))
        defer { try? FileManager.default.removeItem(at: file) }
        let reader = try EvdevTouchReader(path: file.path, description: Self.device, windowSize: Self.window)
        let (samples, error, finish) = readToFailure(reader)
        #expect(error?.kind == .truncatedRecord && reader.hasFailed)
        #expect(samples.map(\.phase) == [.began])
        #expect(finish == [TouchInput(id: 0, phase: .cancelled, location: Point(x: 10, y: 20), timestamp: 0)])
    }

    @Test("An unknown event type while a finger is down cancels it")
    func unknownTypeCancels() throws {
        var bytes = frame(at: 0, [(3, 0x39, 1), (3, 0x35, 10), (3, 0x36, 20)])
        bytes += EvdevRecord(seconds: 1000, microseconds: 10_000, type: 0x42, code: 0, value: 0).bytes
        let file = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: file) }
        let reader = try EvdevTouchReader(path: file.path, description: Self.device, windowSize: Self.window)
        let (samples, error, finish) = readToFailure(reader)
        #expect(error?.kind == .unknownEventType)
        // The frame read with the bad record comes out at the end, then the cancel.
        #expect(samples.isEmpty && finish.map(\.phase) == [.began, .cancelled])
    }

    @Test("A device that disappears while a finger is down cancels it")
    func deviceGoneCancels() throws {
        let system = FakeDeviceSystem(axes: protocolBAxes)
        defer { system.pipe.closeWrite(); system.pipe.closeRead() }
        let reader = try EvdevTouchReader(path: "/dev/input/event7", windowSize: Self.window, system: system)
        system.pipe.send(frame(at: 0, [(3, 0x39, 1), (3, 0x35, 100), (3, 0x36, 200)]))
        #expect(try reader.readAvailable(now: 5).samples.map(\.phase) == [.began])
        system.failNextRead = ENODEV
        #expect(throws: EvdevError.self) { _ = try reader.readAvailable(now: 6) }
        #expect(reader.finish(now: 6) == [TouchInput(id: 0, phase: .cancelled, location: Point(x: 100, y: 200), timestamp: 5)])
    }

    @Test("A run stopped early cancels the fingers still down, whatever the input would have done")
    func stopCancels() throws {
        let system = FakeDeviceSystem(axes: protocolBAxes)
        defer { system.pipe.closeWrite(); system.pipe.closeRead() }
        let reader = try EvdevTouchReader(path: "/dev/input/event7", windowSize: Self.window, system: system)
        system.pipe.send(frame(at: 0, [(3, 0x39, 1), (3, 0x35, 100), (3, 0x36, 200)]) + frame(at: 0.01, [(3, 0x35, 150)])[0..<24])
        #expect(try reader.readAvailable(now: 5).samples.map(\.phase) == [.began])
        // Where the finger last was, at the time of the last record read.
        #expect(reader.cancel(now: 6) == [TouchInput(id: 0, phase: .cancelled, location: Point(x: 100, y: 200), timestamp: 5.01)])
        #expect(reader.isFinished && reader.finish(now: 7).isEmpty)
    }

    @Test("A slot outside the device's ABS_MT_SLOT range is an error at its record, and cancels the fingers down")
    func slotOutOfRange() throws {
        var bytes = frame(at: 0, [(3, 0x39, 1), (3, 0x35, 10), (3, 0x36, 20)])
        bytes += frame(at: 0.01, [(3, 0x2f, 5000), (3, 0x39, 2), (3, 0x35, 30), (3, 0x36, 40)])
        let file = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: file) }
        let reader = try EvdevTouchReader(path: file.path, description: Self.device, windowSize: Self.window)
        let (samples, error, finish) = readToFailure(reader)
        #expect(error == EvdevError(
            kind: .slotOutOfRange, path: file.path, offset: 96,
            message: "slot 5000 is outside the device's ABS_MT_SLOT range 0…9; the kernel never reports such a slot"))
        #expect((samples + finish).map(\.phase) == [.began, .cancelled])
    }

    @Test("A clean end lifts the fingers still down, as before")
    func cleanEndLifts() throws {
        let file = try temporaryFile(frame(at: 0, [(3, 0x39, 1), (3, 0x35, 10), (3, 0x36, 20)]))
        defer { try? FileManager.default.removeItem(at: file) }
        let reader = try EvdevTouchReader(path: file.path, description: Self.device, windowSize: Self.window)
        let (_, error, finish) = readToFailure(reader)
        #expect(error == nil && !reader.hasFailed)
        #expect(finish.map(\.phase) == [.ended])
    }
}
