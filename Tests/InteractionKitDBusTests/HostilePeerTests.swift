import Foundation
import Glibc
import Testing
@testable import InteractionKitDBus
import InteractionKitTestSupport

/// A method call of `member` to the calculator whose body is `body`.
func calculatorCall(_ member: String, _ body: [DBusValue], to destination: String? = nil, serial: UInt32 = 0) -> DBusMessage {
    var call = DBusMessage.methodCall(path: calculatorPath, interface: calculatorInterface, member: member,
                                      destination: destination, body: body)
    call.serial = serial
    return call
}

/// The calculator's signatures, checked before a body is decoded.
func calculatorPrecheck(_ frame: DBusFrame) -> DBusMethodOutcome? {
    let (call, signature) = (frame.header, frame.bodySignature)
    let expected: String
    switch call.member {
    case "Add": expected = "ii"
    case "Fail": expected = ""
    case "Count": expected = "ay"
    default: return .unknownMethod
    }
    guard signature.text == expected else {
        return .error(name: DBusErrorName.invalidArgs, message: "\(call.member ?? "") takes \"\(expected)\", not \"\(signature)\"")
    }
    return nil
}

@Suite("Hostile peers: oversized messages are skipped, bodies are checked before they are decoded")
struct HostileFramingTests {
    @Test("An oversized message is skipped by its length, never buffered whole, and the stream goes on")
    func oversizedSkipped() throws {
        var call = calculatorCall("Count", [.byteArray(Array(repeating: 7, count: 5000))], serial: 9)
        call.sender = ":1.4"
        let big = try call.encoded(maximumSize: .max)
        let stream = big + (try hello.encoded())
        var framer = DBusMessageFramer(maximumMessageSize: 1000)
        var frames: [DBusFrame] = []
        for start in stride(from: 0, to: stream.count, by: 100) {
            framer.append(stream[start..<min(start + 100, stream.count)])
            while let frame = try framer.nextFrame() { frames.append(frame) }
            #expect(framer.bufferedByteCount <= 1000)
        }
        #expect(frames.count == 2)
        let skipped = try #require(frames.first)
        #expect(skipped.isOversized && skipped.isHeaderComplete)
        #expect(skipped.size == big.count && skipped.limit == 1000)
        #expect(skipped.header.member == "Count" && skipped.header.sender == ":1.4" && skipped.header.serial == 9)
        #expect(skipped.bodySignature.text == "ay")
        #expect(throws: DBusWireError.messageTooLarge(size: big.count, limit: 1000)) { try skipped.message() }
        #expect(try frames.last?.message() == hello)
        #expect(try framer.status() == .needMoreBytes(16))
        // The message alone is still refused by decode, which reads whole messages.
        #expect(wireError { _ = try DBusMessage.decode(big, maximumSize: 1000) } == .messageTooLarge(size: big.count, limit: 1000))
    }

    @Test("An oversized message whose header alone passes the limit is skipped without its header")
    func oversizedHeader() throws {
        var header: [UInt8] = [0x6C, 1, 0, 1, 0, 0, 0, 0, 5, 0, 0, 0, 0x00, 0x10, 0, 0]  // fields of 4 KiB, no body
        var framer = DBusMessageFramer(maximumMessageSize: 1000)
        framer.append(header)
        #expect(try framer.status() == .oversized(messageLength: 16 + 4096))
        let frame = try #require(try framer.nextFrame())
        #expect(frame.isOversized && !frame.isHeaderComplete)
        #expect(frame.header.kind == .methodCall && frame.header.serial == 5)
        #expect(try framer.status() == .needMoreBytes(4096 + 16))
        header = Array(repeating: 0, count: 4096)
        framer.append(header)
        framer.append(try hello.encoded())
        #expect(try framer.nextMessage() == hello)
    }

    @Test("A byte array reads as its bytes, one value, equal to the same bytes written as byte values")
    func byteArrays() throws {
        let bytes: [UInt8] = [1, 2, 3, 250]
        let written = try marshal([.array(of: .byte, bytes.map(DBusValue.byte))])
        #expect(written == (try marshal([.byteArray(bytes)])))
        let read = try unmarshal(written, "ay")
        guard case .byteArray(let values)? = read.first else {
            Issue.record("an ay read as \(read)")
            return
        }
        #expect(values == bytes)
        #expect(read.first == .array(of: .byte, bytes.map(DBusValue.byte)))
        #expect(read.first?.hashValue == DBusValue.array(of: .byte, bytes.map(DBusValue.byte)).hashValue)
        #expect(read.first?.elements == bytes.map(DBusValue.byte))
        #expect(read.first?.bytes == bytes && DBusValue.array(of: .byte, [.byte(1)]).bytes == [1])
        #expect(read.first != .byteArray([1, 2, 3]))
        #expect(read.first?.type == .array(.byte))
        // Nested, and in a variant, in both byte orders.
        for byteOrder in DBusByteOrder.allCases {
            let nested: [DBusValue] = [.array(of: .array(.byte), [.byteArray([9]), .byteArray([])]), .variant(.byteArray(bytes))]
            #expect(try unmarshal(try marshal(nested, byteOrder), "aayv", byteOrder) == nested)
        }
    }

