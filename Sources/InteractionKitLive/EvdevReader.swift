#if canImport(Glibc)
import Glibc
#endif
import InteractionKitCore
import InteractionKitEvemu

/// One kernel `struct input_event` in its x86-64 layout: 24 bytes, little endian.
public struct EvdevRecord: Hashable, Sendable {
    /// The size of a record in bytes.
    public static let size = 24

    /// Whole seconds of the timestamp (`timeval.tv_sec`).
    public var seconds: Int64
    /// Microseconds of the timestamp (`timeval.tv_usec`).
    public var microseconds: Int64
    /// Event type (`EV_SYN` = 0, `EV_KEY` = 1, `EV_ABS` = 3, …).
    public var type: UInt16
    /// Event code within the type.
    public var code: UInt16
    /// Signed event value.
    public var value: Int32

    /// Creates a record.
    public init(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// Decodes the 24 bytes starting at `offset` of `bytes`.
    public init<Bytes: RandomAccessCollection>(bytes: Bytes, at offset: Bytes.Index) where Bytes.Element == UInt8 {
        func integer(_ start: Int, _ count: Int) -> UInt64 {
            var result: UInt64 = 0
            for index in (0..<count).reversed() {
                result = result << 8 | UInt64(bytes[bytes.index(offset, offsetBy: start + index)])
            }
            return result
        }
        seconds = Int64(bitPattern: integer(0, 8))
        microseconds = Int64(bitPattern: integer(8, 8))
        type = UInt16(truncatingIfNeeded: integer(16, 2))
        code = UInt16(truncatingIfNeeded: integer(18, 2))
        value = Int32(bitPattern: UInt32(truncatingIfNeeded: integer(20, 4)))
    }

    /// The record's 24 bytes.
    public var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(Self.size)
        func append(_ value: UInt64, _ count: Int) {
            for index in 0..<count { result.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
        }
        append(UInt64(bitPattern: seconds), 8)
        append(UInt64(bitPattern: microseconds), 8)
        append(UInt64(type), 2)
        append(UInt64(code), 2)
        append(UInt64(UInt32(bitPattern: value)), 4)
        return result
    }

    /// The record of an evemu `E:` line.
    public init(_ event: EvemuEvent) {
        self.init(
            seconds: Int64(event.seconds), microseconds: Int64(event.microseconds),
            type: UInt16(truncatingIfNeeded: event.type), code: UInt16(truncatingIfNeeded: event.code),
            value: Int32(truncatingIfNeeded: event.value))
    }

    /// The event types the kernel defines (`EV_SYN` … `EV_FF_STATUS`).
    public static let knownTypes: Set<UInt16> = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x11, 0x12, 0x14, 0x15, 0x16, 0x17]
}

/// Why an evdev source could not be read: where (the byte offset of the
/// record, when there is one) and what.
public struct EvdevError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The path cannot be examined or opened.
        case cannotOpen
        /// The path is neither a character device, a regular file nor a FIFO.
        case unsupportedFile
        /// The device did not answer the evdev axis queries (not an input device).
        case notAnInputDevice
        /// No description was given for a file or FIFO, which has no ranges of its own.
        case needsDescription
        /// The axes (kernel or description) cannot locate touches.
        case noPositionAxes
        /// The input ended inside a record.
        case truncatedRecord
        /// A record has a type the kernel does not define.
        case unknownEventType
        /// A record names a slot outside the device's `ABS_MT_SLOT` range,
        /// which the kernel never does.
        case slotOutOfRange
        /// The device disappeared (`ENODEV`): unplugged mid-run.
        case deviceGone
        /// Reading failed for another reason.
        case readFailed
    }

    /// What went wrong.
    public var kind: Kind
    /// The path that was read.
    public var path: String
    /// The byte offset the error is about, if any.
    public var offset: Int?
    /// A sentence for a person.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, path: String, offset: Int? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.offset = offset
        self.message = message
    }

    /// `PATH: byte OFFSET: error: MESSAGE` (without the byte part when there is no offset).
    public var description: String {
        "\(path): " + (offset.map { "byte \($0): " } ?? "") + "error: " + message
    }
}

