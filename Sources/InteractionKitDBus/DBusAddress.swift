import Glibc

/// One server address from a D-Bus address string such as
/// `unix:path=/run/user/1000/bus,guid=…`: a transport and its key-value
/// parameters, with `%xx` escapes decoded.
public struct DBusAddress: Hashable, Sendable {
    /// The transport name before the colon, such as `unix` or `tcp`.
    public let transport: String
    /// The parameters, unescaped.
    public let parameters: [String: String]

    /// Creates an address from its parts.
    public init(transport: String, parameters: [String: String]) {
        self.transport = transport
        self.parameters = parameters
    }

    /// Parses a `;`-separated list of addresses, in the order a client
    /// should try them.
    ///
    /// - Throws: `DBusAddressError` naming the first malformed part.
    public static func parseList(_ text: String) throws(DBusAddressError) -> [DBusAddress] {
        var addresses: [DBusAddress] = []
        for entry in text.split(separator: ";", omittingEmptySubsequences: true) {
            addresses.append(try parse(String(entry)))
        }
        guard !addresses.isEmpty else { throw .empty }
        return addresses
    }

    /// Parses one address, `transport:key=value,key=value`.
    public static func parse(_ text: String) throws(DBusAddressError) -> DBusAddress {
        guard let colon = text.firstIndex(of: ":") else { throw .missingTransport(text) }
        let transport = String(text[..<colon])
        guard !transport.isEmpty else { throw .missingTransport(text) }
        var parameters: [String: String] = [:]
        let list = text[text.index(after: colon)...]
        for pair in list.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw .malformedParameter(String(pair), address: text)
            }
            let key = String(pair[..<equals])
            let value = try unescape(pair[pair.index(after: equals)...], address: text)
            guard parameters.updateValue(value, forKey: key) == nil else {
                throw .duplicateParameter(key, address: text)
            }
        }
        return DBusAddress(transport: transport, parameters: parameters)
    }

    private static func unescape(_ value: Substring, address: String) throws(DBusAddressError) -> String {
        var bytes: [UInt8] = []
        var iterator = value.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badEscape(address: address)
                }
                bytes.append(high << 4 | low)
            } else if isOptionallyEscaped(byte) {
                bytes.append(byte)
            } else {
                throw .unescapedCharacter(String(decoding: [byte], as: UTF8.self), address: address)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw .badEscape(address: address)
        }
        return text
    }

    /// The bytes the specification lets appear unescaped in a value: `[-0-9A-Za-z_/.\*]`.
    private static func isOptionallyEscaped(_ byte: UInt8) -> Bool {
        DBusName.isAlphanumericOrUnderscore(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "*")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The Unix socket this address names, for a client to connect to.
    ///
    /// - Throws: `DBusAddressError` for other transports (only `unix` is
    ///   supported), for server-only forms (`tmpdir`, `dir`, `runtime`), and
    ///   for a missing, doubled or over-long path.
    public func socketAddress() throws(DBusAddressError) -> DBusSocketAddress {
        guard transport == "unix" else { throw .unsupportedTransport(transport) }
        for serverOnly in ["tmpdir", "dir", "runtime"] where parameters[serverOnly] != nil {
            throw .serverOnly(serverOnly)
        }
        switch (parameters["path"], parameters["abstract"]) {
        case (let path?, nil):
            guard !path.isEmpty, path.utf8.count < DBusSocketAddress.maximumPathLength else {
                throw .badSocketPath(path)
            }
            return .path(path)
        case (nil, let name?):
            // One byte of sun_path is the NUL that marks the abstract namespace.
            guard name.utf8.count < DBusSocketAddress.maximumPathLength else { throw .badSocketPath(name) }
            return .abstract(name)
        case (nil, nil):
            throw .missingSocket
        case (.some, .some):
            throw .conflictingSocket
        }
    }

    /// The server's GUID, if the address names one; the connection checks it
    /// against the one the server announces.
    public var guid: String? { parameters["guid"] }

    /// The address of the session bus, from `DBUS_SESSION_BUS_ADDRESS`, or nil
    /// when the variable is unset or empty (no session bus).
    public static func sessionBusAddress() -> String? {
        guard let value = getenv("DBUS_SESSION_BUS_ADDRESS") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

/// A Unix socket a client can connect to.
public enum DBusSocketAddress: Hashable, Sendable {
    /// A socket file in the file system.
    case path(String)
    /// A name in Linux's abstract socket namespace.
    case abstract(String)

    /// The size of `sun_path`, which bounds both forms.
    public static let maximumPathLength = 108
}

/// Why a D-Bus address string cannot be used.
public enum DBusAddressError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string holds no address at all.
    case empty
    /// An address has no `transport:` prefix.
    case missingTransport(String)
    /// A parameter is not `key=value`.
    case malformedParameter(String, address: String)
    /// A key appears twice in one address.
    case duplicateParameter(String, address: String)
    /// A `%` is not followed by two hex digits, or decodes to a NUL or to invalid UTF-8.
    case badEscape(address: String)
    /// A character that the specification requires to be `%`-escaped appears as is.
    case unescapedCharacter(String, address: String)
    /// A transport this library does not implement.
    case unsupportedTransport(String)
    /// A `unix` parameter that only a listening server can use.
    case serverOnly(String)
    /// A `unix` address without `path` or `abstract`.
    case missingSocket
    /// A `unix` address with both `path` and `abstract`.
    case conflictingSocket
    /// A socket path that is empty or too long for `sun_path`.
    case badSocketPath(String)

    /// A sentence saying what is wrong.
    public var description: String {
        switch self {
        case .empty:
            return "the D-Bus address is empty"
        case .missingTransport(let address):
            return "D-Bus address \"\(address)\" has no transport: expected unix:path=… or unix:abstract=…"
        case .malformedParameter(let parameter, let address):
            return "\"\(parameter)\" in D-Bus address \"\(address)\" is not key=value"
        case .duplicateParameter(let key, let address):
            return "\"\(key)\" appears twice in D-Bus address \"\(address)\""
        case .badEscape(let address):
            return "D-Bus address \"\(address)\" has a % not followed by two hex digits, or an escape that is not UTF-8 text"
        case .unescapedCharacter(let character, let address):
            return "character \"\(character)\" must be %-escaped in D-Bus address \"\(address)\""
        case .unsupportedTransport(let transport):
            return "the \(transport) transport is not supported: only unix:path=… and unix:abstract=… are"
        case .serverOnly(let key):
            return "unix:\(key)=… is for a server to listen on, not for a client to connect to"
        case .missingSocket:
            return "a unix address needs path=… or abstract=…"
        case .conflictingSocket:
            return "a unix address has both path=… and abstract=…, which exclude each other"
        case .badSocketPath(let path):
            return "socket path \"\(path)\" is empty or longer than \(DBusSocketAddress.maximumPathLength - 1) bytes"
        }
    }
}