    @Test("A call whose body would not decode is answered from its header, and the connection stays open")
    func precheckBeforeDecoding() throws {
        // A Count call with a body that is not an ay: its length says 100 bytes, there are 4.
        var call = try calculatorCall("Count", [.byteArray([1, 2, 3, 4])], serial: 7).encoded()
        call[call.count - 8] = 100
        let reply = try replyToGetID()
        let bus = try FakeBus(authReply: "OK 0123456789abcdef0123456789abcdef", afterHello: call + reply)
        defer { bus.stop() }
        let connection = try DBusConnection.connect(to: bus.address, timeout: 20)
        var handled: [DBusMessage] = []
        connection.methodCallHandler = { handled.append($0); return calculator($0) }
        connection.methodCallPrecheck = { $0.header.member == "Count" ? .error(name: DBusErrorName.invalidArgs, message: "no") : nil }
        var pending: Result<DBusMessage, DBusConnectionError>?
        try connection.call(connection.busCall("GetId")) { pending = $0 }
        try pump([connection]) { pending != nil }
        #expect(connection.isConnected)
        #expect(try pending?.get().body == [.string("abc")])
        #expect(handled.isEmpty)
    }

    @Test("A signal nobody listens to and a reply nobody waits for are not decoded: the connection stays open")
    func unreadBodies() throws {
        // Both with a body that would not decode: an ay whose length says 100 bytes, with 4.
        var signal = DBusMessage.signal(path: calculatorPath, interface: calculatorInterface, member: "Changed",
                                        destination: ":1.1", body: [.byteArray([1, 2, 3, 4])])
        signal.serial = 5
        var stray = DBusMessage(kind: .methodReturn, serial: 6, replySerial: 77, body: [.byteArray([1, 2, 3, 4])])
        stray.sender = ":1.8"
        var bytes: [UInt8] = []
        for message in [signal, stray] {
            var encoded = try message.encoded()
            encoded[encoded.count - 8] = 100
            bytes += encoded
        }
        let bus = try FakeBus(authReply: "OK 0123456789abcdef0123456789abcdef", afterHello: bytes + (try replyToGetID()))
        defer { bus.stop() }
        let connection = try DBusConnection.connect(to: bus.address, timeout: 20)
        var heard: [DBusMessage] = []
        connection.addSignalHandler(matching: DBusMatchRule(member: "Other")) { heard.append($0) }
        var pending: Result<DBusMessage, DBusConnectionError>?
        try connection.call(connection.busCall("GetId")) { pending = $0 }
        try pump([connection]) { pending != nil }
        #expect(connection.isConnected)
        #expect(try pending?.get().body == [.string("abc")])
        #expect(heard.isEmpty)
    }

    @Test("An oversized call from the bus is skipped as it arrives, and the connection stays open")
    func oversizedCallKeepsTheConnection() throws {
        var call = calculatorCall("Count", [.byteArray(Array(repeating: 1, count: DBusLimits.defaultMaximumMessageSize))], serial: 7)
        call.sender = ":1.9"
        let big = try call.encoded(maximumSize: .max)
        let bus = try FakeBus(authReply: "OK 0123456789abcdef0123456789abcdef", afterHello: big + (try replyToGetID()))
        defer { bus.stop() }
        let connection = try DBusConnection.connect(to: bus.address, timeout: 20)
        connection.methodCallHandler = calculator
        var skipped: [DBusFrame] = []
        connection.oversizedMessageHandler = { skipped.append($0) }
        var pending: Result<DBusMessage, DBusConnectionError>?
        try connection.call(connection.busCall("GetId")) { pending = $0 }
        try pump([connection]) { pending != nil }
        #expect(connection.isConnected)
        #expect(try pending?.get().body == [.string("abc")])
        #expect(skipped.map(\.size) == [big.count])
        #expect(skipped.first?.header.sender == ":1.9")
    }

    /// The bus's reply to the client's second message, `GetId` (serial 2, after Hello's 1).
    func replyToGetID() throws -> [UInt8] {
        var reply = DBusMessage(kind: .methodReturn, serial: 3, replySerial: 2, body: [.string("abc")])
        reply.sender = DBusConnection.busName
        return try reply.encoded()
    }
}

@Suite("Hostile peers on a real dbus-daemon",
       .enabled(if: EndToEnd.runs(if: PrivateBusDaemon.isAvailable), "skipped: \(PrivateBusDaemon.executable) is not installed"))
