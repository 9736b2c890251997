import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux
import InteractionKitTestSupport

/// A window with a panel of two buttons and a Done button beside it.
@MainActor
struct PanelScene {
    let window = Window.phone()
    let panel = View(frame: Rect(x: 0, y: 100, width: 390, height: 200))
    let save = Button(title: "Save", frame: Rect(x: 10, y: 10, width: 100, height: 44))
    let share = Button(title: "Share", frame: Rect(x: 120, y: 10, width: 100, height: 44))
    let done = Button(title: "Done", frame: Rect(x: 10, y: 400, width: 100, height: 44))
    let client: ExportClient

    init() {
        panel.addSubview(save)
        panel.addSubview(share)
        window.addSubview(panel)
        window.addSubview(done)
        client = ExportClient(window: window)
    }

    func names(_ path: String) throws -> [String] {
        try client.children(path).map { try client.name($0) ?? "?" }
    }
}

@Suite("What the AT-SPI export leaves out, and where things are")
@MainActor
struct AtspiExposureTests {
    @Test("accessibilityElementsHidden leaves a view and its subtree out, announced as children removed and added")
    func elementsHidden() throws {
        let scene = PanelScene()
        let client = scene.client
        let frame = client.frame
        let panel = client.path(of: scene.panel), save = client.path(of: scene.save)
        #expect(try client.children(frame) == [panel, client.path(of: scene.done)])
        _ = try client.children(panel)
        scene.panel.accessibilityElementsHidden = true
        #expect(try client.children(frame) == [client.path(of: scene.done)])
        #expect(try client.call(save, AtspiInterface.accessible, "GetRole").errorName == DBusErrorName.unknownObject)
        #expect(client.eventLines == ["ChildrenChanged remove 0 at \(frame)"])
        // A change inside the left-out subtree is nobody's business.
        client.clearEvents()
        scene.save.title = "Keep"
        scene.save.isEnabled = false
        #expect(client.events.isEmpty)
        scene.panel.accessibilityElementsHidden = true
        #expect(client.events.isEmpty, "setting the same value again is no change")
        scene.panel.accessibilityElementsHidden = false
        #expect(client.eventLines == ["ChildrenChanged add 0 at \(frame)"])
        #expect(try scene.names(panel) == ["Keep", "Share"])
        // On a button (an element) it leaves the button out.
        scene.share.accessibilityElementsHidden = true
        #expect(try scene.names(panel) == ["Keep"])
    }

    @Test("An element with accessibilityElementsHidden is left out of its container's elements")
    func hiddenElement() throws {
        let harness = ExportHarness()
        let list = try #require(try harness.children(try harness.children(harness.frame)[0]).first)
        _ = try harness.children(list)
        harness.scene.item("Profile").accessibilityElement.accessibilityElementsHidden = true
        #expect(try harness.children(list).map { try harness.name($0) } == ["Home", "Search", "Now Playing", "Settings"])
        #expect(harness.eventLines == ["ChildrenChanged remove 3 at \(list)"])
    }

    @Test("While a modal view is in the window its siblings are left out; the front-most shown modal counts")
    func modal() throws {
        let scene = PanelScene()
        let client = scene.client
        let frame = client.frame
        let done = client.path(of: scene.done), panel = client.path(of: scene.panel)
        _ = try client.children(frame)
        scene.panel.accessibilityViewIsModal = true
        #expect(try client.children(frame) == [panel])
        #expect(try client.call(done, AtspiInterface.accessible, "GetRole").errorName == DBusErrorName.unknownObject)
        #expect(client.eventLines == ["ChildrenChanged remove 1 at \(frame)"])
        // Inside the modal view, everything is there.
        #expect(try scene.names(panel) == ["Save", "Share"])
        // Two modal siblings: the front-most (last) one.
        client.clearEvents()
        scene.done.accessibilityViewIsModal = true
        #expect(try client.children(frame) == [done])
        // A hidden modal view is no modal view.
        scene.done.isHidden = true
        #expect(try client.children(frame) == [panel])
        scene.panel.accessibilityViewIsModal = false
        #expect(try client.children(frame) == [panel])
        scene.done.isHidden = false
        #expect(try client.children(frame) == [done])
        scene.done.removeFromSuperview()
        #expect(try client.children(frame) == [panel])
    }

    @Test("A view only there for layout is a filler with no name; with a label it is a panel named by it")
    func layoutOnly() throws {
        let scene = PanelScene()
        let panel = scene.client.path(of: scene.panel)
        #expect(try scene.client.role(panel) == "filler")
        #expect(try scene.client.name(panel) == "")
        scene.panel.accessibilityLabel = "Actions"
        #expect(try scene.client.role(panel) == "panel")
        #expect(try scene.client.name(panel) == "Actions")
        scene.panel.accessibilityLabel = ""
        #expect(try scene.client.role(panel) == "filler")
    }

