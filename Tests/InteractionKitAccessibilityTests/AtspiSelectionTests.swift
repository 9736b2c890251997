import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("AT-SPI Selection: a tab bar's selected tab")
@MainActor
struct AtspiSelectionTests {
    let harness = ExportHarness()

    var list: String {
        get throws { try #require(try harness.children(try harness.children(harness.frame)[0]).first) }
    }

    func selection(_ member: String, _ body: [DBusValue] = []) throws -> [DBusValue] {
        try harness.values(try list, AtspiInterface.selection, member, body)
    }

    @Test("The page tab list reads its selection: one selected child, Home, which GetSelectedChild returns")
    func readsTheSelection() throws {
        let list = try self.list
        let interfaces = try harness.values(list, AtspiInterface.accessible, "GetInterfaces").first?.elements
        #expect(interfaces?.contains(.string(AtspiInterface.selection)) == true)
        #expect(try harness.property(list, AtspiInterface.selection, "NSelectedChildren") == .int32(1))
        #expect(harness.path(try selection("GetSelectedChild", [.int32(0)]).first) == (try harness.tabPath("Home")))
        #expect(harness.path(try selection("GetSelectedChild", [.int32(1)]).first) == "/org/a11y/atspi/null")
        #expect(harness.path(try selection("GetSelectedChild", [.int32(-1)]).first) == "/org/a11y/atspi/null")
        #expect(try selection("IsChildSelected", [.int32(0)]) == [.boolean(true)])
        #expect(try selection("IsChildSelected", [.int32(1)]) == [.boolean(false)])
        #expect(try selection("IsChildSelected", [.int32(.max)]) == [.boolean(false)])
        harness.scene.tabBar.selectedItem = nil
        #expect(try harness.property(list, AtspiInterface.selection, "NSelectedChildren") == .int32(0))
    }

    @Test("SelectChild selects as a tap does: the delegate is told once, and the list announces selection-changed once")
    func selectChild() throws {
        let list = try self.list
        let search = try harness.tabPath("Search")
        harness.clearEvents()
        #expect(try selection("SelectChild", [.int32(1)]) == [.boolean(true)])
        #expect(harness.scene.selections.titles == ["Search"])
        #expect(harness.scene.tabBar.selectedItem === harness.scene.item("Search"))
        #expect(harness.eventLines.filter { $0.hasPrefix("SelectionChanged") } == ["SelectionChanged  0 at \(list)"])
        #expect(harness.eventLines.firstIndex(of: "StateChanged selected 1 at \(search)")
            ?? 99 < harness.eventLines.firstIndex(of: "SelectionChanged  0 at \(list)") ?? -1)
        // Selecting the selected tab again is done already: no second delegate call, no event.
        harness.clearEvents()
        #expect(try selection("SelectChild", [.int32(1)]) == [.boolean(true)])
        #expect(harness.scene.selections.titles == ["Search"])
        #expect(harness.events.isEmpty)
    }

    @Test("What a person cannot do to a tab bar answers false and changes nothing")
    func refusals() throws {
        harness.scene.item("Profile").isEnabled = false
        harness.clearEvents()
        #expect(try selection("SelectChild", [.int32(3)]) == [.boolean(false)], "a disabled tab")
        #expect(try selection("SelectChild", [.int32(5)]) == [.boolean(false)])
        #expect(try selection("SelectChild", [.int32(-1)]) == [.boolean(false)])
        #expect(try selection("SelectChild", [.int32(.min)]) == [.boolean(false)])
        #expect(try selection("DeselectSelectedChild", [.int32(0)]) == [.boolean(false)])
        #expect(try selection("DeselectChild", [.int32(0)]) == [.boolean(false)])
        #expect(try selection("ClearSelection") == [.boolean(false)])
        #expect(try selection("SelectAll") == [.boolean(false)])
        #expect(harness.scene.selections.titles.isEmpty)
        #expect(harness.scene.tabBar.selectedItem === harness.scene.item("Home"))
        #expect(harness.events.isEmpty)
    }

