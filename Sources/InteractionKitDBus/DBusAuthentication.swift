/// The client side of the SASL exchange that opens a D-Bus connection, as
/// pure functions of the lines exchanged, so it is tested without a socket.
///
/// Only `EXTERNAL` is offered: over a Unix socket the server learns our uid
/// from the kernel and compares it with the one we claim.
public enum DBusAuthentication {
    /// The longest line accepted from the server: the exchange is a few short
    /// lines, and a cap bounds what a broken server can make us buffer.
    public static let maximumLineLength = 16 * 1024

    /// What the client sends first: a NUL byte (where credentials may travel),
    /// then `AUTH EXTERNAL` with the decimal uid as hex-encoded ASCII.
    public static func authRequest(uid: UInt32) -> [UInt8] {
        let hex = String(uid).utf8.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
        }.joined()
        return [0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8)
    }

    /// What the client sends to start exchanging messages.
    public static let begin = Array("BEGIN\r\n".utf8)

    /// Reads the server's answer to `AUTH` (without its `\r\n`) and returns
    /// the server GUID it announces.
    ///
    /// - Throws: `DBusConnectionError.authenticationRejected` for `REJECTED`,
    ///   `.authenticationFailed` for anything else but `OK <guid>`.
    public static func guid(fromReply line: String) throws(DBusConnectionError) -> String {
        let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        switch words.first {
        case "OK":
            guard words.count == 2 else { throw .authenticationFailed("the server said OK without a GUID") }
            let guid = String(words[1])
            let isHex = guid.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            }
            guard guid.utf8.count == 32, isHex else {
                throw .authenticationFailed("the server's GUID \"\(guid)\" is not 32 lowercase hex digits")
            }
            return guid
        case "REJECTED":
            throw .authenticationRejected(mechanisms: words.count == 2 ? String(words[1]) : "")
        case "ERROR":
            throw .authenticationFailed("the server said ERROR" + (words.count == 2 ? ": \(words[1])" : ""))
        default:
            throw .authenticationFailed("unexpected reply \"\(line.prefix(80))\" to AUTH EXTERNAL")
        }
    }
}
