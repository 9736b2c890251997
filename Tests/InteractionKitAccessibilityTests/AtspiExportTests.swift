import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("AT-SPI objects answered without a bus")
@MainActor
struct AtspiExportTests {
    @Test("The root is the application: toolkit InteractionKitLinux, one child, the frame")
    func application() throws {
        let harness = ExportHarness()
        let root = harness.root
        #expect(try harness.role(root) == "application")
        #expect(try harness.name(root) == "Tests")
        #expect(try harness.property(root, AtspiInterface.application, "ToolkitName")?.string == "InteractionKitLinux")
        #expect(try harness.property(root, AtspiInterface.application, "AtspiVersion")?.string == "2.1")
        #expect(try harness.children(root).count == 1)
        #expect(try harness.values(root, AtspiInterface.application, "GetApplicationBusAddress") == [.string("")])
        let interfaces = try harness.values(root, AtspiInterface.accessible, "GetInterfaces").first?.elements
        #expect(interfaces == [.string(AtspiInterface.accessible), .string(AtspiInterface.application)])
        let all = try harness.values(root, AtspiInterface.properties, "GetAll", [.string(AtspiInterface.application)])
        #expect(all.first?.dictionaryEntries?.map { $0.key.string ?? "" } == ["ToolkitName", "Version", "AtspiVersion", "Id"])
    }

