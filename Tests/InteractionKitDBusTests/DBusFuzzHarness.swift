@testable import InteractionKitDBus

/// Runs arbitrary bytes through the framer, the message decoder and the value
/// reader, and checks the invariants that must hold whatever the input:
/// nothing traps, splitting the stream anywhere changes nothing, the framer
/// never buffers more than its limit (an oversized message is skipped by
/// its length, and the stream goes on after it), and what decodes
/// re-encodes to something that decodes to the same thing.
///
/// The libFuzzer entry (`Fuzz/FuzzDBus.swift`, built by `scripts/fuzz-dbus.sh`
/// with this file and the library's sources as one module) traps on a
/// violation; the tests run it on the seed corpus and on every input the
/// fuzzer found. It lives with the tests, not in the shipped library.
///
/// Input layout: the first byte seeds the split points; the rest is the
/// stream. The stream is also read as values: its first byte gives the length
/// of a signature taken from the bytes after it, and what follows is read by
/// that signature in both byte orders. The first message the stream holds is
/// also grown, by a byte array made of the stream's bytes, to a size within
/// 64 bytes of `sizeCheckLimit` either way (the seed byte says where), and
/// framed in front of itself: near the limit it must come out whole, past it
/// as an oversized frame with its header, the stream going on after it.
enum DBusFuzzHarness {
    /// The largest message the harness accepts, small so that the fuzzer's
    /// inputs reach the size limit too.
    static let maximumMessageSize = 64 * 1024
    /// The limit of the framer that frames grown messages, small so that growing one is cheap.
    static let sizeCheckLimit = 2048
    /// The size from which the harness's framers hand a message on in its own block.
    static let largeMessageSize = 512

    /// Checks `bytes`; returns the broken invariants (empty when all hold).
    static func run(_ bytes: [UInt8]) -> [String] {
        guard let seed = bytes.first else { return [] }
        let stream = Array(bytes.dropFirst())
        var violations: [String] = []
        checkMessage(stream, into: &violations)
        if let mark = stream.first, mark == DBusByteOrder.littleEndian.rawValue || mark == DBusByteOrder.bigEndian.rawValue {
            // The same bytes read in the other byte order.
            var flipped = stream
            flipped[0] = mark == DBusByteOrder.littleEndian.rawValue
                ? DBusByteOrder.bigEndian.rawValue : DBusByteOrder.littleEndian.rawValue
            checkMessage(flipped, into: &violations)
        }
        let whole = checkFraming(stream, seed: seed, into: &violations)
        if let first = whole.items.lazy.compactMap(\.message).first {
            checkSizes(first, filler: stream, seed: seed, into: &violations)
        }
        checkValues(stream, into: &violations)
        return violations
    }

    /// One thing the framer gave: a decoded message, or an oversized one's size and header.
    enum FramedItem: Equatable {
        case message(DBusMessage)
        case oversized(size: Int, header: DBusMessage?)

        var message: DBusMessage? {
            if case .message(let message) = self { return message }
            return nil
        }
    }

    /// What the framer makes of a whole stream: what it gave, then the error
    /// that stopped it or the bytes it still needs.
    struct FramingOutcome: Equatable {
        var items: [FramedItem] = []
        var error: DBusWireError?
        var needed: Int?
    }

    static func frame(
        _ chunks: [ArraySlice<UInt8>], limit: Int = maximumMessageSize, into violations: inout [String]
    ) -> FramingOutcome {
        var framer = DBusMessageFramer(maximumMessageSize: limit, largeMessageSize: largeMessageSize)
        var outcome = FramingOutcome()
        do {
            for chunk in chunks {
                framer.append(chunk)
                while let frame = try framer.nextFrame() {
                    if frame.isOversized {
                        if frame.size <= limit { violations.append("a frame of \(frame.size) bytes is called oversized") }
                        outcome.items.append(.oversized(size: frame.size, header: frame.isHeaderComplete ? frame.header : nil))
                    } else {
                        outcome.items.append(.message(try frame.message()))
                    }
                }
                if framer.bufferedByteCount > limit {
                    violations.append("the framer buffers \(framer.bufferedByteCount) bytes, past its limit of \(limit)")
                }
            }
            switch try framer.status() {
            case .needMoreBytes(let count):
                if count <= 0 { violations.append("the framer needs \(count) bytes") }
                outcome.needed = count
            case .complete, .oversized:
                violations.append("nextFrame returned nil with a frame buffered")
            }
        } catch {
            outcome.error = error
        }
        return outcome
    }

