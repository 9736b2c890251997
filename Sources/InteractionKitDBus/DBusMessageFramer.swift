/// What the bytes buffered so far hold, as far as the fixed header tells.
public enum DBusFrameStatus: Hashable, Sendable {
    /// The next message is incomplete: at least this many more bytes are needed.
    case needMoreBytes(Int)
    /// A whole message of this many bytes is buffered.
    case complete(messageLength: Int)
    /// The header of a message larger than the framer's limit is buffered:
    /// `nextFrame()` reports it and drops the rest of its bytes as they arrive.
    case oversized(messageLength: Int)
}

/// Cuts a byte stream into messages.
///
/// Bytes go in with `append(_:)` as they arrive; `nextFrame()` returns each
/// message whose header is read (its body is decoded on demand, so a
/// receiver can refuse a body without paying for it), and `nextMessage()`
/// each decoded message.
///
/// The message length is known from its first 16 bytes. A message larger
/// than `maximumMessageSize` is never buffered: its header is read (when the
/// header alone is within the limit) and reported as an oversized frame, and
/// its other bytes are dropped as they arrive, so the stream goes on with
/// the next message. A message within the limit is buffered in one block of
/// its exact size, handed on without a copy when it is large.
///
/// After a malformed message the framer stays failed: a stream cannot be
/// resynchronized.
public struct DBusMessageFramer: Sendable {
    /// The largest message accepted.
    public let maximumMessageSize: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var failure: DBusWireError?
    /// Bytes of an oversized message still to come, dropped as they arrive.
    private var bytesToSkip = 0

    /// Messages at least this large are buffered in a block of their own
    /// size and handed on in it, rather than copied out of the buffer.
    private let largeMessageSize: Int

    /// Creates an empty framer.
    public init(maximumMessageSize: Int = DBusLimits.defaultMaximumMessageSize) {
        self.init(maximumMessageSize: maximumMessageSize, largeMessageSize: 1 << 16)
    }

    /// A framer that treats messages from `largeMessageSize` bytes as large
    /// (the fuzzing harness reaches that path with small inputs).
    init(maximumMessageSize: Int, largeMessageSize: Int) {
        self.maximumMessageSize = min(maximumMessageSize, DBusLimits.specificationMaximumMessageSize)
        self.largeMessageSize = max(largeMessageSize, DBusMessage.fixedHeaderLength)
    }

