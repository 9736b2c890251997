import Foundation
import Glibc
import Testing
@testable import InteractionKitDBus
import InteractionKitTestSupport

let calculatorPath = path("/org/example/Calculator")
let calculatorInterface = "org.example.Calculator"

/// The method handler of an exported test object.
func calculator(_ call: DBusMessage) -> DBusMethodOutcome {
    guard call.path == calculatorPath, call.interface == calculatorInterface else { return .unknownMethod }
    switch call.member {
    case "Add":
        guard call.body.count == 2, let a = call.body[0].int32, let b = call.body[1].int32 else {
            return .error(name: DBusErrorName.invalidArgs, message: "Add takes (ii)")
        }
        return .reply([.int32(a &+ b)])
    case "Fail":
        return .error(name: "org.example.Error.Refused", message: "as asked")
    case "Count":
        return .reply([.uint32(UInt32(call.body.first?.bytes?.count ?? call.body.first?.elements?.count ?? 0))])
    default:
        return .unknownMethod
    }
}

@Suite("End to end against a real dbus-daemon",
       .enabled(if: EndToEnd.runs(if: PrivateBusDaemon.isAvailable), "skipped: \(PrivateBusDaemon.executable) is not installed"))
struct ConnectionTests {
    @Test("Hello gives a unique name that ListNames then lists")
    func helloAndListNames() throws {
        try withPrivateBusDaemon { daemon in
            let connection = try DBusConnection.connect(to: daemon.address)
            #expect(connection.uniqueName.hasPrefix(":"))
            #expect(connection.serverGUID.count == 32)
            let reply = try connection.call(connection.busCall("ListNames"), timeout: 20)
            let names = reply.body.first?.elements?.compactMap(\.string) ?? []
            #expect(names.contains(connection.uniqueName))
            #expect(names.contains(DBusConnection.busName))
        }
    }

    @Test("Addresses that fail are skipped for the next one, and all failures are reported")
    func addressList() throws {
        try withPrivateBusDaemon { daemon in
            let missing = "unix:path=\(daemon.directory.path)/missing"
            let connection = try DBusConnection.connect(to: "tcp:host=x,port=1;\(missing);\(daemon.address)")
            #expect(connection.isConnected)
            do {
                _ = try DBusConnection.connect(to: "tcp:host=x,port=1;\(missing)")
                Issue.record("connected to nothing")
            } catch let error as DBusConnectionError {
                #expect(error.description.contains("the tcp transport is not supported"))
                #expect(error.description.contains("No such file or directory"))
            }
        }
    }

