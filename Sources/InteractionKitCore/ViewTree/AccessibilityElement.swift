/// An element for assistive technologies that is not a view, as UIKit's
/// `UIAccessibilityElement`: a tab of a tab bar, a cell drawn by its
/// container, a region of a chart.
///
/// The container (a view) lists its elements in `accessibilityElements`
/// and keeps them alive; an element holds its container weakly. Give the
/// frame in the container's coordinates (`accessibilityFrameInContainerSpace`,
/// which follows the container when it moves) or in window coordinates
/// (`accessibilityFrame`). Subclass it to compute the label or traits from
/// your model and to override `activate()`; call
/// `accessibilityDidChange(_:)` when the model changes.
///
/// ```swift
/// let segment = AccessibilityElement(accessibilityContainer: chart)
/// segment.accessibilityLabel = "March"
/// segment.accessibilityValue = "42 mm of rain"
/// segment.accessibilityFrameInContainerSpace = Rect(x: 60, y: 0, width: 30, height: 120)
/// chart.accessibilityElements = [segment]
/// ```
@MainActor
open class AccessibilityElement: AccessibilityNode {
    private weak var storedContainer: View?
    private var storedFrame: Rect?
    private var storedFrameInContainer: Rect?
    /// Set while one frame's default asks for the other (each is defined by
    /// the other when neither is stored), so that the two defaults end.
    private var isDerivingFrame = false
    /// Set when, during such a derivation, the other frame's default was
    /// reached: no subclass computed it, so neither frame is known.
    private var reachedFrameDefault = false

    /// Creates an element inside `container`.
    public init(accessibilityContainer container: View?) {
        storedContainer = container
    }

    /// The view that lists this element among its `accessibilityElements`; held weakly.
    open var accessibilityContainer: View? {
        get { storedContainer }
        set { storedContainer = newValue }
    }

    /// Whether assistive technologies treat this as one element; true by default.
    open var isAccessibilityElement = true {
        didSet { if oldValue != isAccessibilityElement { accessibilityDidChange(.isElement) } }
    }

    /// The element's name ("Search"); nil by default.
    open var accessibilityLabel: String? {
        didSet { if oldValue != accessibilityLabel { accessibilityDidChange(.label) } }
    }

    /// What activating the element does; nil by default.
    open var accessibilityHint: String? {
        didSet { if oldValue != accessibilityHint { accessibilityDidChange(.hint) } }
    }

    /// The element's value; nil by default.
    open var accessibilityValue: String? {
        didSet { if oldValue != accessibilityValue { accessibilityDidChange(.value) } }
    }

    /// The element's kind and state; none by default.
    open var accessibilityTraits: AccessibilityTraits = [] {
        didSet { if oldValue != accessibilityTraits { accessibilityDidChange(.traits) } }
    }

    /// The element's rectangle in window coordinates.
    ///
    /// Set explicitly, it stays where it was put; otherwise it is
    /// `accessibilityFrameInContainerSpace` converted from the container,
    /// whether that was set or a subclass computes it (zero when neither
    /// is known). Screen readers read this one.
    open var accessibilityFrame: Rect {
        get {
            if let storedFrameInContainer {
                guard let container = accessibilityContainer else { return storedFrame ?? .zero }
                return container.convert(storedFrameInContainer, to: nil)
            }
            if let storedFrame { return storedFrame }
            guard let container = accessibilityContainer else { return .zero }
            guard let inContainer = derivedFrame({ accessibilityFrameInContainerSpace }) else { return .zero }
            return container.convert(inContainer, to: nil)
        }
        set {
            storedFrame = newValue
            storedFrameInContainer = nil
            accessibilityDidChange(.frame)
        }
    }

    /// The element's rectangle in its container's coordinates, as UIKit's
    /// property of that name; it follows the container when the container moves.
    ///
    /// Set explicitly, or computed by a subclass (`accessibilityFrame`
    /// follows it either way); otherwise it is `accessibilityFrame`
    /// converted into the container (zero when neither is known).
    open var accessibilityFrameInContainerSpace: Rect {
        get {
            if let storedFrameInContainer { return storedFrameInContainer }
            guard let container = accessibilityContainer else { return .zero }
            guard let inWindow = derivedFrame({ accessibilityFrame }) else { return .zero }
            return container.convert(inWindow, from: nil)
        }
        set {
            storedFrameInContainer = newValue
            accessibilityDidChange(.frame)
        }
    }

    /// One frame's default, read from the other (`read`), or nil when the
    /// other's default is reached in turn: then no frame is known at all.
    private func derivedFrame(_ read: () -> Rect) -> Rect? {
        guard !isDerivingFrame else {
            // Asked from the other default: say so, and answer nothing.
            reachedFrameDefault = true
            return nil
        }
        isDerivingFrame = true
        reachedFrameDefault = false
        let frame = read()
        isDerivingFrame = false
        return reachedFrameDefault ? nil : frame
    }

    /// An element has no children of its own; nil by default.
    open var accessibilityElements: [any AccessibilityNode]? { nil }

    /// The container view.
    open var accessibilityParent: (any AccessibilityNode)? { accessibilityContainer }

    /// The container's window.
    open var accessibilityWindow: Window? { accessibilityContainer?.window }

    /// Performs the element's action for assistive technologies (a screen
    /// reader's double tap, AT-SPI's `click`); returns whether it acted.
    /// The default calls `activate()`.
    open func accessibilityActivate() -> Bool { activate() }

    /// Performs the element's primary action, as a screen reader's
    /// activation does; returns whether it did. The default does nothing
    /// and returns false: override it (or `accessibilityActivate()`) to
    /// give the element an action.
    open func activate() -> Bool { false }

    /// The number an `.adjustable` element stands for, with its range and step; nil by default.
    open var accessibilityNumericValue: AccessibilityNumericValue? {
        didSet { if oldValue != accessibilityNumericValue { accessibilityDidChange(.value) } }
    }

    /// Sets the element's number on an assistive technology's request; the
    /// default refuses and returns false. Override it to change your model
    /// (and `accessibilityNumericValue` with it) and return true.
    open func accessibilitySetNumericValue(_ value: Double) -> Bool { false }

    /// Moves the value one step up; the default steps `accessibilityNumericValue`
    /// through `accessibilitySetNumericValue(_:)`, clamped into its range.
    open func accessibilityIncrement() { stepAccessibilityNumericValue(by: 1) }

    /// Moves the value one step down; the default steps `accessibilityNumericValue`
    /// through `accessibilitySetNumericValue(_:)`, clamped into its range.
    open func accessibilityDecrement() { stepAccessibilityNumericValue(by: -1) }

    /// Whether the element is hidden from assistive technologies; false by default.
    open var accessibilityElementsHidden = false {
        didSet { if oldValue != accessibilityElementsHidden { accessibilityContainer?.accessibilityDidChange(.children) } }
    }

    /// Whether assistive technologies ignore the element's siblings while it
    /// is shown; false by default.
    open var accessibilityViewIsModal = false {
        didSet { if oldValue != accessibilityViewIsModal { accessibilityContainer?.accessibilityDidChange(.children) } }
    }

    /// The actions assistive technologies offer on the element besides its
    /// default one, in order; nil by default.
    open var accessibilityCustomActions: [AccessibilityCustomAction]?
}
