/// Which signals a handler wants: each field that is set must equal the
/// signal's; the bus uses the same rule (`AddMatch`) to decide what to route.
///
/// The sender is compared literally: signals carry the sender's unique name
/// (`:1.42`), so a rule with a well-known name matches on the bus but not
/// locally. Use the unique name for local matching.
public struct DBusMatchRule: Hashable, Sendable {
    /// The bus name of the sender.
    public var sender: String?
    /// The signal's interface.
    public var interface: String?
    /// The signal's name.
    public var member: String?
    /// The path of the object that emits it.
    public var path: DBusObjectPath?

    /// Creates a rule; fields left nil match anything.
    public init(sender: String? = nil, interface: String? = nil, member: String? = nil, path: DBusObjectPath? = nil) {
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
    }

    /// The rule in the bus's syntax, for `org.freedesktop.DBus.AddMatch`.
    public var text: String {
        var parts = ["type='signal'"]
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            // Inside quotes only the apostrophe needs care: close, escape, reopen.
            let quoted = value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
            parts.append("\(key)='\(quoted)'")
        }
        add("sender", sender)
        add("interface", interface)
        add("member", member)
        add("path", path?.text)
        return parts.joined(separator: ",")
    }

    /// Whether `message` is a signal this rule selects.
    public func matches(_ message: DBusMessage) -> Bool {
        message.kind == .signal
            && (sender == nil || sender == message.sender)
            && (interface == nil || interface == message.interface)
            && (member == nil || member == message.member)
            && (path == nil || path == message.path)
    }
}
