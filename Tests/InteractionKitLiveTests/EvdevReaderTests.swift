import Foundation
import Glibc
import Testing
@testable import InteractionKitEvemu
import InteractionKitLive
import InteractionKitLinux
import InteractionKitTestSupport

/// The evemu recordings shipped in Examples, with the description each needs.
let shippedRecordings: [(events: String, description: String?)] = [
    ("ELAN CANDO Windows7.1-finger-drag-up-down.events", "ELAN CANDO Windows7.desc"),
    ("EP0430M09.1-finger-drag-up-down.events", nil),
    ("EP0430M09.2-finger-scroll-down.events", nil),
    ("EP0430M09.2-fingers-touch-release.events", nil),
    ("EP0430M09.4-finger-drag-down.events", nil),
    ("QUANTA OpticalTouchScreen.events", "QUANTA OpticalTouchScreen.desc"),
    ("QUANTA OpticalTouchScreen.touch-on-left.events", "QUANTA OpticalTouchScreen.desc"),
]

func shippedRecording(_ events: String, _ description: String?) throws -> EvemuRecording {
    let folder = Repository.examples.appendingPathComponent("recordings")
    return try EvemuRecording(
        events: String(contentsOf: folder.appendingPathComponent(events), encoding: .utf8), eventsFile: events,
        description: try description.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) },
        descriptionFile: description)
}

/// Reads a whole source to its end, as the Demo does for a file.
func readAll(_ reader: EvdevTouchReader) throws(EvdevError) -> [TouchInput] {
    var samples: [TouchInput] = []
    while true {
        let batch = try reader.readAvailable(now: 0)
        samples += batch.samples
        if batch.reachedEnd { break }
    }
    return samples + reader.finish(now: 0)
}

@Suite("The evdev reader")
struct EvdevReaderTests {
    static let window = Size(width: 390, height: 844)

    @Test("A record is 24 bytes in the x86-64 layout and decodes back to itself")
    func recordLayout() {
        let record = EvdevRecord(seconds: 0x0102_0304_0506_0708, microseconds: 999_999, type: 3, code: 0x35, value: -2)
        let bytes = record.bytes
        #expect(bytes.count == 24)
        #expect(Array(bytes[0..<8]) == [8, 7, 6, 5, 4, 3, 2, 1])
        #expect(Array(bytes[16..<24]) == [3, 0, 0x35, 0, 0xFE, 0xFF, 0xFF, 0xFF])
        #expect(EvdevRecord(bytes: bytes, at: 0) == record)
        #expect(EvdevRecord(bytes: [0, 0] + bytes, at: 2) == record)
    }

    @Test("Each shipped recording gives the same samples from binary records as from its evemu text",
          arguments: shippedRecordings.map(\.events))
    func sameSamples(events: String) throws {
        let description = shippedRecordings.first { $0.events == events }?.description
        let recording = try shippedRecording(events, description)
        let expected = recording.touchInputs(windowSize: Self.window, startTime: 0, firstTouchID: 10_000)
        #expect(!expected.isEmpty)
        let file = try temporaryFile(binaryRecords(of: recording))
        defer { try? FileManager.default.removeItem(at: file) }
        let reader = try EvdevTouchReader(
            path: file.path, description: recording.device, windowSize: Self.window, firstTouchID: 10_000)
        reader.startTime = 0
        #expect(reader.kind == .regularFile)
        let samples = try readAll(reader)
        #expect(samples == expected)
    }

