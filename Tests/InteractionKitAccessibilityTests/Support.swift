import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

/// A window exported with no bus: calls go straight to the export, and
/// the events it makes of what happens in the window (notifications, focus
/// moves, the window made key) are kept.
@MainActor
class ExportClient {
    let export: AtspiExport
    /// The events the export made of the window's notifications, in order.
    private(set) var events: [DBusMessage] = []
    private var serial: UInt32 = 0
    /// The unique name the calls come from.
    static let sender = ":1.2"

    init(window: Window) {
        export = AtspiExport(window: window, applicationName: "Tests", busName: ":1.7")
        export.observeWindow { [weak self] events in self?.events.append(contentsOf: events) }
    }

    /// The path of a node, as a string.
    func path(of node: any AccessibilityNode) -> String {
        export.tree.path(of: node).text
    }

    /// The reply (or error) to a method call on the object at `path`.
    func call(_ path: String, _ interface: String?, _ member: String, _ body: [DBusValue] = []) throws -> DBusMessage {
        serial += 1
        var message = DBusMessage.methodCall(path: try DBusObjectPath(path), interface: interface, member: member,
                                             destination: ":1.7", body: body)
        message.serial = serial
        message.sender = Self.sender
        return try #require(export.replyMessage(to: message))
    }

    /// The body of a successful reply; records an issue for an error.
    func values(_ path: String, _ interface: String?, _ member: String, _ body: [DBusValue] = [],
                sourceLocation: SourceLocation = #_sourceLocation) throws -> [DBusValue] {
        let reply = try call(path, interface, member, body)
        #expect(reply.kind == .methodReturn, "\(member) failed: \(reply.errorName ?? "") \(reply.errorMessage ?? "")",
                sourceLocation: sourceLocation)
        return reply.body
    }

    /// The object path in a `(so)` reference.
    func path(_ reference: DBusValue?) -> String? {
        reference?.fields?.last?.objectPath?.text
    }

    /// The children's paths of the object at `path`.
    func children(_ path: String) throws -> [String] {
        try values(path, AtspiInterface.accessible, "GetChildren").first?.elements?.compactMap { self.path($0) } ?? []
    }

    func property(_ path: String, _ interface: String, _ name: String) throws -> DBusValue? {
        try values(path, AtspiInterface.properties, "Get", [.string(interface), .string(name)]).first?.variantContent
    }

    func name(_ path: String) throws -> String? {
        try property(path, AtspiInterface.accessible, "Name")?.string
    }

    func role(_ path: String) throws -> String? {
        try values(path, AtspiInterface.accessible, "GetRoleName").first?.string
    }

    func states(_ path: String) throws -> [String] {
        let words = try values(path, AtspiInterface.accessible, "GetState").first?.elements?.compactMap(\.uint32) ?? []
        guard words.count == 2 else { return ["bad GetState: \(words)"] }
        return AtspiStateSet(bits: UInt64(words[0]) | UInt64(words[1]) << 32).states.map(\.name)
    }

    /// Each event as "Member detail detail1 at PATH".
    var eventLines: [String] {
        events.map { "\($0.member ?? "") \($0.body.first?.string ?? "") \($0.body.count > 1 ? $0.body[1].int32 ?? -1 : -1) at \($0.path?.text ?? "")" }
    }

    func clearEvents() {
        events.removeAll()
    }

    let root = "/org/a11y/atspi/accessible/root"
    /// The frame's path, as a client finds it: the root's only child.
    var frame: String { (try? children(root).first) ?? "" }
}

/// The tab-bar scene exported with no bus.
@MainActor
final class ExportHarness: ExportClient {
    let scene: TabBarScene

    init() {
        let scene = TabBarScene(size: .large)
        scene.tabBar.selectedItem = scene.item("Home")
        self.scene = scene
        super.init(window: scene.window)
    }

    /// The path of the page tab titled `title`.
    func tabPath(_ title: String) throws -> String {
        // The frame holds the scene's full-window container, which holds the tab bar.
        let list = try children(try children(try children(frame).first ?? "").first ?? "")
        for path in list where try name(path) == title { return path }
        Issue.record("no page tab named \(title)")
        return "/"
    }
}
