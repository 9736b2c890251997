import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// Records a window's accessibility notifications as "change label" lines.
@MainActor
private final class NotificationLog {
    private(set) var lines: [String] = []

    init(_ window: Window) {
        window.addAccessibilityObserver { [weak self] notification in
            self?.lines.append("\(notification.change) \(notification.source.accessibilityLabel ?? "-")")
        }
    }
}

@MainActor
private final class ActionCounter {
    var events: [String] = []
}

@Suite("Accessibility defaults of controls, buttons, toolbars and tab bars")
@MainActor
struct AccessibilityDefaultsTests {
    @Test("A button is an element labelled by its title, with the button trait, and notEnabled while disabled")
    func buttonDefaults() {
        let button = Button(title: "Share")
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityLabel == "Share")
        #expect(button.accessibilityTraits == [.button])
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .notEnabled])
        button.isSelected = true
        #expect(button.accessibilityTraits == [.button, .notEnabled, .selected])
        button.accessibilityLabel = "Share the photo"
        #expect(button.accessibilityLabel == "Share the photo")
        button.accessibilityLabel = nil
        #expect(button.accessibilityLabel == "Share")
        button.accessibilityTraits = [.link]
        #expect(button.accessibilityTraits == [.link, .notEnabled, .selected])
        button.isAccessibilityElement = false
        #expect(!button.isAccessibilityElement)
    }

    @Test("Activating a button performs its primary action once, with no touch event (no touch happened)")
    func buttonActivation() {
        let button = Button(title: "Send")
        let counter = ActionCounter()
        button.addAction(for: .touchUpInside) { [weak counter] _ in counter?.events.append("touchUpInside") }
        button.addAction { [weak counter] _ in counter?.events.append("primary") }
        #expect(button.accessibilityActivate())
        #expect(counter.events == ["primary"])
        button.isEnabled = false
        #expect(!button.accessibilityActivate())
        #expect(counter.events == ["primary"])
    }

    @Test("A button's title change, enabling and selection are announced to the window's observers")
    func buttonNotifications() {
        let window = Window.phone()
        let button = Button(title: "Play", frame: Rect(x: 0, y: 0, width: 44, height: 44))
        window.addSubview(button)
        let log = NotificationLog(window)
        button.title = "Pause"
        button.title = "Pause"
        button.isEnabled = false
        button.isEnabled = false
        button.isSelected = true
        #expect(log.lines == ["label Pause", "traits Pause", "traits Pause"])
    }

    @Test("A toolbar is a container with the toolbar trait whose children are its buttons")
    func toolbar() {
        let back = Button(title: "Back"), share = Button(title: "Share")
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 200, height: 44), buttons: [back, share])
        #expect(!toolbar.isAccessibilityElement)
        #expect(toolbar.accessibilityTraits == [.toolbar])
        #expect(toolbar.accessibilityElements == nil)
        #expect(toolbar.subviews.map { $0.accessibilityLabel } == ["Back", "Share"])
        #expect(share.accessibilityFrame == Rect(x: 100, y: 0, width: 100, height: 44))
    }

    @Test("A tab bar's tabs are elements: title, button, selected on the selected one, notEnabled on a disabled one, the slot as frame")
    func tabElements() throws {
        let scene = TabBarScene()
        scene.tabBar.selectedItem = scene.item("Home")
        scene.item("Profile").isEnabled = false
        #expect(!scene.tabBar.isAccessibilityElement)
        #expect(scene.tabBar.accessibilityTraits == [.tabBar])
        let elements = try #require(scene.tabBar.accessibilityElements)
        #expect(elements.map { $0.accessibilityLabel } == TabBarScene.titles)
        #expect(elements.map(\.accessibilityTraits) == [
            [.button, .selected], [.button], [.button], [.button, .notEnabled], [.button],
        ])
        #expect(elements[1].accessibilityFrame == Rect(x: 78, y: 795, width: 78, height: 49))
        #expect(elements.allSatisfy { $0.accessibilityParent === scene.tabBar && $0.isAccessibilityElement })
        #expect(elements[0] === scene.item("Home").accessibilityElement, "the same element for the tab's whole life")
    }

    @Test("Activating a tab selects it as a tap does, telling the delegate once; a disabled tab refuses")
    func tabActivation() {
        let scene = TabBarScene()
        #expect(scene.item("Search").accessibilityElement.accessibilityActivate())
        #expect(scene.selections.titles == ["Search"])
        #expect(scene.tabBar.selectedItem === scene.item("Search"))
        scene.item("Profile").isEnabled = false
        #expect(!scene.item("Profile").accessibilityElement.accessibilityActivate())
        #expect(scene.selections.titles == ["Search"])
        let stranger = TabBarItem(title: "Stranger", image: nil)
        #expect(!stranger.accessibilityElement.accessibilityActivate())
    }

    @Test("Selection, titles, enabling and replaced items are announced; a tap that selects announces the two tabs")
    func tabNotifications() {
        let scene = TabBarScene(size: .large)
        scene.tabBar.selectedItem = scene.item("Home")
        _ = scene.tabBar.accessibilityElements
        scene.tabBar.accessibilityLabel = "Tabs"
        let log = NotificationLog(scene.window)
        let search = scene.center(of: "Search")
        scene.window.down(search.x, search.y, at: 1)
        scene.window.up(search.x, search.y, at: 1.05)
        #expect(scene.selections.titles == ["Search"])
        scene.item("Profile").title = "Me"
        scene.item("Me").isEnabled = false
        scene.tabBar.selectedItem = scene.item("Search")
        scene.tabBar.items = [scene.item("Home")]
        // Replacing the items deselects Search first, then announces the new children.
        #expect(log.lines == [
            "traits Home", "traits Search", "label Me", "traits Me", "traits Search", "children Tabs",
        ])
    }
}
