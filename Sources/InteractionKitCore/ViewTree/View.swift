/// A rectangle on screen that can hold subviews, gesture recognizers and
/// interactions: the node of the platform-agnostic view tree.
///
/// Geometry follows UIKit. `frame` places the view in its superview's
/// coordinates; `bounds` is the view's own coordinate space, and moving
/// `bounds.origin` shifts where its subviews appear (that is how scrolling
/// works). `transform` scales, rotates or moves the view about its centre, as
/// UIKit's does; while it is the identity, conversions are translations.
///
/// Hit testing, coordinate conversion and hierarchy changes are iterative,
/// not recursive, so a view tree thousands of levels deep is handled without
/// exhausting the stack.
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
/// let card = View(frame: Rect(x: 20, y: 100, width: 350, height: 200))
/// window.addSubview(card)
/// card.convert(Point(x: 10, y: 10), to: nil) // (30, 110)
/// ```
@MainActor
open class View {
    private var storedFrame: Rect
    private(set) var storedBounds: Rect

    /// The view's enclosing view, or nil; it does not keep the superview alive.
    ///
    /// `unowned` rather than `weak`, so the view needs no side table. The
    /// superview clears this in its `deinit` (see Design.md, "References
    /// that are not weak"), so it is nil, never dangling, once the superview
    /// is gone.
    public var superview: View? { storedSuperview }
    // Exclusivity unchecked: storing an unowned reference releases the old
    // one inside the access, so the compiler cannot prove it exclusive; it
    // is read on every touch by hit testing and conversion (Bench), and
    // every access is a plain load or store that spans no call.
    /// The storage of `superview`.
    @exclusivity(unchecked) unowned var storedSuperview: View?
    /// The views this view contains, back to front.
    public var subviews: [View] { storedSubviews }
    /// The storage of `subviews`: read in place, changed only by taking it
    /// out, changing the copy and putting it back (`changeSubviews(_:)`).
    private(set) var storedSubviews: [View] = []
    /// The window at the root of this view's tree, if the tree has one.
    ///
    /// Unowned, like `superview`: the window clears it in every view of its
    /// tree when it is freed.
    public var window: Window? { storedWindow }
    // Exclusivity unchecked: as `storedSuperview`; read on every touch-down,
    // lift and conversion (Bench).
    /// The storage of `window`.
    @exclusivity(unchecked) unowned var storedWindow: Window?

    /// How opaque the view is, from 0 to 1; hit testing skips a view below 0.01, as UIKit does.
    public var alpha: Double {
        get { storedAlpha }
        set {
            let oldValue = storedAlpha
            storedAlpha = newValue
            if (oldValue >= 0.01) != (newValue >= 0.01) { hitTestingDidChange() }
        }
    }
    private var storedAlpha: Double = 1
    /// Whether the view receives every finger of a multi-finger touch; false
    /// (the default) gives it only the first, as in UIKit.
    public var isMultipleTouchEnabled: Bool {
        get { storedIsMultipleTouchEnabled }
        set { storedIsMultipleTouchEnabled = newValue }
    }
    private var storedIsMultipleTouchEnabled = false
    /// Whether, while this view tracks a touch, no other view receives touches (and the reverse).
    public var isExclusiveTouch: Bool {
        get { storedIsExclusiveTouch }
        set { storedIsExclusiveTouch = newValue }
    }
    private var storedIsExclusiveTouch = false

    /// Whether the view's content is clipped to its bounds, as UIKit's; false by default.
    ///
    /// There is no drawing here: it tells a screen reader that descendants
    /// lying wholly outside the bounds are not showing (a scroll view's rows
    /// scrolled out of sight). Hit testing is unchanged, since a view
    /// already refuses points outside its bounds.
    public var clipsToBounds = false

    /// Whether the view is hidden; hidden views and their subviews receive no touches.
    public var isHidden: Bool {
        get { storedIsHidden }
        set {
            guard newValue != storedIsHidden else { return }
            storedIsHidden = newValue
            hitTestingDidChange()
            visibilityDidChangeForAccessibility()
        }
    }
    private var storedIsHidden = false
    /// Whether the view takes part in hit testing; false passes touches to the views behind.
    public var isUserInteractionEnabled: Bool {
        get { storedIsUserInteractionEnabled }
        set {
            guard newValue != storedIsUserInteractionEnabled else { return }
            storedIsUserInteractionEnabled = newValue
            hitTestingDidChange()
        }
    }
    private var storedIsUserInteractionEnabled = true

    /// This view's own layout direction; nil inherits the superview's.
    public var semanticLayoutDirection: LayoutDirection? {
        didSet {
            guard oldValue != semanticLayoutDirection else { return }
            refreshInheritedState(from: self)
            // Reading order runs leading to trailing, and the items below
            // may lay out mirrored without a frame changing (a tab bar's tabs).
            window?.focusOrderDidChange()
        }
    }
    /// The direction this view lays out in: its own, or the nearest ancestor's, or left to right.
    public var effectiveLayoutDirection: LayoutDirection { storedEffectiveLayoutDirection }
    private var storedEffectiveLayoutDirection: LayoutDirection = .leftToRight

