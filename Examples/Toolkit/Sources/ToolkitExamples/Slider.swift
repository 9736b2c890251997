import InteractionKitLinux

/// A horizontal slider, built only on InteractionKitLinux's public API: a
/// thumb on a track, a value between `minimumValue` and `maximumValue`.
///
/// It behaves like UIKit's `UISlider`:
/// - A finger that goes down on the thumb (or within ``thumbSlop`` of it)
///   drags it; a finger elsewhere on the track does nothing. While the
///   thumb is dragged the value follows the finger, wherever the finger
///   goes, and each change sends `valueChanged` (or only the last one, on
///   the lift, when `isContinuous` is false). Setting `value` in code
///   sends nothing.
/// - For assistive technologies it is one element, labelled with its
///   title, whose value is the percentage (`"40%"`) and whose trait is
///   `.adjustable`; it overrides UIKit's `accessibilityIncrement()` and
///   `accessibilityDecrement()` to move by a tenth of its range, as
///   VoiceOver's swipes up and down move a `UISlider` (the arrow keys on
///   the focused slider step it the same way, rule K3). Its
///   `accessibilityNumericValue` gives the number, range and step that a
///   Linux screen reader reads and sets through AT-SPI's Value interface,
///   and `accessibilitySetNumericValue(_:)` takes a value set that way.
/// - At an accessibility text size, holding the thumb shows the large
///   content viewer's HUD with the title and the value (`"Volume: 40%"`),
///   and the HUD follows the value as the thumb moves. The viewer's
///   recognizer is set not to cancel the slider's touches, so the drag goes
///   on under the HUD, and the viewer's lift does nothing more: the value
///   is already where the finger left it.
public final class Slider: Control, LargeContentViewerInteractionDelegate {
    /// The thumb's diameter, in points.
    public static let thumbDiameter = 28.0
    /// How far around the thumb a touch still grabs it, in points.
    public static let thumbSlop = 10.0

    /// What the slider sets ("Volume"): its accessibility label and the start of its large content title.
    public var title: String {
        didSet { valueDidChange() }
    }
    /// The value at the left end (the right end under right-to-left layout).
    public private(set) var minimumValue: Double
    /// The value at the other end.
    public private(set) var maximumValue: Double
    /// Whether each change during a drag sends `valueChanged` (true), or
    /// only the lift does (false).
    public var isContinuous = true
    /// The viewer that shows the slider's value large; it is in `interactions`.
    public let largeContentViewerInteraction: LargeContentViewerInteraction

    /// The value, kept between `minimumValue` and `maximumValue`; setting it
    /// sends no event, as with `UISlider`.
    public var value: Double {
        get { storedValue }
        set { setValue(newValue, sendingActions: false) }
    }

    private var storedValue: Double
    /// Where on the thumb the finger holds it, from the thumb's centre, in points.
    private var grabOffset = 0.0
    /// The value when the drag began, to know whether the lift changed it.
    private var valueAtTouchDown = 0.0

    /// Creates a slider; the range is `minimumValue...maximumValue`
    /// (swapped if given the wrong way round), and `value` is kept in it.
    public init(title: String, frame: Rect = .zero, minimumValue: Double = 0, maximumValue: Double = 1, value: Double = 0) {
        self.title = title
        self.minimumValue = Swift.min(minimumValue, maximumValue)
        self.maximumValue = Swift.max(minimumValue, maximumValue)
        storedValue = self.minimumValue
        largeContentViewerInteraction = LargeContentViewerInteraction()
        super.init(frame: frame)
        largeContentViewerInteraction.delegate = self
        // The drag goes on under the HUD: the viewer only shows the value.
        largeContentViewerInteraction.gestureRecognizerForExclusionRelationship.cancelsTouchesInView = false
        addInteraction(largeContentViewerInteraction)
        showsLargeContentViewer = true
        scalesLargeContentImage = true
        accessibilityTraits = .adjustable
        setValue(value, sendingActions: false)
        valueDidChange()
    }

    // MARK: Geometry