    /// The stream cut into chunks of 0 to 96 bytes, chosen by `seed`.
    static func chunks(of stream: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
        var random = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        while start < stream.count {
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            let length = min(stream.count - start, Int(random % 97) + (random % 5 == 0 ? 0 : 1))
            chunks.append(stream[start..<(start + length)])
            start += length
        }
        return chunks
    }

    private static func checkFraming(_ stream: [UInt8], seed: UInt8, into violations: inout [String]) -> FramingOutcome {
        let whole = frame([stream[...]], into: &violations)
        let split = frame(chunks(of: stream, seed: seed), into: &violations)
        if split != whole {
            violations.append("splitting the stream changed what the framer read: \(split) versus \(whole)")
        }
        for message in whole.items.compactMap(\.message) { checkRoundTrip(message, into: &violations) }
        return whole
    }

    /// `message` grown by a byte array to within 64 bytes of `sizeCheckLimit`,
    /// then framed, split by `seed`, in front of `message` itself.
    private static func checkSizes(_ message: DBusMessage, filler: [UInt8], seed: UInt8, into violations: inout [String]) {
        var grown = message
        grown.body.append(.byteArray([]))
        guard let base = try? grown.encoded(maximumSize: .max), let original = try? message.encoded() else { return }
        let target = sizeCheckLimit - 64 + Int(seed % 128)
        guard base.count <= target, !filler.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(target - base.count)
        while bytes.count < target - base.count { bytes.append(filler[bytes.count % filler.count]) }
        grown.body[grown.body.count - 1] = .byteArray(bytes)
        guard let encoded = try? grown.encoded(maximumSize: .max) else { return }
        if encoded.count != target { violations.append("a grown message has \(encoded.count) bytes, not \(target)") }
        let outcome = frame(chunks(of: encoded + original, seed: seed), limit: sizeCheckLimit, into: &violations)
        var header = grown
        header.body = []
        let expected: FramedItem = encoded.count <= sizeCheckLimit
            ? .message(grown) : .oversized(size: encoded.count, header: header)
        if outcome.items != [expected, .message(message)] || outcome.error != nil {
            violations.append("a message of \(encoded.count) bytes (limit \(sizeCheckLimit)) was framed as \(outcome)")
        }
        let decoded = try? DBusMessage.decode(encoded, maximumSize: sizeCheckLimit)
        if (decoded != nil) != (encoded.count <= sizeCheckLimit) {
            violations.append("decoding a message of \(encoded.count) bytes with a limit of \(sizeCheckLimit) gave \(String(describing: decoded))")
        }
    }

    private static func checkMessage(_ bytes: [UInt8], into violations: inout [String]) {
        guard let message = try? DBusMessage.decode(bytes, maximumSize: maximumMessageSize) else { return }
        checkRoundTrip(message, into: &violations)
    }

    private static func checkRoundTrip(_ message: DBusMessage, into violations: inout [String]) {
        for byteOrder in DBusByteOrder.allCases {
            do {
                let encoded = try message.encoded(byteOrder: byteOrder, maximumSize: maximumMessageSize)
                let decoded = try DBusMessage.decode(encoded, maximumSize: maximumMessageSize)
                if decoded != message {
                    violations.append("a message changed in a round trip (\(byteOrder)): \(message) became \(decoded)")
                }
                let again = try decoded.encoded(byteOrder: byteOrder, maximumSize: maximumMessageSize)
                if again != encoded {
                    violations.append("encoding a decoded message is not stable (\(byteOrder))")
                }
            } catch {
                violations.append("a decoded message does not re-encode (\(byteOrder)): \(error)")
            }
        }
    }

    private static func checkValues(_ stream: [UInt8], into violations: inout [String]) {
        guard let first = stream.first else { return }
        let signatureLength = Int(first % 24)
        guard stream.count > signatureLength else { return }
        guard let signature = try? DBusSignature(utf8: Array(stream[1..<(1 + signatureLength)])) else { return }
        let data = Array(stream[(1 + signatureLength)...])
        for byteOrder in DBusByteOrder.allCases {
            var reader = DBusReader(bytes: data, byteOrder: byteOrder)
            guard let values = try? reader.read(signature) else { continue }
            // The wire form of a value is unique (zero padding, exact lengths,
            // booleans of 0 or 1), so what was read must re-encode to exactly
            // the bytes it came from.
            var writer = DBusWriter(byteOrder: byteOrder)
            do {
                try writer.write(values, signature: signature)
            } catch {
                violations.append("values read by \(signature) do not re-encode: \(error)")
                continue
            }
            if writer.bytes != Array(data[0..<reader.offset]) {
                violations.append("values read by \(signature) re-encode to different bytes (\(byteOrder))")
            }
        }
    }