    @Test("Wrong arguments are InvalidArgs; an object that is no page tab list has no Selection")
    func badCalls() throws {
        let list = try self.list
        #expect(try harness.call(list, AtspiInterface.selection, "SelectChild").errorName == DBusErrorName.invalidArgs)
        #expect(try harness.call(list, AtspiInterface.selection, "SelectChild", [.uint32(1)]).errorName
            == DBusErrorName.invalidArgs)
        #expect(try harness.call(list, AtspiInterface.selection, "SelectAll", [.int32(1)]).errorName
            == DBusErrorName.invalidArgs)
        #expect(try harness.call(list, AtspiInterface.selection, "Explode").errorName == DBusErrorName.unknownMethod)
        #expect(try harness.call(harness.frame, AtspiInterface.selection, "SelectChild", [.int32(0)]).errorName
            == DBusErrorName.unknownMethod)
        #expect(try harness.call(harness.frame, AtspiInterface.properties, "Get",
                                 [.string(AtspiInterface.selection), .string("NSelectedChildren")]).errorName
            == DBusErrorName.unknownProperty)
        // A call naming no interface finds SelectChild on the list.
        #expect(try harness.values(list, nil, "SelectChild", [.int32(2)]) == [.boolean(true)])
    }

    @Test("A selection set in code, or cleared, is announced too, even before anyone read the tabs")
    func codeSelection() throws {
        // A fresh export that no client has asked anything yet.
        let scene = TabBarScene(size: .large)
        scene.tabBar.selectedItem = scene.item("Home")
        let client = ExportClient(window: scene.window)
        scene.tabBar.selectedItem = scene.item("Settings")
        let list = client.path(of: scene.tabBar)
        let settings = client.path(of: scene.item("Settings").accessibilityElement)
        let home = client.path(of: scene.item("Home").accessibilityElement)
        #expect(client.eventLines == [
            "StateChanged selected 0 at \(home)",
            "StateChanged selected 1 at \(settings)",
            "SelectionChanged  0 at \(list)",
        ])
        client.clearEvents()
        scene.tabBar.selectedItem = nil
        #expect(client.eventLines == ["StateChanged selected 0 at \(settings)", "SelectionChanged  0 at \(list)"])
    }
}

@Suite("AT-SPI toggle buttons")
@MainActor
struct AtspiToggleTests {
    @Test("A button with the toggleButton trait is a toggle button; selected reads as checked and pressed, announced")
    func toggle() throws {
        let window = Window.phone()
        let mute = Button(title: "Mute", frame: Rect(x: 10, y: 10, width: 80, height: 44))
        mute.accessibilityTraits = [.button, .toggleButton]
        window.addSubview(mute)
        let client = ExportClient(window: window)
        let path = client.path(of: mute)
        #expect(try client.role(path) == "toggle button")
        #expect(try client.states(path) == ["enabled", "focusable", "sensitive", "showing", "visible"])
        mute.isSelected = true
        #expect(try client.states(path) == ["checked", "enabled", "focusable", "pressed", "sensitive", "showing", "visible"])
        #expect(client.eventLines == ["StateChanged checked 1 at \(path)", "StateChanged pressed 1 at \(path)"])
        client.clearEvents()
        mute.isSelected = false
        #expect(client.eventLines == ["StateChanged checked 0 at \(path)", "StateChanged pressed 0 at \(path)"])
        #expect(try client.values(path, AtspiInterface.action, "GetName", [.int32(0)]) == [.string("click")])
        // The trait alone, on a plain element, is a toggle button too.
        let plain = View(frame: Rect(x: 0, y: 100, width: 10, height: 10))
        plain.isAccessibilityElement = true
        plain.accessibilityTraits = .toggleButton
        window.addSubview(plain)
        #expect(try client.role(client.path(of: plain)) == "toggle button")
    }
}