    /// How many bytes are buffered and not yet returned as messages.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard bytesToSkip > 0 else {
            buffer.append(contentsOf: bytes)
            return
        }
        // The rest of an oversized message: drop it, keep what follows.
        let chunk = Array(bytes)
        let skipped = min(bytesToSkip, chunk.count)
        bytesToSkip -= skipped
        buffer.append(contentsOf: chunk[skipped...])
    }

    /// What the buffered bytes hold: a complete message, the header of an
    /// oversized one, or how many more bytes the next one needs.
    ///
    /// - Throws: the `DBusWireError` that makes the stream unusable.
    public func status() throws(DBusWireError) -> DBusFrameStatus {
        if let failure { throw failure }
        if bytesToSkip > 0 { return .needMoreBytes(bytesToSkip + DBusMessage.fixedHeaderLength) }
        let available = buffer.count - start
        guard let lengths = try Self.lengths(of: buffer[start...]) else {
            return .needMoreBytes(DBusMessage.fixedHeaderLength - available)
        }
        if lengths.total <= maximumMessageSize {
            return available >= lengths.total ? .complete(messageLength: lengths.total) : .needMoreBytes(lengths.total - available)
        }
        let headerLength = lengths.bodyStart <= maximumMessageSize ? lengths.bodyStart : DBusMessage.fixedHeaderLength
        return available >= headerLength ? .oversized(messageLength: lengths.total) : .needMoreBytes(headerLength - available)
    }

    /// Removes the next message and returns it with its header read and its
    /// body not yet decoded, or nil when more bytes are needed. Messages of
    /// unknown type are skipped; a message larger than the limit is
    /// returned as an oversized frame (without its body, which is dropped
    /// as it arrives).
    ///
    /// - Throws: the `DBusWireError` of a malformed header, and the same
    ///   error on every later call.
    public mutating func nextFrame() throws(DBusWireError) -> DBusFrame? {
        if let failure { throw failure }
        do {
            while bytesToSkip == 0, let lengths = try Self.lengths(of: buffer[start...]) {
                let available = buffer.count - start
                let isKnownKind = DBusMessage.Kind(rawValue: buffer[start + 1]) != nil
                if lengths.total <= maximumMessageSize {
                    guard available >= lengths.total else {
                        reserve(lengths.total)
                        return nil
                    }
                    let bytes = take(lengths.total)
                    guard isKnownKind else { continue }
                    return try DBusFrame(message: bytes, bodyStart: lengths.bodyStart, limit: maximumMessageSize)
                }
                // Too large: read the header when it is within the limit, drop the rest.
                var header: [UInt8]?
                if lengths.bodyStart <= maximumMessageSize {
                    guard available >= lengths.bodyStart else {
                        reserve(lengths.bodyStart)
                        return nil
                    }
                    header = Array(buffer[start..<(start + lengths.bodyStart)])
                }
                let fixedHeader = Array(buffer[start..<(start + DBusMessage.fixedHeaderLength)])
                skip(lengths.total)
                guard isKnownKind else { continue }
                return try DBusFrame(
                    oversizedHeader: header, fixedHeader: fixedHeader, bodyStart: lengths.bodyStart,
                    size: lengths.total, limit: maximumMessageSize)
            }
            return nil
        } catch {
            failure = error
            throw error
        }
    }

    /// Removes and decodes the next complete message, or returns nil when
    /// more bytes are needed. Messages of unknown type, and messages larger
    /// than the limit, are skipped.
    ///
    /// - Throws: the `DBusWireError` of a malformed message, and the same
    ///   error on every later call.
    public mutating func nextMessage() throws(DBusWireError) -> DBusMessage? {
        while let frame = try nextFrame() {
            guard !frame.isOversized else { continue }
            do {
                return try frame.message()
            } catch {
                failure = error
                throw error
            }
        }
        return nil
    }

    /// Makes room for a large message of `length` bytes in one block of
    /// that size, so that buffering it costs its size and no more (growing
    /// by doubling could cost twice that).
    private mutating func reserve(_ length: Int) {
        guard length >= largeMessageSize else { return }
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.reserveCapacity(length)
    }

    /// Removes the next `length` bytes and returns them; a large message
    /// keeps the block it was received in, with no copy.
    private mutating func take(_ length: Int) -> [UInt8] {
        guard length >= largeMessageSize else {
            let bytes = Array(buffer[start..<(start + length)])
            consume(length)
            return bytes
        }
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var bytes = buffer
        buffer = Array(buffer[length...])
        // `bytes` now holds the only reference to the block: cut in place.
        bytes.removeSubrange(length...)
        return bytes
    }

    /// Drops the next `length` bytes: those buffered now, and the rest as they arrive.
    private mutating func skip(_ length: Int) {
        let buffered = min(length, buffer.count - start)
        consume(buffered)
        bytesToSkip = length - buffered
    }

    private mutating func consume(_ length: Int) {
        start += length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start >= 1 << 16 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// Reads the fixed header at the start of `bytes` and says whether a
    /// whole message is there, or how many more bytes it needs.
    ///
    /// - Throws: `DBusWireError` as soon as the bytes present show the
    ///   message is malformed (bad byte order mark, type 0, protocol version
    ///   other than 1) or larger than `maximumMessageSize`.
    public static func status(
        of bytes: ArraySlice<UInt8>, maximumMessageSize: Int = DBusLimits.defaultMaximumMessageSize
    ) throws(DBusWireError) -> DBusFrameStatus {
        guard let lengths = try lengths(of: bytes) else {
            return .needMoreBytes(DBusMessage.fixedHeaderLength - bytes.count)
        }
        guard lengths.total <= maximumMessageSize else {
            throw .messageTooLarge(size: lengths.total, limit: maximumMessageSize)
        }
        let count = bytes.count
        return count >= lengths.total ? .complete(messageLength: lengths.total) : .needMoreBytes(lengths.total - count)
    }

    /// Where the body of the message at the start of `bytes` starts and where
    /// the message ends, from its fixed header; nil before its 16 bytes are in.
    ///
    /// - Throws: `DBusWireError` as soon as the bytes present show the
    ///   stream is malformed: a bad byte order mark, type 0, a protocol
    ///   version other than 1, header fields longer than an array may be.
    static func lengths(of bytes: ArraySlice<UInt8>) throws(DBusWireError) -> (bodyStart: Int, total: Int)? {
        let base = bytes.startIndex
        let count = bytes.count
        if count > 0 {
            let mark = bytes[base]
            guard mark == DBusByteOrder.littleEndian.rawValue || mark == DBusByteOrder.bigEndian.rawValue else {
                throw .invalidHeader("byte order mark 0x\(String(mark, radix: 16)) is neither 'l' nor 'B'")
            }
        }
        if count > 1, bytes[base + 1] == 0 { throw .invalidHeader("message type 0") }
        if count > 3, bytes[base + 3] != 1 {
            throw .invalidHeader("protocol version \(bytes[base + 3]), not 1")
        }
        guard count >= DBusMessage.fixedHeaderLength else { return nil }
        let bigEndian = bytes[base] == DBusByteOrder.bigEndian.rawValue
        func uint32(at offset: Int) -> Int {
            var value = 0
            for index in 0..<4 {
                let byte = Int(bytes[base + offset + (bigEndian ? index : 3 - index)])
                value = value << 8 | byte
            }
            return value
        }
        let bodyLength = uint32(at: 4)
        let fieldsLength = uint32(at: 12)
        guard fieldsLength <= DBusLimits.maximumArrayLength else {
            throw .arrayTooLong(offset: 12, length: fieldsLength)
        }
        let bodyStart = (DBusMessage.fixedHeaderLength + fieldsLength + 7) / 8 * 8
        return (bodyStart, bodyStart + bodyLength)
    }
}

