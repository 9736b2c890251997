import Glibc

/// A client connection to a message bus over a Unix socket: authenticated,
/// registered with `Hello`, and driven by the caller's own event loop.
///
/// Poll `fileDescriptor` for `POLLIN` (and `POLLOUT` while
/// `hasPendingOutput`), then call `handlePending()`: it reads what is
/// available without blocking, dispatches every complete message (replies to
/// their callbacks, method calls to `methodCallHandler`, signals to the
/// signal handlers) and writes what it can. `call(_:timeout:)` blocks until
/// the reply comes, and keeps dispatching everything else meanwhile, so a peer
/// that calls back into us during the call (the AT-SPI registry does, during
/// `Embed`) gets its answer.
///
/// Concurrency: the class is deliberately not `Sendable` and not bound to an
/// actor. It belongs to the thread that made it (a toolkit's main thread), and
/// the compiler keeps it there; handlers run on that thread, inside
/// `handlePending()` or `call(_:timeout:)`. Handlers may use the connection
/// again, blocking calls included.
///
/// What a peer can send never closes the connection. A message larger than
/// `maximumMessageSize` is skipped by its header's length as it arrives,
/// never buffered: a method call among them is answered with
/// `org.freedesktop.DBus.Error.LimitsExceeded`, a reply among them fails its
/// call with `.messageTooLarge`. A body is decoded only when someone will
/// read it: a method call's after `methodCallPrecheck` let it through (so a
/// handler that knows its methods' signatures refuses the others without
/// decoding them), a signal's when a handler's rule matches its header, a
/// reply's when a call waits for it.
///
/// Bad bytes never trap: bytes that are not D-Bus messages (which only the
/// bus itself can send: `dbus-daemon` checks every message it routes) close
/// the connection, since a byte stream cannot be resynchronized, and the
/// next operation throws `DBusConnectionError.protocolViolation`.
public final class DBusConnection {
    /// The name of the bus itself, where `Hello`, `AddMatch` and friends go.
    public static let busName = "org.freedesktop.DBus"
    /// The bus's object path.
    public static let busPath = DBusObjectPath(trusted: "/org/freedesktop/DBus")

    /// The unique name the bus gave this connection, such as `:1.42`.
    public private(set) var uniqueName = ""
    /// The GUID the server announced during authentication.
    public let serverGUID: String
    /// The most bytes buffered for one incoming message.
    public let maximumMessageSize: Int
    /// The most bytes buffered for sending before `send` refuses more.
    public let maximumPendingOutput = 64 * 1024 * 1024

    /// Handles incoming method calls; without one, or when it returns
    /// `.unknownMethod`, the caller gets `org.freedesktop.DBus.Error.UnknownMethod`.
    public var methodCallHandler: ((DBusMessage) -> DBusMethodOutcome)?

    /// Looks at each incoming method call before its body is decoded: the
    /// frame's `header` (its `body` is empty), `bodySignature` and `size`.
    /// Return nil to decode the body and pass the call to
    /// `methodCallHandler`, or the answer to send instead (`InvalidArgs` for
    /// a signature the method does not take, `.unknownMethod` for a method
    /// there is not, `LimitsExceeded` for a call larger than any of the
    /// handler's methods takes), so a large body that would be refused
    /// anyway costs nothing to decode.
    public var methodCallPrecheck: ((_ call: DBusFrame) -> DBusMethodOutcome?)?

    /// Called with each message skipped because it is larger than
    /// `maximumMessageSize` (its header, its size), after a method call among
    /// them was answered with `LimitsExceeded`.
    public var oversizedMessageHandler: ((DBusFrame) -> Void)?