    @Test("A file that ends inside a record is an error at the record's byte offset")
    func truncated() throws {
        let bytes = frame(at: 0, [(3, 0x39, 1), (3, 0x35, 10), (3, 0x36, 10)])
        let file = try temporaryFile(bytes + Array(bytes[0..<10]))
        defer { try? FileManager.default.removeItem(at: file) }
        let device = EvemuDevice(name: "", axes: Dictionary(uniqueKeysWithValues: protocolBAxes.map { ($0.code, $0) }))!
        let reader = try EvdevTouchReader(path: file.path, description: device, windowSize: Self.window)
        #expect(throws: EvdevError(
            kind: .truncatedRecord, path: file.path, offset: 96,
            message: "the input ends inside a record: 10 of 24 bytes")) {
            _ = try readAll(reader)
        }
    }

    @Test("An unknown event type is an error at its record's byte offset, not a trap")
    func unknownType() throws {
        var bytes = frame(at: 0, [(3, 0x39, 1)])
        bytes += EvdevRecord(seconds: 1, microseconds: 0, type: 0x42, code: 0, value: 0).bytes
        let file = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: file) }
        let device = EvemuDevice(name: "", axes: Dictionary(uniqueKeysWithValues: protocolBAxes.map { ($0.code, $0) }))!
        let reader = try EvdevTouchReader(path: file.path, description: device, windowSize: Self.window)
        do {
            _ = try readAll(reader)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unknownEventType)
            #expect(error.offset == 48)
            #expect(error.description.hasPrefix("\(file.path): byte 48: error: unknown event type 0x42"))
        }
    }

    @Test("A file or FIFO without a description, a missing path, and a path that is no device are clear errors")
    func openErrors() throws {
        let file = try temporaryFile([])
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: EvdevError.self) { try EvdevTouchReader(path: file.path, windowSize: Self.window) }
        do {
            _ = try EvdevTouchReader(path: file.path, windowSize: Self.window)
        } catch {
            #expect(error.kind == .needsDescription)
        }
        do {
            _ = try EvdevTouchReader(path: "/nonexistent/event0", windowSize: Self.window)
        } catch {
            #expect(error.kind == .cannotOpen)
            #expect(error.description == "/nonexistent/event0: error: cannot open: No such file or directory")
        }
        do {
            _ = try EvdevTouchReader(path: "/dev/null", windowSize: Self.window)
        } catch {
            #expect(error.kind == .notAnInputDevice)
        }
        do {
            _ = try EvdevTouchReader(path: "/tmp", windowSize: Self.window)
        } catch {
            #expect(error.kind == .unsupportedFile)
        }
    }

    @Test("A FIFO waits for its writer; a writer that closes at a record boundary ends the input normally")
    func fifoClean() throws {
        let recording = try shippedRecording("QUANTA OpticalTouchScreen.touch-on-left.events", "QUANTA OpticalTouchScreen.desc")
        let bytes = binaryRecords(of: recording)
        let samples = try readThroughFIFO(bytes, device: recording.device)
        #expect(try samples.samples.get() == recording.touchInputs(windowSize: Self.window, startTime: 0))
    }

    @Test("A FIFO writer that closes inside a record is a truncated record with its byte offset")
    func fifoTruncated() throws {
        let recording = try shippedRecording("QUANTA OpticalTouchScreen.touch-on-left.events", "QUANTA OpticalTouchScreen.desc")
        let bytes = binaryRecords(of: recording)
        let cut = 24 * 7 + 5
        let result = try readThroughFIFO(Array(bytes[0..<cut]), device: recording.device)
        #expect(throws: EvdevError(
            kind: .truncatedRecord, path: result.path, offset: 24 * 7,
            message: "the input ends inside a record: 5 of 24 bytes")) { try result.samples.get() }
    }

    /// Writes `bytes` into a fresh FIFO from another thread and reads it back.
    private func readThroughFIFO(_ bytes: [UInt8], device: EvemuDevice) throws -> (path: String, samples: Result<[TouchInput], EvdevError>) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("live-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let writer = Thread {
            // Opening for writing waits for the reader, as the reader waits for it.
            let descriptor = open(path, O_WRONLY)
            var sent = 0
            while sent < bytes.count {
                // Small pieces: the reader sees records split across reads.
                let piece = min(37, bytes.count - sent)
                let written = bytes[sent..<(sent + piece)].withUnsafeBytes { write(descriptor, $0.baseAddress, piece) }
                if written <= 0 { break }
                sent += written
            }
            close(descriptor)
        }
        writer.start()
        let reader = try EvdevTouchReader(path: path, description: device, windowSize: Self.window)
        reader.startTime = 0
        #expect(reader.kind == .fifo)
        do {
            return (path, .success(try readAll(reader)))
        } catch {
            return (path, .failure(error))
        }
    }
}

