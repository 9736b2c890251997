/// Validation of the names in message headers, per the specification's
/// "Valid Names": a bus daemon disconnects a client that sends an invalid one,
/// so messages are checked before they are sent as well as when received.
public enum DBusName {
    /// The longest name the specification allows, in bytes.
    public static let maximumLength = 255

    /// Whether `name` is a valid interface name, such as `org.a11y.atspi.Accessible`:
    /// two or more dot-separated elements of `[A-Za-z0-9_]`, none empty or
    /// starting with a digit.
    public static func isValidInterface(_ name: String) -> Bool {
        isValidDotted(name.utf8, allowHyphen: false, allowLeadingDigit: false)
    }

    /// Whether `name` is a valid error name; the rules are those of interfaces.
    public static func isValidErrorName(_ name: String) -> Bool {
        isValidInterface(name)
    }

    /// Whether `name` is a valid member (method or signal) name, such as `GetRole`.
    public static func isValidMember(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength,
              let first = bytes.first, !isDigit(first) else { return false }
        return bytes.allSatisfy(isAlphanumericOrUnderscore)
    }

    /// Whether `name` is a valid bus name: a unique name such as `:1.42` or a
    /// well-known name such as `org.a11y.Bus`.
    public static func isValidBusName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        if bytes.first == UInt8(ascii: ":") {
            return bytes.count <= maximumLength
                && isValidDotted(bytes.dropFirst(), allowHyphen: true, allowLeadingDigit: true)
        }
        return isValidDotted(bytes, allowHyphen: true, allowLeadingDigit: false)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isAlphanumericOrUnderscore(_ byte: UInt8) -> Bool {
        isDigit(byte)
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_")
    }

    private static func isValidDotted(
        _ bytes: some Collection<UInt8>, allowHyphen: Bool, allowLeadingDigit: Bool
    ) -> Bool {
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        var elements = 1
        var elementLength = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard elementLength > 0 else { return false }
                elements += 1
                elementLength = 0
                continue
            }
            let allowed = isAlphanumericOrUnderscore(byte) || (allowHyphen && byte == UInt8(ascii: "-"))
            guard allowed else { return false }
            if elementLength == 0 && !allowLeadingDigit && isDigit(byte) { return false }
            elementLength += 1
        }
        return elementLength > 0 && elements >= 2
    }
}