    /// The gesture recognizers attached to this view, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { storedGestureRecognizers }
    /// The storage of `gestureRecognizers`: changed only by taking it out and putting it back.
    private var storedGestureRecognizers: [GestureRecognizer] = []
    /// The interactions attached to this view, in the order they were added.
    public private(set) var interactions: [any Interaction] = []

    // MARK: Large content
    //
    // A view's large content is data about the view, like its frame: the
    // engine stores it and never reads it. The large content viewer (a layer
    // above) makes `View` one of its items.

    /// Whether the large content viewer shows this view; false by default, as in UIKit.
    ///
    /// Takes effect only under a `LargeContentViewerInteraction` on this view
    /// or an ancestor. Only views that cannot grow with the text size (bars,
    /// small controls) should set it.
    open var showsLargeContentViewer: Bool {
        get { storedShowsLargeContentViewer }
        set { storedShowsLargeContentViewer = newValue }
    }
    private var storedShowsLargeContentViewer = false
    /// The title the large content viewer shows for this view; nil by default.
    open var largeContentTitle: String? {
        didSet { largeContentDidChange() }
    }
    /// The image the large content viewer shows for this view; nil by default.
    open var largeContentImage: Image? {
        didSet { largeContentDidChange() }
    }
    /// Whether the viewer scales the image to fill its image area; false draws it at its intrinsic size.
    open var scalesLargeContentImage = false {
        didSet { largeContentDidChange() }
    }
    /// Insets that centre the image visually in the viewer; zero by default.
    open var largeContentImageInsets = EdgeInsets.zero {
        didSet { largeContentDidChange() }
    }

    /// Tells the window's large content observers
    /// (`Window.addLargeContentObserver(_:)`) that the view's large content
    /// changed: the large content viewer's HUD shows the new content at
    /// once, even under a still finger. The setters above call it; a
    /// subclass whose large content is computed calls it when the inputs change.
    public func largeContentDidChange() {
        window?.viewLargeContentDidChange(self)
    }

    /// The `serial` of the window at the root of this view's tree, 0 for none.
    ///
    /// Kept with `window` so that a control or a component can tell on every
    /// move that the view is still in the window it last used without
    /// loading the weak reference; a serial, unlike an address, is never reused.
    public var windowSerial: UInt64 { storedWindowSerial }
    var storedWindowSerial: UInt64 = 0

    /// A number no other view of this process has or had: identifies a view
    /// without holding a reference to it (a freed view's address can be reused).
    package let objectSerial: UInt64
    private static var lastObjectSerial: UInt64 = 0
    private static func takeObjectSerial() -> UInt64 {
        lastObjectSerial &+= 1
        return lastObjectSerial
    }

    /// Whether this view is in `TouchViewRegistry`: a touch or a press has named it.
    var isRegisteredForTouches = false

    /// Enters this view in the table `Touch.view` and `Press.responder` read; returns its serial.
    package func registerForTouches() -> UInt64 {
        if !isRegisteredForTouches {
            isRegisteredForTouches = true
            TouchViewRegistry.enter(self)
        }
        return objectSerial
    }

    /// The live view with this `objectSerial` that a touch or a press named, or nil
    /// (0, or a view since freed).
    package static func registeredForTouches(_ serial: UInt64) -> View? {
        TouchViewRegistry.view(withSerial: serial)
    }

    // The back-pointers to this view are unowned (no side table, fast
    // retains); clearing them here is what keeps them from dangling.
    //
    // The subtree is taken apart with a loop: freeing a view frees the
    // subviews only it holds, and letting each free its own in turn would
    // recurse once per level (a 10 000-deep chain overflows a thread's stack).
    isolated deinit {
        // Every recognizer in the list is attached here (reading `view`
        // would trap: this view is being freed).
        for recognizer in gestureRecognizers { recognizer.detach() }
        if isRegisteredForTouches { TouchViewRegistry.leave(serial: objectSerial) }
        var pending = subviews
        storedSubviews = []
        while var node = pending.popLast() {
            // Its superview is being taken apart (or freed): it has none now.
            node.storedSuperview = nil
            if isKnownUniquelyReferenced(&node) {
                // Freed at the end of this turn: take its subviews first, so
                // that its own `deinit` has none to free.
                pending.append(contentsOf: node.subviews)
                node.storedSubviews = []
            }
        }
    }

    /// Whether this view is exactly one of the library's own classes, which
    /// never override `hitTest(_:with:)` or `point(inside:with:)`: hit
    /// testing may then skip calling `hitTest`. Each library class declares
    /// it for its own exact type in its initializer; a subclass elsewhere
    /// is never trusted.
    package var hasBuiltInBehaviour: Bool {
        get { storedHasBuiltInBehaviour }
        set { storedHasBuiltInBehaviour = newValue }
    }
    private var storedHasBuiltInBehaviour: Bool

    /// The shared state of every tree that has no window: its geometry
    /// stamp is replaced when a frame, bounds or superview changes in any of them.
    static let windowlessTreeState = TreeState()
    /// The state this view's tree shares: its window's, or the one all
    /// windowless trees share. Held strongly, beside the unowned `window`,
    /// so that reading it needs no check that the window is still alive.
    var treeState = View.windowlessTreeState
    private static var lastGeometryStamp: UInt64 = 0

