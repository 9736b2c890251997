import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// A view whose `hitTest` runs a callback and takes nothing.
private final class CallingView: View {
    var onHitTest: () -> Void = {}

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        onHitTest()
        return nil
    }
}

/// A view whose `hitTest` runs a callback, then answers with another view, wherever it is.
private final class RedirectingView: View {
    unowned(safe) var answer: View?
    var onHitTest: () -> Void = {}

    override func hitTest(_ point: Point, with event: Event?) -> View? {
        onHitTest()
        return answer
    }
}

/// A recognizer that notes its name in a shared log when a touch begins.
private final class LoggingRecognizer: GestureRecognizer {
    let label: String
    let log: Log

    @MainActor
    final class Log {
        var names: [String] = []
    }

    init(_ label: String, log: Log) {
        self.label = label
        self.log = log
        super.init()
    }

    override func touchBegan(_ touch: Touch, with event: Event) {
        log.names.append(label)
    }
}

@Suite("Hit testing")
@MainActor
struct HitTestingTests {
    @Test("Subviews are tried front to back")
    func frontToBack() {
        let window = Window.phone()
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let front = View(frame: Rect(x: 50, y: 50, width: 200, height: 200))
        window.addSubview(back)
        window.addSubview(front)
        #expect(window.hitTest(Point(x: 60, y: 60), with: nil) === front)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === back)
        #expect(window.hitTest(Point(x: 300, y: 600), with: nil) === window)
        #expect(window.hitTest(Point(x: 400, y: 10), with: nil) == nil)
    }

