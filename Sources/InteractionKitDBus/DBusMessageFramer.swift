/// What the bytes buffered so far hold, as far as the fixed header tells.
public enum DBusFrameStatus: Hashable, Sendable {
    /// The next message is incomplete: at least this many more bytes are needed.
    case needMoreBytes(Int)
    /// A whole message of this many bytes is buffered.
    case complete(messageLength: Int)
}

/// Cuts a byte stream into messages.
///
/// Bytes go in with `append(_:)` as they arrive; `nextMessage()` returns each
/// complete message. The message length is known from its first 16 bytes, so
/// an oversized message is refused before its body is buffered. After a
/// malformed message the framer stays failed: a stream cannot be resynchronized.
public struct DBusMessageFramer: Sendable {
    /// The largest message accepted.
    public let maximumMessageSize: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var failure: DBusWireError?

    /// Creates an empty framer.
    public init(maximumMessageSize: Int = DBusLimits.defaultMaximumMessageSize) {
        self.maximumMessageSize = min(maximumMessageSize, DBusLimits.specificationMaximumMessageSize)
    }

    /// How many bytes are buffered and not yet returned as messages.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// What the buffered bytes hold: a complete message, or how many more
    /// bytes the next one needs.
    ///
    /// - Throws: the `DBusWireError` that makes the stream unusable.
    public func status() throws(DBusWireError) -> DBusFrameStatus {
        if let failure { throw failure }
        return try Self.status(of: buffer[start...], maximumMessageSize: maximumMessageSize)
    }

    /// Removes and decodes the next complete message, or returns nil when
    /// more bytes are needed. Messages of unknown type are skipped.
    ///
    /// - Throws: the `DBusWireError` of a malformed message, and the same
    ///   error on every later call.
    public mutating func nextMessage() throws(DBusWireError) -> DBusMessage? {
        while true {
            if let failure { throw failure }
            do {
                guard case .complete(let length) = try status() else { return nil }
                let frame = Array(buffer[start..<(start + length)])
                consume(length)
                do {
                    return try DBusMessage.decode(frame, maximumSize: maximumMessageSize)
                } catch .unknownMessageType {
                    continue
                }
            } catch {
                failure = error
                throw error
            }
        }
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
        guard count >= DBusMessage.fixedHeaderLength else {
            return .needMoreBytes(DBusMessage.fixedHeaderLength - count)
        }
        let bigEndian = bytes[base] == DBusByteOrder.bigEndian.rawValue
        func uint32(at offset: Int) -> Int {
            let slice = bytes[(base + offset)..<(base + offset + 4)]
            return bigEndian
                ? slice.reduce(0) { $0 << 8 | Int($1) }
                : slice.reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        let bodyLength = uint32(at: 4)
        let fieldsLength = uint32(at: 12)
        guard fieldsLength <= DBusLimits.maximumArrayLength else {
            throw .arrayTooLong(offset: 12, length: fieldsLength)
        }
        let headerEnd = DBusMessage.fixedHeaderLength + fieldsLength
        let total = (headerEnd + 7) / 8 * 8 + bodyLength
        guard total <= maximumMessageSize else {
            throw .messageTooLarge(size: total, limit: maximumMessageSize)
        }
        return count >= total ? .complete(messageLength: total) : .needMoreBytes(total - count)
    }
}