    private var socket: DBusSocket
    private var framer: DBusMessageFramer
    private var output: [UInt8] = []
    private var outputStart = 0
    private var lastSerial: UInt32 = 0
    private var replyHandlers: [UInt32: (Result<DBusMessage, DBusConnectionError>) -> Void] = [:]
    private var signalHandlers: [(id: Int, rule: DBusMatchRule, handler: (DBusMessage) -> Void)] = []
    private var lastSignalHandlerID = 0
    private var closeReason: DBusConnectionError?
    private var receiveBuffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Connects to the first address of `address` (a `;`-separated list) that
    /// accepts us, authenticates and sends `Hello`.
    ///
    /// - Parameters:
    ///   - address: One bus address or several, `;`-separated, tried in order.
    ///   - timeout: Seconds for the whole handshake, per address.
    ///   - maximumMessageSize: The largest message accepted from the bus, in bytes.
    /// - Throws: `DBusConnectionError` saying what failed for each address.
    public static func connect(
        to address: String, timeout: Double = 25,
        maximumMessageSize: Int = DBusLimits.defaultMaximumMessageSize
    ) throws(DBusConnectionError) -> DBusConnection {
        let addresses: [DBusAddress]
        do {
            addresses = try DBusAddress.parseList(address)
        } catch {
            throw .badAddress(error)
        }
        var reasons: [String] = []
        for candidate in addresses {
            do {
                let socketAddress: DBusSocketAddress
                do {
                    socketAddress = try candidate.socketAddress()
                } catch {
                    throw DBusConnectionError.badAddress(error)
                }
                let socket = try DBusSocket.connect(to: socketAddress)
                return try DBusConnection(
                    socket: socket, expectedGUID: candidate.guid, timeout: timeout,
                    maximumMessageSize: maximumMessageSize)
            } catch {
                reasons.append("\(describe(candidate)): \(error)")
            }
        }
        throw .couldNotConnect(reasons)
    }

    /// Connects to the session bus named by `DBUS_SESSION_BUS_ADDRESS`.
    ///
    /// - Throws: `DBusConnectionError.couldNotConnect` when the variable is unset.
    public static func connectToSessionBus(timeout: Double = 25) throws(DBusConnectionError) -> DBusConnection {
        guard let address = DBusAddress.sessionBusAddress() else {
            throw .couldNotConnect(["DBUS_SESSION_BUS_ADDRESS is not set: there is no session bus"])
        }
        return try connect(to: address, timeout: timeout)
    }

    private static func describe(_ address: DBusAddress) -> String {
        let details = address.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return address.transport + ":" + details.joined(separator: ",")
    }

    private init(
        socket: DBusSocket, expectedGUID: String?, timeout: Double, maximumMessageSize: Int
    ) throws(DBusConnectionError) {
        self.socket = socket
        self.maximumMessageSize = maximumMessageSize
        self.framer = DBusMessageFramer(maximumMessageSize: maximumMessageSize)
        let deadline = monotonicSeconds() + timeout
        do {
            serverGUID = try Self.authenticate(socket, deadline: deadline)
        } catch {
            self.socket.close()
            throw error
        }
        if let expectedGUID, expectedGUID != serverGUID {
            self.socket.close()
            throw .authenticationFailed("the server's GUID \(serverGUID) is not the \(expectedGUID) of the address")
        }
        do throws(DBusConnectionError) {
            let reply = try call(
                .methodCall(path: Self.busPath, interface: Self.busName, member: "Hello", destination: Self.busName),
                timeout: max(0, deadline - monotonicSeconds()))
            guard let name = reply.body.first?.string, DBusName.isValidBusName(name) else {
                throw DBusConnectionError.authenticationFailed("Hello did not return a unique name")
            }
            uniqueName = name
        } catch {
            close(because: error)
            throw error
        }
    }

    deinit {
        socket.close()
    }

    /// The socket to poll: for `POLLIN` always, for `POLLOUT` while
    /// `hasPendingOutput`; -1 once the connection is closed.
    public var fileDescriptor: Int32 { socket.descriptor }

    /// Whether some output could not be written yet, so the loop should wait
    /// for the socket to become writable and call `handlePending()`.
    public var hasPendingOutput: Bool { outputStart < output.count }

    /// Whether the connection is open.
    public var isConnected: Bool { closeReason == nil }

    /// Closes the connection; pending calls fail with `.disconnected`.
    public func close() {
        close(because: .disconnected("closed by this side"))
    }

    // MARK: Sending

    /// Sends a message with the next serial, which it returns. Output that
    /// the socket cannot take now is buffered for `handlePending()`.
    @discardableResult
    public func send(_ message: DBusMessage) throws(DBusConnectionError) -> UInt32 {
        if let closeReason { throw closeReason }
        var numbered = message
        numbered.serial = nextSerial()
        let bytes: [UInt8]
        do {
            bytes = try numbered.encoded(byteOrder: .native, maximumSize: maximumMessageSize)
        } catch {
            throw .invalidMessage(error)
        }
        guard output.count - outputStart + bytes.count <= maximumPendingOutput else {
            throw .outputBufferFull(output.count - outputStart)
        }
        output.append(contentsOf: bytes)
        try flush()
        return numbered.serial
    }

