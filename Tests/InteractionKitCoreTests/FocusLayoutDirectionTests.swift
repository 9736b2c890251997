import Testing
import InteractionKitCore

/// A focusable view with a name.
@MainActor
private final class Item: View {
    let name: String

    init(_ name: String, _ frame: Rect) {
        self.name = name
        super.init(frame: frame)
    }

    override var canBecomeFocused: Bool { true }
}

/// The focus order follows a layout direction that changes at run time
/// (issue 38): reading order is leading to trailing, so mirroring the
/// window (or a view above the items) reverses a row, as a script that
/// starts mirrored has it.
@Suite("Focus order after a layout-direction change")
@MainActor
struct FocusLayoutDirectionTests {
    /// A key window with three items on one row, left to right: A, B, C.
    private func row() -> (Window, View) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let container = View(frame: window.bounds)
        window.addSubview(container)
        for (index, name) in ["A", "B", "C"].enumerated() {
            container.addSubview(Item(name, Rect(x: 20 + Double(index) * 120, y: 100, width: 100, height: 44)))
        }
        window.makeKey()
        return (window, container)
    }

    private func tabOrder(_ window: Window) -> [String] {
        (0..<3).map { _ in
            window.moveFocus(.next)
            return (window.focusedItem as? Item)?.name ?? "-"
        }
    }

    @Test("Mirroring the window after the order was used reverses Tab along the row")
    func windowTurnsRightToLeft() {
        let (window, _) = row()
        #expect((window.focusedItem as? Item)?.name == "A")
        #expect(tabOrder(window) == ["B", "C", "A"])
        window.semanticLayoutDirection = .rightToLeft
        // From A, now the trailing end of the row: Tab wraps to C, the leading one.
        #expect(tabOrder(window) == ["C", "B", "A"])
        window.semanticLayoutDirection = .leftToRight
        #expect(tabOrder(window) == ["B", "C", "A"])
    }

    @Test("Mirroring a view above the items re-sorts a group whose frames follow it, as a tab bar's tabs do")
    func stripTurnsRightToLeft() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let strip = Strip(frame: Rect(x: 0, y: 700, width: 390, height: 49))
        window.addSubview(strip)
        window.makeKey()
        #expect(window.focusedItem === strip.segments[0])
        window.moveFocus(.last)
        #expect(window.focusedItem === strip.segments[2], "C is at the right end")
        strip.semanticLayoutDirection = .rightToLeft
        // The slots are mirrored: A is at the right end now, C at the left.
        window.moveFocus(.last)
        #expect(window.focusedItem === strip.segments[0])
        window.moveFocus(.first)
        #expect(window.focusedItem === strip.segments[2])
    }
}

/// One slot of a `Strip`: a focus item that is not a view.
@MainActor
private final class Segment: FocusItem {
    unowned let strip: Strip
    let index: Int

    init(strip: Strip, index: Int) {
        self.strip = strip
        self.index = index
    }

    var canBecomeFocused: Bool { true }
    var isFocused: Bool { strip.window?.isKeyWindow == true && strip.window?.focusedItem === self }
    var focusHostView: View? { strip }
    var focusGroupIdentifier: String? { "strip" }
    var isFocusGroupSelection: Bool { false }
    func accessibilityActivate() -> Bool { false }

    /// Its slot, mirrored under right to left as a tab bar lays out its tabs: no view's frame changes.
    var focusFrame: Rect {
        let width = strip.bounds.width / Double(strip.segments.count)
        let slot = strip.effectiveLayoutDirection == .rightToLeft ? strip.segments.count - 1 - index : index
        return strip.convert(Rect(x: Double(slot) * width, y: 0, width: width, height: strip.bounds.height), to: nil)
    }
}

/// A view of three segments A, B, C, laid out in slots along its width.
@MainActor
private final class Strip: View {
    private(set) var segments: [Segment] = []

    override init(frame: Rect) {
        super.init(frame: frame)
        segments = (0..<3).map { Segment(strip: self, index: $0) }
    }

    override var focusItems: [any FocusItem]? { segments }
}