    /// A stamp no geometry change has had before, so that a cached offset
    /// stamped in one tree never passes for current in another.
    static func takeGeometryStamp() -> UInt64 {
        lastGeometryStamp &+= 1
        return lastGeometryStamp
    }

    /// The stamp cached offsets in this view's tree must carry to be current:
    /// its window's, so that a change in one window leaves the others' caches be.
    package var currentGeometryStamp: UInt64 { treeState.geometryStamp }

    /// Whether this view's window has an accessibility text size (false
    /// without a window), read without loading the window.
    package var windowUsesAccessibilityTextSize: Bool { treeState.usesAccessibilityTextSize }

    /// Makes the cached offsets of this view's tree stale: a frame, bounds
    /// or superview changed in it, or what hit testing may enter (`isHidden`,
    /// `isUserInteractionEnabled`, `alpha` across 0.01).
    func geometryDidChange() {
        treeState.geometryStamp = View.takeGeometryStamp()
    }

    /// What hit testing may enter changed (`isHidden`,
    /// `isUserInteractionEnabled`, `alpha` across 0.01): cached offsets go
    /// stale as after a geometry change, and a finger held still may now
    /// be over something else (rule L9).
    private func hitTestingDidChange() {
        refreshBuiltInAcceptsHits()
        geometryDidChange()
        window?.geometryDidChangeUnderTouches()
        // A focused item inside may no longer be focusable (K4).
        window?.focusMayHaveGone()
    }
    /// This view's offset to the root of its tree, and the generation it was computed at.
    var cachedOffsetToRoot = (dx: 0.0, dy: 0.0)
    var cachedOffsetGeneration = UInt64.max
    /// Whether a view on the way to the root had a transform, at that generation.
    var cachedPathHasTransform = false

    /// What `acceptsHits` answers, kept for the library's own classes
    /// (`hasBuiltInBehaviour`), where every change to what it reads calls
    /// `refreshBuiltInAcceptsHits()`: hit testing reads this flag rather
    /// than calling the overridable `isEnabledForHitTesting` on every level
    /// (Bench's tap target guards the descent).
    package var builtInAcceptsHits: Bool { storedBuiltInAcceptsHits }
    private var storedBuiltInAcceptsHits = true

    /// Recomputes `builtInAcceptsHits`; a library class calls it when its
    /// answer to `isEnabledForHitTesting` changes.
    package func refreshBuiltInAcceptsHits() {
        storedBuiltInAcceptsHits = acceptsHits
    }

    /// Where, in the superview's coordinates, a point cannot be inside this
    /// view's bounds (see `HitRejectionBox`); kept with the frame and bounds.
    var hitRejectionBox: HitRejectionBox

    /// Creates a view with the given frame; its bounds start at the origin.
    public init(frame: Rect = .zero) {
        objectSerial = View.takeObjectSerial()
        storedFrame = frame
        storedBounds = Rect(origin: .zero, size: frame.size)
        hitRejectionBox = HitRejectionBox(frame: frame, bounds: Rect(origin: .zero, size: frame.size))
        storedHasBuiltInBehaviour = type(of: self) == View.self || type(of: self) == Window.self
    }

    /// The view's rectangle in its superview's coordinates.
    ///
    /// Setting it also sets `bounds.size`, and lays the view out again when
    /// the size changes.
    /// While `transform` is not the identity, this is the smallest rectangle
    /// holding the transformed bounds (UIKit calls it undefined), and setting
    /// it only moves the view's centre to the new rectangle's centre.
    public var frame: Rect {
        get { storedHasTransform ? storedFrame.applying(transformAboutCentre) : storedFrame }
        set {
            if storedHasTransform {
                geometryDidChange()
                let size = storedFrame.size
                storedFrame = Rect(
                    x: newValue.midX - size.width / 2, y: newValue.midY - size.height / 2,
                    width: size.width, height: size.height
                )
                refreshHitRejectionBox()
                window?.geometryDidChangeUnderTouches()
                return
            }
            let oldSize = storedFrame.size
            geometryDidChange()
            storedFrame = newValue
            storedBounds.size = newValue.size
            hitRejectionBox = HitRejectionBox(frame: storedFrame, bounds: storedBounds)
            window?.geometryDidChangeUnderTouches()
            if oldSize != newValue.size { layoutSubviews() }
        }
    }

    /// The view's own coordinate space: `origin` is the coordinate of its top-left corner.
    ///
    /// Changing the size keeps the frame's centre where it was, as UIKit does.
    public var bounds: Rect {
        get { storedBounds }
        set {
            let oldSize = storedBounds.size
            geometryDidChange()
            if newValue.size != oldSize {
                let center = storedFrame.center
                storedFrame = Rect(
                    x: center.x - newValue.size.width / 2,
                    y: center.y - newValue.size.height / 2,
                    width: newValue.size.width,
                    height: newValue.size.height
                )
            }
            storedBounds = newValue
            refreshHitRejectionBox()
            window?.geometryDidChangeUnderTouches()
            if oldSize != newValue.size { layoutSubviews() }
        }
    }