    @Test("One connection calls an object another exports and gets a reply, an error, and UnknownMethod")
    func callsBetweenConnections() throws {
        try withPrivateBusDaemon { daemon in
            let server = try DBusConnection.connect(to: daemon.address)
            server.methodCallHandler = calculator
            let client = try DBusConnection.connect(to: daemon.address)
            func call(_ member: String, _ body: [DBusValue]) throws -> Result<DBusMessage, DBusConnectionError> {
                var outcome: Result<DBusMessage, DBusConnectionError>?
                try client.call(.methodCall(path: calculatorPath, interface: calculatorInterface, member: member,
                                            destination: server.uniqueName, body: body)) { outcome = $0 }
                try pump([server, client]) { outcome != nil }
                return try #require(outcome)
            }
            #expect(try call("Add", [.int32(2), .int32(3)]).get().body == [.int32(5)])
            #expect(throws: DBusConnectionError.remoteError(name: "org.example.Error.Refused", message: "as asked")) {
                try call("Fail", []).get()
            }
            guard case .failure(.remoteError(let name, let message)) = try call("Divide", [.int32(1)]) else {
                Issue.record("Divide did not fail")
                return
            }
            #expect(name == DBusErrorName.unknownMethod)
            #expect(message.contains("Divide"))
            var ping: Result<DBusMessage, DBusConnectionError>?
            try client.call(.methodCall(path: .root, interface: "org.freedesktop.DBus.Peer", member: "Ping",
                                        destination: server.uniqueName)) { ping = $0 }
            try pump([server, client]) { ping != nil }
            #expect(try ping?.get().body == [])
        }
    }

    @Test("A message larger than the socket buffer is written in parts as the socket drains")
    func partialWrites() throws {
        try withPrivateBusDaemon { daemon in
            let server = try DBusConnection.connect(to: daemon.address)
            server.methodCallHandler = calculator
            let client = try DBusConnection.connect(to: daemon.address)
            let bytes = DBusValue.array(of: .byte, Array(repeating: .byte(7), count: 3 * 1024 * 1024))
            var outcome: Result<DBusMessage, DBusConnectionError>?
            // With the daemon paused nothing drains the socket, so the write
            // stops part way whatever the scheduler does (a running daemon
            // could sometimes keep up with the whole message).
            try daemon.pause()
            do {
                defer { daemon.resume() }
                try client.call(.methodCall(path: calculatorPath, interface: calculatorInterface, member: "Count",
                                            destination: server.uniqueName, body: [bytes])) { outcome = $0 }
                #expect(client.hasPendingOutput)
            }
            try pump([server, client]) { outcome != nil }
            #expect(try outcome?.get().body == [.uint32(3 * 1024 * 1024)])
            #expect(!client.hasPendingOutput)
        }
    }

    @Test("AddMatch routes another connection's signal to the subscribed handler")
    func signals() throws {
        try withPrivateBusDaemon { daemon in
            let emitter = try DBusConnection.connect(to: daemon.address)
            let listener = try DBusConnection.connect(to: daemon.address)
            var received: [DBusMessage] = []
            let rule = DBusMatchRule(interface: "org.example.Events", member: "Changed")
            let subscription = try listener.subscribe(to: rule) { received.append($0) }
            try emitter.emitSignal(path: calculatorPath, interface: "org.example.Events", member: "Other")
            try emitter.emitSignal(path: calculatorPath, interface: "org.example.Events", member: "Changed",
                                   body: [.string("name"), .variant(.int32(1))])
            try pump([emitter, listener]) { !received.isEmpty }
            #expect(received.count == 1)
            #expect(received.first?.sender == emitter.uniqueName)
            #expect(received.first?.body == [.string("name"), .variant(.int32(1))])
            try listener.unsubscribe(subscription)
        }
    }

    @Test("A blocking call keeps answering method calls that arrive while it waits, as Embed needs")
    func blockingCallDispatchesIncomingCalls() throws {
        try withPrivateBusDaemon { daemon in
            // The "registry" runs on its own thread and owns its connection there:
            // during Embed it calls back Set on the caller before replying.
            let registryName = Locked<String?>(nil)
            let stop = Locked(false)
            let address = daemon.address
            let registry = Thread {
                do {
                    let connection = try DBusConnection.connect(to: address)
                    // Weak: the connection keeps its handler.
                    connection.methodCallHandler = { [weak connection] call in
                        guard let connection, call.member == "Embed", let sender = call.sender else { return .unknownMethod }
                        do {
                            _ = try connection.call(.methodCall(
                                path: calculatorPath, interface: "org.freedesktop.DBus.Properties", member: "Set",
                                destination: sender,
                                body: [.string("org.a11y.atspi.Application"), .string("Id"), .variant(.int32(7))]),
                                timeout: 20)
                            return .reply([.structure([.string(connection.uniqueName), .objectPath(.root)])])
                        } catch {
                            return .error(name: DBusErrorName.failed, message: "\(error)")
                        }
                    }
                    registryName.set(connection.uniqueName)
                    while !stop.get() {
                        var entry = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
                        _ = poll(&entry, 1, 50)
                        try connection.handlePending()
                    }
                } catch {
                    registryName.set("failed: \(error)")
                }
            }
            registry.start()
            defer { stop.set(true) }

            let application = try DBusConnection.connect(to: daemon.address)
            var setCalls: [DBusMessage] = []
            application.methodCallHandler = { call in
                guard call.member == "Set" else { return .unknownMethod }
                setCalls.append(call)
                return .reply([])
            }
            let deadline = Date().addingTimeInterval(20)
            while registryName.get() == nil && Date() < deadline {
                var entry = pollfd(fd: application.fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&entry, 1, 20)
            }
            let name = try #require(registryName.get())
            try #require(name.hasPrefix(":"), "registry thread: \(name)")
            let reply = try application.call(.methodCall(
                path: .root, interface: "org.a11y.atspi.Socket", member: "Embed", destination: name,
                body: [.structure([.string(application.uniqueName), .objectPath(.root)])]), timeout: 20)
            #expect(reply.body == [.structure([.string(name), .objectPath(.root)])])
            #expect(setCalls.count == 1)
            #expect(setCalls.first?.body.last == .variant(.int32(7)))
        }
    }

    @Test("A call with nobody to answer times out and the connection stays usable")
    func timeouts() throws {
        try withPrivateBusDaemon { daemon in
            let caller = try DBusConnection.connect(to: daemon.address)
            let silent = try DBusConnection.connect(to: daemon.address)
            silent.methodCallHandler = { _ in .deferred }
            // What times out is the call's own deadline (the error says so), not a bound on the test's wall clock.
            let error = #expect(throws: DBusConnectionError.self) {
                _ = try caller.call(.methodCall(path: .root, interface: "a.b", member: "Wait",
                                                destination: silent.uniqueName), timeout: 0.3)
            }
            guard case .timedOut(let reason)? = error else {
                Issue.record("expected a time-out, got \(String(describing: error))")
                return
            }
            #expect(reason == "no reply to Wait within 0.3 seconds")
            #expect(try caller.call(caller.busCall("GetId"), timeout: 20).body.first?.string?.count == 32)
            // The bus answers for a name that does not exist.
            #expect(throws: DBusConnectionError.self) {
                _ = try caller.call(.methodCall(path: .root, interface: "a.b", member: "M", destination: ":1.9999"))
            }
        }
    }

    @Test("When the daemon goes away, pending calls fail and handlePending says disconnected")
    func daemonExit() throws {
        let daemon = try PrivateBusDaemon()
        let connection = try DBusConnection.connect(to: daemon.address)
        var outcome: Result<DBusMessage, DBusConnectionError>?
        let other = try DBusConnection.connect(to: daemon.address)
        other.methodCallHandler = { _ in .deferred }
        try connection.call(.methodCall(path: .root, interface: "a.b", member: "Wait",
                                        destination: other.uniqueName)) { outcome = $0 }
        daemon.stop()
        var error: DBusConnectionError?
        let deadline = Date().addingTimeInterval(20)
        while error == nil && Date() < deadline {
            var entry = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 100)
            do { try connection.handlePending() } catch let caught { error = caught }
        }
        // EOF or ECONNRESET, depending on whether the daemon left unread data.
        guard case .disconnected(let reason)? = error else {
            Issue.record("handlePending did not report the disconnection: \(String(describing: error))")
            return
        }
        #expect(!connection.isConnected)
        #expect(connection.fileDescriptor == -1)
        guard case .failure(.disconnected)? = outcome else {
            Issue.record("pending call did not fail: \(String(describing: outcome))")
            return
        }
        #expect(throws: DBusConnectionError.disconnected(reason)) {
            try connection.send(connection.busCall("GetId"))
        }
    }
}
