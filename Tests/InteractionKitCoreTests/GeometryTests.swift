import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

@Suite("Geometry")
struct GeometryTests {
    @Test("Rects contain points with half-open edges")
    func halfOpenContainment() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.contains(Point(x: 10, y: 20)))
        #expect(rect.contains(Point(x: 109.999, y: 69.999)))
        #expect(!rect.contains(Point(x: 110, y: 30)))
        #expect(!rect.contains(Point(x: 50, y: 70)))
        #expect(!rect.contains(Point(x: 9.999, y: 30)))
    }

    @Test("Adjacent rects never both contain their shared edge")
    func adjacentRects() {
        let left = Rect(x: 0, y: 0, width: 78, height: 49)
        let right = Rect(x: 78, y: 0, width: 78, height: 49)
        let edge = Point(x: 78, y: 10)
        #expect(left.contains(edge) != right.contains(edge))
    }

    @Test("Zero-sized and negative-sized rects")
    func degenerateRects() {
        #expect(!Rect.zero.contains(.zero))
        #expect(!Rect(x: 5, y: 5, width: 0, height: 10).contains(Point(x: 5, y: 6)))
        let negative = Rect(x: 10, y: 10, width: -4, height: -4)
        #expect(negative.minX == 6 && negative.maxX == 10 && negative.width == 4)
        #expect(negative.contains(Point(x: 7, y: 7)))
        #expect(!negative.contains(Point(x: 10, y: 7)))
        #expect(negative.isEmpty == false)
        #expect(Rect(x: 0, y: 0, width: 0, height: 5).isEmpty)
    }

    @Test("NaN and infinite coordinates are contained nowhere and never trap")
    func nonFinite() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(!rect.contains(Point(x: .nan, y: 5)))
        #expect(!rect.contains(Point(x: 5, y: .infinity)))
        #expect(!rect.contains(Point(x: -.infinity, y: 5)))
        #expect(!Rect(x: .nan, y: 0, width: 10, height: 10).contains(Point(x: 1, y: 1)))
        #expect(!rect.contains(Point(x: 1e308, y: 1e308)))
        #expect(Rect(x: 0, y: 0, width: .nan, height: 1).isEmpty)
    }

    @Test("Mid points, centres and insets")
    func derivedValues() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.midX == 60 && rect.midY == 45)
        #expect(rect.center == Point(x: 60, y: 45))
        let inset = rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(inset == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
    }

    @Test("Content size categories: the five largest are accessibility sizes")
    func accessibilityCategories() {
        let accessible = ContentSizeCategory.allCases.filter(\.isAccessibilityCategory)
        #expect(accessible == [
            .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
            .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
        ])
        #expect(!ContentSizeCategory.large.isAccessibilityCategory)
    }
}
