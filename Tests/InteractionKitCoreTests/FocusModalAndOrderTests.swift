import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A focusable view, optionally taking Tab for itself.
@MainActor
private final class Item: View {
    let name: String
    var takesTab = false
    var tabsTaken = 0

    init(_ name: String, _ frame: Rect) {
        self.name = name
        super.init(frame: frame)
    }

    override var canBecomeFocused: Bool { true }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        if takesTab, presses.first?.key?.keyCode == .keyboardTab {
            tabsTaken += 1
            return
        }
        super.pressesBegan(presses, with: event)
    }
}

extension Window {
    fileprivate func press(_ code: KeyboardHIDUsage, _ modifiers: KeyModifierFlags = []) {
        let key = Key(keyCode: code, modifierFlags: modifiers)
        send(KeyInput(key: key, phase: .began, timestamp: currentTime))
        send(KeyInput(key: key, phase: .ended, timestamp: currentTime))
    }

    fileprivate var focusedName: String? { (focusedItem as? Item)?.name }
}

@Suite("Modal views hold the focus (F3)")
@MainActor
struct FocusModalTests {
    /// Two buttons behind, and a sheet with two of its own (not yet in the window).
    private func scene() -> (Window, behind: [Item], sheet: View, inside: [Item]) {
        let window = Window.phone()
        let behind = [Item("back 0", Rect(x: 0, y: 0, width: 100, height: 40)),
                      Item("back 1", Rect(x: 0, y: 300, width: 100, height: 40))]
        for item in behind { window.addSubview(item) }
        let sheet = View(frame: Rect(x: 0, y: 100, width: 300, height: 150))
        sheet.accessibilityViewIsModal = true
        let inside = [Item("sheet 0", Rect(x: 0, y: 0, width: 100, height: 40)),
                      Item("sheet 1", Rect(x: 0, y: 60, width: 100, height: 40))]
        for item in inside { sheet.addSubview(item) }
        return (window, behind, sheet, inside)
    }

    @Test("makeKey() lands in the modal view, and Tab never leaves it")
    func makeKeyAndTab() {
        let (window, behind, sheet, inside) = scene()
        window.addSubview(sheet)
        window.makeKey()
        #expect(window.focusedName == "sheet 0")
        for _ in 0..<5 { window.press(.keyboardTab) }
        #expect(window.focusedName == "sheet 1")
        #expect(!window.isFocusable(behind[0]) && window.isFocusable(inside[0]))
        #expect(!window.moveFocus(to: behind[1]))
        #expect(window.focusedName == "sheet 1")
    }

    @Test("When a modal view appears the focus moves into it; when it goes it returns to the item focused before")
    func appearAndGo() {
        let (window, behind, sheet, _) = scene()
        window.makeKey()
        window.moveFocus(to: behind[1])
        #expect(window.focusedName == "back 1")
        window.addSubview(sheet)
        #expect(window.focusedName == "sheet 0")
        window.press(.keyboardTab)
        #expect(window.focusedName == "sheet 1")
        sheet.removeFromSuperview()
        #expect(window.focusedName == "back 1")
    }

    @Test("Setting and clearing the flag on a view in the window moves the focus in and back")
    func flag() {
        let (window, behind, sheet, _) = scene()
        sheet.accessibilityViewIsModal = false
        window.addSubview(sheet)
        window.makeKey()
        #expect(window.focusedName == "back 0")
        sheet.accessibilityViewIsModal = true
        #expect(window.focusedName == "sheet 0")
        sheet.accessibilityViewIsModal = false
        #expect(window.focusedName == "back 0")
        #expect(window.isFocusable(behind[1]))
    }

    @Test("The modal view's preferred environment is where the focus enters")
    func preferred() {
        final class Sheet: View {
            var preferred: [any FocusItem] = []
            override var preferredFocusEnvironments: [any FocusItem] { preferred }
        }
        let (window, _, _, _) = scene()
        window.makeKey()
        let sheet = Sheet(frame: Rect(x: 0, y: 100, width: 300, height: 150))
        let first = Item("first", Rect(x: 0, y: 0, width: 100, height: 40))
        let second = Item("second", Rect(x: 0, y: 60, width: 100, height: 40))
        sheet.addSubview(first)
        sheet.addSubview(second)
        sheet.preferred = [second]
        sheet.accessibilityViewIsModal = true
        window.addSubview(sheet)
        #expect(window.focusedName == "second")
    }
}

@Suite("Reading order by centres, and Ctrl-Tab (F4)")
@MainActor
struct FocusReadingOrderTests {
    /// A tall item on the right and a short one on the left, centred on one line.
    private func row(direction: LayoutDirection = .leftToRight) -> (Window, tall: Item, short: Item, below: Item) {
        let window = Window.phone()
        window.semanticLayoutDirection = direction
        let tall = Item("tall", Rect(x: 200, y: 0, width: 100, height: 100))
        let short = Item("short", Rect(x: 0, y: 40, width: 100, height: 20))
        let below = Item("below", Rect(x: 0, y: 120, width: 100, height: 20))
        window.addSubview(tall)
        window.addSubview(short)
        window.addSubview(below)
        window.makeKey()
        return (window, tall, short, below)
    }

    @Test("Items of mixed heights centred on one line read leading to trailing: from the left, or from the right under right to left",
          arguments: [(LayoutDirection.leftToRight, ["short", "tall", "below"]), (.rightToLeft, ["tall", "short", "below"])])
    func readingOrder(direction: LayoutDirection, expected: [String]) {
        let (window, _, _, _) = row(direction: direction)
        var order: [String] = []
        for _ in 0..<3 {
            order.append(window.focusedName ?? "-")
            window.press(.keyboardTab)
        }
        #expect(order == expected)
    }

    @Test("Overlap of half the smaller height or less is two lines, ordered by centre y")
    func twoLines() {
        let window = Window.phone()
        // Overlap 10 of a smaller height 20: not more than half, so two lines.
        let right = Item("right", Rect(x: 200, y: 0, width: 100, height: 50))
        let left = Item("left", Rect(x: 0, y: 40, width: 100, height: 20))
        window.addSubview(right)
        window.addSubview(left)
        window.makeKey()
        #expect(window.focusedName == "right")
        window.press(.keyboardTab)
        #expect(window.focusedName == "left")
        #expect(Window.onOneLine(Rect(x: 0, y: 0, width: 1, height: 50), Rect(x: 0, y: 39, width: 1, height: 20)))
        #expect(!Window.onOneLine(Rect(x: 0, y: 0, width: 1, height: 50), Rect(x: 0, y: 40, width: 1, height: 20)))
    }

    @Test("Ctrl-Tab and Ctrl-Shift-Tab move the focus, also out of a view that takes Tab")
    func controlTab() {
        let (window, _, short, _) = row()
        short.takesTab = true
        #expect(window.focusedName == "short")
        window.press(.keyboardTab)
        #expect(window.focusedName == "short")
        #expect(short.tabsTaken == 1)
        window.press(.keyboardTab, .control)
        #expect(window.focusedName == "tall")
        window.press(.keyboardTab, [.control, .shift])
        #expect(window.focusedName == "short")
        window.press(.keyboardTab, [.control, .shift])
        #expect(window.focusedName == "below", "Shift goes backwards and wraps")
        #expect(short.tabsTaken == 1, "the view that takes Tab never heard Ctrl-Tab")
    }
}
