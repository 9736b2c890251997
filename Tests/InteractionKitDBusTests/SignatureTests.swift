import Testing
@testable import InteractionKitDBus

@Suite("Signatures, object paths and names are validated as the specification says")
struct SignatureTests {
    @Test("Valid signatures parse into their complete types", arguments: [
        "", "y", "siiva{sv}", "a{sa{sv}}", "(so)", "a(iiii)", "aaai", "((y))v", "ah", "a{oa{sa{sv}}}",
    ])
    func validSignatures(text: String) throws {
        let parsed = try DBusSignature(text)
        #expect(parsed.text == text)
        #expect(parsed.types.map(\.description).joined() == text)
    }

    @Test("Invalid signatures throw, saying why", arguments: [
        "a", "(", ")", "()", "(i", "i)", "{sv}", "a{vs}", "a{s}", "a{sii}", "a{", "a{s", "z", "m", "r", "e",
        "a{(i)s}", "aa", "(a)", "\u{0}", "é",
    ])
    func invalidSignatures(text: String) {
        guard case .invalidSignature? = wireError({ _ = try DBusSignature(text) }) else {
            Issue.record("\"\(text)\" was accepted")
            return
        }
    }

    @Test("A signature is at most 255 bytes")
    func signatureLength() throws {
        _ = try DBusSignature(String(repeating: "y", count: 255))
        #expect(wireError { _ = try DBusSignature(String(repeating: "y", count: 256)) } != nil)
    }

    @Test("At most 32 nested arrays and 32 nested structures")
    func nestingLimits() throws {
        _ = try DBusSignature(String(repeating: "a", count: 32) + "y")
        #expect(wireError { _ = try DBusSignature(String(repeating: "a", count: 33) + "y") } != nil)
        _ = try DBusSignature(String(repeating: "(", count: 32) + "y" + String(repeating: ")", count: 32))
        #expect(wireError {
            _ = try DBusSignature(String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33))
        } != nil)
    }

    @Test("Object paths: a slash, or slash-separated elements of [A-Za-z0-9_]")
    func objectPaths() {
        for valid in ["/", "/a", "/org/a11y/atspi/accessible/root", "/_/0/Z9"] {
            #expect(wireError { _ = try DBusObjectPath(valid) } == nil, "\(valid)")
        }
        for invalid in ["", "a", "//", "/a/", "/a//b", "/a-b", "/é", "/a b", "/a.b"] {
            #expect(wireError { _ = try DBusObjectPath(invalid) } == .invalidObjectPath(invalid), "\(invalid)")
        }
    }

    @Test("Interface, member, error and bus names follow the specification")
    func names() {
        #expect(DBusName.isValidInterface("org.a11y.atspi.Accessible"))
        #expect(DBusName.isValidInterface("a._b"))
        #expect(!DBusName.isValidInterface("org"))
        #expect(!DBusName.isValidInterface("org..a"))
        #expect(!DBusName.isValidInterface("org.1a"))
        #expect(!DBusName.isValidInterface("org.a-b"))
        #expect(!DBusName.isValidInterface(".org.a"))
        #expect(!DBusName.isValidInterface("org.a."))
        #expect(!DBusName.isValidInterface("a." + String(repeating: "b", count: 254)))
        #expect(DBusName.isValidMember("GetRole"))
        #expect(DBusName.isValidMember("_x9"))
        #expect(!DBusName.isValidMember(""))
        #expect(!DBusName.isValidMember("9x"))
        #expect(!DBusName.isValidMember("Get.Role"))
        #expect(DBusName.isValidErrorName("org.freedesktop.DBus.Error.UnknownMethod"))
        #expect(DBusName.isValidBusName(":1.42"))
        #expect(DBusName.isValidBusName(":1.0-x"))
        #expect(DBusName.isValidBusName("org.a11y.Bus"))
        #expect(DBusName.isValidBusName("org.my-app.x"))
        #expect(!DBusName.isValidBusName(":1"))
        #expect(!DBusName.isValidBusName("org"))
        #expect(!DBusName.isValidBusName("org.1x"))
        #expect(!DBusName.isValidBusName(":"))
        #expect(!DBusName.isValidBusName(""))
    }
}
