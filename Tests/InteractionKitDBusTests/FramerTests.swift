import Testing
@testable import InteractionKitDBus

@Suite("The framer cuts a byte stream into messages")
struct FramerTests {
    @Test("Every prefix of a message needs more bytes, and says how many once the fixed header is in",
          arguments: DBusByteOrder.allCases)
    func truncationAtEveryOffset(byteOrder: DBusByteOrder) throws {
        let bytes = try richCall.encoded(byteOrder: byteOrder)
        for length in 0..<bytes.count {
            let status = try DBusMessageFramer.status(of: bytes[0..<length])
            let needed = length < 16 ? 16 - length : bytes.count - length
            #expect(status == .needMoreBytes(needed))
            #expect(wireError { _ = try DBusMessage.decode(Array(bytes[0..<length])) } != nil)
        }
        #expect(try DBusMessageFramer.status(of: bytes[...]) == .complete(messageLength: bytes.count))
    }

    @Test("Fed one byte at a time, messages come out whole and in order")
    func byteAtATime() throws {
        var second = richCall
        second.serial = 77
        let stream = try hello.encoded() + richCall.encoded(byteOrder: .bigEndian) + second.encoded()
        var framer = DBusMessageFramer()
        var received: [DBusMessage] = []
        for byte in stream {
            framer.append([byte])
            while let message = try framer.nextMessage() { received.append(message) }
        }
        #expect(received == [hello, richCall, second])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test("Split at every point, two messages come out whole")
    func everySplitPoint() throws {
        let stream = try hello.encoded() + richCall.encoded()
        for split in 0...stream.count {
            var framer = DBusMessageFramer()
            var received: [DBusMessage] = []
            framer.append(stream[0..<split])
            while let message = try framer.nextMessage() { received.append(message) }
            framer.append(stream[split...])
            while let message = try framer.nextMessage() { received.append(message) }
            #expect(received == [hello, richCall])
        }
    }

    @Test("An oversized message is known from its first 16 bytes, before its body arrives")
    func oversizedFromTheHeader() throws {
        var header: [UInt8] = [0x6C, 1, 0, 1, 0x00, 0x00, 0x00, 0x10, 1, 0, 0, 0, 0, 0, 0, 0]  // body 256 MiB
        #expect(wireError { _ = try DBusMessageFramer.status(of: header[...]) }
            == .messageTooLarge(size: 0x1000_0010, limit: DBusLimits.defaultMaximumMessageSize))
        header[7] = 0
        header[14] = 0x00
        header[15] = 0x05  // header fields of 80 MiB
        #expect(wireError { _ = try DBusMessageFramer.status(of: header[...]) }
            == .arrayTooLong(offset: 12, length: 0x0500_0000))
        var framer = DBusMessageFramer(maximumMessageSize: 1000)
        framer.append(try hello.encoded()[0..<16])
        #expect(try framer.status() == .needMoreBytes(112))
        var large = try hello.encoded()
        large[5] = 0x10  // a body of 4 KiB
        framer = DBusMessageFramer(maximumMessageSize: 1000)
        framer.append(large)
        #expect(try framer.status() == .oversized(messageLength: 128 + 4096))
        let frame = try framer.nextFrame()
        #expect(frame?.isOversized == true && frame?.size == 128 + 4096 && frame?.header.member == "Hello")
        #expect(try framer.status() == .needMoreBytes(4096 + 16))
    }

    @Test("A malformed message fails the framer for good: the stream cannot resynchronize")
    func failureIsPermanent() throws {
        var framer = DBusMessageFramer()
        var bad = try hello.encoded()
        bad[126] = 1
        framer.append(bad)
        framer.append(try hello.encoded())
        #expect(wireError { _ = try framer.nextMessage() } == .nonZeroPadding(offset: 126))
        #expect(wireError { _ = try framer.nextMessage() } == .nonZeroPadding(offset: 126))
    }

    @Test("A message of unknown type is skipped, as the specification says")
    func unknownTypeSkipped() throws {
        var unknown = try hello.encoded()
        unknown[1] = 9
        var framer = DBusMessageFramer()
        framer.append(unknown + (try hello.encoded()))
        #expect(try framer.nextMessage() == hello)
        #expect(try framer.nextMessage() == nil)
    }

    @Test("Garbage is malformed as soon as its first byte shows it")
    func garbageFailsEarly() throws {
        #expect(wireError { _ = try DBusMessageFramer.status(of: [0x47][...]) } != nil)
        #expect(wireError { _ = try DBusMessageFramer.status(of: [0x6C, 0x01, 0x00, 0x00][...]) } != nil)
        #expect(try DBusMessageFramer.status(of: [0x6C, 0x01][...]) == .needMoreBytes(14))
    }
}