    /// The view's transform, applied about the centre of its bounds as
    /// UIKit's is (`anchorPoint` 0.5, 0.5); the identity by default.
    ///
    /// Conversions, hit testing and everything built on them (accessibility
    /// frames, pictures, AT-SPI extents) honour it; `frame` becomes the
    /// transformed bounds' bounding box.
    public var transform: AffineTransform {
        get { storedTransform }
        set {
            guard newValue != storedTransform else { return }
            geometryDidChange()
            storedTransform = newValue
            storedHasTransform = !newValue.isIdentity
            refreshHitRejectionBox()
            window?.geometryDidChangeUnderTouches()
        }
    }
    private var storedTransform = AffineTransform.identity
    /// Whether `transform` is not the identity: the one comparison the
    /// untransformed paths (hit testing, conversion) pay.
    private(set) var storedHasTransform = false

    /// The view's centre in its superview's coordinates (the centre of the
    /// untransformed frame, which a transform leaves in place).
    public var center: Point {
        get { storedFrame.center }
        set {
            let size = storedFrame.size
            let old = storedFrame
            storedFrame = Rect(x: newValue.x - size.width / 2, y: newValue.y - size.height / 2, width: size.width, height: size.height)
            guard storedFrame != old else { return }
            geometryDidChange()
            refreshHitRejectionBox()
            window?.geometryDidChangeUnderTouches()
        }
    }

    /// The map from this view's coordinates to its superview's: the bounds'
    /// centre to the frame's centre, through `transform` between.
    var transformToSuperview: AffineTransform {
        let bounds = storedBounds
        let boundsCentre = Point(x: bounds.origin.x + bounds.size.width / 2, y: bounds.origin.y + bounds.size.height / 2)
        let centre = storedFrame.center
        return AffineTransform(translationX: -boundsCentre.x, y: -boundsCentre.y)
            .concatenating(storedTransform)
            .concatenating(AffineTransform(translationX: centre.x, y: centre.y))
    }

    /// `transform` applied about the untransformed frame's centre, in the
    /// superview's coordinates: what takes `storedFrame` to `frame`.
    private var transformAboutCentre: AffineTransform {
        let centre = storedFrame.center
        return AffineTransform(translationX: -centre.x, y: -centre.y)
            .concatenating(storedTransform)
            .concatenating(AffineTransform(translationX: centre.x, y: centre.y))
    }

    /// Rebuilds the rejection box from the (transformed) frame and bounds.
    private func refreshHitRejectionBox() {
        if storedHasTransform {
            let box = storedFrame.applying(transformAboutCentre)
            hitRejectionBox = HitRejectionBox(frame: box, bounds: Rect(origin: .zero, size: box.size))
        } else {
            hitRejectionBox = HitRejectionBox(frame: storedFrame, bounds: storedBounds)
        }
    }