@Suite("The evdev reader on a device (through a fake)")
@MainActor
struct EvdevDeviceTests {
    @Test("Axis ranges and the name come from the kernel's EVIOCGBIT, EVIOCGABS and EVIOCGNAME")
    func kernelRanges() throws {
        let system = FakeDeviceSystem(axes: protocolBAxes)
        defer { system.pipe.closeWrite(); system.pipe.closeRead() }
        let reader = try EvdevTouchReader(path: "/dev/input/event7", windowSize: Size(width: 390, height: 844), system: system)
        #expect(reader.kind == .device)
        #expect(reader.device.name == "Fake touchscreen")
        #expect(reader.device.touchProtocol == .multitouchB)
        #expect(reader.device.axes[0x35] == EvemuAxis(code: 0x35, minimum: 0, maximum: 1000))
        // EVIOCGBIT(EV_ABS, 8) and EVIOCGABS(ABS_MT_POSITION_X), as linux/input.h spells them.
        #expect(system.requests.contains(0x8008_4523))
        #expect(system.requests.contains(0x8018_4575))
    }

    @Test("A device without position axes, or that is no input device, is refused and closed")
    func badDevices() throws {
        let system = FakeDeviceSystem(axes: [EvemuAxis(code: 0x2f, minimum: 0, maximum: 9)])
        defer { system.pipe.closeWrite(); system.pipe.closeRead() }
        #expect(throws: EvdevError.self) {
            try EvdevTouchReader(path: "/dev/input/event7", windowSize: Size(width: 390, height: 844), system: system)
        }
        #expect(system.closed == [system.pipe.read])
        #expect(throws: EvdevError.self) {
            try EvdevTouchReader(path: "/dev/input/missing", windowSize: Size(width: 390, height: 844), system: system)
        }
    }

    @Test("Nothing to read is an empty batch; a device that disappears (ENODEV) is an error with the byte offset")
    func deviceGone() throws {
        let system = FakeDeviceSystem(axes: protocolBAxes)
        defer { system.pipe.closeWrite(); system.pipe.closeRead() }
        let reader = try EvdevTouchReader(path: "/dev/input/event7", windowSize: Size(width: 1000, height: 1000), system: system)
        #expect(try reader.readAvailable(now: 5) == EvdevTouchReader.Batch(samples: [], reachedEnd: false))
        system.pipe.send(frame(at: 0, [(3, 0x39, 1), (3, 0x35, 100), (3, 0x36, 200)]))
        let batch = try reader.readAvailable(now: 5)
        #expect(batch.samples == [TouchInput(id: 0, phase: .began, location: Point(x: 100, y: 200), timestamp: 5)])
        system.failNextRead = ENODEV
        #expect(throws: EvdevError(
            kind: .deviceGone, path: "/dev/input/event7", offset: 96,
            message: "the device disappeared (unplugged?) after 4 records")) {
            _ = try reader.readAvailable(now: 6)
        }
        #expect(reader.isFinished)
    }

    @Test("Between records, the run loop fires timers on the real clock: the HUD shows 0.15 s after a press")
    func realClockTimers() throws {
        let scene = TabBarScene()
        let system = FakeDeviceSystem(axes: protocolBAxes)
        defer { system.pipe.closeWrite(); system.pipe.closeRead() }
        // Scale 0...1000 to the window: Home's centre is (39, 819.5).
        let reader = try EvdevTouchReader(path: "/dev/input/event7", windowSize: Size(width: 1000, height: 1000), system: system)
        let clock = FakeClock(50)
        let poller = FakePoller(clock: clock)
        let loop = LiveRunLoop(window: scene.window, clock: clock, poller: poller)
        var shownAt: Double?
        // Weak and unowned captures: the window keeps its observers and the
        // loop its handlers, so strong ones would be cycles.
        scene.window.addLargeContentViewerObserver { [weak window = scene.window] presentation in
            if presentation?.title == "Home" { shownAt = window?.currentTime }
        }
        loop.watch(reader.fileDescriptor) { [unowned loop, weak window = scene.window] _ in
            let batch = try? reader.readAvailable(now: loop.now)
            for input in batch?.samples ?? [] { window?.send(input) }
        }
        poller.script = [(51, { system.pipe.send(frame(at: 0, [(3, 0x39, 1), (3, 0x35, 39), (3, 0x36, 819)])) })]
        try loop.runOnce()
        #expect(scene.window.touchesDown.count == 1)
        #expect(shownAt == nil)
        try loop.runOnce()
        #expect(abs((poller.timeouts.last ?? nil).map { $0 - 0.15 } ?? 1) < 1e-9)
        #expect(shownAt == 1.15)
    }
}
