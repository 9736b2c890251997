/// A rectangle on screen that can hold subviews, gesture recognizers and
/// interactions: the node of the platform-agnostic view tree.
///
/// Geometry follows UIKit. `frame` places the view in its superview's
/// coordinates; `bounds` is the view's own coordinate space, and moving
/// `bounds.origin` shifts where its subviews appear (that is how scrolling
/// works). There are no transforms, so conversions are translations.
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
    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    @exclusivity(unchecked) private var storedFrame: Rect
    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    @exclusivity(unchecked) private(set) var storedBounds: Rect

    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// The view's enclosing view, or nil; it does not keep the superview alive.
    ///
    /// `unowned` rather than `weak`: a weak reference gives the view a side
    /// table, which makes every retain and release of it slow. The superview
    /// clears this in its `deinit` (see Design.md, "References that are not
    /// weak"), so it is nil, never dangling, once the superview is gone.
    @exclusivity(unchecked) public private(set) unowned var superview: View?
    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// The views this view contains, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// The window at the root of this view's tree, if the tree has one.
    ///
    /// Unowned, like `superview`: the window clears it in every view of its
    /// tree when it is freed.
    @exclusivity(unchecked) public internal(set) unowned var window: Window?

    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// How opaque the view is, from 0 to 1; hit testing skips a view below 0.01, as UIKit does.
    @exclusivity(unchecked) public var alpha: Double = 1 {
        didSet { if (oldValue >= 0.01) != (alpha >= 0.01) { hitTestingDidChange() } }
    }
    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// Whether the view receives every finger of a multi-finger touch; false
    /// (the default) gives it only the first, as in UIKit.
    @exclusivity(unchecked) public var isMultipleTouchEnabled = false
    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// Whether, while this view tracks a touch, no other view receives touches (and the reverse).
    @exclusivity(unchecked) public var isExclusiveTouch = false

    /// Whether the view's content is clipped to its bounds, as UIKit's; false by default.
    ///
    /// There is no drawing here: it tells a screen reader that descendants
    /// lying wholly outside the bounds are not showing (a scroll view's rows
    /// scrolled out of sight). Hit testing is unchanged, since a view
    /// already refuses points outside its bounds.
    public var clipsToBounds = false

    /// Whether the view is hidden; hidden views and their subviews receive no touches.
    @exclusivity(unchecked) public var isHidden = false {
        didSet {
            guard oldValue != isHidden else { return }
            hitTestingDidChange()
            visibilityDidChangeForAccessibility()
        }
    }
    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// Whether the view takes part in hit testing; false passes touches to the views behind.
    @exclusivity(unchecked) public var isUserInteractionEnabled = true {
        didSet { if oldValue != isUserInteractionEnabled { hitTestingDidChange() } }
    }

    /// This view's own layout direction; nil inherits the superview's.
    public var semanticLayoutDirection: LayoutDirection? {
        didSet {
            guard oldValue != semanticLayoutDirection else { return }
            refreshInheritedState(from: self)
        }
    }
    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// The direction this view lays out in: its own, or the nearest ancestor's, or left to right.
    @exclusivity(unchecked) public private(set) var effectiveLayoutDirection: LayoutDirection = .leftToRight

    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// The gesture recognizers attached to this view, in the order they were added.
    @exclusivity(unchecked) public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The interactions attached to this view, in the order they were added.
    public private(set) var interactions: [any Interaction] = []

    // MARK: Large content
    //
    // A view's large content is data about the view, like its frame: the
    // engine stores it and never reads it. The large content viewer (a layer
    // above) makes `View` one of its items.

    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// Whether the large content viewer shows this view; false by default, as in UIKit.
    ///
    /// Takes effect only under a `LargeContentViewerInteraction` on this view
    /// or an ancestor. Only views that cannot grow with the text size (bars,
    /// small controls) should set it.
    @exclusivity(unchecked) open var showsLargeContentViewer = false
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
    /// Kept with `window` so that a layer above can tell on every move that
    /// the view is still in the window it last used without loading the
    /// weak reference; a serial, unlike an address, is never reused.
    // Exclusivity unchecked: read on every move by the viewer (Bench, main sequence).
    @exclusivity(unchecked) package internal(set) var windowSerial: UInt64 = 0

    /// A number no other view of this process has or had: identifies a view
    /// without holding a reference to it (a freed view's address can be reused).
    package let objectSerial: UInt64
    private static var lastObjectSerial: UInt64 = 0
    private static func takeObjectSerial() -> UInt64 {
        lastObjectSerial &+= 1
        return lastObjectSerial
    }

    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// Whether this view is in `viewsNamedByTouches`: a touch has named it.
    @exclusivity(unchecked) private var isRegisteredForTouches = false
    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// The views that touches name (`Touch.view`), by `objectSerial`. A view
    /// enters when a touch first names it and leaves in its `deinit`, so an
    /// entry never outlives its view and the table holds live views only.
    @exclusivity(unchecked) private static var viewsNamedByTouches: [UInt64: UnownedView] = [:]

    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// The serial of the view `registeredForTouches(_:)` found last (0 for
    /// none): a touch's view is asked for several times per touch-down and
    /// lift, nearly always the same one, and a hash each time is dear.
    @exclusivity(unchecked) private static var lastNamedSerial: UInt64 = 0
    // Exclusivity unchecked: read on every touch-down or lift (Bench, tap).
    /// That view. Unowned (checked): its `deinit` clears both first.
    @exclusivity(unchecked) private static unowned var lastNamedView: View?

    /// Enters this view in the table `Touch.view` reads; returns its serial.
    package func registerForTouches() -> UInt64 {
        if !isRegisteredForTouches {
            isRegisteredForTouches = true
            View.viewsNamedByTouches[objectSerial] = UnownedView(view: self)
        }
        return objectSerial
    }

    /// The live view with this `objectSerial` that a touch named, or nil
    /// (0, or a view since freed).
    package static func registeredForTouches(_ serial: UInt64) -> View? {
        guard serial != 0 else { return nil }
        if serial == lastNamedSerial { return lastNamedView }
        guard let view = viewsNamedByTouches[serial]?.view else { return nil }
        lastNamedSerial = serial
        lastNamedView = view
        return view
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
        if isRegisteredForTouches {
            View.viewsNamedByTouches[objectSerial] = nil
            if View.lastNamedSerial == objectSerial {
                View.lastNamedSerial = 0
                View.lastNamedView = nil
            }
        }
        var pending = subviews
        subviews = []
        while var node = pending.popLast() {
            // Its superview is being taken apart (or freed): it has none now.
            node.superview = nil
            if isKnownUniquelyReferenced(&node) {
                // Freed at the end of this turn: take its subviews first, so
                // that its own `deinit` has none to free.
                pending.append(contentsOf: node.subviews)
                node.subviews = []
            }
        }
    }

    // Exclusivity unchecked: read for every child hit testing visits (Bench, tap).
    /// Whether this view is exactly one of the library's own classes, which
    /// never override `hitTest(_:with:)` or `point(inside:with:)`: hit
    /// testing may then skip calling `hitTest`. Each library class declares
    /// it for its own exact type in its initializer; a subclass elsewhere
    /// is never trusted.
    @exclusivity(unchecked) package var hasBuiltInBehaviour: Bool

    /// The shared state of every tree that has no window: its geometry
    /// stamp is replaced when a frame, bounds or superview changes in any of them.
    static let windowlessTreeState = TreeState()
    // Exclusivity unchecked: read on every touch by conversion and the viewer's lookup (Bench).
    /// The state this view's tree shares: its window's, or the one all
    /// windowless trees share. Held strongly, beside the unowned `window`,
    /// so that reading it needs no check that the window is still alive.
    @exclusivity(unchecked) var treeState = View.windowlessTreeState
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
    }
    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    /// This view's offset to the root of its tree, and the generation it was computed at.
    @exclusivity(unchecked) var cachedOffsetToRoot = (dx: 0.0, dy: 0.0)
    // Exclusivity unchecked: read on every touch by hit testing, conversion or the viewer's lookup (Bench).
    @exclusivity(unchecked) var cachedOffsetGeneration = UInt64.max

    // Exclusivity unchecked: read for every subview hit testing enters (Bench, tap).
    /// What `acceptsHits` answers, kept for the library's own classes
    /// (`hasBuiltInBehaviour`), where every change to what it reads calls
    /// `refreshBuiltInAcceptsHits()`: hit testing reads this flag rather
    /// than calling the overridable `isEnabledForHitTesting`, a call that
    /// cost a retain and a release of the subview on every level.
    @exclusivity(unchecked) package private(set) var builtInAcceptsHits = true

    /// Recomputes `builtInAcceptsHits`; a library class calls it when its
    /// answer to `isEnabledForHitTesting` changes.
    package func refreshBuiltInAcceptsHits() {
        builtInAcceptsHits = acceptsHits
    }

    // Exclusivity unchecked: read on every touch-down by hit testing (Bench, tap).
    /// Where, in the superview's coordinates, a point cannot be inside this
    /// view's bounds (see `HitRejectionBox`); kept with the frame and bounds.
    @exclusivity(unchecked) var hitRejectionBox: HitRejectionBox

    /// Creates a view with the given frame; its bounds start at the origin.
    public init(frame: Rect = .zero) {
        objectSerial = View.takeObjectSerial()
        storedFrame = frame
        storedBounds = Rect(origin: .zero, size: frame.size)
        hitRejectionBox = HitRejectionBox(frame: frame, bounds: Rect(origin: .zero, size: frame.size))
        hasBuiltInBehaviour = type(of: self) == View.self || type(of: self) == Window.self
    }

    /// The view's rectangle in its superview's coordinates.
    ///
    /// Setting it also sets `bounds.size`, and lays the view out again when
    /// the size changes.
    public var frame: Rect {
        get { storedFrame }
        set {
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
            let center = storedFrame.center
            geometryDidChange()
            storedBounds = newValue
            storedFrame = Rect(
                x: center.x - newValue.size.width / 2,
                y: center.y - newValue.size.height / 2,
                width: newValue.size.width,
                height: newValue.size.height
            )
            hitRejectionBox = HitRejectionBox(frame: storedFrame, bounds: storedBounds)
            window?.geometryDidChangeUnderTouches()
            if oldSize != newValue.size { layoutSubviews() }
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

    /// Whether a recognizer of an ancestor may begin for a touch on this
    /// view (or on a view inside it); true by default, as UIKit's
    /// `gestureRecognizerShouldBegin(_:)`.
    ///
    /// Asked for each view from the touch's hit view up to, not including,
    /// the recognizer's own view. `Control` refuses an ancestor's one-finger
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
    /// screen reader's double tap, AT-SPI's `click`); the default does
    /// nothing and returns false. Controls act as a tap.
    open func accessibilityActivate() -> Bool { false }
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

    // MARK: Gesture recognizers

    /// Attaches a gesture recognizer, taking it from its previous view if it had one.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let previous = recognizer.view {
            if previous === self { return }
            previous.removeGestureRecognizer(recognizer)
        }
        gestureRecognizers.append(recognizer)
        recognizer.attach(to: self)
    }

    /// Detaches a gesture recognizer; one that is recognizing is cancelled first.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        // Cancelling runs user actions, which may change this list: find the
        // recognizer again afterwards rather than trusting an old index.
        recognizer.abandonTouches()
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizers.remove(at: index)
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
            subviews.remove(at: current)
            // Only the order changed: every offset stays what it was.
            subviews.insert(view, at: max(0, min(index, subviews.count)))
            subviewsDidChangeForAccessibility()
            return true
        }
        if let oldWindow = view.window, oldWindow !== window {
            oldWindow.subtreeWillLeave(view)
            // Cancelling ran user actions, which may have moved this view
            // inside `view` meanwhile: a cycle is refused as above.
            if view === self || isDescendant(of: view) { return false }
        }
        view.detachFromSuperview()
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        geometryDidChange()
        refreshInheritedState(from: view)
        window?.geometryDidChangeUnderTouches()
        view.didMoveToSuperview()
        subviewsDidChangeForAccessibility()
        return true
    }

    /// Removes the view from its superview; gestures on it that are in progress are cancelled.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        oldWindow?.subtreeWillLeave(self)
        detachFromSuperview()
        refreshInheritedState(from: self)
        oldWindow?.geometryDidChangeUnderTouches()
        didMoveToSuperview()
        parent.subviewsDidChangeForAccessibility()
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.indexOfSubview(self) {
            parent.subviews.remove(at: index)
        }
        geometryDidChange()
        superview = nil
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
                node.window = newWindow
                node.windowSerial = newWindow?.serial ?? 0
                node.treeState = newWindow?.treeState ?? View.windowlessTreeState
                movedWindow.append(node)
            }
            if directionChanged {
                node.effectiveLayoutDirection = newDirection
                turned.append(node)
            }
            stack.append(contentsOf: node.subviews)
        }
        for node in turned { node.effectiveLayoutDirectionDidChange() }
        for node in movedWindow { node.didMoveToWindow() }
    }
}

/// An entry of `View.viewsNamedByTouches`. Unowned (checked): the view
/// removes its entry in its `deinit`, so a lookup never meets a freed view.
private struct UnownedView {
    unowned let view: View
}

/// What every view of a tree shares, held by each so that reading it needs
/// no load of the unowned `window`.
@MainActor
final class TreeState {
    // Exclusivity unchecked: read on every touch by conversion and the viewer's lookup (Bench).
    /// The tree's geometry stamp (see `View.currentGeometryStamp`):
    /// replaced on every change of geometry in it.
    @exclusivity(unchecked) var geometryStamp: UInt64 = 0
    // Exclusivity unchecked: read on every touch-down by the viewer (Bench, tap).
    /// Whether the window's `preferredContentSizeCategory` is an accessibility size; false without a window.
    @exclusivity(unchecked) var usesAccessibilityTextSize = false
}