/// Reads a Linux evdev touchscreen — a device (`/dev/input/eventN`), or a
/// file or FIFO of raw 24-byte `struct input_event` records — and decodes
/// it into touch samples with the same decoder as evemu recordings
/// (protocol A, protocol B, single touch, `SYN_DROPPED`).
///
/// Axis ranges come from the kernel (`EVIOCGABS`) for a device, and from an
/// evemu description for a file or FIFO. Positions are scaled to the
/// window; sample times are `startTime` plus the records' own timestamps
/// counted from the first record. Bad input is an ``EvdevError`` with the
/// byte offset, never a trap.
///
/// The reader does not own a loop: call `readAvailable(now:)` when its
/// descriptor is readable (a ``LiveRunLoop`` does), then `finish(now:)` at
/// the end, also after an error: the fingers still down then lift (at a
/// clean end) or are cancelled (after a failure), so a fault never taps.
///
/// A broken or hostile source is bounded: a slot outside the device's
/// `ABS_MT_SLOT` range is an error, and at most
/// `GestureConstants.maximumTouchesDown` contacts are down at once (one more
/// gives its `.began`, which the window refuses, and nothing else); each
/// record is decoded in constant time, looked up by its slot.
public final class EvdevTouchReader {
    /// The path read.
    public let path: String
    /// What the path is.
    public let kind: EvdevSourceKind
    /// The descriptor to poll; -1 after `close()`.
    public private(set) var fileDescriptor: Int32
    /// The device: its name, axes and touch protocol.
    public let device: EvemuDevice
    /// The time of the first record's samples; nil takes the `now` of the first read that finds one.
    public var startTime: Double?
    /// The id of the first contact; later contacts count up from it.
    public let firstTouchID: Int

    private let system: any EvdevSystem
    private var stream: EvemuTouchStream
    private let scaler: EvemuTouchScaler
    private var pending: [UInt8] = []
    private var offset = 0
    private var recordCount = 0
    /// Whether the input has ended (end of file, or an error).
    public private(set) var isFinished = false
    /// Whether the input ended with an error: `finish(now:)` then cancels the fingers still down.
    public private(set) var hasFailed = false

    /// Opens `path` and learns its axes.
    ///
    /// - Parameters:
    ///   - path: A device, a regular file or a FIFO (opening a FIFO waits for its first writer).
    ///   - description: The evemu description of the device (`.desc`), for a file or FIFO;
    ///     ignored for a device, whose ranges come from the kernel.
    ///   - windowSize: The window positions are scaled to.
    ///   - firstTouchID: The id of the first contact.
    ///   - system: The system calls (a fake in tests).
    public init(
        path: String, description: EvemuDevice? = nil, windowSize: Size, firstTouchID: Int = 0,
        system: any EvdevSystem = SystemEvdev()
    ) throws(EvdevError) {
        self.path = path
        self.system = system
        self.firstTouchID = firstTouchID
        let kind: EvdevSourceKind
        switch system.kind(ofPath: path) {
        case .success(let found): kind = found
        case .failure(let error) where error.code == EINVAL:
            throw EvdevError(kind: .unsupportedFile, path: path, message: "not a device, a regular file or a FIFO")
        case .failure(let error):
            throw EvdevError(kind: .cannotOpen, path: path, message: "cannot open: \(systemErrorMessage(error.code))")
        }
        self.kind = kind
        if kind != .device && description == nil {
            throw EvdevError(
                kind: .needsDescription, path: path,
                message: "a file or FIFO has no axis ranges of its own; give the device's evemu description (--desc)")
        }
        let descriptor: Int32
        switch system.open(path, nonBlocking: kind == .device) {
        case .success(let opened): descriptor = opened
        case .failure(let error):
            throw EvdevError(kind: .cannotOpen, path: path, message: "cannot open: \(systemErrorMessage(error.code))")
        }
        let device: EvemuDevice
        do throws(EvdevError) {
            if kind == .device {
                device = try Self.queryDevice(descriptor, path: path, system: system)
            } else if let description {
                device = description
            } else {
                fatalError("unreachable: checked above")
            }
        } catch {
            system.close(descriptor)
            throw error
        }
        guard let stream = EvemuTouchStream(device: device),
              let scaler = EvemuTouchScaler(device: device, windowSize: windowSize) else {
            system.close(descriptor)
            throw EvdevError(
                kind: .noPositionAxes, path: path,
                message: "the device has no usable ABS_MT_POSITION_X/Y or ABS_X/Y axes, so touches cannot be located")
        }
        fileDescriptor = descriptor
        self.device = device
        self.stream = stream
        self.scaler = scaler
    }