    /// Valid inputs for the fuzzer to start from: messages of every kind in
    /// both byte orders, streams of several messages, and marshalled values.
    static func seeds() -> [[UInt8]] {
        func objectPath(_ text: String) -> DBusObjectPath { DBusObjectPath(trusted: text) }
        var messages: [DBusMessage] = [
            DBusMessage(kind: .methodCall, serial: 1, path: objectPath("/org/freedesktop/DBus"),
                        interface: "org.freedesktop.DBus", member: "Hello", destination: "org.freedesktop.DBus"),
            DBusMessage(kind: .methodReturn, serial: 2, replySerial: 1, destination: ":1.5", sender: "org.freedesktop.DBus",
                        body: [.string(":1.5")]),
            DBusMessage(kind: .error, serial: 3, errorName: "org.freedesktop.DBus.Error.UnknownMethod", replySerial: 9,
                        destination: ":1.5", body: [.string("no such method")]),
            DBusMessage(kind: .signal, serial: 4, path: objectPath("/org/a11y/atspi/accessible/3"),
                        interface: "org.a11y.atspi.Event.Object", member: "StateChanged", sender: ":1.5",
                        body: [.string("selected"), .int32(1), .int32(0), .variant(.int32(0)),
                               .array(of: .dictEntry(key: .string, value: .variant),
                                      [.dictEntry(key: .string("k"), value: .variant(.double(1.5)))])]),
            DBusMessage(kind: .methodCall, flags: [.noReplyExpected, .noAutoStart], serial: 5, path: objectPath("/a/b"),
                        interface: "org.a11y.atspi.Socket", member: "Embed", destination: "org.a11y.atspi.Registry",
                        unixFDCount: 1,
                        body: [.structure([.string(":1.5"), .objectPath(objectPath("/"))]), .unixFD(0),
                               .array(of: .array(.uint64), [.array(of: .uint64, [.uint64(7)])]),
                               .boolean(true), .int16(-3), .uint16(3), .int64(-4), .byte(9),
                               .signature(DBusSignature.empty)]),
        ]
        messages.append(DBusMessage(kind: .methodReturn, serial: 6, replySerial: 5,
                                    body: [.array(of: .structure([.string, .objectPath]), [])]))
        var seeds: [[UInt8]] = []
        for byteOrder in DBusByteOrder.allCases {
            var stream: [UInt8] = []
            for message in messages {
                guard let bytes = try? message.encoded(byteOrder: byteOrder) else { continue }
                seeds.append([UInt8(seeds.count)] + bytes)
                stream += bytes
            }
            seeds.append([0x5A] + stream)
            // A call whose header announces a body of 1 MiB, past the limit,
            // then another message: the framer skips the first by its length.
            if var call = try? messages[0].encoded(byteOrder: byteOrder), let next = try? messages[1].encoded(byteOrder: byteOrder) {
                let length: [UInt8] = [0x00, 0x00, 0x10, 0x00]
                for index in 0..<4 { call[4 + index] = byteOrder == .littleEndian ? length[index] : length[3 - index] }
                seeds.append([0x6B] + call + Array(repeating: 0xAB, count: 200) + next)
            }
        }
        let values: [(String, [DBusValue])] = [
            ("a{sv}", [.array(of: .dictEntry(key: .string, value: .variant),
                              [.dictEntry(key: .string("a"), value: .variant(.uint32(1)))])]),
            ("(yt)v", [.structure([.byte(1), .uint64(2)]), .variant(.objectPath(objectPath("/x")))]),
            ("aax", [.array(of: .array(.int64), [.array(of: .int64, [.int64(-1)])])]),
        ]
        for (text, body) in values {
            guard let signature = try? DBusSignature(text) else { continue }
            var writer = DBusWriter()
            guard (try? writer.write(body, signature: signature)) != nil else { continue }
            seeds.append([0x11, UInt8(text.utf8.count)] + Array(text.utf8) + writer.bytes)
        }
        return seeds
    }
}
