@testable import InteractionKitDBus

/// Runs arbitrary bytes through the framer, the message decoder and the value
/// reader, and checks the invariants that must hold whatever the input:
/// nothing traps, splitting the stream anywhere changes nothing, and what
/// decodes re-encodes to something that decodes to the same thing.
///
/// The libFuzzer entry (`Fuzz/FuzzDBus.swift`, built by `scripts/fuzz-dbus.sh`
/// with this file and the library's sources as one module) traps on a
/// violation; the tests run it on the seed corpus and on every input the
/// fuzzer found. It lives with the tests, not in the shipped library.
///
/// Input layout: the first byte seeds the split points; the rest is the
/// stream. The stream is also read as values: its first byte gives the length
/// of a signature taken from the bytes after it, and what follows is read by
/// that signature in both byte orders.
enum DBusFuzzHarness {
    /// The largest message the harness accepts, small so that the fuzzer's
    /// inputs reach the size limit too.
    static let maximumMessageSize = 64 * 1024

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
        checkFraming(stream, seed: seed, into: &violations)
        checkValues(stream, into: &violations)
        return violations
    }

    /// What the framer makes of a whole stream: the messages, then the error
    /// that stopped it or the bytes it still needs.
    struct FramingOutcome: Equatable {
        var messages: [DBusMessage] = []
        var error: DBusWireError?
        var needed: Int?
    }

    static func frame(_ chunks: [ArraySlice<UInt8>], into violations: inout [String]) -> FramingOutcome {
        var framer = DBusMessageFramer(maximumMessageSize: maximumMessageSize)
        var outcome = FramingOutcome()
        do {
            for chunk in chunks {
                framer.append(chunk)
                while let message = try framer.nextMessage() { outcome.messages.append(message) }
            }
            switch try framer.status() {
            case .needMoreBytes(let count):
                if count <= 0 { violations.append("the framer needs \(count) bytes") }
                outcome.needed = count
            case .complete:
                violations.append("nextMessage returned nil with a complete message buffered")
            }
        } catch {
            outcome.error = error
        }
        return outcome
    }

    private static func checkFraming(_ stream: [UInt8], seed: UInt8, into violations: inout [String]) {
        let whole = frame([stream[...]], into: &violations)
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
        let split = frame(chunks, into: &violations)
        if split != whole {
            violations.append("splitting the stream changed what the framer read: \(split) versus \(whole)")
        }
        for message in whole.messages { checkRoundTrip(message, into: &violations) }
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
