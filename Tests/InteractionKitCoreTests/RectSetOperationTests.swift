import Testing
import InteractionKitCore

@Suite("Rect: insetBy, intersects, intersection, union (CGRect's, with a null rectangle)")
struct RectSetOperationTests {
    let square = Rect(x: 0, y: 0, width: 100, height: 100)

    @Test("insetBy shrinks about the centre, grows for negative insets, and is null past zero size")
    func insetBy() {
        #expect(square.insetBy(dx: 10, dy: 20) == Rect(x: 10, y: 20, width: 80, height: 60))
        #expect(square.insetBy(dx: -5, dy: -5) == Rect(x: -5, y: -5, width: 110, height: 110))
        #expect(square.insetBy(dx: 50, dy: 0) == Rect(x: 50, y: 0, width: 0, height: 100))
        #expect(square.insetBy(dx: 50.5, dy: 0).isNull)
        #expect(square.insetBy(dx: 0, dy: 51).isNull)
        // A negative size is standardized first, as CGRect does.
        #expect(Rect(x: 100, y: 100, width: -100, height: -100).insetBy(dx: 10, dy: 10) == Rect(x: 10, y: 10, width: 80, height: 80))
        #expect(Rect.null.insetBy(dx: -10, dy: -10).isNull)
        #expect(square.insetBy(dx: .nan, dy: 0).isNull)
    }

    @Test("intersection is the shared area, standardized; null when there is none")
    func intersection() {
        let other = Rect(x: 50, y: 60, width: 100, height: 100)
        #expect(square.intersection(other) == Rect(x: 50, y: 60, width: 50, height: 40))
        #expect(other.intersection(square) == square.intersection(other))
        #expect(square.intersection(Rect(x: 200, y: 0, width: 10, height: 10)).isNull)
        #expect(square.intersection(Rect(x: 110, y: 0, width: -20, height: 50)) == Rect(x: 90, y: 0, width: 10, height: 50))
        #expect(square.intersection(Rect(x: 10, y: 10, width: 5, height: 5)) == Rect(x: 10, y: 10, width: 5, height: 5))
    }

    @Test("Rectangles that only touch, and empty ones, do not intersect (half-open, as contains)")
    func touching() {
        let right = Rect(x: 100, y: 0, width: 50, height: 100)
        #expect(!square.intersects(right))
        #expect(square.intersection(right).isNull)
        #expect(!square.intersects(Rect(x: 100, y: 100, width: 10, height: 10)))
        #expect(!square.intersects(Rect(x: 10, y: 10, width: 0, height: 50)))
        #expect(square.intersects(Rect(x: 99.5, y: 99.5, width: 10, height: 10)))
    }

    @Test("The null rectangle, and a NaN one, intersect nothing, not even themselves")
    func nullIntersections() {
        #expect(!Rect.null.intersects(.null))
        #expect(!square.intersects(.null))
        #expect(square.intersection(.null).isNull)
        let nan = Rect(x: .nan, y: 0, width: 10, height: 10)
        #expect(!square.intersects(nan))
        #expect(!nan.intersects(nan))
    }

    @Test("union is the smallest rectangle holding both; null contributes nothing, an empty rectangle does")
    func union() {
        #expect(square.union(Rect(x: 150, y: -20, width: 10, height: 10)) == Rect(x: 0, y: -20, width: 160, height: 120))
        #expect(square.union(.null) == square)
        #expect(Rect.null.union(square) == square)
        #expect(Rect.null.union(.null).isNull)
        #expect(Rect(x: 10, y: 10, width: 10, height: 10).union(.zero) == Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(Rect.null.union(Rect(x: 10, y: 10, width: -10, height: -10)) == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.union(Rect(x: .nan, y: 0, width: 1, height: 1)) == square)
    }

    @Test("The null rectangle is empty, contains nothing, and is not zero")
    func null() {
        #expect(Rect.null.isNull && Rect.null.isEmpty)
        #expect(!Rect.null.contains(Point(x: .infinity, y: .infinity)))
        #expect(!Rect.zero.isNull)
        #expect(Rect.null != .zero)
        #expect(!square.isNull)
        #expect(Rect(x: 5, y: 5, width: -5, height: 5).standardized == Rect(x: 0, y: 5, width: 5, height: 5))
    }
}
