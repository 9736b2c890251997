import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

@Suite("View hierarchy")
@MainActor
struct ViewHierarchyTests {
    @Test("Adding and removing subviews keeps superview, subviews and window in step")
    func addAndRemove() {
        let window = Window.phone()
        let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
        container.addSubview(child)
        #expect(child.superview === container)
        #expect(child.window == nil)
        window.addSubview(container)
        #expect(child.window === window)
        #expect(window.window === window)
        container.removeFromSuperview()
        #expect(container.superview == nil)
        #expect(child.window == nil)
        #expect(window.subviews.isEmpty)
    }

    @Test("Inserting orders subviews back to front and clamps the index")
    func insertion() {
        let parent = View()
        let a = View(), b = View(), c = View()
        parent.addSubview(a)
        parent.insertSubview(b, at: 0)
        parent.insertSubview(c, at: 99)
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [b, a, c].map { ObjectIdentifier($0) })
        parent.addSubview(b)
        #expect(parent.subviews.last === b)
        #expect(parent.subviews.count == 3)
    }

    @Test("A view cannot become its own ancestor")
    func cyclesAreRefused() {
        let a = View(), b = View()
        a.addSubview(b)
        #expect(b.addSubview(a) == false)
        #expect(a.addSubview(a) == false)
        #expect(a.superview == nil)
        #expect(b.subviews.isEmpty)
    }

    @Test("Moving a view to a new parent takes it from the old one")
    func reparenting() {
        let first = View(), second = View(), child = View()
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(child.superview === second)
    }

    @Test("Layout direction is inherited until a view sets its own")
    func rightToLeftInheritance() {
        let window = Window.phone()
        let container = View()
        let leaf = View()
        container.addSubview(leaf)
        window.addSubview(container)
        #expect(leaf.effectiveLayoutDirection == .leftToRight)
        window.semanticLayoutDirection = .rightToLeft
        #expect(container.effectiveLayoutDirection == .rightToLeft)
        #expect(leaf.effectiveLayoutDirection == .rightToLeft)
        container.semanticLayoutDirection = .leftToRight
        #expect(leaf.effectiveLayoutDirection == .leftToRight)
        container.semanticLayoutDirection = nil
        #expect(leaf.effectiveLayoutDirection == .rightToLeft)
        leaf.removeFromSuperview()
        #expect(leaf.effectiveLayoutDirection == .leftToRight)
        container.addSubview(leaf)
        #expect(leaf.effectiveLayoutDirection == .rightToLeft)
    }

    @Test("A change of direction lays out the views it reaches")
    func directionChangeLaysOut() {
        final class CountingView: View {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let window = Window.phone()
        let view = CountingView()
        window.addSubview(view)
        let before = view.layouts
        window.semanticLayoutDirection = .rightToLeft
        #expect(view.layouts == before + 1)
        window.semanticLayoutDirection = .rightToLeft
        #expect(view.layouts == before + 1)
    }

    @Test("Frame and bounds stay linked; bounds size changes keep the centre")
    func frameAndBounds() {
        let view = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 100))
        view.bounds = Rect(x: 5, y: 5, width: 50, height: 50)
        #expect(view.frame == Rect(x: 35, y: 35, width: 50, height: 50))
        view.frame = Rect(x: 0, y: 0, width: 20, height: 30)
        #expect(view.bounds == Rect(x: 5, y: 5, width: 20, height: 30))
    }

    @Test("Interactions hear willMove and didMove in order, and move between views")
    func interactionLifecycle() {
        final class Recorder: Interaction {
            weak var view: View?
            var events: [String] = []
            func willMove(to view: View?) { events.append("will \(view == nil ? "nil" : "view")") }
            func didMove(to view: View?) {
                self.view = view
                events.append("did \(view == nil ? "nil" : "view")")
            }
        }
        let first = View(), second = View()
        let interaction = Recorder()
        first.addInteraction(interaction)
        #expect(interaction.events == ["will view", "did view"])
        #expect(interaction.view === first)
        second.addInteraction(interaction)
        #expect(first.interactions.isEmpty)
        #expect(second.interactions.count == 1)
        #expect(interaction.events == ["will view", "did view", "will nil", "did nil", "will view", "did view"])
        second.removeInteraction(interaction)
        #expect(interaction.view == nil)
        #expect(second.interactions.isEmpty)
    }

    @Test("Gesture recognizers move between views and know their view")
    func recognizerAttachment() {
        let first = View(), second = View()
        let tap = TapGestureRecognizer()
        first.addGestureRecognizer(tap)
        #expect(tap.view === first)
        second.addGestureRecognizer(tap)
        #expect(first.gestureRecognizers.isEmpty)
        #expect(tap.view === second)
        second.removeGestureRecognizer(tap)
        #expect(tap.view == nil)
    }
}