    /// Whether a point in this view's coordinates lies inside the view.
    ///
    /// The default tests `bounds` with half-open edges, so a zero-sized view
    /// contains nothing and a NaN point is inside no view. Override to grow
    /// or shrink the area that takes touches.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    /// The deepest visible, interactive view that contains a point given in
    /// this view's coordinates, or nil.
    ///
    /// UIKit's rules: a hidden view, one whose `isUserInteractionEnabled` is
    /// false, one whose `alpha` is below 0.01, a disabled control, or one whose `point(inside:with:)` is false
    /// is skipped with all its subviews; subviews are tried front (last) to
    /// back (first), and the view itself answers when none of them does.
    /// The built-in implementation is iterative, so depth costs no stack.
    /// - Complexity: O(depth × subviews per level on the path).
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard acceptsHits && self.point(inside: point, with: event) else { return nil }
        return deepestView(from: self, at: point, with: event)
    }

    /// Whether hit testing may enter this view, beyond `isHidden` and
    /// `isUserInteractionEnabled`; true by default.
    ///
    /// A component that takes no touches in some state overrides it (a
    /// disabled `Control` answers false, so touches pass through it).
    open var isEnabledForHitTesting: Bool { true }

    /// The frame's origin, for hot paths that need no `Rect` copy.
    var storedFrameOrigin: Point { storedFrame.origin }
    /// The bounds' origin, for hot paths that need no `Rect` copy.
    var storedBoundsOrigin: Point { storedBounds.origin }

    // MARK: Responder touches

    /// A touch began on this view (the hit view), as UIKit's `touchesBegan(_:with:)`.
    ///
    /// The default passes the touches to the next responder: the superview,
    /// the window last. Override it to handle touches yourself; call `super`
    /// to let an ancestor handle them too. Gesture recognizers of the touch
    /// hear it first (see `GestureRecognizer.delaysTouchesBegan`).
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        superview?.touchesBegan(touches, with: event)
    }

    /// Touches of this view moved; the default passes them to the superview.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        superview?.touchesMoved(touches, with: event)
    }

    /// Touches of this view lifted; the default passes them to the superview.
    ///
    /// While a recognizer of the touch may still recognize, the lift waits
    /// (`GestureRecognizer.delaysTouchesEnded`), and it becomes
    /// `touchesCancelled` if that recognizer recognizes.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        superview?.touchesEnded(touches, with: event)
    }

    /// Touches of this view were cancelled, by the system or by a recognizer
    /// that recognized (`GestureRecognizer.cancelsTouchesInView`); the default
    /// passes them to the superview. No more of these touches follow.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        superview?.touchesCancelled(touches, with: event)
    }

    /// Whether a recognizer may begin for a touch on this view (or on a
    /// view inside it); true by default, as UIKit's
    /// `gestureRecognizerShouldBegin(_:)`.
    ///
    /// Asked only when the recognizer would cancel the touch
    /// (`cancelsTouchesInView`), for each view from the touch's hit view up
    /// to and including the recognizer's own view: a view is asked about
    /// its own recognizers too. `Control` refuses an ancestor's one-finger
    /// single tap, so a button inside a tappable view gets its tap.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        true
    }

    /// Lays out subviews; called when the bounds' size or the layout direction changes.
    ///
    /// The default does nothing. There is no run loop to defer to, so layout
    /// is immediate: subclasses position their subviews here from `bounds`
    /// and `effectiveLayoutDirection`.
    open func layoutSubviews() {}

    /// Lays the view out now.
    public func setNeedsLayout() {
        layoutSubviews()
    }

    /// Called after the view moved to a new superview (or to none).
    open func didMoveToSuperview() {}

    /// Tells the view that `subview` was added to its subviews (by
    /// `addSubview(_:)` or `insertSubview(_:at:)`, from another superview
    /// too), as UIKit's `didAddSubview(_:)`; the default does nothing.
    open func didAddSubview(_ subview: View) {}

    /// Tells the view that `subview` is about to leave its subviews
    /// (`removeFromSuperview()`, or a move to another superview), as UIKit's
    /// `willRemoveSubview(_:)`; the default does nothing. A container that
    /// keeps a list of some of its subviews drops the leaving one here, as
    /// `UIStackView` drops it from `arrangedSubviews`.
    open func willRemoveSubview(_ subview: View) {}

    /// Called after the view moved to a new window (or out of one).
    open func didMoveToWindow() {}

    /// Called after `effectiveLayoutDirection` changed; the default lays out again.
    open func effectiveLayoutDirectionDidChange() {
        layoutSubviews()
    }

    // MARK: Accessibility
    //
    // UIKit's accessibility properties, declared here so that subclasses can
    // override them; View+Accessibility.swift keeps their storage, and
    // setting one tells the window's accessibility observers. None is read
    // on the touch path.

    /// The accessibility values set on this view, created on the first write.
    var accessibilityStorage: AccessibilityStorage?

    /// Whether assistive technologies treat the view as one element (its
    /// subviews are then not read); false by default, true for controls, as in UIKit.
    open var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? false }
        set { updateAccessibility(.isElement) { $0.isElement = newValue } }
    }
    /// The view's name for assistive technologies ("Search"); nil by default, a button's title for buttons.
    open var accessibilityLabel: String? {
        get { accessibilityStorage?.label }
        set { updateAccessibility(.label) { $0.label = newValue } }
    }
    /// What activating the view does, when the label does not say; nil by default.
    open var accessibilityHint: String? {
        get { accessibilityStorage?.hint }
        set { updateAccessibility(.hint) { $0.hint = newValue } }
    }
    /// The view's current value ("40 %"); nil by default.
    open var accessibilityValue: String? {
        get { accessibilityStorage?.value }
        set { updateAccessibility(.value) { $0.value = newValue } }
    }
    /// The view's kind and state; none by default (controls add theirs).
    open var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage?.traits ?? [] }
        set { updateAccessibility(.traits) { $0.traits = newValue } }
    }
    /// The view's rectangle in window coordinates: its bounds converted to
    /// the window unless set explicitly.
    open var accessibilityFrame: Rect {
        get { accessibilityStorage?.frame ?? convert(bounds, to: nil) }
        set { updateAccessibility(.frame) { $0.frame = newValue } }
    }
    /// The children assistive technologies read instead of the subviews
    /// (views or `AccessibilityElement`s, in reading order); nil by default: the subviews.
    open var accessibilityElements: [any AccessibilityNode]? {
        get { accessibilityStorage?.elements }
        set { updateAccessibility(.children) { $0.elements = newValue } }
    }
    /// The view's container for assistive technologies: its superview.
    open var accessibilityParent: (any AccessibilityNode)? { superview }
    /// The window this view is in.
    open var accessibilityWindow: Window? { window }
    /// Performs the view's default action for assistive technologies (a
    /// screen reader's double tap, AT-SPI's `click`) and for Space or Return
    /// on the focused view (rule K3); returns whether it acted.
    ///
    /// The default calls `activate()`, where a view keeps its action; a
    /// porter's override of this name is still what the keyboard and the
    /// screen readers call.
    open func accessibilityActivate() -> Bool { activate() }
    /// The number an `.adjustable` view stands for, with its range and step; nil by default.
    open var accessibilityNumericValue: AccessibilityNumericValue? {
        get { accessibilityStorage?.numericValue }
        set { updateAccessibility(.value) { $0.numericValue = newValue } }
    }
    /// Sets the view's number on an assistive technology's request; the
    /// default refuses and returns false.
    open func accessibilitySetNumericValue(_ value: Double) -> Bool { false }
    /// Moves an `.adjustable` view's value one step up; the default steps
    /// `accessibilityNumericValue` through `accessibilitySetNumericValue(_:)`.
    open func accessibilityIncrement() { stepAccessibilityNumericValue(by: 1) }
    /// Moves an `.adjustable` view's value one step down; the default steps
    /// `accessibilityNumericValue` through `accessibilitySetNumericValue(_:)`.
    open func accessibilityDecrement() { stepAccessibilityNumericValue(by: -1) }
    /// Whether the view and everything in it are hidden from assistive technologies; false by default.
    open var accessibilityElementsHidden: Bool {
        get { accessibilityStorage?.elementsHidden ?? false }
        set { updateAccessibilityExposure(\.elementsHidden, to: newValue) }
    }
    /// Whether assistive technologies ignore the view's siblings, and what
    /// they contain, while it is in the window (a dialog); false by default.
    open var accessibilityViewIsModal: Bool {
        get { accessibilityStorage?.isModal ?? false }
        set { updateAccessibilityExposure(\.isModal, to: newValue) }
    }
    /// The actions assistive technologies offer on the view besides its
    /// default one (UIKit's `accessibilityCustomActions`: a row's swipe
    /// actions, say), in order; nil by default.
    open var accessibilityCustomActions: [AccessibilityCustomAction]? {
        get { accessibilityStorage?.customActions }
        set {
            let storage = accessibilityStorage ?? AccessibilityStorage()
            accessibilityStorage = storage
            storage.customActions = newValue
        }
    }
    /// Whether assistive technologies read what the view holds together,
    /// as one group, in reading order (UIKit's
    /// `shouldGroupAccessibilityChildren`); false by default. Over AT-SPI
    /// the view is one `panel` whose children are its accessible
    /// descendants, the containers between left out.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityStorage?.groupsChildren ?? false }
        set { updateAccessibilityExposure(\.groupsChildren, to: newValue) }
    }
    /// Scrolls the view's content by a page in `direction` for an assistive
    /// technology (VoiceOver's three-finger swipe), as UIKit's
    /// `accessibilityScroll(_:)`; returns whether it scrolled. The default
    /// does nothing and returns false; `ScrollView` pages.
    open func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool { false }

    // MARK: Presses, first responder and focus (rules K1–K5)

    /// Keys went down while this view was in the responder chain, as UIKit's
    /// `pressesBegan(_:with:)`.
    ///
    /// Keys go to the first responder, else to the focused item's view, else
    /// to the window (rule K1, after key-input filters and key commands).
    /// The default steps the value of a focused `.adjustable` view with the
    /// plain arrows (K3) and passes the other presses to the next responder,
    /// the superview; a press that reaches the window moves the focus or
    /// activates the focused item. Override it to handle keys; call `super`
    /// for the ones you do not handle.
    open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        var rest = presses
        if accessibilityTraits.contains(.adjustable) {
            for press in presses where stepAdjustableValue(with: press) { rest.remove(press) }
            if rest.isEmpty { return }
        }
        superview?.pressesBegan(rest, with: event)
    }

    /// Performs the view's primary action, as a keyboard or a screen reader
    /// activation does; returns whether it did. The default does nothing
    /// and returns false.
    ///
    /// Override it to give a view an action: `accessibilityActivate()`
    /// calls it by default, so Space or Return on the focused view (rule
    /// K3), a screen reader's double tap and AT-SPI's `click` all reach it.
    /// Controls perform their primary action, a table's row selects itself.
    open func activate() -> Bool { false }

    /// Pressed keys changed; the default passes them to the superview.
    open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        superview?.pressesChanged(presses, with: event)
    }

    /// Keys came up; the default passes them to the superview.
    open func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        superview?.pressesEnded(presses, with: event)
    }

    /// Presses were taken away (the toolkit lost the keyboard); the default passes them to the superview.
    open func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        superview?.pressesCancelled(presses, with: event)
    }

    /// Whether the view can be the first responder, the view keys go to first; false by default.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the view lets another take the first responder from it; true by default.
    open var canResignFirstResponder: Bool { true }

    /// Makes the view the first responder of its window; returns whether it is now.
    ///
    /// It must be in a window and `canBecomeFirstResponder`; the current
    /// first responder must agree to resign (`canResignFirstResponder`).
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window, canBecomeFirstResponder else { return false }
        return window.setFirstResponder(self)
    }

    /// Gives up being the first responder; returns whether the view is no longer it.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window, window.firstResponder === self else { return true }
        guard canResignFirstResponder else { return false }
        return window.setFirstResponder(nil)
    }

    /// The view became its window's first responder; the default does nothing.
    ///
    /// Called after the change, by `becomeFirstResponder()` and whatever
    /// else makes the view first responder. A text field begins editing here.
    open func didBecomeFirstResponder() {}

    /// The view stopped being its window's first responder (another took
    /// it, it resigned, or it left the window); the default does nothing.
    /// A text field ends editing here.
    open func didResignFirstResponder() {}

    /// The key commands this view offers while it is in the responder chain; nil by default.
    ///
    /// Asked for each key that goes down (rule K1), from the first
    /// responder (else the focused view) up to the window; the first
    /// command that matches runs and the key goes no further.
    open var keyCommands: [KeyCommand]? { nil }

    /// Whether the keyboard can focus this view; false by default, true for
    /// an enabled `Control`.
    ///
    /// A subclass whose answer changes calls `focusabilityDidChange()`.
    open var canBecomeFocused: Bool { false }

    /// The focus group of this view and the views inside it; nil: its
    /// superview's. Items with the same identifier form one group (Tab moves
    /// between groups, the arrows within one); a focusable view with no
    /// group anywhere above it is a group of its own. A tab bar and a
    /// toolbar are each one group.
    open var focusGroupIdentifier: String? {
        didSet {
            // The groups of the items inside changed with it (rule K2).
            if oldValue != focusGroupIdentifier { window?.focusOrderDidChange() }
        }
    }

    /// The parts of this view that the keyboard can focus and that are not
    /// views (a tab bar's tabs); nil by default.
    ///
    /// A component whose list changes calls `focusabilityDidChange()`.
    open var focusItems: [any FocusItem]? { nil }

    /// The part of the view that bars, notches and rounded corners leave
    /// clear, as insets from its edges (UIKit's `safeAreaInsets`); zero by
    /// default, as nothing here covers a view. A scroll view adds it to
    /// its insets (`ScrollView.adjustedContentInset`).
    open var safeAreaInsets: EdgeInsets { .zero }

    /// The environments, in order of preference, where the focus should go
    /// when it is updated from this view (F2, UIKit's
    /// `preferredFocusEnvironments`): searched depth first for a focusable
    /// item; empty (the default): the view itself, then its first item in
    /// reading order. Also where the focus starts when this is a root view.
    open var preferredFocusEnvironments: [any FocusItem] { [] }

    /// Whether the focus may move as `context` says; asked of every view
    /// that contains the view losing the focus or the view gaining it,
    /// innermost first, the window's root views last (F1); any may refuse.
    /// True by default.
    open func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool { true }

    /// The focus moved (`context` says from where to where); told to the
    /// views that were asked (F1), each once, after `focusedItem` changed and
    /// before the window's focus observers. The default does nothing.
    open func didUpdateFocus(in context: FocusUpdateContext) {}

    // MARK: Gesture recognizers

    /// Attaches a gesture recognizer, taking it from its previous view if it had one.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let previous = recognizer.view {
            if previous === self { return }
            previous.removeGestureRecognizer(recognizer)
        }
        var recognizers = storedGestureRecognizers
        storedGestureRecognizers = []
        recognizers.append(recognizer)
        storedGestureRecognizers = recognizers
        recognizer.attach(to: self)
    }

    /// Detaches a gesture recognizer; one that is recognizing is cancelled first.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        // Cancelling runs user actions, which may change this list: find the
        // recognizer again afterwards rather than trusting an old index.
        recognizer.abandonTouches()
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        var recognizers = storedGestureRecognizers
        storedGestureRecognizers = []
        recognizers.remove(at: index)
        storedGestureRecognizers = recognizers
        if recognizer.view === self { recognizer.detach() }
    }

    // MARK: Interactions

    /// Attaches an interaction, taking it from its previous view if it had one.
    ///
    /// Calls the interaction's `willMove(to:)` before and `didMove(to:)` after.
    public func addInteraction(_ interaction: any Interaction) {
        if let previous = interaction.view {
            if previous === self && interactions.contains(where: { $0 === interaction }) { return }
            previous.removeInteraction(interaction)
        }
        interaction.willMove(to: self)
        interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Detaches an interaction, calling its `willMove(to: nil)` and `didMove(to: nil)`.
    public func removeInteraction(_ interaction: any Interaction) {
        guard let index = interactions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        // The interaction may have changed the list from willMove(to:).
        if let current = interactions.firstIndex(where: { $0 === interaction }) {
            interactions.remove(at: current)
        } else if index < interactions.count, interactions[index] === interaction {
            interactions.remove(at: index)
        }
        interaction.didMove(to: nil)
    }

    // MARK: Hierarchy

    /// Adds a view at the front of this view's subviews.
    ///
    /// A view that is already a subview moves to the front. Adding a view to
    /// itself or to one of its own descendants would make a cycle, so it is
    /// refused (the call does nothing and returns false).
    @discardableResult
    public func addSubview(_ view: View) -> Bool {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view among the subviews at `index` (clamped to the valid range).
    ///
    /// Returns false, changing nothing, when the insertion would make a cycle.
    @discardableResult
    public func insertSubview(_ view: View, at index: Int) -> Bool {
        // A view without subviews has no descendants but itself: the common
        // case (building a tree from the top) needs no walk up the tree.
        if view === self || (!view.subviews.isEmpty && isDescendant(of: view)) { return false }
        if view.superview === self, let current = indexOfSubview(view) {
            changeSubviews { $0.remove(at: current) }
            // Only the order changed: every offset stays what it was.
            changeSubviews { $0.insert(view, at: max(0, min(index, $0.count))) }
            window?.focusOrderSubviewsReordered()
            subviewsDidChangeForAccessibility()
            return true
        }
        if let previous = view.superview, previous !== self {
            previous.willRemoveSubview(view)
            // The callback may have moved either view: a cycle is refused as above.
            if view === self || isDescendant(of: view) { return false }
        }
        guard let oldWindow = view.window, oldWindow !== window else {
            attach(view, at: index)
            return true
        }
        // Leaving a window is one dispatch of that window (G10): what the
        // cancels' callbacks send runs once the view has left, so nothing
        // inside it hears an input it would not hear the end of.
        var inserted = false
        oldWindow.dispatching {
            oldWindow.subtreeWillLeave(view)
            // Cancelling ran user actions, which may have moved this view
            // inside `view` meanwhile: a cycle is refused as above.
            if view === self || isDescendant(of: view) { return }
            attach(view, at: index)
            inserted = true
        }
        return inserted
    }

    /// The insertion itself, once the view is free to move here.
    private func attach(_ view: View, at index: Int) {
        let oldWindow = view.window
        view.detachFromSuperview()
        changeSubviews { $0.insert(view, at: max(0, min(index, $0.count))) }
        view.storedSuperview = self
        let stampBefore = currentGeometryStamp
        geometryDidChange()
        // The focus order takes the subtree in at its next use (F7).
        window?.focusOrderSubtreeAdded(view, stampBefore: stampBefore)
        refreshInheritedState(from: view)
        window?.geometryDidChangeUnderTouches()
        if let oldWindow, oldWindow !== window { oldWindow.focusMayHaveGone() }
        // Moved within its window (under a hidden ancestor, say), or given
        // content that changes what its ancestors may focus (a scroll view's
        // focusable rows): the focused item is checked (K4).
        if let window { window.subtreeDidEnter(view) }
        view.didMoveToSuperview()
        didAddSubview(view)
        subviewsDidChangeForAccessibility()
    }

    /// Removes the view from its superview; gestures on it that are in progress are cancelled.
    public func removeFromSuperview() {
        guard let first = superview else { return }
        first.willRemoveSubview(self)
        // The callback may have moved the view: it leaves the superview it has now.
        guard let parent = superview else { return }
        guard let oldWindow = window else {
            detach(from: parent, leaving: nil)
            return
        }
        // One dispatch of the window (G10): what the cancels' callbacks send
        // runs once the view has left.
        oldWindow.dispatching {
            oldWindow.subtreeWillLeave(self)
            detach(from: parent, leaving: oldWindow)
        }
    }

    /// The removal itself: out of the superview, then everyone told.
    private func detach(from parent: View, leaving oldWindow: Window?) {
        detachFromSuperview()
        refreshInheritedState(from: self)
        oldWindow?.geometryDidChangeUnderTouches()
        oldWindow?.focusMayHaveGone()
        didMoveToSuperview()
        parent.subviewsDidChangeForAccessibility()
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.indexOfSubview(self) {
            parent.changeSubviews { $0.remove(at: index) }
        }
        let stampBefore = currentGeometryStamp
        geometryDidChange()
        // The focus order drops the subtree's items at its next use (F7).
        window?.focusOrderSubtreeRemoved(self, stampBefore: stampBefore)
        storedSuperview = nil
    }

    /// Changes `subviews` on a copy taken out of the view and put back: the
    /// storage is never accessed across a call, so its exclusivity is proved
    /// statically. `change` must not call out.
    @inline(__always)
    private func changeSubviews(_ change: (inout [View]) -> Void) {
        var list = storedSubviews
        storedSubviews = []
        change(&list)
        storedSubviews = list
    }

    /// Where `view` is in `subviews`, searched from the front: views are
    /// most often removed or moved near where they were added last, so the
    /// frontmost of any number of siblings is found at once. A plain loop,
    /// as a closure costs an actor-isolation check per sibling.
    func indexOfSubview(_ view: View) -> Int? {
        var index = subviews.count
        while index > 0 {
            index -= 1
            if subviews[index] === view { return index }
        }
        return nil
    }

    /// Whether this view is `view` or lies inside it.
    /// - Complexity: O(depth).
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let node = current {
            if node === view { return true }
            current = node.superview
        }
        return false
    }

    /// Recomputes the window and layout direction of `root`'s subtree after a
    /// change above it, and tells the views whose values changed.
    func refreshInheritedState(from root: View) {
        var stack: [View] = [root]
        var movedWindow: [View] = []
        var turned: [View] = []
        while let node = stack.popLast() {
            let parent = node.superview
            let newWindow: Window? = (node as? Window) ?? parent?.window
            let newDirection = node.semanticLayoutDirection
                ?? parent?.effectiveLayoutDirection ?? .leftToRight
            let windowChanged = node.window !== newWindow
            let directionChanged = node.effectiveLayoutDirection != newDirection
            if !windowChanged && !directionChanged { continue }
            if windowChanged {
                node.storedWindow = newWindow
                node.storedWindowSerial = newWindow?.serial ?? 0
                node.treeState = newWindow?.treeState ?? View.windowlessTreeState
                movedWindow.append(node)
            }
            if directionChanged {
                node.storedEffectiveLayoutDirection = newDirection
                turned.append(node)
            }
            stack.append(contentsOf: node.subviews)
        }
        for node in turned { node.effectiveLayoutDirectionDidChange() }
        for node in movedWindow { node.didMoveToWindow() }
    }
}


/// What every view of a tree shares, held by each so that reading it needs
/// no load of the unowned `window`.
@MainActor
final class TreeState {
    /// The tree's geometry stamp (see `View.currentGeometryStamp`):
    /// replaced on every change of geometry in it.
    var geometryStamp: UInt64 = 0
    /// Whether the window's `preferredContentSizeCategory` is an accessibility size; false without a window.
    var usesAccessibilityTextSize = false
}