/// One message cut from a byte stream: its header read, its body not yet
/// decoded, so that a receiver can decide from the header (who sent it,
/// which method, which signature) whether the body is worth decoding.
///
/// A message larger than the framer's limit is a frame too, `isOversized`:
/// its header (when the header fields alone are within the limit) and its
/// size, without its body, which the framer dropped as it arrived.
public struct DBusFrame: Sendable {
    /// The message without its body (`body` is empty). When
    /// `isHeaderComplete` is false only `kind`, `flags` and `serial` are known.
    public let header: DBusMessage
    /// The signature of the body, from the header.
    public let bodySignature: DBusSignature
    /// The size of the whole message in bytes.
    public let size: Int
    /// The largest message the framer accepted.
    public let limit: Int
    /// Whether the header fields were read: false only for an oversized
    /// message whose header fields alone are larger than the limit.
    public let isHeaderComplete: Bool
    /// The whole message, empty for an oversized one.
    private let bytes: [UInt8]
    private let bodyStart: Int

    /// Whether the message is larger than the limit: its body was dropped unread.
    public var isOversized: Bool { size > limit }

    /// A frame of the whole message in `bytes`, its header decoded.
    init(message bytes: [UInt8], bodyStart: Int, limit: Int) throws(DBusWireError) {
        (header, bodySignature) = try DBusMessage.decodeHeader(bytes, bodyStart: bodyStart)
        self.bytes = bytes
        self.bodyStart = bodyStart
        self.size = bytes.count
        self.limit = limit
        isHeaderComplete = true
    }

    /// The frame of an oversized message, from its header (nil when that
    /// is over the limit too) or else from its fixed header alone.
    init(
        oversizedHeader header: [UInt8]?, fixedHeader: [UInt8], bodyStart: Int, size: Int, limit: Int
    ) throws(DBusWireError) {
        if let header {
            (self.header, bodySignature) = try DBusMessage.decodeHeader(header, bodyStart: bodyStart)
            isHeaderComplete = true
        } else {
            self.header = try DBusMessage.decodeFixedHeader(fixedHeader)
            bodySignature = .empty
            isHeaderComplete = false
        }
        bytes = []
        self.bodyStart = bodyStart
        self.size = size
        self.limit = limit
    }

    /// The message with its body decoded.
    ///
    /// - Throws: `DBusWireError` when the body does not match its
    ///   signature; `.messageTooLarge` for an oversized frame.
    public func message() throws(DBusWireError) -> DBusMessage {
        guard !isOversized else { throw .messageTooLarge(size: size, limit: limit) }
        var message = header
        message.body = try DBusMessage.decodeBody(bytes, bodyStart: bodyStart, signature: bodySignature)
        return message
    }
}
