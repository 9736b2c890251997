import Testing
import InteractionKitCore

/// Records the accessibility notifications of a window as "change label-or-type" lines.
@MainActor
final class AccessibilityLog {
    private(set) var lines: [String] = []
    private var token: AccessibilityObserverToken?

    init(_ window: Window) {
        token = window.addAccessibilityObserver { [weak self] notification in
            let name = notification.source.accessibilityLabel ?? "\(type(of: notification.source))"
            self?.lines.append("\(notification.change) \(name)")
        }
    }
}

@Suite("Accessibility properties of views and elements")
@MainActor
struct AccessibilityTests {
    @Test("A plain view is a container with no label, and its frame is in window coordinates")
    func plainViewDefaults() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let card = View(frame: Rect(x: 20, y: 100, width: 350, height: 200))
        let badge = View(frame: Rect(x: 10, y: 10, width: 30, height: 20))
        window.addSubview(card)
        card.addSubview(badge)
        #expect(!badge.isAccessibilityElement)
        #expect(badge.accessibilityLabel == nil)
        #expect(badge.accessibilityTraits == [])
        #expect(badge.accessibilityElements == nil)
        #expect(badge.accessibilityFrame == Rect(x: 30, y: 110, width: 30, height: 20))
        #expect(badge.accessibilityParent === card)
        #expect(badge.accessibilityWindow === window)
        #expect(!badge.accessibilityActivate())
    }

    @Test("Setting a label tells the window's observers once; setting it again to the same text tells nothing")
    func labelNotifications() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        let log = AccessibilityLog(window)
        view.accessibilityLabel = "Play"
        view.accessibilityLabel = "Play"
        view.accessibilityTraits = [.button]
        view.accessibilityTraits = [.button]
        view.isAccessibilityElement = true
        view.accessibilityHint = "Plays the song"
        view.accessibilityValue = "3 of 12"
        #expect(log.lines == ["label Play", "traits Play", "isElement Play", "hint Play", "value Play"])
    }

    @Test("Adding, reordering and removing subviews tells the observers that the parent's children changed")
    func childrenNotifications() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let parent = View()
        parent.accessibilityLabel = "parent"
        window.addSubview(parent)
        let log = AccessibilityLog(window)
        let a = View(), b = View()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(b, at: 0)
        a.removeFromSuperview()
        #expect(log.lines == ["children parent", "children parent", "children parent", "children parent"])
    }

    @Test("A view outside a window, or a window without observers, posts nothing and costs nothing")
    func noWindowNoNotification() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let log = AccessibilityLog(window)
        let loose = View()
        loose.accessibilityLabel = "loose"
        loose.addSubview(View())
        #expect(log.lines.isEmpty)
    }

    @Test("A removed observer is not called, even when removed by another observer during the same change")
    func removingObservers() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = View()
        window.addSubview(view)
        let calls = CallCounter()
        let second = TokenHolder()
        window.addAccessibilityObserver { [weak window, weak second] _ in
            if let token = second?.token { window?.removeAccessibilityObserver(token) }
        }
        second.token = window.addAccessibilityObserver { [weak calls] _ in calls?.count += 1 }
        view.accessibilityLabel = "x"
        #expect(calls.count == 0)
    }

    @Test("An element's frame in its container's space follows the container, in window coordinates")
    func elementFrame() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let chart = View(frame: Rect(x: 20, y: 100, width: 300, height: 200))
        window.addSubview(chart)
        let bar = AccessibilityElement(accessibilityContainer: chart)
        bar.accessibilityLabel = "March"
        bar.accessibilityFrameInContainerSpace = Rect(x: 60, y: 0, width: 30, height: 120)
        chart.accessibilityElements = [bar]
        #expect(bar.accessibilityFrame == Rect(x: 80, y: 100, width: 30, height: 120))
        chart.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        #expect(bar.accessibilityFrame == Rect(x: 60, y: 0, width: 30, height: 120))
        #expect(bar.accessibilityParent === chart)
        #expect(bar.accessibilityWindow === window)
        #expect(bar.isAccessibilityElement)
        #expect(!bar.accessibilityActivate())
    }

    @Test("An element tells its container's window when its label or traits change, and holds its container weakly")
    func elementNotifications() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var container: View? = View()
        window.addSubview(container!)
        let log = AccessibilityLog(window)
        let element = AccessibilityElement(accessibilityContainer: container)
        element.accessibilityLabel = "cell"
        element.accessibilityTraits = [.selected]
        #expect(log.lines == ["label cell", "traits cell"])
        container?.removeFromSuperview()
        container = nil
        #expect(element.accessibilityContainer == nil)
        #expect(element.accessibilityWindow == nil)
    }

    @Test("Traits are an option set with UIKit's members and a toolbar of our own")
    func traits() {
        let tab: AccessibilityTraits = [.button, .selected, .notEnabled]
        #expect(tab.contains(.selected))
        #expect(!tab.contains(.header))
        let all: [AccessibilityTraits] = [.button, .link, .image, .selected, .staticText, .notEnabled, .header, .tabBar,
                                          .adjustable, .searchField, .toggleButton, .updatesFrequently, .toolbar]
        #expect(Set(all.map(\.rawValue)).count == all.count)
    }
}

