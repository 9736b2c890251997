import Testing
import InteractionKitAccessibility
import InteractionKitLinux

/// A bar of a chart whose frame is computed from the model, in the chart's coordinates.
@MainActor
private final class ChartBar: AccessibilityElement {
    var month = 2

    override var accessibilityFrameInContainerSpace: Rect {
        get { Rect(x: Double(month) * 30, y: 0, width: 30, height: 120) }
        set {}
    }
}

@Suite("An element subclass that computes its frame is exported with that frame (contract §15)")
@MainActor
struct AtspiElementFrameTests {
    @Test("GetExtents gives the computed frame in window, screen and parent coordinates, and follows the model")
    func computedFrame() throws {
        let window = Window.phone()
        let chart = View(frame: Rect(x: 20, y: 100, width: 300, height: 200))
        window.addSubview(chart)
        let bar = ChartBar(accessibilityContainer: chart)
        bar.accessibilityLabel = "March"
        chart.accessibilityElements = [bar]
        let client = ExportClient(window: window)
        let path = client.path(of: bar)
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(1)])
            == [.structure([.int32(80), .int32(100), .int32(30), .int32(120)])])
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(2)])
            == [.structure([.int32(60), .int32(0), .int32(30), .int32(120)])])
        window.screenOrigin = Point(x: 5, y: 7)
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(0)])
            == [.structure([.int32(85), .int32(107), .int32(30), .int32(120)])])
        let found = try client.values(client.path(of: chart), AtspiInterface.component, "GetAccessibleAtPoint",
                                      [.int32(85), .int32(150), .uint32(1)])
        #expect(client.path(found.first) == path)
        bar.month = 0
        #expect(try client.values(path, AtspiInterface.component, "GetExtents", [.uint32(1)])
            == [.structure([.int32(20), .int32(100), .int32(30), .int32(120)])])
    }
}
