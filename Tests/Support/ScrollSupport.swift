import InteractionKitLinux

/// A phone window with a 390 × 600 scroll view at the top whose content is
/// 100 rows of 60 points (6 000 points tall): row N is a `Button` titled
/// "Row N" at y = 60·N, unless the scene is built with plain views.
@MainActor
public struct ScrollScene {
    public let window = Window.phone()
    public let scrollView: ScrollView
    public let delegate = ScrollDelegateLog()
    /// The rows, top to bottom.
    public let rows: [View]

    public init(rowCount: Int = 100, plainRows: Bool = false, frame: Rect = Rect(x: 0, y: 0, width: 390, height: 600),
                scrollView: ScrollView = ScrollView()) {
        self.scrollView = scrollView
        scrollView.frame = frame
        scrollView.contentSize = Size(width: frame.width, height: Double(rowCount) * 60)
        var rows: [View] = []
        for index in 0..<rowCount {
            let rowFrame = Rect(x: 0, y: Double(index) * 60, width: frame.width, height: 60)
            let row: View = plainRows ? TouchRecordingView(frame: rowFrame) : Button(title: "Row \(index)", frame: rowFrame)
            scrollView.addSubview(row)
            rows.append(row)
        }
        self.rows = rows
        window.addSubview(scrollView)
        scrollView.delegate = delegate
        delegate.window = window
    }

    /// The row as a button.
    public func button(_ index: Int) -> Button { rows[index] as! Button }

    /// The row as a touch-recording view (a scene built with `plainRows`).
    public func plain(_ index: Int) -> TouchRecordingView { rows[index] as! TouchRecordingView }

    /// A drag of one finger from `from` to `to` in window coordinates: down
    /// at `start`, `steps` equal moves `interval` apart, the lift at the last
    /// point one interval later (a lift that does not move: a constant-speed
    /// drag lifts at speed), or no lift with `lift` false.
    public func drag(from: Point, to: Point, start: Double = 0, steps: Int = 10, interval: Double = 0.01,
                     lift: Bool = true, id: Int = 0) {
        window.down(from.x, from.y, at: start, id: id)
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            window.move(from.x + (to.x - from.x) * fraction, from.y + (to.y - from.y) * fraction,
                        at: start + Double(step) * interval, id: id)
        }
        if lift { window.up(to.x, to.y, at: start + Double(steps) * interval, id: id) }
    }

    /// Steps the window frame by frame (1/60 s) until `time`, calling `body` after each.
    public func stepFrames(through time: Double, _ body: (Double) -> Void = { _ in }) {
        var frame = (window.currentTime * 60).rounded(.down) + 1
        while frame / 60 <= time {
            window.advanceTime(to: frame / 60)
            body(frame / 60)
            frame += 1
        }
    }
}

/// A view that logs the responder touches it hears, as `"0.15 began"`.
public final class TouchRecordingView: View {
    public private(set) var events: [String] = []

    public func clear() { events.removeAll() }

    override public func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        events.append("\(format(window?.currentTime ?? -1)) began")
    }

    override public func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        events.append("\(format(window?.currentTime ?? -1)) moved")
    }

    override public func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        events.append("\(format(window?.currentTime ?? -1)) ended")
    }

    override public func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        events.append("\(format(window?.currentTime ?? -1)) cancelled")
    }

    /// The kinds alone, without times.
    public var kinds: [String] { events.map { String($0.split(separator: " ")[1]) } }
}

/// Logs every delegate call of a scroll view (`"0.1 willEndDragging"`), and
/// runs an optional hook from each, for re-entrancy tests.
@MainActor
public final class ScrollDelegateLog: ScrollViewDelegate {
    public init() {}

    public weak var window: Window?
    public private(set) var calls: [String] = []
    public private(set) var offsets: [Point] = []
    /// The velocity and the proposed target of the last `willEndDragging`.
    public private(set) var lastVelocity: Point?
    public private(set) var proposedTarget: Point?
    /// Replaces the target in `willEndDragging` when set.
    public var targetOverride: Point?
    /// Runs from each call, named as in `calls` (without the time).
    public var hook: ((String, ScrollView) -> Void)?
    public private(set) var willDecelerate: Bool?

    private func log(_ name: String, _ scrollView: ScrollView) {
        calls.append("\(format(window?.currentTime ?? 0)) \(name)")
        hook?(name, scrollView)
    }

    /// The call names alone, without times, with runs of `didScroll` kept once.
    public var names: [String] {
        var result: [String] = []
        for call in calls {
            let name = String(call.split(separator: " ")[1])
            if (name == "didScroll" || name == "didZoom") && result.last == name { continue }
            result.append(name)
        }
        return result
    }

    public func clear() {
        calls.removeAll()
        offsets.removeAll()
    }

    public func scrollViewDidScroll(_ scrollView: ScrollView) {
        offsets.append(scrollView.contentOffset)
        log("didScroll", scrollView)
    }

    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log("willBeginDragging", scrollView) }

    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
    ) {
        lastVelocity = velocity
        proposedTarget = targetContentOffset
        if let targetOverride { targetContentOffset = targetOverride }
        log("willEndDragging", scrollView)
    }

    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        willDecelerate = decelerate
        log("didEndDragging", scrollView)
    }

    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { log("willBeginDecelerating", scrollView) }
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { log("didEndDecelerating", scrollView) }
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { log("didEndScrollingAnimation", scrollView) }
    /// The answer to `scrollViewShouldScrollToTop`; true unless set.
    public var allowsScrollToTop = true
    public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool {
        log("shouldScrollToTop", scrollView)
        return allowsScrollToTop
    }
    public func scrollViewDidScrollToTop(_ scrollView: ScrollView) { log("didScrollToTop", scrollView) }

    /// The view `viewForZooming(in:)` names; nil (no zooming) unless set.
    public weak var zoomView: View?
    /// The scale of each `didEndZooming`, in order.
    public private(set) var zoomEndScales: [Double] = []
    public func viewForZooming(in scrollView: ScrollView) -> View? { zoomView }
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
        log("willBeginZooming", scrollView)
    }
    public func scrollViewDidZoom(_ scrollView: ScrollView) { log("didZoom", scrollView) }
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        zoomEndScales.append(scale)
        log("didEndZooming", scrollView)
    }
}

/// Records a control's events by name, in order.
@MainActor
public final class ControlEventLog {
    public private(set) var events: [String] = []

    public init(_ control: Control) {
        let all: [ControlEvents] = [.touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter,
                                    .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel, .primaryActionTriggered]
        for event in all {
            control.addAction(for: event) { [weak self] _ in self?.events += event.names }
        }
    }
}