@MainActor
final class TokenHolder {
    var token: AccessibilityObserverToken?
}

@MainActor
final class CallCounter {
    var count = 0
}

/// An element whose frame in its container's space is computed.
@MainActor
private final class ComputedInContainer: AccessibilityElement {
    override var accessibilityFrameInContainerSpace: Rect {
        get { Rect(x: 5, y: 6, width: 7, height: 8) }
        set {}
    }
}

/// An element whose window frame is computed.
@MainActor
private final class ComputedInWindow: AccessibilityElement {
    override var accessibilityFrame: Rect {
        get { Rect(x: 50, y: 60, width: 7, height: 8) }
        set {}
    }
}

@Suite("An element's two frames, each derived from the other when only one is given or computed")
@MainActor
struct AccessibilityElementFrameTests {
    @Test("A computed frame in the container's space gives the window frame; a computed window frame gives the other")
    func computedFrames() {
        let window = Window.phone()
        let container = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        window.addSubview(container)
        let inContainer = ComputedInContainer(accessibilityContainer: container)
        #expect(inContainer.accessibilityFrame == Rect(x: 15, y: 26, width: 7, height: 8))
        let inWindow = ComputedInWindow(accessibilityContainer: container)
        #expect(inWindow.accessibilityFrameInContainerSpace == Rect(x: 40, y: 40, width: 7, height: 8))
        // Without a container, a frame in its space is in no particular place.
        #expect(ComputedInContainer(accessibilityContainer: nil).accessibilityFrame == .zero)
    }

    @Test("A plain element with no frame given has none in either space; a frame set explicitly wins")
    func plainFrames() {
        let window = Window.phone()
        let container = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        window.addSubview(container)
        let element = AccessibilityElement(accessibilityContainer: container)
        #expect(element.accessibilityFrame == .zero)
        #expect(element.accessibilityFrameInContainerSpace == .zero)
        element.accessibilityFrame = Rect(x: 30, y: 40, width: 5, height: 5)
        #expect(element.accessibilityFrame == Rect(x: 30, y: 40, width: 5, height: 5))
        #expect(element.accessibilityFrameInContainerSpace == Rect(x: 20, y: 20, width: 5, height: 5))
        element.accessibilityFrameInContainerSpace = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(element.accessibilityFrame == Rect(x: 11, y: 22, width: 3, height: 4))
        container.frame.origin = Point(x: 0, y: 0)
        #expect(element.accessibilityFrame == Rect(x: 1, y: 2, width: 3, height: 4))
    }
}