struct HostilePeerTests {
    /// A server with the calculator and its precheck, and a client that may send large messages.
    func connections(_ daemon: PrivateBusDaemon, serverLimit: Int = DBusLimits.defaultMaximumMessageSize) throws
        -> (server: DBusConnection, client: DBusConnection) {
        let server = try DBusConnection.connect(to: daemon.address, maximumMessageSize: serverLimit)
        server.methodCallHandler = calculator
        server.methodCallPrecheck = calculatorPrecheck
        let client = try DBusConnection.connect(to: daemon.address, maximumMessageSize: 16 * 1024 * 1024)
        return (server, client)
    }

    func call(_ message: DBusMessage, from client: DBusConnection, to server: DBusConnection) throws
        -> Result<DBusMessage, DBusConnectionError> {
        var outcome: Result<DBusMessage, DBusConnectionError>?
        var addressed = message
        addressed.destination = server.uniqueName
        try client.call(addressed) { outcome = $0 }
        try pump([server, client], timeout: 60) { outcome != nil }
        return try #require(outcome)
    }

    @Test("A call over the limit is answered with LimitsExceeded, and the connection goes on serving")
    func oversizedCall() throws {
        try withPrivateBusDaemon { daemon in
            let (server, client) = try connections(daemon)
            var skipped: [Int] = []
            server.oversizedMessageHandler = { skipped.append($0.size) }
            let nine = DBusValue.byteArray(Array(repeating: 3, count: 9 * 1024 * 1024))
            guard case .failure(.remoteError(let name, let text)) = try call(calculatorCall("Count", [nine]), from: client, to: server)
            else {
                Issue.record("a 9 MiB call was not refused")
                return
            }
            #expect(name == DBusErrorName.limitsExceeded)
            #expect(text.contains("larger than the 8388608 bytes"))
            #expect(skipped.count == 1 && skipped[0] > 9 * 1024 * 1024)
            #expect(server.isConnected)
            #expect(try call(calculatorCall("Add", [.int32(2), .int32(3)]), from: client, to: server).get().body == [.int32(5)])
            // Just under the limit, with the signature the method takes: read and answered.
            let under = DBusValue.byteArray(Array(repeating: 1, count: DBusLimits.defaultMaximumMessageSize - 4096))
            #expect(try call(calculatorCall("Count", [under]), from: client, to: server).get().body
                == [.uint32(UInt32(DBusLimits.defaultMaximumMessageSize - 4096))])
        }
    }

    @Test("A reply over the limit fails its call with messageTooLarge; the connection stays open")
    func oversizedReply() throws {
        try withPrivateBusDaemon { daemon in
            let (server, client) = try connections(daemon)
            let large = try DBusConnection.connect(to: daemon.address, maximumMessageSize: 16 * 1024 * 1024)
            large.methodCallHandler = { call in
                .reply([.byteArray(Array(repeating: 0, count: 9 * 1024 * 1024))])
            }
            var outcome: Result<DBusMessage, DBusConnectionError>?
            try server.call(calculatorCall("Count", [], to: large.uniqueName)) { outcome = $0 }
            try pump([server, client, large], timeout: 60) { outcome != nil }
            guard case .failure(.messageTooLarge(let size, let limit))? = outcome else {
                Issue.record("the oversized reply gave \(String(describing: outcome))")
                return
            }
            #expect(size > 9 * 1024 * 1024 && limit == DBusLimits.defaultMaximumMessageSize)
            #expect(server.isConnected)
            #expect(try call(calculatorCall("Add", [.int32(1), .int32(1)]), from: client, to: server).get().body == [.int32(2)])
        }
    }

    @Test("A call of the wrong signature is refused from its header: the handler never sees it")
    func wrongSignatureRefused() throws {
        try withPrivateBusDaemon { daemon in
            let (server, client) = try connections(daemon)
            var handled = 0
            server.methodCallHandler = { handled += 1; return calculator($0) }
            let bytes = DBusValue.byteArray(Array(repeating: 5, count: 4 * 1024 * 1024))
            guard case .failure(.remoteError(let name, let text)) = try call(calculatorCall("Add", [bytes]), from: client, to: server)
            else {
                Issue.record("Add(ay) was not refused")
                return
            }
            #expect(name == DBusErrorName.invalidArgs)
            #expect(text == "Add takes \"ii\", not \"ay\"")
            guard case .failure(.remoteError(let unknown, let message)) = try call(calculatorCall("Divide", [bytes]), from: client, to: server)
            else {
                Issue.record("Divide was not refused")
                return
            }
            #expect(unknown == DBusErrorName.unknownMethod)
            #expect(message.contains("with signature \"ay\""))
            #expect(handled == 0)
            // Ping is the connection's own, whatever the precheck says.
            var ping = DBusMessage.methodCall(path: .root, interface: "org.freedesktop.DBus.Peer", member: "Ping", destination: nil)
            ping.serial = 0
            #expect(try call(ping, from: client, to: server).get().body == [])
            #expect(try call(calculatorCall("Add", [.int32(4), .int32(5)]), from: client, to: server).get().body == [.int32(9)])
            #expect(handled == 1)
        }
    }
}