    deinit {
        if fileDescriptor >= 0 { system.close(fileDescriptor) }
    }

    /// Closes the descriptor (also done when the reader goes away).
    public func close() {
        guard fileDescriptor >= 0 else { return }
        system.close(fileDescriptor)
        fileDescriptor = -1
    }

    /// Bytes read so far.
    public var bytesRead: Int { offset + pending.count }

    /// What one read found.
    public struct Batch: Equatable, Sendable {
        /// The samples of the frames completed by this read.
        public var samples: [TouchInput]
        /// Whether the input ended cleanly (end of file at a record boundary).
        /// The reader is then finished: call `finish()` for the contacts still down.
        public var reachedEnd: Bool

        /// Creates a batch.
        public init(samples: [TouchInput], reachedEnd: Bool) {
            self.samples = samples
            self.reachedEnd = reachedEnd
        }
    }

    /// Reads what is available (one `read`) and decodes the complete records.
    ///
    /// A device with nothing to read gives an empty batch. End of file at a
    /// record boundary ends the input (`reachedEnd`); inside a record it is a
    /// `truncatedRecord` error. After an error, `finish(now:)` gives the
    /// samples of the frames read before the bad record, then cancels the
    /// fingers still down.
    public func readAvailable(now: Double) throws(EvdevError) -> Batch {
        guard !isFinished, fileDescriptor >= 0 else { return Batch(samples: [], reachedEnd: true) }
        var chunk = [UInt8](repeating: 0, count: EvdevRecord.size * 64)
        let count = chunk.withUnsafeMutableBytes { system.read(fileDescriptor, into: $0) }
        if count < 0 {
            let code = Int32(-count)
            if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return Batch(samples: [], reachedEnd: false) }
            isFinished = true
            hasFailed = true
            if code == ENODEV {
                throw EvdevError(
                    kind: .deviceGone, path: path, offset: bytesRead,
                    message: "the device disappeared (unplugged?) after \(recordCount) records")
            }
            throw EvdevError(kind: .readFailed, path: path, offset: bytesRead, message: "read failed: \(systemErrorMessage(code))")
        }
        if count == 0 {
            isFinished = true
            if !pending.isEmpty {
                hasFailed = true
                throw EvdevError(
                    kind: .truncatedRecord, path: path, offset: offset,
                    message: "the input ends inside a record: \(pending.count) of \(EvdevRecord.size) bytes")
            }
            return Batch(samples: [], reachedEnd: true)
        }
        pending += chunk[0..<count]
        var start = 0
        while pending.count - start >= EvdevRecord.size {
            let record = EvdevRecord(bytes: pending, at: start)
            guard EvdevRecord.knownTypes.contains(record.type) else {
                isFinished = true
                hasFailed = true
                throw EvdevError(
                    kind: .unknownEventType, path: path, offset: offset + start,
                    message: "unknown event type 0x\(String(record.type, radix: 16)) (is this a file of 24-byte x86-64 input_event records?)")
            }
            if let slots = device.slotRange, Int(record.type) == EvemuCode.evAbs, Int(record.code) == EvemuCode.absMTSlot,
               !slots.contains(Int(record.value)) {
                isFinished = true
                hasFailed = true
                throw EvdevError(
                    kind: .slotOutOfRange, path: path, offset: offset + start,
                    message: "slot \(record.value) is outside the device's ABS_MT_SLOT range "
                        + "\(slots.lowerBound)…\(slots.upperBound - 1); the kernel never reports such a slot")
            }
            recordCount += 1
            stream.feed(EvemuEvent(
                seconds: Int(record.seconds), microseconds: Int(record.microseconds),
                type: Int(record.type), code: Int(record.code), value: Int(record.value), line: recordCount))
            start += EvdevRecord.size
        }
        pending.removeFirst(start)
        offset += start
        return Batch(samples: takeSamples(now: now), reachedEnd: false)
    }

    /// Ends the input. At a clean end (end of file, or the caller stops) a
    /// last frame without `SYN_REPORT` is used and the contacts still down
    /// end at the time of the last record. After an error (`hasFailed`: a
    /// truncated record, a device gone, a read error, a bad record) the
    /// frame in progress is dropped and the contacts still down are
    /// cancelled (`.cancelled`): nothing is selected by a fault.
    public func finish(now: Double) -> [TouchInput] {
        isFinished = true
        if hasFailed {
            stream.cancel()
        } else {
            stream.finish()
        }
        return takeSamples(now: now)
    }

    /// Stops reading before the input ends (the user stopped the run, the
    /// loop failed): the frame in progress is dropped and the fingers still
    /// down are cancelled, as after an error, since lifting them could tap.
    public func cancel(now: Double) -> [TouchInput] {
        isFinished = true
        stream.cancel()
        return takeSamples(now: now)
    }

    private func takeSamples(now: Double) -> [TouchInput] {
        let samples = stream.takeSamples()
        guard !samples.isEmpty else { return [] }
        let start = startTime ?? now
        startTime = start
        return samples.map { scaler.touchInput($0, startTime: start, firstTouchID: firstTouchID) }
    }

    /// The device's name and axes, from the kernel.
    private static func queryDevice(_ descriptor: Int32, path: String, system: any EvdevSystem) throws(EvdevError) -> EvemuDevice {
        var bits = [UInt8](repeating: 0, count: 8)
        let result = bits.withUnsafeMutableBytes {
            system.ioctl(descriptor, EvdevRequest.absoluteAxisBits(length: 8), $0.baseAddress!)
        }
        guard result >= 0 else {
            throw EvdevError(
                kind: .notAnInputDevice, path: path,
                message: "not an evdev input device (EVIOCGBIT: \(systemErrorMessage(-result)))")
        }
        var axes: [Int: EvemuAxis] = [:]
        for code in 0..<64 where bits[code / 8] & (1 << UInt8(code % 8)) != 0 {
            var info = [Int32](repeating: 0, count: 6)
            let answer = info.withUnsafeMutableBytes { system.ioctl(descriptor, EvdevRequest.absoluteAxis(code), $0.baseAddress!) }
            guard answer >= 0 else { continue }
            axes[code] = EvemuAxis(
                code: code, minimum: Int(info[1]), maximum: Int(info[2]),
                fuzz: Int(info[3]), flat: Int(info[4]), resolution: Int(info[5]))
        }
        var nameBytes = [UInt8](repeating: 0, count: 256)
        let nameLength = nameBytes.withUnsafeMutableBytes { system.ioctl(descriptor, EvdevRequest.name(length: 256), $0.baseAddress!) }
        let name = nameLength > 0 ? String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self) : ""
        guard let device = EvemuDevice(name: name, axes: axes) else {
            throw EvdevError(
                kind: .noPositionAxes, path: path,
                message: "the device has no ABS_MT_POSITION_X/Y or ABS_X/Y axes, so touches cannot be located")
        }
        return device
    }
}
