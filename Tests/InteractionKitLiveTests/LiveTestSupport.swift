import Foundation
import Glibc
import InteractionKitEvemu
import InteractionKitLive
import InteractionKitLinux
import InteractionKitTestSupport

/// A clock that moves only when a test (or the fake poller) moves it.
@MainActor
final class FakeClock: LiveClock {
    var time: Double
    init(_ time: Double = 100) { self.time = time }
    func seconds() -> Double { time }
}

/// A poller that never sleeps: it asks the real `poll` with no timeout, and
/// when nothing is ready it moves the fake clock on — to the next scripted
/// input if that comes first (and performs it), else by the whole timeout.
@MainActor
final class FakePoller: LivePoller {
    let clock: FakeClock
    /// Inputs to perform when the clock reaches their time, in time order.
    var script: [(time: Double, perform: @MainActor () -> Void)] = []
    /// The timeouts asked for, in order (nil: forever).
    var timeouts: [Double?] = []
    private let real = SystemPoller()

    init(clock: FakeClock) { self.clock = clock }

    func poll(_ descriptors: [Int32], timeout: Double?) throws(LiveError) -> [Int32] {
        timeouts.append(timeout)
        let ready = try real.poll(descriptors, timeout: 0)
        if !ready.isEmpty { return ready }
        if let next = script.first, timeout.map({ clock.time + $0 >= next.time }) ?? true {
            script.removeFirst()
            clock.time = max(clock.time, next.time)
            next.perform()
            return try real.poll(descriptors, timeout: 0)
        }
        if let timeout { clock.time += timeout }
        return []
    }
}

/// A pipe: the read end to poll, the write end to feed.
struct Pipe {
    let read: Int32
    let write: Int32

    init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        read = ends[0]
        write = ends[1]
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
    }

    func closeWrite() { Glibc.close(write) }
    func closeRead() { Glibc.close(read) }
}

/// A fake device: `open` gives a pipe's read end (so it can be polled), the
/// ioctls answer from a table of axes, and reads may be told to fail.
final class FakeDeviceSystem: EvdevSystem {
    let pipe = Pipe()
    var kind = EvdevSourceKind.device
    var axes: [EvemuAxis]
    var name = "Fake touchscreen"
    /// When set, the next read fails with this errno.
    var failNextRead: Int32?
    var closed: [Int32] = []
    var requests: [UInt] = []

    init(axes: [EvemuAxis]) { self.axes = axes }

    func kind(ofPath path: String) -> Result<EvdevSourceKind, LiveError> { .success(kind) }

    func open(_ path: String, nonBlocking: Bool) -> Result<Int32, LiveError> {
        if path == "/dev/input/missing" { return .failure(LiveError(code: ENOENT, operation: "open")) }
        _ = fcntl(pipe.read, F_SETFL, O_NONBLOCK)
        return .success(pipe.read)
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if let code = failNextRead {
            failNextRead = nil
            return -Int(code)
        }
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        return count < 0 ? -Int(errno) : count
    }

    func ioctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
        requests.append(request)
        if request == EvdevRequest.absoluteAxisBits(length: 8) {
            var bits = [UInt8](repeating: 0, count: 8)
            for axis in axes { bits[axis.code / 8] |= 1 << UInt8(axis.code % 8) }
            argument.copyMemory(from: bits, byteCount: 8)
            return 8
        }
        if request == EvdevRequest.name(length: 256) {
            let bytes = Array(name.utf8) + [0]
            argument.copyMemory(from: bytes, byteCount: bytes.count)
            return Int32(bytes.count)
        }
        for axis in axes where request == EvdevRequest.absoluteAxis(axis.code) {
            let info: [Int32] = [0, Int32(axis.minimum), Int32(axis.maximum), Int32(axis.fuzz), Int32(axis.flat), Int32(axis.resolution)]
            info.withUnsafeBytes { argument.copyMemory(from: $0.baseAddress!, byteCount: 24) }
            return 0
        }
        return -EINVAL
    }

    func close(_ descriptor: Int32) { closed.append(descriptor) }
}

/// Records of a protocol B frame, with a time in seconds.
func frame(at time: Double, _ events: [(type: UInt16, code: UInt16, value: Int32)]) -> [UInt8] {
    let seconds = Int64(time.rounded(.down))
    let micro = Int64(((time - Double(seconds)) * 1_000_000).rounded())
    var bytes: [UInt8] = []
    for event in events + [(0, 0, 0)] {
        bytes += EvdevRecord(seconds: 1000 + seconds, microseconds: micro, type: event.type, code: event.code, value: event.value).bytes
    }
    return bytes
}

/// Protocol B axes: 0...1000 on both positions, ten slots.
let protocolBAxes = [
    EvemuAxis(code: 0x2f, minimum: 0, maximum: 9),
    EvemuAxis(code: 0x35, minimum: 0, maximum: 1000),
    EvemuAxis(code: 0x36, minimum: 0, maximum: 1000),
    EvemuAxis(code: 0x39, minimum: 0, maximum: 65535),
]

/// A temporary file holding `bytes`; removed by the caller.
func temporaryFile(_ bytes: [UInt8], name: String = "records") throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("live-\(name)-\(UUID().uuidString).bin")
    try Data(bytes).write(to: url)
    return url
}

/// The binary records of an evemu text recording.
func binaryRecords(of recording: EvemuRecording) -> [UInt8] {
    recording.events.flatMap { EvdevRecord($0).bytes }
}
