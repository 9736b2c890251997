import Testing
import InteractionKitAccessibility
import InteractionKitLinux
import InteractionKitTestSupport

/// `View.shouldGroupAccessibilityChildren` over AT-SPI (§17, other names).
@Suite("A view that groups its accessibility children is one panel of its descendants in reading order")
@MainActor
struct AtspiGroupTests {
    /// group ┬ row ─ Tall (right, 100 high)
    ///       ├ Short (left, centred on Tall's line)
    ///       └ box ─ inner ─ Below
    @MainActor
    private struct Scene {
        let window = Window.phone()
        let group = View(frame: Rect(x: 0, y: 100, width: 390, height: 300))
        let row = View(frame: Rect(x: 0, y: 0, width: 390, height: 100))
        let box = View(frame: Rect(x: 0, y: 150, width: 390, height: 100))
        let inner = View(frame: Rect(x: 0, y: 0, width: 390, height: 100))
        let tall = Button(title: "Tall", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        let short = Button(title: "Short", frame: Rect(x: 0, y: 40, width: 100, height: 20))
        let below = Button(title: "Below", frame: Rect(x: 0, y: 10, width: 100, height: 40))
        let tree: AtspiObjectTree

        init() {
            window.addSubview(group)
            group.addSubview(row)
            row.addSubview(tall)
            group.addSubview(short)
            group.addSubview(box)
            box.addSubview(inner)
            inner.addSubview(below)
            tree = AtspiObjectTree(window: window)
        }

        func names(_ node: any AccessibilityNode) -> [String] {
            tree.children(of: .node(node)).map { $0.accessibilityLabel ?? "?" }
        }
    }

    @Test("Off by default: the containers are fillers with their own children")
    func off() {
        let scene = Scene()
        #expect(!scene.group.shouldGroupAccessibilityChildren)
        #expect(scene.tree.role(of: .node(scene.group)) == .filler)
        #expect(scene.tree.children(of: .node(scene.group)).count == 3)
        #expect(scene.tree.isExported(scene.row))
    }

    @Test("On: one panel whose children are the buttons in reading order; the containers between are left out")
    func on() {
        let scene = Scene()
        scene.group.shouldGroupAccessibilityChildren = true
        let tree = scene.tree
        #expect(tree.role(of: .node(scene.group)) == .panel)
        #expect(scene.names(scene.group) == ["Short", "Tall", "Below"])
        for button in [scene.short, scene.tall, scene.below] {
            #expect(tree.isExported(button))
            guard case .node(let parent)? = tree.parent(of: .node(button)) else {
                Issue.record("no parent")
                continue
            }
            #expect(parent === scene.group)
        }
        #expect(tree.indexInParent(of: .node(scene.tall)) == 1)
        #expect(!tree.isExported(scene.row) && !tree.isExported(scene.inner))
        // A hidden member leaves the group; the rest keep their order.
        scene.tall.isHidden = true
        #expect(scene.names(scene.group) == ["Short", "Below"])
        #expect(!tree.isExported(scene.tall))
    }
}
