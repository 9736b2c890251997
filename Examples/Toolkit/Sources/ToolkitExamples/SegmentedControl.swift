import InteractionKitLinux

/// A row of segments of which one is selected, built only on
/// InteractionKitLinux's public API, as UIKit's `UISegmentedControl`.
///
/// - A tap selects the segment under the lifted finger (within the
///   control's bounds grown by the tracking margin) and sends
///   `valueChanged` if the selection changed; ``highlightedSegmentIndex``
///   follows the finger meanwhile, for drawing. A disabled segment is
///   never selected. Under right-to-left layout the first segment is on
///   the right.
/// - Its segments are not views, so it answers the large content viewer
///   itself (`LargeContentViewerItemProvider`, as `TabBar` does): at an
///   accessibility text size, holding a segment shows it in the HUD,
///   sliding moves the HUD from segment to segment, and lifting selects
///   the segment under the finger, once. The viewer's recognizer cancels
///   the control's own tracking when it takes over, so one gesture never
///   selects twice.
/// - For assistive technologies it is a container of one element a
///   segment: labelled with its title, a `.button` with `.selected` on the
///   selected one and `.notEnabled` on a disabled one, valued "2 of 3";
///   activating one selects it.
public final class SegmentedControl: Control, LargeContentViewerItemProvider {
    /// The segments, in reading order.
    public private(set) var segments: [Segment] = []
    /// The index of the selected segment, nil for none; setting it sends no
    /// event, as with `UISegmentedControl`, and an index out of range or of a
    /// disabled segment is refused (nothing changes).
    public var selectedSegmentIndex: Int? {
        get { storedSelection }
        set { select(newValue, sendingActions: false) }
    }
    /// The segment under the tracked finger, for drawing it pressed; nil when no finger is down.
    public private(set) var highlightedSegmentIndex: Int?
    /// The viewer for the segments; it is in `interactions`.
    public let largeContentViewerInteraction = LargeContentViewerInteraction()

    private var storedSelection: Int?

    /// Creates a control with a segment for each title, none selected.
    public init(titles: [String], frame: Rect = .zero) {
        super.init(frame: frame)
        segments = titles.map { Segment(title: $0, control: self) }
        addInteraction(largeContentViewerInteraction)
        isAccessibilityElement = false
        segmentsDidChange()
    }

    // MARK: Segments and geometry

    /// The segment at a point in the control's coordinates, or nil outside the control.
    public func segmentIndex(at point: Point) -> Int? {
        guard bounds.contains(point) else { return nil }
        return segmentIndex(atX: point.x)
    }

    /// The segment whose column holds `x`, clamped to the first and last.
    private func segmentIndex(atX x: Double) -> Int? {
        guard !segments.isEmpty, bounds.width > 0 else { return nil }
        let column = Int((x - bounds.minX) / bounds.width * Double(segments.count))
        let clamped = Swift.min(segments.count - 1, Swift.max(0, column))
        return effectiveLayoutDirection == .rightToLeft ? segments.count - 1 - clamped : clamped
    }

    /// A segment's rectangle in the control's coordinates, or nil for an index out of range.
    public func frame(forSegmentAt index: Int) -> Rect? {
        guard segments.indices.contains(index) else { return nil }
        let width = bounds.width / Double(segments.count)
        let column = effectiveLayoutDirection == .rightToLeft ? segments.count - 1 - index : index
        return Rect(x: bounds.minX + width * Double(column), y: bounds.minY, width: width, height: bounds.height)
    }

    /// Enables or disables a segment; a disabled selected segment stays selected, as in UIKit.
    public func setEnabled(_ isEnabled: Bool, forSegmentAt index: Int) {
        guard segments.indices.contains(index), segments[index].isEnabled != isEnabled else { return }
        segments[index].isEnabled = isEnabled
        segmentsDidChange()
    }

    /// Selects the segment at `index` (nil: none); sends `valueChanged` if
    /// asked and the selection changed. Returns whether `index` is now selected.
    @discardableResult
    func select(_ index: Int?, sendingActions: Bool) -> Bool {
        if let index {
            guard segments.indices.contains(index), segments[index].isEnabled else { return false }
        }
        guard index != storedSelection else { return true }
        storedSelection = index
        segmentsDidChange()
        if sendingActions { sendActions(for: .valueChanged) }
        return true
    }