    /// The thumb's rectangle in the slider's coordinates.
    public var thumbFrame: Rect {
        let radius = Self.thumbDiameter / 2
        let centerX = trackStart + fraction * (trackEnd - trackStart)
        return Rect(x: centerX - radius, y: bounds.midY - radius, width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    /// Where the value is along the range, 0 at the minimum, 1 at the maximum.
    public var fraction: Double {
        let span = maximumValue - minimumValue
        return span > 0 ? (storedValue - minimumValue) / span : 0
    }

    private var isMirrored: Bool { effectiveLayoutDirection == .rightToLeft }
    /// The thumb centre's x for the minimum (the right end when mirrored).
    private var trackStart: Double {
        isMirrored ? bounds.maxX - Self.thumbDiameter / 2 : bounds.minX + Self.thumbDiameter / 2
    }
    /// The thumb centre's x for the maximum.
    private var trackEnd: Double {
        isMirrored ? bounds.minX + Self.thumbDiameter / 2 : bounds.maxX - Self.thumbDiameter / 2
    }

    /// The value whose thumb centre is at `x`, in the slider's coordinates.
    private func value(atThumbCenter x: Double) -> Double {
        let length = trackEnd - trackStart
        guard length != 0 else { return minimumValue }
        let fraction = Swift.min(1, Swift.max(0, (x - trackStart) / length))
        return minimumValue + fraction * (maximumValue - minimumValue)
    }

    // MARK: Tracking

    /// Grabs the thumb, or refuses a touch elsewhere on the track.
    override public func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
        let point = touch.location(in: self)
        let grabArea = thumbFrame.insetBy(dx: -Self.thumbSlop, dy: -Self.thumbSlop)
        guard grabArea.contains(point) else { return false }
        grabOffset = point.x - thumbFrame.midX
        valueAtTouchDown = storedValue
        return true
    }

    /// Moves the thumb with the finger, wherever the finger is.
    override public func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
        let newValue = value(atThumbCenter: touch.location(in: self).x - grabOffset)
        setValue(newValue, sendingActions: isContinuous)
        return true
    }

    /// Sends the one `valueChanged` of a slider that is not continuous.
    override public func endTracking(_ touch: Touch?, with event: Event?) {
        if !isContinuous && storedValue != valueAtTouchDown { sendActions(for: .valueChanged) }
    }

    private func setValue(_ newValue: Double, sendingActions: Bool) {
        guard newValue.isFinite else { return }
        let clamped = Swift.min(maximumValue, Swift.max(minimumValue, newValue))
        guard clamped != storedValue else { return }
        storedValue = clamped
        valueDidChange()
        if sendingActions { sendActions(for: .valueChanged) }
    }

    // MARK: Accessibility

    /// The value as assistive technologies and the HUD say it: a whole percentage of the range.
    public var valueText: String { "\(Int((fraction * 100).rounded()))%" }

    /// How far one increment or decrement moves the value: a tenth of the range.
    public var stepSize: Double { (maximumValue - minimumValue) / 10 }

    /// Moves the value up by a tenth of the range and sends `valueChanged`,
    /// as an assistive technology's "increment" (or an arrow key on the
    /// focused slider) does.
    override public func accessibilityIncrement() {
        setValue(storedValue + stepSize, sendingActions: true)
    }

    /// Moves the value down by a tenth of the range and sends `valueChanged`.
    override public func accessibilityDecrement() {
        setValue(storedValue - stepSize, sendingActions: true)
    }

    /// Sets the value an assistive technology asks for (clamped into the
    /// range) and sends `valueChanged` if it changed; refuses a value that
    /// is not a number.
    override public func accessibilitySetNumericValue(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        setValue(value, sendingActions: true)
        return true
    }

    private func valueDidChange() {
        accessibilityLabel = title
        accessibilityValue = valueText
        accessibilityNumericValue = AccessibilityNumericValue(
            current: storedValue, minimum: minimumValue, maximum: maximumValue, step: stepSize)
        largeContentTitle = "\(title): \(valueText)"
        // Show the new value under a still finger too, not on the next move.
        largeContentViewerInteraction.refresh()
    }

    // MARK: Large content viewer

    /// The slider is the item, anywhere over it, and wherever its thumb is
    /// dragged: the HUD keeps showing the value the finger sets.
    public func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, itemAt point: Point
    ) -> (any LargeContentViewerItem)? {
        isTracking || bounds.contains(point) ? self : nil
    }

    /// The lift does nothing more: the drag already set the value (the
    /// default would send `touchUpInside`).
    public func largeContentViewerInteraction(
        _ interaction: LargeContentViewerInteraction, didEndOn item: (any LargeContentViewerItem)?, at point: Point
    ) {}

    /// Lays the thumb out again for the new direction.
    override public func effectiveLayoutDirectionDidChange() {
        super.effectiveLayoutDirectionDidChange()
        largeContentViewerInteraction.refresh()
    }
}
