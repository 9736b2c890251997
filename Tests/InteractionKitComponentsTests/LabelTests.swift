import Testing
import InteractionKitLinux
import InteractionKitTestSupport

@Suite("Label: read-only text, as UIKit's UILabel")
@MainActor
struct LabelTests {
    @Test("A label is an element named by its text, with the staticText trait, and notEnabled while disabled")
    func accessibilityDefaults() {
        let label = Label(text: "Name")
        #expect(label.text == "Name" && label.isEnabled)
        #expect(label.isAccessibilityElement)
        #expect(label.accessibilityLabel == "Name")
        #expect(label.accessibilityTraits == [.staticText])
        label.isEnabled = false
        #expect(label.accessibilityTraits == [.staticText, .notEnabled])
        label.text = "Full name"
        #expect(label.accessibilityLabel == "Full name")
        label.text = nil
        #expect(label.accessibilityLabel == nil)
        #expect(Label().text == nil)
    }

    @Test("An explicit label, traits or element flag replaces the default; clearing it brings the default back")
    func explicitValues() {
        let label = Label(text: "3 unread")
        label.accessibilityLabel = "Three unread messages"
        #expect(label.accessibilityLabel == "Three unread messages")
        label.text = "4 unread"
        #expect(label.accessibilityLabel == "Three unread messages")
        label.accessibilityLabel = nil
        #expect(label.accessibilityLabel == "4 unread")
        label.accessibilityTraits = [.header]
        #expect(label.accessibilityTraits == [.header])
        label.isEnabled = false
        #expect(label.accessibilityTraits == [.header, .notEnabled])
        label.isAccessibilityElement = false
        #expect(!label.isAccessibilityElement)
    }

    @Test("The window hears of a new text (its name and its text) and of enabling, once each, and not of a text that did not change")
    func notifications() {
        let window = Window.phone()
        let label = Label(text: "a", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        window.addSubview(label)
        var changes: [AccessibilityChange] = []
        window.addAccessibilityObserver { notification in
            if notification.source === label { changes.append(notification.change) }
        }
        label.text = "b"
        label.text = "b"
        label.isEnabled = false
        label.isEnabled = false
        #expect(changes == [.label, .text, .traits])
        label.accessibilityLabel = "fixed"
        changes.removeAll()
        // The name is fixed now; the text a screen reader reads still changes.
        label.text = "c"
        #expect(changes == [.text])
    }

    @Test("A label takes no touches: a tap on it reaches the button behind it")
    func passesTouchesThrough() {
        let window = Window.phone()
        let button = Button(title: "Behind", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        let label = Label(text: "Over", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        window.addSubview(button)
        window.addSubview(label)
        #expect(!label.isUserInteractionEnabled)
        #expect(window.hitTest(Point(x: 50, y: 20), with: nil) === button)
        var taps = 0
        button.addAction { _ in taps += 1 }
        window.tap(50, 20, at: 1)
        #expect(taps == 1)
        label.isUserInteractionEnabled = true
        #expect(window.hitTest(Point(x: 50, y: 20), with: nil) === label)
    }
}
