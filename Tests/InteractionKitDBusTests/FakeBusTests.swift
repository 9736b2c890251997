import Foundation
import Glibc
import Testing
@testable import InteractionKitDBus
import InteractionKitTestSupport

/// A scripted bus on a Unix socket: it accepts one client on a helper thread,
/// answers AUTH with `authReply`, and if that is OK answers Hello, then
/// sends `afterHello` raw bytes in answer to the client's next message. It lets tests send what no daemon would.
final class FakeBus: @unchecked Sendable {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fake-bus-\(UUID().uuidString)")
    var address: String { "unix:path=\(directory.path)/bus" }
    private let listener: Int32
    private let finished = Locked(false)

    init(authReply: String, afterHello: [UInt8] = []) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array("\(directory.path)/bus".utf8) + [0]
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in pathBytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw PrivateBusDaemon.Failure(message: "bind failed") }
        let finished = self.finished
        Thread {
            defer { finished.set(true) }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            func readLine() -> String {
                var line: [UInt8] = []
                var byte: UInt8 = 0
                while !(line.count >= 2 && line.suffix(2) == [0x0D, 0x0A]), read(client, &byte, 1) == 1 {
                    line.append(byte)
                }
                return String(decoding: line, as: UTF8.self)
            }
            func write(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.write(client, $0.baseAddress, $0.count) } }
            _ = readLine()
            write(Array("\(authReply)\r\n".utf8))
            guard authReply.hasPrefix("OK") else { _ = readLine(); return }
            _ = readLine()  // BEGIN
            var framer = DBusMessageFramer()
            var helloCall: DBusMessage?
            var chunk = [UInt8](repeating: 0, count: 4096)
            while helloCall == nil {
                let count = read(client, &chunk, chunk.count)
                guard count > 0 else { return }
                framer.append(chunk[0..<count])
                helloCall = try? framer.nextMessage()
            }
            var reply = DBusMessage.methodReturn(replyingTo: helloCall!, body: [.string(":1.1")])
            reply.serial = 1
            reply.destination = nil
            write((try? reply.encoded()) ?? [])
            // The script goes on once the client sends its next message, so
            // the connection is established first.
            while (try? framer.nextMessage()) == nil {
                let count = read(client, &chunk, chunk.count)
                guard count > 0 else { return }
                framer.append(chunk[0..<count])
            }
            write(afterHello)
            // Wait for the client to hang up.
            while read(client, &chunk, chunk.count) > 0 {}
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        try? FileManager.default.removeItem(at: directory)
    }
}

@Suite("Against a scripted bus: authentication failures and malformed data")
struct FakeBusTests {
    @Test("A REJECTED authentication fails the connection with the mechanisms offered")
    func rejected() throws {
        let bus = try FakeBus(authReply: "REJECTED DBUS_COOKIE_SHA1")
        defer { bus.stop() }
        do {
            _ = try DBusConnection.connect(to: bus.address, timeout: 20)
            Issue.record("connected despite REJECTED")
        } catch {
            #expect(error == .couldNotConnect(
                ["unix:path=\(bus.directory.path)/bus: the bus rejected EXTERNAL authentication (it offers: DBUS_COOKIE_SHA1)"]))
        }
    }

    @Test("A GUID that differs from the address's fails the connection")
    func guidMismatch() throws {
        let bus = try FakeBus(authReply: "OK 0123456789abcdef0123456789abcdef")
        defer { bus.stop() }
        #expect(throws: DBusConnectionError.self) {
            _ = try DBusConnection.connect(to: bus.address + ",guid=ffffffffffffffffffffffffffffffff", timeout: 20)
        }
    }

    @Test("Malformed bytes after Hello close the connection with a protocol violation, and never trap")
    func malformedDataDropsTheConnection() throws {
        var garbage = try hello.encoded()
        garbage[126] = 0xFF  // non-zero padding
        let bus = try FakeBus(authReply: "OK 0123456789abcdef0123456789abcdef", afterHello: garbage)
        defer { bus.stop() }
        let connection = try DBusConnection.connect(to: bus.address, timeout: 20)
        #expect(connection.uniqueName == ":1.1")
        var failure: DBusConnectionError?
        var pending: Result<DBusMessage, DBusConnectionError>?
        try connection.call(connection.busCall("GetId")) { pending = $0 }
        let deadline = Date().addingTimeInterval(20)
        while failure == nil && Date() < deadline {
            var entry = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 100)
            do { try connection.handlePending() } catch { failure = error }
        }
        #expect(failure == .protocolViolation(.nonZeroPadding(offset: 126)))
        #expect(!connection.isConnected)
        guard case .failure(.protocolViolation)? = pending else {
            Issue.record("the pending call was not failed: \(String(describing: pending))")
            return
        }
    }

    @Test("An oversized message leaves the connection open; its body is dropped as it arrives")
    func oversizedMessage() throws {
        var header = try hello.encoded()
        header[7] = 0x7F  // a body of 2 GiB
        let bus = try FakeBus(authReply: "OK 0123456789abcdef0123456789abcdef", afterHello: header + Array(repeating: 0, count: 70_000))
        defer { bus.stop() }
        let connection = try DBusConnection.connect(to: bus.address, timeout: 20)
        var skipped: [Int] = []
        connection.oversizedMessageHandler = { skipped.append($0.size) }
        try connection.send(connection.busCall("GetId"))
        try pump([connection]) { !skipped.isEmpty }
        #expect(skipped == [128 + 0x7F00_0000])
        // The rest of its 2 GiB never comes: the connection waits for it, open.
        for _ in 0..<20 {
            var entry = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 10)
            try connection.handlePending()
        }
        #expect(connection.isConnected)
    }
}
