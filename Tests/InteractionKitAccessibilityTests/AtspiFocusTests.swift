import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

/// The tab-bar scene with a Save button above the tab bar, exported with no bus.
@MainActor
final class FocusHarness: ExportClient {
    let scene: TabBarScene
    let save = Button(title: "Save", frame: Rect(x: 20, y: 100, width: 120, height: 44))

    init() {
        let scene = TabBarScene(size: .large)
        scene.tabBar.selectedItem = scene.item("Home")
        scene.container.addSubview(save)
        self.scene = scene
        super.init(window: scene.window)
    }

    var window: Window { scene.window }

    func tab(_ title: String) -> String {
        path(of: scene.item(title).accessibilityElement)
    }

    var savePath: String { path(of: save) }

    /// Presses and releases a key, as a toolkit sends it.
    func press(_ code: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = [], characters: String = "", at time: Double = 0) {
        let key = Key(keyCode: code, characters: characters, charactersIgnoringModifiers: characters, modifierFlags: modifiers)
        window.send(KeyInput(key: key, phase: .began, timestamp: time))
        window.send(KeyInput(key: key, phase: .ended, timestamp: time))
    }

    /// The paths whose objects report `focused` now, searched as Orca does at start (depth first from the frame).
    func focusedPaths() throws -> [String] {
        var found: [String] = []
        var stack = [frame]
        while let path = stack.popLast() {
            if try states(path).contains("focused") { found.append(path) }
            stack += try children(path).reversed()
        }
        return found
    }
}

@Suite("AT-SPI focus and key windows: FOCUSABLE, FOCUSED, ACTIVE and their events follow the focus system")
@MainActor
struct AtspiFocusTests {
    @Test("FOCUSABLE on every item that can be focused; FOCUSED nowhere until the window is key, then on its focused item")
    func focusStates() throws {
        let harness = FocusHarness()
        harness.scene.item("Profile").isEnabled = false
        let frame = harness.frame
        #expect(try harness.states(harness.savePath) == ["enabled", "focusable", "sensitive", "showing", "visible"])
        #expect(try harness.states(harness.tab("Search")).contains("focusable"))
        #expect(try !harness.states(harness.tab("Profile")).contains("focusable"))
        let list = harness.path(of: harness.scene.tabBar)
        for path in [frame, list, harness.path(of: harness.scene.container)] {
            #expect(try !harness.states(path).contains("focusable"), "\(path)")
        }
        #expect(try harness.focusedPaths().isEmpty)
        #expect(try !harness.states(frame).contains("active"))
        // The focus is kept while the window is not key, but nothing is FOCUSED.
        harness.window.moveFocus(to: harness.scene.item("Search"))
        #expect(try harness.focusedPaths().isEmpty)
        harness.window.makeKey()
        #expect(try harness.states(frame).contains("active"))
        #expect(try harness.focusedPaths() == [harness.tab("Search")])
        harness.window.resignKey()
        #expect(try harness.focusedPaths().isEmpty)
        #expect(try !harness.states(frame).contains("active"))
    }

