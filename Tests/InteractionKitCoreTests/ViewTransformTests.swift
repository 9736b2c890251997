import Testing
@testable import InteractionKitCore

/// `View.transform` (contract §17 S10): applied about the view's centre, and
/// honoured by conversion, hit testing and accessibility frames.
@MainActor
@Suite struct ViewTransformTests {
    /// A window with a 100×100 view at (100, 100) scaled 2× about its centre
    /// (150, 150), so it covers (50, 50)–(250, 250) on screen.
    private func scaledScene() -> (Window, View, View) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let scaled = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        scaled.addSubview(child)
        window.addSubview(scaled)
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        return (window, scaled, child)
    }

    @Test func identityByDefaultAndFrameIsTheTransformedBox() {
        let view = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        #expect(view.transform == .identity)
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == Rect(x: 50, y: 50, width: 200, height: 200))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.center == Point(x: 150, y: 150))
        view.transform = .identity
        #expect(view.frame == Rect(x: 100, y: 100, width: 100, height: 100))
    }

    @Test func pointsConvertThroughTheScaleBothWays() {
        let (window, scaled, child) = scaledScene()
        defer { withExtendedLifetime(window) {} }
        #expect(scaled.convert(Point(x: 0, y: 0), to: nil) == Point(x: 50, y: 50))
        #expect(scaled.convert(Point(x: 100, y: 100), to: nil) == Point(x: 250, y: 250))
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 70, y: 70))
        #expect(child.convert(Point(x: 70, y: 70), from: nil) == Point(x: 0, y: 0))
        #expect(scaled.convert(Point(x: 250, y: 250), from: nil) == Point(x: 100, y: 100))
    }

    @Test func rectsConvertToTheirTransformedBoundingBox() {
        let (window, scaled, child) = scaledScene()
        #expect(child.convert(child.bounds, to: nil) == Rect(x: 70, y: 70, width: 40, height: 40))
        #expect(window.convert(Rect(x: 70, y: 70, width: 40, height: 40), to: child) == Rect(x: 0, y: 0, width: 20, height: 20))
        // A quarter turn: the bounding box of the rotated corners.
        scaled.transform = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        let box = scaled.convert(Rect(x: 0, y: 0, width: 100, height: 50), to: nil)
        #expect(abs(box.width - 50) < 1e-9 && abs(box.height - 100) < 1e-9)
    }

    @Test func hitTestingFollowsTheTransform() {
        let (window, scaled, child) = scaledScene()
        // (60, 60) is outside the untransformed frame but inside the scaled one.
        #expect(window.hitTest(Point(x: 60, y: 60), with: nil) === scaled)
        // The child covers (70, 70)–(110, 110) on screen after the scale.
        #expect(window.hitTest(Point(x: 105, y: 105), with: nil) === child)
        #expect(window.hitTest(Point(x: 115, y: 115), with: nil) === scaled)
        #expect(window.hitTest(Point(x: 260, y: 260), with: nil) === window)
        scaled.transform = .identity
        #expect(window.hitTest(Point(x: 60, y: 60), with: nil) === window)
        #expect(window.hitTest(Point(x: 115, y: 115), with: nil) === child)
    }

    @Test func translationMovesWithoutScaling() {
        let (window, scaled, _) = scaledScene()
        scaled.transform = AffineTransform(translationX: 50, y: 0)
        #expect(scaled.frame == Rect(x: 150, y: 100, width: 100, height: 100))
        #expect(window.hitTest(Point(x: 120, y: 150), with: nil) === window)
        #expect(window.hitTest(Point(x: 240, y: 150), with: nil) === scaled)
    }

    @Test func accessibilityFrameIsScaled() {
        let (window, _, child) = scaledScene()
        defer { withExtendedLifetime(window) {} }
        #expect(child.accessibilityFrame == Rect(x: 70, y: 70, width: 40, height: 40))
    }

    @Test func changingTheTransformInvalidatesCachedConversions() {
        let (window, scaled, child) = scaledScene()
        defer { withExtendedLifetime(window) {} }
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 70, y: 70))
        scaled.transform = .identity
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 110, y: 110))
        scaled.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 130, y: 130))
    }
}