    /// Brings the accessibility elements and the viewer up to date.
    private func segmentsDidChange() {
        for (index, segment) in segments.enumerated() {
            let element = segment.accessibilityElement
            element.accessibilityLabel = segment.title
            element.accessibilityValue = "\(index + 1) of \(segments.count)"
            var traits: AccessibilityTraits = .button
            if index == storedSelection { traits.insert(.selected) }
            if !segment.isEnabled { traits.insert(.notEnabled) }
            element.accessibilityTraits = traits
            element.accessibilityFrameInContainerSpace = frame(forSegmentAt: index) ?? .zero
        }
        if accessibilityElements?.count != segments.count {
            accessibilityElements = segments.map(\.accessibilityElement)
        }
        // A segment the HUD shows may have been disabled.
        largeContentViewerInteraction.refresh()
    }

    /// Lays the segments' accessibility frames out again for the new size.
    override public func layoutSubviews() {
        super.layoutSubviews()
        segmentsDidChange()
    }

    // MARK: Tracking

    /// Highlights the segment under the finger.
    override public func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        highlightedSegmentIndex = segmentIndex(at: touch.location(in: self))
        return true
    }

    /// Follows the finger from segment to segment; none once it is beyond the margin.
    override public func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let point = touch.location(in: self)
        highlightedSegmentIndex = isInsideTrackingArea(point) ? segmentIndex(atX: point.x) : nil
        return true
    }

    /// Selects the segment under the lifted finger, if it is inside the grown bounds.
    override public func endTracking(_ touch: Touch?, with event: Event?) {
        highlightedSegmentIndex = nil
        guard let touch else { return }
        let point = touch.location(in: self)
        guard isInsideTrackingArea(point), let index = segmentIndex(atX: point.x) else { return }
        select(index, sendingActions: true)
    }

    /// Clears the highlight when the viewer (or the system) takes the touch away.
    override public func cancelTracking(with event: Event?) {
        highlightedSegmentIndex = nil
    }

    // MARK: Large content viewer

    /// The segment under a point, if it is enabled.
    public func largeContentViewerItem(at point: Point) -> (any LargeContentViewerItem)? {
        guard let index = segmentIndex(at: point), segments[index].isEnabled else { return nil }
        return segments[index]
    }

    /// The segment's column: the answer above holds throughout it.
    public func largeContentViewerItemRegion(at point: Point) -> Rect? {
        segmentIndex(at: point).flatMap { frame(forSegmentAt: $0) }
    }

    /// Mirrors the segments.
    override public func effectiveLayoutDirectionDidChange() {
        super.effectiveLayoutDirectionDidChange()
        segmentsDidChange()
    }
}

/// One segment of a `SegmentedControl`: what the large content viewer
/// shows for it, and what its lift selects.
@MainActor
public final class Segment: LargeContentViewerActivatable {
    /// The segment's title.
    public let title: String
    /// Whether the segment can be selected.
    public internal(set) var isEnabled = true
    /// The segment's element for assistive technologies.
    public let accessibilityElement: SegmentAccessibilityElement
    private weak var control: SegmentedControl?

    init(title: String, control: SegmentedControl) {
        self.title = title
        self.control = control
        accessibilityElement = SegmentAccessibilityElement(accessibilityContainer: control)
        accessibilityElement.segment = self
    }

    /// The viewer shows an enabled segment only.
    public var showsLargeContentViewer: Bool { isEnabled }
    /// The segment's title.
    public var largeContentTitle: String? { title }
    /// Segments have no image here.
    public var largeContentImage: Image? { nil }
    /// No image to scale.
    public var scalesLargeContentImage: Bool { true }
    /// No image to inset.
    public var largeContentImageInsets: EdgeInsets { .zero }

    /// The viewer's lift on the segment selects it, as a tap does.
    public func activateFromLargeContentViewer() {
        select()
    }

    /// Selects this segment in its control, sending `valueChanged` if the
    /// selection changed; returns whether it is selected.
    @discardableResult
    func select() -> Bool {
        guard let control, control.isEnabled, let index = control.segments.firstIndex(where: { $0 === self }) else {
            return false
        }
        return control.select(index, sendingActions: true)
    }
}

/// A segment's element for assistive technologies: activating it selects the segment.
public final class SegmentAccessibilityElement: AccessibilityElement {
    /// The segment this element stands for.
    fileprivate(set) weak var segment: Segment?

    /// Selects the segment, as a tap does; false when it cannot be selected.
    override public func accessibilityActivate() -> Bool {
        segment?.select() ?? false
    }
}