    @Test("makeKey sends active and window:activate from the frame, then focused 1; resignKey the reverse")
    func keyWindowEvents() throws {
        let harness = FocusHarness()
        let frame = harness.frame
        harness.window.makeKey()
        // The first group in reading order is the Save button's: the initial focus (K4).
        let save = harness.savePath
        #expect(harness.eventLines == [
            "StateChanged active 1 at \(frame)",
            "Activate  0 at \(frame)",
            "StateChanged focused 1 at \(save)",
        ])
        #expect(harness.events[1].interface == AtspiInterface.windowEvents)
        harness.clearEvents()
        harness.window.resignKey()
        #expect(harness.eventLines == [
            "StateChanged focused 0 at \(save)",
            "StateChanged active 0 at \(frame)",
            "Deactivate  0 at \(frame)",
        ])
        harness.clearEvents()
        // A move while not key is not announced; becoming key announces where the focus is.
        harness.window.moveFocus(to: harness.scene.item("Now Playing"))
        #expect(harness.eventLines.isEmpty)
        harness.window.makeKey()
        #expect(harness.eventLines == [
            "StateChanged active 1 at \(frame)",
            "Activate  0 at \(frame)",
            "StateChanged focused 1 at \(harness.tab("Now Playing"))",
        ])
    }

    @Test("Tab and the arrows move the focus: focused 0 on the old item, 1 on the new; Space selects without moving it")
    func keysMoveTheFocus() throws {
        let harness = FocusHarness()
        harness.window.makeKey()
        harness.clearEvents()
        harness.press(.keyboardTab)
        // Tab lands on the tab bar's selected tab.
        #expect(harness.eventLines == [
            "StateChanged focused 0 at \(harness.savePath)",
            "StateChanged focused 1 at \(harness.tab("Home"))",
        ])
        harness.clearEvents()
        harness.press(.keyboardRightArrow)
        #expect(harness.eventLines == [
            "StateChanged focused 0 at \(harness.tab("Home"))",
            "StateChanged focused 1 at \(harness.tab("Search"))",
        ])
        #expect(try harness.focusedPaths() == [harness.tab("Search")])
        harness.clearEvents()
        harness.press(.keyboardSpacebar, characters: " ")
        #expect(harness.scene.selections.titles == ["Search"])
        let list = harness.path(of: harness.scene.tabBar)
        #expect(harness.eventLines == [
            "StateChanged selected 0 at \(harness.tab("Home"))",
            "StateChanged selected 1 at \(harness.tab("Search"))",
            "SelectionChanged  0 at \(list)",
        ])
    }

    @Test("A selection in code gives no focus; a tap that selects a tab brings the focus with it (K5)")
    func selectionAndFocus() throws {
        let harness = FocusHarness()
        harness.window.makeKey()
        harness.clearEvents()
        harness.scene.tabBar.selectedItem = harness.scene.item("Settings")
        #expect(!harness.eventLines.contains { $0.contains("focused") })
        #expect(try harness.focusedPaths() == [harness.savePath])
        harness.clearEvents()
        let point = harness.scene.center(of: "Search")
        harness.window.down(point.x, point.y, at: 1)
        harness.window.up(point.x, point.y, at: 1.05)
        #expect(harness.scene.selections.titles == ["Search"])
        #expect(harness.eventLines.suffix(2) == [
            "StateChanged focused 0 at \(harness.savePath)",
            "StateChanged focused 1 at \(harness.tab("Search"))",
        ])
    }

    @Test("GrabFocus moves the focus to the item and answers true; false for what cannot be focused")
    func grabFocus() throws {
        let harness = FocusHarness()
        harness.scene.item("Profile").isEnabled = false
        harness.window.makeKey()
        harness.clearEvents()
        let search = harness.tab("Search")
        #expect(try harness.values(search, AtspiInterface.component, "GrabFocus") == [.boolean(true)])
        #expect(harness.window.focusedItem === harness.scene.item("Search"))
        #expect(harness.eventLines == [
            "StateChanged focused 0 at \(harness.savePath)",
            "StateChanged focused 1 at \(search)",
        ])
        // Already there: true, and nothing new.
        harness.clearEvents()
        #expect(try harness.values(search, nil, "GrabFocus") == [.boolean(true)])
        #expect(harness.eventLines.isEmpty)
        // A disabled tab, the list, the frame: false, the focus stays.
        for path in [harness.tab("Profile"), harness.path(of: harness.scene.tabBar), harness.frame] {
            #expect(try harness.values(path, AtspiInterface.component, "GrabFocus") == [.boolean(false)], "\(path)")
        }
        #expect(harness.window.focusedItem === harness.scene.item("Search"))
        #expect(try harness.values(harness.savePath, AtspiInterface.component, "GrabFocus") == [.boolean(true)])
        #expect(harness.window.focusedItem === harness.save)
        // A button disabled while focused loses the focus (K4), and cannot take it back.
        harness.save.isEnabled = false
        #expect(harness.window.focusedItem !== harness.save)
        #expect(try harness.values(harness.savePath, AtspiInterface.component, "GrabFocus") == [.boolean(false)])
    }

    @Test("Hostile GrabFocus calls get D-Bus errors: arguments, the application object, unknown paths")
    func hostileGrabFocus() throws {
        let harness = FocusHarness()
        let search = harness.tab("Search")
        #expect(try harness.call(search, AtspiInterface.component, "GrabFocus", [.int32(1)]).errorName == DBusErrorName.invalidArgs)
        #expect(try harness.call(search, AtspiInterface.component, "GrabFocus", [.string(String(repeating: "x", count: 70_000))])
            .errorName == DBusErrorName.invalidArgs)
        #expect(try harness.call(search, "org.example.Nothing", "GrabFocus").errorName == DBusErrorName.unknownMethod)
        // The application object is no item: false.
        #expect(try harness.values(harness.root, AtspiInterface.component, "GrabFocus") == [.boolean(false)])
        #expect(try harness.call("/org/a11y/atspi/accessible/99999", AtspiInterface.component, "GrabFocus").errorName
            == DBusErrorName.unknownObject)
        #expect(harness.window.focusedItem == nil)
    }

    @Test("The focused item leaving the tree moves the focus on: focused 1 on the next item, no event from the gone one")
    func focusRepair() throws {
        let harness = FocusHarness()
        harness.window.makeKey()
        harness.window.moveFocus(to: harness.scene.item("Search"))
        let container = harness.path(of: harness.scene.container)
        _ = try harness.children(container)
        harness.clearEvents()
        harness.scene.tabBar.isHidden = true
        // The engine repairs the focus first, then says the children changed.
        #expect(harness.eventLines == [
            "StateChanged focused 1 at \(harness.savePath)",
            "ChildrenChanged remove 0 at \(container)",
        ])
        #expect(try harness.focusedPaths() == [harness.savePath])
    }

    @Test("Every call that can act on the window is known as one; reads are not")
    func actingCalls() throws {
        func call(_ member: String, _ interface: String? = nil) -> DBusMessage {
            .methodCall(path: AtspiObjectTree.rootPath, interface: interface, member: member, destination: ":1.7")
        }
        for member in ["DoAction", "GrabFocus", "ScrollTo", "ScrollToPoint", "SelectChild", "DeselectSelectedChild",
                       "DeselectChild", "SelectAll", "ClearSelection", "Set"] {
            #expect(AtspiExport.acts(call(member)), "\(member)")
        }
        for member in ["GetState", "GetChildren", "Get", "GetAll", "GetExtents", "GetName", "GetSelectedChild",
                       "IsChildSelected", "GetItems", "GetAccessibleAtPoint"] {
            #expect(!AtspiExport.acts(call(member)), "\(member)")
        }
    }
}
