import Testing
@testable import InteractionKitDBus

@Suite("Addresses: unix path and abstract, escapes, lists, and clear refusals")
struct AddressTests {
    @Test("A unix path address with a GUID parses into its socket and GUID")
    func unixPath() throws {
        let addresses = try DBusAddress.parseList("unix:path=/run/user/1000/bus,guid=0123456789abcdef0123456789abcdef")
        #expect(addresses.count == 1)
        #expect(try addresses[0].socketAddress() == .path("/run/user/1000/bus"))
        #expect(addresses[0].guid == "0123456789abcdef0123456789abcdef")
    }

    @Test("An abstract address names the abstract namespace")
    func unixAbstract() throws {
        let address = try DBusAddress.parse("unix:abstract=/tmp/dbus-Ab12")
        #expect(try address.socketAddress() == .abstract("/tmp/dbus-Ab12"))
    }

    @Test("%xx escapes decode to bytes, in either case of hex digit")
    func escapes() throws {
        let address = try DBusAddress.parse("unix:path=/tmp/a%20b%2cc%3D%c3%a9")
        #expect(address.parameters["path"] == "/tmp/a b,c=é")
    }

    @Test("A list is tried in order and empty entries are skipped")
    func lists() throws {
        let addresses = try DBusAddress.parseList("unix:abstract=one;;unix:path=/two;tcp:host=localhost,port=1")
        #expect(addresses.map(\.transport) == ["unix", "unix", "tcp"])
        #expect(try addresses[1].socketAddress() == .path("/two"))
        #expect(addresses[2].parameters == ["host": "localhost", "port": "1"])
    }

    @Test("Malformed addresses are refused, saying what is wrong")
    func malformed() {
        #expect(throws: DBusAddressError.empty) { try DBusAddress.parseList("") }
        #expect(throws: DBusAddressError.empty) { try DBusAddress.parseList(";;") }
        #expect(throws: DBusAddressError.missingTransport("path=/x")) { try DBusAddress.parse("path=/x") }
        #expect(throws: DBusAddressError.missingTransport(":path=/x")) { try DBusAddress.parse(":path=/x") }
        #expect(throws: DBusAddressError.malformedParameter("path", address: "unix:path")) { try DBusAddress.parse("unix:path") }
        #expect(throws: DBusAddressError.malformedParameter("=x", address: "unix:=x")) { try DBusAddress.parse("unix:=x") }
        #expect(throws: DBusAddressError.duplicateParameter("path", address: "unix:path=/a,path=/b")) {
            try DBusAddress.parse("unix:path=/a,path=/b")
        }
        #expect(throws: DBusAddressError.badEscape(address: "unix:path=/a%2")) { try DBusAddress.parse("unix:path=/a%2") }
        #expect(throws: DBusAddressError.badEscape(address: "unix:path=/a%zz")) { try DBusAddress.parse("unix:path=/a%zz") }
        #expect(throws: DBusAddressError.badEscape(address: "unix:path=/a%00")) { try DBusAddress.parse("unix:path=/a%00") }
        #expect(throws: DBusAddressError.unescapedCharacter(" ", address: "unix:path=/a b")) { try DBusAddress.parse("unix:path=/a b") }
    }

    @Test("Other transports and server-only forms are refused with a clear message")
    func unsupported() throws {
        let tcp = try DBusAddress.parse("tcp:host=localhost,port=4000")
        #expect(throws: DBusAddressError.unsupportedTransport("tcp")) { try tcp.socketAddress() }
        #expect(DBusAddressError.unsupportedTransport("tcp").description
            == "the tcp transport is not supported: only unix:path=… and unix:abstract=… are")
        #expect(throws: DBusAddressError.serverOnly("tmpdir")) { try DBusAddress.parse("unix:tmpdir=/tmp").socketAddress() }
        #expect(throws: DBusAddressError.missingSocket) { try DBusAddress.parse("unix:guid=00").socketAddress() }
        #expect(throws: DBusAddressError.conflictingSocket) { try DBusAddress.parse("unix:path=/a,abstract=b").socketAddress() }
        let long = "/" + String(repeating: "x", count: 200)
        #expect(throws: DBusAddressError.badSocketPath(long)) { try DBusAddress.parse("unix:path=" + long).socketAddress() }
    }
}

@Suite("SASL EXTERNAL, as pure functions of the lines exchanged")
struct AuthenticationTests {
    @Test("AUTH EXTERNAL sends the decimal uid as hex-encoded ASCII after a NUL byte")
    func authRequest() {
        #expect(DBusAuthentication.authRequest(uid: 1000) == [0] + Array("AUTH EXTERNAL 31303030\r\n".utf8))
        #expect(DBusAuthentication.authRequest(uid: 0) == [0] + Array("AUTH EXTERNAL 30\r\n".utf8))
    }

    @Test("OK gives the server GUID; REJECTED and ERROR are clear failures")
    func replies() throws {
        #expect(try DBusAuthentication.guid(fromReply: "OK 0123456789abcdef0123456789abcdef") == "0123456789abcdef0123456789abcdef")
        #expect(throws: DBusConnectionError.authenticationRejected(mechanisms: "DBUS_COOKIE_SHA1 ANONYMOUS")) {
            try DBusAuthentication.guid(fromReply: "REJECTED DBUS_COOKIE_SHA1 ANONYMOUS")
        }
        #expect(throws: DBusConnectionError.authenticationFailed("the server said ERROR: nope")) {
            try DBusAuthentication.guid(fromReply: "ERROR nope")
        }
        #expect(throws: DBusConnectionError.self) { try DBusAuthentication.guid(fromReply: "OK") }
        #expect(throws: DBusConnectionError.self) { try DBusAuthentication.guid(fromReply: "OK xyz") }
        #expect(throws: DBusConnectionError.self) { try DBusAuthentication.guid(fromReply: "DATA") }
    }

    @Test("Match rules quote their values and match signals field by field")
    func matchRules() throws {
        let rule = DBusMatchRule(interface: "org.example.I", member: "Changed", path: path("/a"))
        #expect(rule.text == "type='signal',interface='org.example.I',member='Changed',path='/a'")
        #expect(DBusMatchRule(sender: "it's").text == "type='signal',sender='it'\\''s'")
        var signal = DBusMessage.signal(path: path("/a"), interface: "org.example.I", member: "Changed")
        #expect(rule.matches(signal))
        signal.member = "Other"
        #expect(!rule.matches(signal))
        #expect(DBusMatchRule().matches(signal))
        #expect(!DBusMatchRule().matches(hello))
    }
}
