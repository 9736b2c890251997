/// What a method call handler decided to do with a call.
public enum DBusMethodOutcome: Sendable {
    /// Reply successfully with these values.
    case reply([DBusValue])
    /// Reply with a D-Bus error.
    case error(name: String, message: String)
    /// The handler does not implement the method: the caller gets
    /// `org.freedesktop.DBus.Error.UnknownMethod`.
    case unknownMethod
    /// The handler will reply later by sending `DBusMessage.methodReturn(replyingTo:)`
    /// or `DBusMessage.error(replyingTo:…)` itself.
    case deferred
}

/// Well-known error names of the specification.
public enum DBusErrorName {
    /// The object has no such method.
    public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    /// There is no object at the path.
    public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    /// The object has no such interface.
    public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
    /// The object has no such property.
    public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    /// The arguments do not match the method's signature.
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    /// The property cannot be written.
    public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
    /// A generic failure.
    public static let failed = "org.freedesktop.DBus.Error.Failed"
    /// The message passes a limit of the receiver (its size, for one).
    public static let limitsExceeded = "org.freedesktop.DBus.Error.LimitsExceeded"
    /// The caller is not allowed to do this.
    public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
}