    @Test("The frame holds the page tab list, whose page tabs are named by their titles, with their states")
    func tree() throws {
        let harness = ExportHarness()
        harness.scene.item("Profile").isEnabled = false
        let frame = try #require(try harness.children(harness.root).first)
        #expect(try harness.role(frame) == "frame")
        // Not active: nobody made the window key.
        #expect(try harness.states(frame) == ["enabled", "sensitive", "showing", "visible"])
        // The scene's full-window container, there for layout only, is a filler holding the tab bar.
        let container = try #require(try harness.children(frame).first)
        #expect(try harness.role(container) == "filler")
        #expect(try harness.name(container) == "")
        let list = try #require(try harness.children(container).first)
        #expect(try harness.role(list) == "page tab list")
        let tabs = try harness.children(list)
        #expect(try tabs.map { try harness.name($0) } == TabBarScene.titles)
        #expect(try tabs.map { try harness.role($0) } == Array(repeating: "page tab", count: 5))
        #expect(try harness.states(tabs[0]) == ["enabled", "focusable", "selectable", "selected", "sensitive", "showing", "visible"])
        #expect(try harness.states(tabs[1]) == ["enabled", "focusable", "selectable", "sensitive", "showing", "visible"])
        // A disabled tab cannot take the focus.
        #expect(try harness.states(tabs[3]) == ["selectable", "showing", "visible"])
        #expect(try harness.values(tabs[2], AtspiInterface.accessible, "GetIndexInParent") == [.int32(2)])
        #expect(harness.path(try harness.property(tabs[2], AtspiInterface.accessible, "Parent")) == list)
        #expect(harness.path(try harness.property(frame, AtspiInterface.accessible, "Parent")) == harness.root)
        #expect(try harness.property(list, AtspiInterface.accessible, "ChildCount") == .int32(5))
        #expect(harness.path(try harness.values(list, AtspiInterface.accessible, "GetChildAtIndex", [.int32(4)]).first) == tabs[4])
        #expect(harness.path(try harness.values(list, AtspiInterface.accessible, "GetChildAtIndex", [.int32(9)]).first)
            == "/org/a11y/atspi/null")
    }

    @Test("A hidden view and its subtree are left out: gone from the children, their paths unknown, announced as removed")
    func hidden() throws {
        let harness = ExportHarness()
        let search = try harness.tabPath("Search")
        let container = try #require(try harness.children(harness.frame).first)
        let list = try #require(try harness.children(container).first)
        harness.clearEvents()
        harness.scene.tabBar.isHidden = true
        #expect(try harness.children(container).isEmpty)
        #expect(try harness.call(search, AtspiInterface.accessible, "GetState").errorName == DBusErrorName.unknownObject)
        #expect(try harness.call(list, AtspiInterface.accessible, "GetRole").errorName == DBusErrorName.unknownObject)
        #expect(harness.eventLines == ["ChildrenChanged remove 0 at \(container)"])
        harness.clearEvents()
        harness.scene.tabBar.isHidden = false
        #expect(try harness.children(container) == [list])
        #expect(harness.eventLines == ["ChildrenChanged add 0 at \(container)"])
        #expect(try harness.states(search).contains("showing"))
        // A transparent view stays in the tree, neither visible nor showing, nor focusable.
        harness.scene.tabBar.alpha = 0
        #expect(try harness.states(search) == ["enabled", "selectable", "sensitive"])
    }

    @Test("Extents are window coordinates, or relative to the parent for coordinate type 2")
    func extents() throws {
        let harness = ExportHarness()
        let search = try harness.tabPath("Search")
        let window = try harness.values(search, AtspiInterface.component, "GetExtents", [.uint32(1)])
        #expect(window == [.structure([.int32(78), .int32(795), .int32(78), .int32(49)])])
        #expect(try harness.values(search, AtspiInterface.component, "GetExtents", [.uint32(0)]) == window)
        #expect(try harness.values(search, AtspiInterface.component, "GetExtents", [.uint32(2)])
            == [.structure([.int32(78), .int32(0), .int32(78), .int32(49)])])
        #expect(try harness.values(search, AtspiInterface.component, "GetSize") == [.int32(78), .int32(49)])
        let bad = try harness.call(search, AtspiInterface.component, "GetExtents", [.uint32(7)])
        #expect(bad.errorName == DBusErrorName.invalidArgs)
        #expect(try harness.values(search, AtspiInterface.component, "Contains", [.int32(80), .int32(800), .uint32(1)])
            == [.boolean(true)])
    }

    @Test("GetAccessibleAtPoint finds the deepest element under the point, and nothing outside every child")
    func accessibleAtPoint() throws {
        let harness = ExportHarness()
        let frame = harness.frame
        let atSettings = try harness.values(frame, AtspiInterface.component, "GetAccessibleAtPoint",
                                            [.int32(350), .int32(820), .uint32(1)])
        #expect(harness.path(atSettings.first) == (try harness.tabPath("Settings")))
        let above = try harness.values(frame, AtspiInterface.component, "GetAccessibleAtPoint",
                                       [.int32(100), .int32(100), .uint32(0)])
        #expect(try harness.role(harness.path(above.first) ?? "") == "filler")
        let outside = try harness.values(frame, AtspiInterface.component, "GetAccessibleAtPoint",
                                         [.int32(-5), .int32(900), .uint32(1)])
        #expect(harness.path(outside.first) == "/org/a11y/atspi/null")
    }

    @Test("DoAction click on a tab selects it as a tap does: the delegate is told once, the selection is announced, no focus moves")
    func clickTab() throws {
        let harness = ExportHarness()
        let home = try harness.tabPath("Home"), search = try harness.tabPath("Search")
        _ = try harness.states(home)
        _ = try harness.states(search)
        #expect(try harness.values(search, AtspiInterface.action, "GetName", [.int32(0)]) == [.string("click")])
        #expect(try harness.property(search, AtspiInterface.action, "NActions") == .int32(1))
        #expect(try harness.values(search, AtspiInterface.action, "DoAction", [.int32(0)]) == [.boolean(true)])
        #expect(harness.scene.selections.titles == ["Search"])
        #expect(harness.scene.tabBar.selectedItem === harness.scene.item("Search"))
        let list = try #require(harness.path(try harness.property(search, AtspiInterface.accessible, "Parent")))
        #expect(harness.eventLines == [
            "StateChanged selected 0 at \(home)",
            "StateChanged selected 1 at \(search)",
            "SelectionChanged  0 at \(list)",
        ])
        // A selection gives no focus by itself (only a touch does, rule K5).
        #expect(try !harness.states(search).contains("focused"))
        harness.clearEvents()
        #expect(try harness.values(home, AtspiInterface.action, "DoAction", [.int32(0)]) == [.boolean(true)])
        #expect(harness.scene.selections.titles == ["Search", "Home"])
        #expect(harness.eventLines == [
            "StateChanged selected 0 at \(search)",
            "StateChanged selected 1 at \(home)",
            "SelectionChanged  0 at \(list)",
        ])
    }

    @Test("A disabled tab's click does nothing and says so")
    func clickDisabledTab() throws {
        let harness = ExportHarness()
        harness.scene.item("Profile").isEnabled = false
        let profile = try harness.tabPath("Profile")
        #expect(try harness.values(profile, AtspiInterface.action, "DoAction", [.int32(0)]) == [.boolean(false)])
        #expect(try harness.values(profile, AtspiInterface.action, "DoAction", [.int32(1)]) == [.boolean(false)])
        #expect(harness.scene.selections.titles.isEmpty)
    }

    @Test("Buttons in a toolbar are push buttons in a tool bar; click performs the primary action once")
    func toolbarButtons() throws {
        let window = Window.phone()
        let share = Button(title: "Share")
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 390, height: 44), buttons: [Button(title: "Back"), share])
        window.addSubview(toolbar)
        let taps = Box<Int>()
        taps.value = 0
        share.addAction { [weak taps] _ in taps?.value = (taps?.value ?? 0) + 1 }
        let export = AtspiExport(window: window, applicationName: "Toolbar")
        let toolbarPath = export.tree.path(of: toolbar), sharePath = export.tree.path(of: share)
        #expect(export.tree.role(of: .node(toolbar)) == .toolBar)
        #expect(export.tree.role(of: .node(share)) == .pushButton)
        let click = DBusMessage.methodCall(path: sharePath, interface: AtspiInterface.action, member: "DoAction",
                                           destination: nil, body: [.int32(0)])
        guard case .reply(let body) = export.reply(to: click) else {
            Issue.record("DoAction failed")
            return
        }
        #expect(body == [.boolean(true)])
        #expect(taps.value == 1)
        #expect(toolbarPath != sharePath)
        share.isEnabled = false
        #expect(!export.states(of: .node(share)).contains(.enabled))
        #expect(export.interfaces(of: .node(toolbar)) == [AtspiInterface.accessible, AtspiInterface.component])
    }

    @Test("Replacing the items announces the children removed and added; a title change announces the name")
    func childrenAndNames() throws {
        let harness = ExportHarness()
        let list = try #require(try harness.children(try harness.children(harness.frame)[0]).first)
        let tabs = try harness.children(list)
        harness.scene.item("Search").title = "Find"
        #expect(harness.eventLines == ["PropertyChange accessible-name 0 at \(tabs[1])"])
        #expect(harness.events.first?.body[3] == .variant(.string("Find")))
        harness.clearEvents()
        let extra = TabBarItem(title: "Extra", image: nil)
        harness.scene.tabBar.items = [harness.scene.item("Home"), extra]
        let extraPath = harness.export.tree.path(of: extra.accessibilityElement).text
        #expect(harness.eventLines == [
            "ChildrenChanged remove 4 at \(list)", "ChildrenChanged remove 3 at \(list)",
            "ChildrenChanged remove 2 at \(list)", "ChildrenChanged remove 1 at \(list)",
            "ChildrenChanged add 1 at \(list)",
        ])
        #expect(harness.events.last?.body[3] == .variant(.structure([.string(":1.7"), .objectPath(try DBusObjectPath(extraPath))])))
        #expect(harness.events.allSatisfy { $0.signatureText == "siiva{sv}" && $0.interface == "org.a11y.atspi.Event.Object" })
    }

    @Test("Paths are stable per element; a freed or removed element's path is an unknown object")
    func stablePaths() throws {
        let harness = ExportHarness()
        let search = try harness.tabPath("Search")
        #expect(try harness.tabPath("Search") == search)
        harness.scene.tabBar.items = [harness.scene.item("Home")]
        let gone = try harness.call(search, AtspiInterface.accessible, "GetRole")
        #expect(gone.kind == .error)
        #expect(gone.errorName == DBusErrorName.unknownObject)
        for path in ["/", "/org/a11y/atspi/accessible/0", "/org/a11y/atspi/accessible/01",
                     "/org/a11y/atspi/accessible/99999999999999999999999", "/org/a11y/atspi/accessible/_1",
                     "/org/a11y/atspi/accessible/12345", "/org/a11y/atspi/accessible/1/2"] {
            #expect(try harness.call(path, AtspiInterface.accessible, "GetRole").errorName == DBusErrorName.unknownObject, "\(path)")
        }
    }

    @Test("The path table stays bounded while elements come and go")
    func boundedTable() throws {
        let harness = ExportHarness()
        for round in 0..<3000 {
            harness.scene.tabBar.items = [TabBarItem(title: "tab \(round)", image: nil)]
            _ = try harness.children(try harness.children(try harness.children(harness.frame)[0])[0])
        }
        #expect(harness.export.tree.pathCount < 2100)
    }

    @Test("Wrong signatures, unknown members and unknown interfaces are errors, never traps")
    func badCalls() throws {
        let harness = ExportHarness()
        let frame = harness.frame
        #expect(try harness.call(frame, AtspiInterface.accessible, "GetChildAtIndex", [.string("x")]).errorName == DBusErrorName.invalidArgs)
        #expect(try harness.call(frame, AtspiInterface.accessible, "GetRole", [.int32(1)]).errorName == DBusErrorName.invalidArgs)
        #expect(try harness.call(frame, AtspiInterface.accessible, "Explode").errorName == DBusErrorName.unknownMethod)
        #expect(try harness.call(frame, "org.example.Nothing", "GetRole").errorName == DBusErrorName.unknownMethod)
        #expect(try harness.call(frame, AtspiInterface.action, "DoAction", [.int32(0)]).errorName == DBusErrorName.unknownMethod)
        #expect(try harness.call(frame, AtspiInterface.properties, "Get", [.string("x")]).errorName == DBusErrorName.invalidArgs)
        #expect(try harness.call(frame, AtspiInterface.properties, "Get", [.string(AtspiInterface.accessible), .string("Nope")])
            .errorName == DBusErrorName.unknownProperty)
        #expect(try harness.call(frame, AtspiInterface.properties, "Set",
                                 [.string(AtspiInterface.accessible), .string("Name"), .variant(.string("x"))])
            .errorName == DBusErrorName.propertyReadOnly)
        // A call with no interface finds the member among the object's interfaces.
        #expect(try harness.values(frame, nil, "GetRole") == [.uint32(AtspiRole.frame.rawValue)])
    }

    @Test("The registry's Set of Application.Id is recorded; the cache answers GetItems with an empty list")
    func registryAndCache() throws {
        let harness = ExportHarness()
        harness.export.registryBusName = ExportHarness.sender
        _ = try harness.values(harness.root, AtspiInterface.properties, "Set",
                               [.string(AtspiInterface.application), .string("Id"), .variant(.int32(42))])
        #expect(harness.export.applicationID == 42)
        #expect(try harness.property(harness.root, AtspiInterface.application, "Id") == .int32(42))
        let items = try harness.call("/org/a11y/atspi/cache", AtspiInterface.cache, "GetItems")
        #expect(items.signatureText == "a((so)(so)(so)iiassusau)")
        #expect(items.body.first?.elements?.isEmpty == true)
    }

    @Test("A window's own notifications outside the export's window give no events")
    func otherWindow() {
        let harness = ExportHarness()
        let other = Window.phone()
        let label = View()
        other.addSubview(label)
        let notification = AccessibilityNotification(source: label, change: .label)
        #expect(harness.export.signals(for: notification).isEmpty)
    }
}