    /// Sends a method call and calls `replyHandler` from `handlePending()`
    /// when its return (`.success`) or error (`.failure(.remoteError)`) comes,
    /// or with `.failure(.disconnected)` if the connection closes first.
    @discardableResult
    public func call(
        _ message: DBusMessage, replyHandler: @escaping (Result<DBusMessage, DBusConnectionError>) -> Void
    ) throws(DBusConnectionError) -> UInt32 {
        var expectingReply = message
        expectingReply.flags.remove(.noReplyExpected)
        let serial = try send(expectingReply)
        replyHandlers[serial] = replyHandler
        return serial
    }

    /// Stops waiting for the reply to the call sent with `serial` (what
    /// `call(_:replyHandler:)` returned): its handler is dropped without
    /// being called, and the reply, if it comes, is skipped unread. For a
    /// caller that waits on its own clock and gives up.
    public func forgetReply(to serial: UInt32) {
        replyHandlers[serial] = nil
    }

    /// Sends a method call and waits for its reply, dispatching every other
    /// message meanwhile.
    ///
    /// - Returns: the method return.
    /// - Throws: `.remoteError` when the peer answers with an error,
    ///   `.timedOut` after `timeout` seconds, or what closed the connection.
    public func call(_ message: DBusMessage, timeout: Double = 25) throws(DBusConnectionError) -> DBusMessage {
        var outcome: Result<DBusMessage, DBusConnectionError>?
        let serial = try call(message) { outcome = $0 }
        let deadline = monotonicSeconds() + timeout
        while outcome == nil {
            let remaining = deadline - monotonicSeconds()
            guard remaining > 0 else {
                replyHandlers[serial] = nil
                throw .timedOut("no reply to \(message.member ?? "the call") within \(timeout) seconds")
            }
            if let closeReason { throw closeReason }
            _ = try socket.wait(forWriting: hasPendingOutput, seconds: remaining)
            try handlePending()
        }
        switch outcome {
        case .success(let reply)?: return reply
        case .failure(let error)?: throw error
        case nil: throw .disconnected("no reply")
        }
    }

    /// Emits a signal from the object at `path`.
    public func emitSignal(
        path: DBusObjectPath, interface: String, member: String, body: [DBusValue] = []
    ) throws(DBusConnectionError) {
        try send(.signal(path: path, interface: interface, member: member, body: body))
    }

