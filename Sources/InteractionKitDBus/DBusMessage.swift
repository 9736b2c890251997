/// A D-Bus message: a method call, a method return, an error or a signal,
/// with its header fields and body.
///
/// Build one with `methodCall(…)`, `signal(…)`, `methodReturn(replyingTo:…)`
/// or `error(replyingTo:…)`; `encoded(byteOrder:)` checks it against the
/// specification and marshals it, `decode(_:)` reads one back.
public struct DBusMessage: Hashable, Sendable {
    /// The four kinds of message.
    public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
        /// A call of a method on an object, which expects a return or an error
        /// unless `noReplyExpected` is set.
        case methodCall = 1
        /// The successful reply to a method call.
        case methodReturn = 2
        /// The failed reply to a method call.
        case error = 3
        /// A broadcast or unicast event.
        case signal = 4
    }

    /// The header flags. Unknown bits are kept as received: the
    /// specification says to ignore them.
    public struct Flags: OptionSet, Hashable, Sendable {
        /// The bits as on the wire.
        public var rawValue: UInt8
        /// Creates flags from their wire bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The caller will not read a reply, so none should be sent.
        public static let noReplyExpected = Flags(rawValue: 0x1)
        /// The bus must not start a service to deliver this message.
        public static let noAutoStart = Flags(rawValue: 0x2)
        /// The caller accepts interactive authorization prompts while the method runs.
        public static let allowInteractiveAuthorization = Flags(rawValue: 0x4)
    }

    /// Which kind of message this is.
    public var kind: Kind
    /// The header flags.
    public var flags: Flags
    /// The sender's number for this message, never 0 on the wire; a
    /// connection assigns it when it sends the message.
    public var serial: UInt32
    /// The object a call is for or a signal comes from (required for both).
    public var path: DBusObjectPath?
    /// The interface of the member (required for signals).
    public var interface: String?
    /// The method or signal name (required for calls and signals).
    public var member: String?
    /// The name of an error (required for errors).
    public var errorName: String?
    /// The serial of the call this message replies to (required for returns and errors).
    public var replySerial: UInt32?
    /// The bus name the message is for.
    public var destination: String?
    /// The unique name of the sender, filled in by the bus.
    public var sender: String?
    /// How many Unix file descriptors accompany the message.
    public var unixFDCount: UInt32?
    /// The arguments; their types make up the message's signature.
    public var body: [DBusValue]

    /// Creates a message from all its parts; the static constructors are
    /// usually more convenient.
    public init(
        kind: Kind, flags: Flags = [], serial: UInt32 = 0, path: DBusObjectPath? = nil,
        interface: String? = nil, member: String? = nil, errorName: String? = nil,
        replySerial: UInt32? = nil, destination: String? = nil, sender: String? = nil,
        unixFDCount: UInt32? = nil, body: [DBusValue] = []
    ) {
        self.kind = kind
        self.flags = flags
        self.serial = serial
        self.path = path
        self.interface = interface
        self.member = member
        self.errorName = errorName
        self.replySerial = replySerial
        self.destination = destination
        self.sender = sender
        self.unixFDCount = unixFDCount
        self.body = body
    }

    /// A method call of `member` on the object at `path`.
    public static func methodCall(
        path: DBusObjectPath, interface: String?, member: String, destination: String?,
        body: [DBusValue] = [], flags: Flags = []
    ) -> DBusMessage {
        DBusMessage(kind: .methodCall, flags: flags, path: path, interface: interface,
                    member: member, destination: destination, body: body)
    }

    /// A signal `member` of `interface`, emitted by the object at `path`.
    public static func signal(
        path: DBusObjectPath, interface: String, member: String, destination: String? = nil,
        body: [DBusValue] = []
    ) -> DBusMessage {
        DBusMessage(kind: .signal, path: path, interface: interface, member: member,
                    destination: destination, body: body)
    }

    /// The successful reply to `call`, addressed to its sender.
    public static func methodReturn(replyingTo call: DBusMessage, body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(kind: .methodReturn, flags: [.noReplyExpected], replySerial: call.serial,
                    destination: call.sender, body: body)
    }

    /// The error reply to `call`, addressed to its sender, with an optional
    /// human-readable message as its body (the convention for errors).
    public static func error(replyingTo call: DBusMessage, name: String, message: String?) -> DBusMessage {
        DBusMessage(kind: .error, flags: [.noReplyExpected], errorName: name, replySerial: call.serial,
                    destination: call.sender, body: message.map { [.string($0)] } ?? [])
    }

    /// The signature of the body, from the types of its values.
    public var signatureText: String {
        var text = ""
        for value in body { value.type.appendSignature(to: &text) }
        return text
    }

    /// The human-readable text of an error: its first argument when that is a string.
    public var errorMessage: String? {
        body.first?.string
    }
}