    @Test("A view inside an element is not exported: its path is an unknown object")
    func insideAnElement() throws {
        let scene = PanelScene()
        let badge = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
        scene.save.addSubview(badge)
        #expect(try scene.client.children(scene.client.path(of: scene.save)).isEmpty)
        #expect(try scene.client.call(scene.client.path(of: badge), AtspiInterface.accessible, "GetRole").errorName
            == DBusErrorName.unknownObject)
    }

    @Test("clipsToBounds: a descendant wholly outside the clipping view stays visible but is not showing")
    func clipping() throws {
        let scene = PanelScene()
        let client = scene.client
        let save = client.path(of: scene.save), share = client.path(of: scene.share)
        scene.panel.clipsToBounds = true
        scene.share.frame = Rect(x: 120, y: 250, width: 100, height: 44)
        #expect(try client.states(share) == ["enabled", "focusable", "sensitive", "visible"])
        #expect(try client.states(save).contains("showing"))
        // Partly inside still shows; a shared edge is not inside.
        scene.share.frame = Rect(x: 120, y: 180, width: 100, height: 44)
        #expect(try client.states(share).contains("showing"))
        scene.share.frame = Rect(x: 390, y: 10, width: 100, height: 44)
        #expect(!(try client.states(share).contains("showing")))
        // A clipping view further up counts too; without clipping everything shows.
        scene.panel.clipsToBounds = false
        #expect(try client.states(share).contains("showing"))
        let outer = View(frame: Rect(x: 0, y: 0, width: 390, height: 150))
        outer.clipsToBounds = true
        scene.window.addSubview(outer)
        outer.addSubview(scene.panel)
        scene.share.frame = Rect(x: 120, y: 60, width: 100, height: 44)
        #expect(!(try client.states(share).contains("showing")), "panel at y 100 + 60 lies below the outer view's 150")
        #expect(try client.states(save).contains("showing"))
    }

    @Test("Screen coordinates add the window's screenOrigin; window and parent coordinates do not")
    func screenCoordinates() throws {
        let scene = PanelScene()
        let client = scene.client
        let save = client.path(of: scene.save)
        scene.window.screenOrigin = Point(x: 200, y: 50)
        #expect(try client.values(save, AtspiInterface.component, "GetExtents", [.uint32(0)])
            == [.structure([.int32(210), .int32(160), .int32(100), .int32(44)])])
        #expect(try client.values(save, AtspiInterface.component, "GetExtents", [.uint32(1)])
            == [.structure([.int32(10), .int32(110), .int32(100), .int32(44)])])
        #expect(try client.values(save, AtspiInterface.component, "GetExtents", [.uint32(2)])
            == [.structure([.int32(10), .int32(10), .int32(100), .int32(44)])])
        #expect(try client.values(save, AtspiInterface.component, "GetPosition", [.uint32(0)]) == [.int32(210), .int32(160)])
        let atScreen = try client.values(client.frame, AtspiInterface.component, "GetAccessibleAtPoint",
                                         [.int32(220), .int32(170), .uint32(0)])
        #expect(client.path(atScreen.first) == save)
        #expect(try client.values(save, AtspiInterface.component, "Contains", [.int32(20), .int32(120), .uint32(0)])
            == [.boolean(false)])
        #expect(try client.values(save, AtspiInterface.component, "Contains", [.int32(20), .int32(120), .uint32(1)])
            == [.boolean(true)])
        // A screen origin that is no number answers, and traps nowhere.
        scene.window.screenOrigin = Point(x: .nan, y: .infinity)
        #expect(try client.call(save, AtspiInterface.component, "GetExtents", [.uint32(0)]).kind == .methodReturn)
        #expect(try client.call(client.frame, AtspiInterface.component, "GetAccessibleAtPoint",
                                [.int32(1), .int32(1), .uint32(0)]).kind == .methodReturn)
    }

    @Test("The window announces itself active: state-changed:active, then window:activate, from the frame")
    func activation() throws {
        let scene = PanelScene()
        let frame = scene.client.frame
        let signals = scene.client.export.windowActivationSignals(active: true)
        #expect(signals.map { "\($0.interface ?? "") \($0.member ?? "") \($0.body.first?.string ?? "") \($0.path?.text ?? "")" } == [
            "org.a11y.atspi.Event.Object StateChanged active \(frame)",
            "org.a11y.atspi.Event.Window Activate  \(frame)",
        ])
        #expect(signals.allSatisfy { $0.signatureText == "siiva{sv}" })
        #expect(signals.first?.body[1] == .int32(1))
        let off = scene.client.export.windowActivationSignals(active: false)
        #expect(off.map(\.member) == ["StateChanged", "Deactivate"])
        #expect(off.first?.body[1] == .int32(0))
    }

    @Test("A toggle's state is announced even when no client asked for it before")
    func toggleNeverReported() throws {
        let window = Window.phone()
        let mute = Button(title: "Mute", frame: Rect(x: 10, y: 10, width: 80, height: 44))
        mute.accessibilityTraits = [.button, .toggleButton]
        window.addSubview(mute)
        let client = ExportClient(window: window)
        mute.isSelected = true
        let path = client.path(of: mute)
        #expect(client.eventLines == ["StateChanged checked 1 at \(path)", "StateChanged pressed 1 at \(path)"])
    }
}