    /// Writes as much buffered output as the socket takes now.
    public func flush() throws(DBusConnectionError) {
        while outputStart < output.count {
            let transfer: DBusSocket.Transfer
            do {
                transfer = try output.withUnsafeBytes { raw in
                    Result { () throws(DBusConnectionError) in
                        try socket.send(UnsafeRawBufferPointer(rebasing: raw[outputStart...]))
                    }
                }.get()
            } catch {
                close(because: .disconnected("\(error)"))
                throw closeReason ?? error
            }
            switch transfer {
            case .transferred(let count): outputStart += count
            case .wouldBlock: return
            case .endOfStream: return
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 1 << 20)
        outputStart = 0
    }

    // MARK: Receiving

    /// Registers a handler for signals that `rule` matches, on this side only
    /// (see `subscribe(to:timeout:handler:)` to ask the bus to route them).
    ///
    /// - Returns: a token for `removeSignalHandler(_:)`.
    @discardableResult
    public func addSignalHandler(
        matching rule: DBusMatchRule, _ handler: @escaping (DBusMessage) -> Void
    ) -> DBusSignalSubscription {
        lastSignalHandlerID += 1
        signalHandlers.append((lastSignalHandlerID, rule, handler))
        return DBusSignalSubscription(id: lastSignalHandlerID, rule: rule)
    }

    /// Unregisters a signal handler.
    public func removeSignalHandler(_ subscription: DBusSignalSubscription) {
        signalHandlers.removeAll { $0.id == subscription.id }
    }

    /// Asks the bus to route the signals `rule` matches to us (`AddMatch`,
    /// waiting for its reply) and registers `handler` for them.
    @discardableResult
    public func subscribe(
        to rule: DBusMatchRule, timeout: Double = 25, handler: @escaping (DBusMessage) -> Void
    ) throws(DBusConnectionError) -> DBusSignalSubscription {
        _ = try call(busCall("AddMatch", [.string(rule.text)]), timeout: timeout)
        return addSignalHandler(matching: rule, handler)
    }

    /// Unregisters the handler and tells the bus to stop routing its signals (`RemoveMatch`).
    public func unsubscribe(_ subscription: DBusSignalSubscription, timeout: Double = 25) throws(DBusConnectionError) {
        removeSignalHandler(subscription)
        _ = try call(busCall("RemoveMatch", [.string(subscription.rule.text)]), timeout: timeout)
    }

    /// A method call on the bus itself, such as `ListNames` or `RequestName`.
    public func busCall(_ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        .methodCall(path: Self.busPath, interface: Self.busName, member: member,
                    destination: Self.busName, body: body)
    }

    /// Reads what is available without blocking, dispatches every complete
    /// message, and writes pending output.
    ///
    /// - Throws: what closed the connection: `.disconnected` when the bus
    ///   hung up, `.protocolViolation` for malformed data.
    public func handlePending() throws(DBusConnectionError) {
        if let closeReason { throw closeReason }
        try flush()
        // A bounded number of reads per call keeps a flooding peer from
        // starving the toolkit's loop; poll reports the rest as readable.
        for _ in 0..<64 {
            let transfer: DBusSocket.Transfer
            do {
                transfer = try receiveBuffer.withUnsafeMutableBytes { raw in
                    Result { () throws(DBusConnectionError) in try socket.receive(into: raw) }
                }.get()
            } catch {
                close(because: .disconnected("\(error)"))
                throw closeReason ?? error
            }
            switch transfer {
            case .transferred(let count):
                framer.append(receiveBuffer[0..<count])
                try dispatchBuffered()
            case .wouldBlock:
                try flush()
                return
            case .endOfStream:
                close(because: .disconnected("the bus closed the connection"))
                throw closeReason ?? .disconnected("closed")
            }
        }
        try flush()
    }

    private func dispatchBuffered() throws(DBusConnectionError) {
        while isConnected {
            let message: DBusMessage
            do {
                guard let frame = try framer.nextFrame() else { return }
                if frame.isOversized {
                    refuse(frame)
                    continue
                }
                // A body is decoded only when someone will read it.
                switch frame.header.kind {
                case .methodCall:
                    if let outcome = precheck(frame) {
                        answer(frame.header, with: outcome, signature: frame.bodySignature.text)
                        continue
                    }
                case .signal:
                    guard signalHandlers.contains(where: { $0.rule.matches(frame.header) }) else { continue }
                case .methodReturn, .error:
                    guard let serial = frame.header.replySerial, replyHandlers[serial] != nil else { continue }
                }
                message = try frame.message()
            } catch {
                close(because: .protocolViolation(error))
                throw .protocolViolation(error)
            }
            dispatch(message)
        }
        if let closeReason { throw closeReason }
    }

    /// The answer to a method call decided from its header alone, or nil to decode it.
    private func precheck(_ frame: DBusFrame) -> DBusMethodOutcome? {
        if Self.isPing(frame.header) {
            // The connection answers Ping itself, whatever the handler takes.
            guard frame.bodySignature.types.isEmpty else {
                return .error(name: DBusErrorName.invalidArgs, message: "Ping takes no arguments, not \"\(frame.bodySignature)\"")
            }
            return .reply([])
        }
        return methodCallPrecheck?(frame)
    }

    private static func isPing(_ call: DBusMessage) -> Bool {
        call.interface == "org.freedesktop.DBus.Peer" && call.member == "Ping"
    }

    /// A message too large to read: a call is answered with
    /// `LimitsExceeded`, a reply fails its call; then the handler hears of it.
    private func refuse(_ frame: DBusFrame) {
        let header = frame.header
        switch header.kind {
        case .methodCall where frame.isHeaderComplete:
            let text = "a call of \(frame.size) bytes is larger than the \(frame.limit) bytes this connection reads; "
                + "it was skipped unread"
            answer(header, with: .error(name: DBusErrorName.limitsExceeded, message: text),
                   signature: frame.bodySignature.text)
        case .methodReturn, .error:
            if let serial = header.replySerial, let handler = replyHandlers.removeValue(forKey: serial) {
                handler(.failure(.messageTooLarge(size: frame.size, limit: frame.limit)))
            }
        case .methodCall, .signal:
            break
        }
        oversizedMessageHandler?(frame)
    }

    private func dispatch(_ message: DBusMessage) {
        switch message.kind {
        case .methodReturn, .error:
            guard let serial = message.replySerial, let handler = replyHandlers.removeValue(forKey: serial) else {
                return
            }
            if message.kind == .error {
                handler(.failure(.remoteError(name: message.errorName ?? DBusErrorName.failed,
                                              message: message.errorMessage ?? "")))
            } else {
                handler(.success(message))
            }
        case .signal:
            // A snapshot: handlers may add or remove handlers.
            for entry in signalHandlers where entry.rule.matches(message) {
                entry.handler(message)
            }
        case .methodCall:
            answer(message, with: methodCallHandler?(message) ?? .unknownMethod, signature: message.signatureText)
        }
    }

    /// Sends the reply `outcome` says to `call`, whose body has `signature`.
    private func answer(_ call: DBusMessage, with outcome: DBusMethodOutcome, signature: String) {
        let reply: DBusMessage
        switch outcome {
        case .deferred:
            return
        case .reply(let body):
            reply = .methodReturn(replyingTo: call, body: body)
        case .error(let name, let text):
            reply = .error(replyingTo: call, name: name, message: text)
        case .unknownMethod:
            let text = "No method \"\(call.member ?? "")\" with signature \"\(signature)\" on interface \"\(call.interface ?? "")\" at \(call.path?.text ?? "")"
            reply = .error(replyingTo: call, name: DBusErrorName.unknownMethod, message: text)
        }
        guard !call.flags.contains(.noReplyExpected) else { return }
        do {
            try send(reply)
        } catch .invalidMessage(let error) {
            // The handler's reply cannot be marshalled: tell the caller
            // rather than leave it waiting.
            _ = try? send(.error(replyingTo: call, name: DBusErrorName.failed, message: "reply not sent: \(error)"))
        } catch {
            // The connection is closed; the next operation reports it.
        }
    }

    // MARK: Internals

    private func nextSerial() -> UInt32 {
        lastSerial = lastSerial == UInt32.max ? 1 : lastSerial + 1
        return lastSerial
    }

    private func close(because reason: DBusConnectionError) {
        guard closeReason == nil else { return }
        closeReason = reason
        socket.close()
        output.removeAll()
        outputStart = 0
        let waiting = replyHandlers
        replyHandlers.removeAll()
        for serial in waiting.keys.sorted() {
            waiting[serial]?(.failure(reason))
        }
    }

    /// SASL EXTERNAL before any message; returns the server's GUID.
    private static func authenticate(_ socket: DBusSocket, deadline: Double) throws(DBusConnectionError) -> String {
        try writeAll(DBusAuthentication.authRequest(uid: getuid()), to: socket, deadline: deadline)
        let guid = try DBusAuthentication.guid(fromReply: try readLine(from: socket, deadline: deadline))
        try writeAll(DBusAuthentication.begin, to: socket, deadline: deadline)
        return guid
    }

    private static func writeAll(_ bytes: [UInt8], to socket: DBusSocket, deadline: Double) throws(DBusConnectionError) {
        var written = 0
        while written < bytes.count {
            let transfer = try bytes.withUnsafeBytes { raw in
                Result { () throws(DBusConnectionError) in
                    try socket.send(UnsafeRawBufferPointer(rebasing: raw[written...]))
                }
            }.get()
            switch transfer {
            case .transferred(let count):
                written += count
            case .wouldBlock, .endOfStream:
                let remaining = deadline - monotonicSeconds()
                guard remaining > 0, try socket.wait(forWriting: true, seconds: remaining) else {
                    throw .timedOut("authentication")
                }
            }
        }
    }

    /// Reads one `\r\n`-terminated line a byte at a time, so nothing that
    /// follows it is taken from the stream.
    private static func readLine(from socket: DBusSocket, deadline: Double) throws(DBusConnectionError) -> String {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while !(line.count >= 2 && line[line.count - 2] == 0x0D && line[line.count - 1] == 0x0A) {
            guard line.count < DBusAuthentication.maximumLineLength else {
                throw .authenticationFailed("the server sent a line longer than \(DBusAuthentication.maximumLineLength) bytes")
            }
            let transfer = try withUnsafeMutableBytes(of: &byte) { raw in
                Result { () throws(DBusConnectionError) in try socket.receive(into: raw) }
            }.get()
            switch transfer {
            case .transferred:
                line.append(byte)
            case .wouldBlock:
                let remaining = deadline - monotonicSeconds()
                guard remaining > 0, try socket.wait(forWriting: false, seconds: remaining) else {
                    throw .timedOut("authentication")
                }
            case .endOfStream:
                throw .authenticationFailed("the server closed the connection during authentication")
            }
        }
        return String(decoding: line.dropLast(2), as: UTF8.self)
    }
}

/// A registered signal handler, returned so it can be removed.
public struct DBusSignalSubscription: Hashable, Sendable {
    /// Distinguishes handlers registered with equal rules.
    public let id: Int
    /// The rule the handler was registered with.
    public let rule: DBusMatchRule
}
