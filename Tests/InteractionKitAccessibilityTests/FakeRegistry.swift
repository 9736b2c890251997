import Foundation
import Glibc
import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitTestSupport

struct RegistryError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A stand-in for the AT-SPI registry on its own thread and connection: it
/// owns `org.a11y.atspi.Registry`, answers `Embed`, and answers each
/// `DeviceEventController.NotifyListenersSync` as `behaviour` says, as the
/// registry does for a screen reader that takes keys or lets them through.
final class FakeRegistry: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// Answers at once: true (the screen reader consumed the key) or false.
        case answer(Bool)
        /// Never answers.
        case silent
        /// Answers with this body, whatever its signature (a registry that answers wrongly).
        case reply([DBusValue])
        /// Before answering false, calls the application as a screen
        /// reader might while it decides: `GetState` on `readPath`, then
        /// `DoAction(0)` on `actPath`; answers once the `GetState` reply came.
        case callBack(readPath: String, actPath: String)
    }

    /// How the next keys are answered.
    let behaviour: Locked<Behaviour>
    /// The argument of each `NotifyListenersSync`, in order.
    let keys = Locked<[DBusValue]>([])
    /// Whether each `NotifyListenersSync` asked for a reply (no `NO_REPLY_EXPECTED` flag), in order.
    let repliesWanted = Locked<[Bool]>([])
    /// What the registry's own calls into the application got back, in the order the replies came.
    let callBackReplies = Locked<[String]>([])
    private let stopping = Locked(false)
    private let finished = Locked(false)

    init(address: String, behaviour: Behaviour) throws {
        self.behaviour = Locked(behaviour)
        let ready = Locked<String?>(nil)
        Thread { [self] in
            defer { finished.set(true) }
            do {
                try serve(address: address, ready: ready)
            } catch {
                ready.set("failed: \(error)")
            }
        }.start()
        let deadline = Date().addingTimeInterval(20)
        while ready.get() == nil, Date() < deadline { usleep(1_000) }
        guard ready.get() == "ready" else {
            stop()
            throw RegistryError(message: "the fake registry did not start: \(ready.get() ?? "timed out")")
        }
    }

    func stop() {
        stopping.set(true)
        let deadline = Date().addingTimeInterval(5)
        while !finished.get(), Date() < deadline { usleep(1_000) }
    }

    private func serve(address: String, ready: Locked<String?>) throws {
        let connection = try DBusConnection.connect(to: address, timeout: 10)
        defer { connection.close() }
        // DO_NOT_QUEUE (4): the name is ours, or this fails.
        let owned = try connection.call(connection.busCall("RequestName", [.string("org.a11y.atspi.Registry"), .uint32(4)]))
        guard owned.body.first?.uint32 == 1 else { throw RegistryError(message: "could not own the registry's name") }
        let name = connection.uniqueName
        let desktop = try DBusObjectPath("/org/a11y/atspi/accessible/root")
        let replies = callBackReplies
        connection.methodCallHandler = { [unowned connection, self] call in
            switch call.member {
            case "Embed":
                return .reply([.structure([.string(name), .objectPath(desktop)])])
            case "NotifyListenersSync":
                keys.update { $0.append(call.body.first ?? .string("no argument")) }
                repliesWanted.update { $0.append(!call.flags.contains(.noReplyExpected)) }
                switch behaviour.get() {
                case .answer(let consumed):
                    return .reply([.boolean(consumed)])
                case .reply(let body):
                    return .reply(body)
                case .silent:
                    return .deferred
                case .callBack(let readPath, let actPath):
                    guard let application = call.sender,
                          let read = try? DBusObjectPath(readPath), let act = try? DBusObjectPath(actPath) else {
                        return .reply([.boolean(false)])
                    }
                    _ = try? connection.call(.methodCall(path: read, interface: AtspiInterface.accessible, member: "GetState",
                                                         destination: application)) { result in
                        replies.update { $0.append("GetState: \(Self.describe(result))") }
                        // Now the screen reader has looked: the key goes on.
                        _ = try? connection.send(.methodReturn(replyingTo: call, body: [.boolean(false)]))
                    }
                    _ = try? connection.call(.methodCall(path: act, interface: AtspiInterface.action, member: "DoAction",
                                                         destination: application, body: [.int32(0)])) { result in
                        replies.update { $0.append("DoAction: \(Self.describe(result))") }
                    }
                    return .deferred
                }
            default:
                return .unknownMethod
            }
        }
        ready.set("ready")
        while !stopping.get() {
            var entry = pollfd(fd: connection.fileDescriptor,
                               events: Int16(POLLIN) | (connection.hasPendingOutput ? Int16(POLLOUT) : 0), revents: 0)
            _ = poll(&entry, 1, 20)
            try connection.handlePending()
        }
    }

    private static func describe(_ result: Result<DBusMessage, DBusConnectionError>) -> String {
        switch result {
        case .success(let reply): "\(reply.body)"
        case .failure(let error): "error \(error)"
        }
    }
}