    @Test("Hidden and non-interactive views are skipped with their subviews")
    func skipped() {
        let window = Window.phone()
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let front = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        front.addSubview(child)
        window.addSubview(back)
        window.addSubview(front)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === child)
        front.isHidden = true
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === back)
        front.isHidden = false
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === back)
    }

    @Test("Subviews outside their parent's bounds are not hit through it")
    func clippedToParent() {
        let window = Window.phone()
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let overhang = View(frame: Rect(x: 80, y: 0, width: 100, height: 100))
        parent.addSubview(overhang)
        window.addSubview(parent)
        #expect(window.hitTest(Point(x: 90, y: 10), with: nil) === overhang)
        #expect(window.hitTest(Point(x: 150, y: 10), with: nil) === window)
    }

    @Test("Hit testing honours bounds offsets")
    func boundsOffsets() {
        let window = Window.phone()
        let scroller = View(frame: Rect(x: 0, y: 100, width: 390, height: 600))
        scroller.bounds.origin = Point(x: 0, y: 300)
        let row = View(frame: Rect(x: 20, y: 400, width: 200, height: 44))
        scroller.addSubview(row)
        window.addSubview(scroller)
        #expect(window.hitTest(Point(x: 30, y: 210), with: nil) === row)
        #expect(window.hitTest(Point(x: 30, y: 510), with: nil) === scroller)
    }

    @Test("Zero-sized views and non-finite points hit nothing")
    func degenerate() {
        let window = Window.phone()
        let empty = View(frame: Rect(x: 10, y: 10, width: 0, height: 0))
        window.addSubview(empty)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === window)
        #expect(window.hitTest(Point(x: .nan, y: 10), with: nil) == nil)
        #expect(window.hitTest(Point(x: .infinity, y: 10), with: nil) == nil)
        #expect(window.hitTest(Point(x: -1e300, y: 1e300), with: nil) == nil)
        let zeroWindow = Window(frame: .zero)
        #expect(zeroWindow.hitTest(.zero, with: nil) == nil)
    }

    @Test("Subclasses that override point(inside:) or hitTest are honoured")
    func overrides() {
        final class Enlarged: View {
            override func point(inside point: Point, with event: Event?) -> Bool {
                bounds.inset(by: EdgeInsets(top: -20, left: -20, bottom: -20, right: -20)).contains(point)
            }
        }
        final class PassThrough: View {
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                let hit = super.hitTest(point, with: event)
                return hit === self ? nil : hit
            }
        }
        let window = Window.phone()
        let back = View(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        let small = Enlarged(frame: Rect(x: 100, y: 100, width: 10, height: 10))
        let overlay = PassThrough(frame: Rect(x: 0, y: 0, width: 390, height: 400))
        let button = View(frame: Rect(x: 300, y: 300, width: 40, height: 40))
        overlay.addSubview(button)
        window.addSubview(back)
        window.addSubview(small)
        window.addSubview(overlay)
        #expect(window.hitTest(Point(x: 95, y: 95), with: nil) === small)
        #expect(window.hitTest(Point(x: 310, y: 310), with: nil) === button)
        #expect(window.hitTest(Point(x: 10, y: 10), with: nil) === back)
    }

    @Test("The quick rejection of siblings never changes an answer, at and beside every edge")
    func rejectionBoxMatchesExactTest() {
        // Frames and bounds whose arithmetic rounds: fractions, large
        // offsets, negative sizes, shifted bounds origins.
        let shapes: [(frame: Rect, boundsOrigin: Point, negativeWidth: Bool)] = [
            (Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.7), Point(x: 0, y: 0), false),
            (Rect(x: 1.0 / 3, y: 2.0 / 3, width: 100.0 / 7, height: 13.37), Point(x: 0.1, y: -0.3), false),
            (Rect(x: 12_345.678, y: 98_765.4321, width: 33.3, height: 0.01), Point(x: -1e-3, y: 5e5), false),
            (Rect(x: -250.25, y: 40.4, width: 61.7, height: 22.2), Point(x: 17.17, y: 0), true),
            (Rect(x: 1e6 + 0.1, y: -1e6 - 0.3, width: 0.7, height: 1e-5), Point(x: 3.3, y: 9.9), false),
        ]
        for shape in shapes {
            let window = Window(frame: Rect(x: 0, y: 0, width: 6e6, height: 6e6))
            // Negative coordinates are inside the window too.
            window.bounds = Rect(x: -3e6, y: -3e6, width: 6e6, height: 6e6)
            let child = View(frame: shape.frame)
            window.addSubview(child)
            var bounds = child.bounds
            bounds.origin = shape.boundsOrigin
            if shape.negativeWidth { bounds.size.width = -bounds.size.width }
            child.bounds = bounds
            let frame = child.frame
            let width = child.bounds.size.width
            let height = child.bounds.size.height
            let edgesX = [frame.origin.x + min(0, width), frame.origin.x + max(0, width)]
            let edgesY = [frame.origin.y + min(0, height), frame.origin.y + max(0, height)]
            let middle = Point(x: frame.origin.x + width / 2, y: frame.origin.y + height / 2)
            var points: [Point] = []
            for edge in edgesX {
                for x in Self.floats(beside: edge) { points.append(Point(x: x, y: middle.y)) }
            }
            for edge in edgesY {
                for y in Self.floats(beside: edge) { points.append(Point(x: middle.x, y: y)) }
            }
            for point in points {
                let expected = child.bounds.contains(child.pointFromSuperview(point))
                let hit = window.hitTest(point, with: nil) === child
                #expect(hit == expected, "frame \(shape.frame), point \(point)")
            }
        }
    }

    /// A float and the three representable floats either side of it.
    private static func floats(beside value: Double) -> [Double] {
        var below = value
        var above = value
        var result = [value]
        for _ in 0..<3 {
            below = below.nextDown
            above = above.nextUp
            result.append(below)
            result.append(above)
        }
        return result
    }

    @Test("A hitTest override that removes its siblings mid-search neither traps nor runs forever")
    func overrideShortensTheList() {
        let window = Window.phone()
        let back = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(back)
        let decoys = (0..<5).map { _ in View(frame: Rect(x: 300, y: 0, width: 10, height: 10)) }
        for decoy in decoys { window.addSubview(decoy) }
        let caller = CallingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(caller)
        var calls = 0
        caller.onHitTest = {
            calls += 1
            for decoy in decoys { decoy.removeFromSuperview() }
        }
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === back)
        #expect(calls >= 1 && calls <= 2)
        #expect(window.subviews.count == 2)
    }

    /// A tree with a recognizer on every view but `plain`: window >
    /// outer > redirect > middle > target, window > outer > plain, and
    /// window > other > elsewhere; all fill the window.
    @MainActor
    private struct RecognizerTree {
        let window = Window.phone()
        let log = LoggingRecognizer.Log()
        let outer = View(frame: Window.phone().bounds)
        let plain = View(frame: Window.phone().bounds)
        let redirect = RedirectingView(frame: Window.phone().bounds)
        let middle = View(frame: Window.phone().bounds)
        let target = View(frame: Window.phone().bounds)
        let other = View(frame: Window.phone().bounds)
        let elsewhere = View(frame: Window.phone().bounds)

        init() {
            window.addSubview(other)
            other.addSubview(elsewhere)
            window.addSubview(outer)
            outer.addSubview(redirect)
            redirect.addSubview(middle)
            middle.addSubview(target)
            let named: [(String, View)] = [
                ("window", window), ("outer", outer), ("redirect", redirect), ("middle", middle),
                ("target", target), ("other", other), ("elsewhere", elsewhere),
            ]
            for (name, view) in named { view.addGestureRecognizer(LoggingRecognizer(name, log: log)) }
        }

        /// The names of the recognizers that heard a touch-down, in order.
        func touchDown(answeredBy answer: View?) -> [String] {
            redirect.answer = answer
            log.names = []
            window.down(100, 100, at: 0)
            window.up(100, 100, at: 0.01)
            return log.names
        }
    }

    @Test("A touch-down hears the recognizers of the hit view and its ancestors, innermost first, whatever answered")
    func recognizersFollowTheHitView() {
        let tree = RecognizerTree()
        // An override answering deeper: the views below it and the path above it.
        #expect(tree.touchDown(answeredBy: tree.target) == ["target", "middle", "redirect", "outer", "window"])
        #expect(tree.touchDown(answeredBy: tree.middle) == ["middle", "redirect", "outer", "window"])
        // With itself, or the view where the built-in search handed over.
        #expect(tree.touchDown(answeredBy: tree.redirect) == ["redirect", "outer", "window"])
        #expect(tree.touchDown(answeredBy: tree.outer) == ["outer", "window"])
        // A view outside its subtree: that view's own ancestors, not the search's path.
        #expect(tree.touchDown(answeredBy: tree.elsewhere) == ["elsewhere", "other", "window"])
        #expect(tree.touchDown(answeredBy: tree.window) == ["window"])
        // Nil: the search goes on behind it (past `plain`, in front but
        // elsewhere) and finds nothing deeper than `outer`.
        tree.outer.addSubview(tree.plain)
        tree.plain.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(tree.touchDown(answeredBy: nil) == ["outer", "window"])
        // A built-in view in front takes the point: the override is never asked.
        tree.plain.frame = tree.window.bounds
        #expect(tree.touchDown(answeredBy: tree.target) == ["outer", "window"])
    }

    @Test("A touch-down sent from inside a hit test gets its own path, and so does the one around it")
    func touchDownFromInsideAHitTest() {
        let tree = RecognizerTree()
        var sent = false
        tree.redirect.onHitTest = {
            guard !sent else { return }
            sent = true
            // Another finger goes down while the first one's hit test is halfway.
            tree.window.down(100, 100, at: 0, id: 1)
        }
        // The inner touch-down's path does not take the place of the outer one's.
        let path = ["target", "middle", "redirect", "outer", "window"]
        #expect(tree.touchDown(answeredBy: tree.target) == path + path)
        #expect(tree.window.activeTouchCount == 1)
        tree.window.up(100, 100, at: 0.1, id: 1)
        #expect(tree.window.activeTouchCount == 0)
    }
}

