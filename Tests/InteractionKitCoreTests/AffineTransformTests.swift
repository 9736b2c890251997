import Testing
@testable import InteractionKitCore

@Suite("AffineTransform")
struct AffineTransformTests {
    @Test("Identity maps points to themselves and reports isIdentity")
    func identity() {
        let point = Point(x: 3, y: -7)
        #expect(point.applying(.identity) == point)
        #expect(AffineTransform.identity.isIdentity)
        #expect(!AffineTransform(scaleX: 2, y: 1).isIdentity)
        #expect(!AffineTransform(translationX: 0, y: 1).isIdentity)
    }

    @Test("Scale and translation map points as Core Graphics does")
    func scaleAndTranslate() {
        #expect(Point(x: 3, y: 4).applying(AffineTransform(scaleX: 2, y: 3)) == Point(x: 6, y: 12))
        #expect(Point(x: 3, y: 4).applying(AffineTransform(translationX: 10, y: -1)) == Point(x: 13, y: 3))
        // CGAffineTransformScale prepends: the scale happens first, then the translation.
        let moved = AffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 2)
        #expect(Point(x: 1, y: 1).applying(moved) == Point(x: 12, y: 22))
        // CGAffineTransformTranslate prepends too: translate, then scale.
        let scaled = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 20)
        #expect(Point(x: 1, y: 1).applying(scaled) == Point(x: 22, y: 42))
        #expect(scaled == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 40))
    }

    @Test("Concatenation applies self first, then the argument")
    func concatenation() {
        let scale = AffineTransform(scaleX: 2, y: 2)
        let move = AffineTransform(translationX: 5, y: 0)
        #expect(Point(x: 1, y: 1).applying(scale.concatenating(move)) == Point(x: 7, y: 2))
        #expect(Point(x: 1, y: 1).applying(move.concatenating(scale)) == Point(x: 12, y: 2))
        let shear = AffineTransform(a: 1, b: 0.5, c: 0.25, d: 1, tx: 3, ty: 4)
        let product = shear.concatenating(scale)
        let point = Point(x: 2, y: -3)
        #expect(point.applying(product) == point.applying(shear).applying(scale))
    }

    @Test("Inversion undoes a transform; a singular one inverts to itself")
    func inversion() {
        let transform = AffineTransform(a: 2, b: 1, c: 0.5, d: 3, tx: 7, ty: -4)
        let point = Point(x: 4, y: 8)
        let back = point.applying(transform).applying(transform.inverted())
        #expect(abs(back.x - point.x) < 1e-12 && abs(back.y - point.y) < 1e-12)
        let singular = AffineTransform(scaleX: 0, y: 2)
        #expect(singular.inverted() == singular)
        let nan = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(nan.inverted().a.isNaN)
        #expect(AffineTransform(translationX: 3, y: 4).inverted() == AffineTransform(translationX: -3, y: -4))
    }

    @Test("A rect maps to the bounding box of its transformed corners")
    func rectBoundingBox() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 20)
        #expect(rect.applying(AffineTransform(scaleX: 2, y: 0.5)) == Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(rect.applying(AffineTransform(scaleX: -1, y: 1)) == Rect(x: -10, y: 0, width: 10, height: 20))
        // A 90° rotation swaps width and height.
        let quarterTurn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        #expect(rect.applying(quarterTurn) == Rect(x: -20, y: 0, width: 20, height: 10))
        let shear = AffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0)
        #expect(rect.applying(shear) == Rect(x: 0, y: 0, width: 30, height: 20))
        #expect(Rect.null.applying(quarterTurn).isNull)
        #expect(Rect(x: 5, y: 5, width: -5, height: 5).applying(.identity) == Rect(x: 0, y: 5, width: 5, height: 5))
    }
}
