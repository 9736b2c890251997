import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

@Suite("Deep view trees")
@MainActor
struct DepthTests {
    static let depth = 10_000

    /// A window holding a chain of `depth` views, each 1 point inside its parent.
    private func chain() -> (Window, [View]) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 20_000, height: 20_000))
        var views: [View] = []
        var parent: View = window
        for _ in 0..<Self.depth {
            let view = View(frame: Rect(x: 1, y: 1, width: 15_000, height: 15_000))
            parent.addSubview(view)
            views.append(view)
            parent = view
        }
        return (window, views)
    }

    @Test("A 10 000-deep chain hit-tests, converts points and delivers touches without trapping")
    func deepChain() throws {
        let (window, views) = chain()
        let deepest = try #require(views.last)
        #expect(window.hitTest(Point(x: 10_001, y: 10_001), with: nil) === deepest)
        #expect(deepest.convert(Point.zero, to: nil) == Point(x: 10_000, y: 10_000))
        #expect(deepest.convert(Point(x: 10_000, y: 10_000), from: nil) == .zero)
        #expect(views[0].convert(Point.zero, to: deepest) == Point(x: -9_999, y: -9_999))
        let press = LongPressGestureRecognizer()
        deepest.addGestureRecognizer(press)
        window.down(10_001, 10_001, at: 0)
        window.advanceTime(to: 1)
        #expect(press.state == .began)
        window.up(10_001, 10_001, at: 1.1)
        window.semanticLayoutDirection = .rightToLeft
        #expect(deepest.effectiveLayoutDirection == .rightToLeft)
        views[0].removeFromSuperview()
        #expect(deepest.window == nil)
    }

    @Test("Dropping a 10 000-deep chain frees every view without exhausting the stack")
    func deepChainRelease() {
        weak var deepest: View?
        do {
            let (window, views) = chain()
            deepest = views.last
            _ = window
        }
        #expect(deepest == nil)
    }
}
