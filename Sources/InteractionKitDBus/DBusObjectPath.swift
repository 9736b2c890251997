/// A validated D-Bus object path, such as `/org/a11y/atspi/accessible/root`.
///
/// A path is `/` or a sequence of `/element`, each element one or more of
/// `[A-Za-z0-9_]`, with no trailing slash.
public struct DBusObjectPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The root path, `/`.
    public static let root = DBusObjectPath(trusted: "/")

    /// The path as text.
    public let text: String

    /// Validates an object path.
    ///
    /// - Throws: `DBusWireError.invalidObjectPath` when `text` is not one.
    public init(_ text: String) throws(DBusWireError) {
        guard DBusObjectPath.isValid(text.utf8) else { throw .invalidObjectPath(text) }
        self.text = text
    }

    package init(trusted text: String) {
        self.text = text
    }

    /// Whether `bytes` form a valid object path.
    public static func isValid(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousWasSlash = false
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if previousWasSlash { return false }
                previousWasSlash = true
            } else {
                guard DBusName.isAlphanumericOrUnderscore(byte) else { return false }
                previousWasSlash = false
            }
        }
        return true
    }

    /// The path as text.
    public var description: String { text }

    /// Orders paths by their text, so a tree can be listed in a stable order.
    public static func < (lhs: DBusObjectPath, rhs: DBusObjectPath) -> Bool {
        lhs.text < rhs.text
    }
}
