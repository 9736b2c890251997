import InteractionKitCore

/// Shows a large HUD of the control under the finger, for people who use
/// accessibility text sizes: the Linux counterpart of UIKit's
/// `UILargeContentViewerInteraction`.
///
/// Add it to a view that holds small controls. While the window's
/// `preferredContentSizeCategory` is an accessibility size, a long press
/// (0.15 s) on an item shows the item's title and image in the window's
/// HUD; sliding the finger shows whatever item is under it (nothing between
/// items, without ending the gesture); lifting hides the HUD and calls the
/// delegate's `didEndOn` once, or performs the item's default action. A
/// cancelled touch hides the HUD and ends nothing. At other sizes the
/// interaction does nothing at all.
///
/// Items are found by the delegate's `itemAt`, or by the default lookup:
/// the deepest view under the point whose `showsLargeContentViewer` is true,
/// with components whose items are not views (a `TabBar`) answering for
/// themselves through `LargeContentViewerItemProvider`.
///
/// When interactions are nested, the innermost one whose view holds the
/// touch runs and the outer ones stay out of that gesture.
///
/// ```swift
/// let toolbar = View(frame: Rect(x: 0, y: 0, width: 390, height: 44))
/// toolbar.addInteraction(LargeContentViewerInteraction())
/// ```
@MainActor
public final class LargeContentViewerInteraction: Interaction {
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The object that maps points to items and handles the end of the gesture; held weakly.
    @exclusivity(unchecked) public weak var delegate: (any LargeContentViewerInteractionDelegate)? {
        // A delegate answers itemAt on every move: no region holds for it.
        didSet { recognizer.rememberStableItem(nil) }
    }
    /// The view the interaction is attached to.
    ///
    /// It is the view its recognizer is attached to: the interaction holds
    /// no reference of its own (a weak one would give the view a side table,
    /// which slows every retain of it), and the view clears the recognizer's
    /// when it is freed.
    public var view: View? { recognizer.view }

    private let recognizer: LargeContentViewerGestureRecognizer
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The HUD of the window it was shown in, so it can be hidden after the
    /// view left that window. Strong: the HUD does not own the interaction.
    @exclusivity(unchecked) private var presentingHUD: LargeContentViewerHUD?
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The window's serial (`View.windowSerial`), compared on every move
    /// without loading a weak reference; 0 when nothing is presented.
    @exclusivity(unchecked) private var presentingWindowSerial: UInt64 = 0
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The view on show, if the item is a view, by its `objectSerial` (0
    /// for none): no reference, as it may be the interaction's own view,
    /// which owns the interaction, and a number is never reused.
    @exclusivity(unchecked) private var shownViewSerial: UInt64 = 0
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The item on show, if it is not a view (a tab). Strong, so that a
    /// freed item can never match a new one at the same address.
    @exclusivity(unchecked) private var shownItem: (any LargeContentViewerItem)?
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The change count of the item on show, when it was shown.
    @exclusivity(unchecked) private var shownRevision: UInt64?
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The view as an item provider (a tab bar), found once when attached:
    /// a dynamic cast on every move costs a conformance lookup. Unowned, as
    /// the view owns the interaction; it is read only through
    /// `itemProvider(of:)`, which first checks that the view in hand is the
    /// very view it was found on, alive.
    @exclusivity(unchecked) private unowned var viewAsItemProvider: (any LargeContentViewerItemProvider)?
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The `objectSerial` of the view `viewAsItemProvider` was found on.
    @exclusivity(unchecked) private var itemProviderViewSerial: UInt64 = 0
    // Exclusivity unchecked: read on every lift of the viewer (Bench, main sequence).
    /// The class of the item last given to `performDefaultAction(for:)`.
    @exclusivity(unchecked) private var activatorItemClass: ObjectIdentifier?
    // Exclusivity unchecked: read on every lift of the viewer (Bench, main sequence).
    /// How items of that class activate; nil when they are not `LargeContentViewerActivatable`.
    @exclusivity(unchecked) private var activator: (@MainActor (any LargeContentViewerItem) -> Void)?
    // Exclusivity unchecked: read on every touch-down of the viewer (Bench, main sequence).
    /// The HUD of the window with serial `lastHUDWindowSerial`, kept across
    /// gestures: finding a window's attachment costs a dictionary lookup
    /// and a cast.
    ///
    /// Unowned, not strong: a strong one would outlive the window and keep
    /// its HUD, and whatever the HUD's observers capture, alive. It is read
    /// only when the view's window has that serial; a serial is never
    /// reused, so that window is alive, and it owns its HUD.
    @exclusivity(unchecked) private unowned var lastHUD: LargeContentViewerHUD?
    // Exclusivity unchecked: read on every touch-down of the viewer (Bench, main sequence).
    @exclusivity(unchecked) private var lastHUDWindowSerial: UInt64 = 0

    /// Creates an interaction; add it to a view with `View.addInteraction(_:)`.
    public init(delegate: (any LargeContentViewerInteractionDelegate)? = nil) {
        self.delegate = delegate
        recognizer = LargeContentViewerGestureRecognizer()
        recognizer.name = Self.recognizerName
        recognizer.minimumPressDuration = GestureConstants.largeContentViewerPressDuration
        recognizer.interaction = self
    }

    isolated deinit {
        recognizer.interaction = nil
    }

    /// The name of the interaction's recognizer, as transcripts show it.
    public static let recognizerName = "large-content-viewer"

    /// The interaction's long-press recognizer (0.15 s), for setting up
    /// failure or simultaneity relationships with your own recognizers.
    ///
    /// It is a `LongPressGestureRecognizer`; you may change its
    /// `minimumPressDuration` or `allowableMovement`.
    public var gestureRecognizerForExclusionRelationship: GestureRecognizer { recognizer }

    /// Whether the viewer is active: true while the view's window has an accessibility content size.
    public var isEnabled: Bool {
        // Read from the state the view's tree shares: no load of the window.
        view?.windowUsesAccessibilityTextSize ?? false
    }

    // MARK: Interaction

    /// Detaches the recognizer from the old view, ending any gesture in progress.
    public func willMove(to view: View?) {
        self.view?.removeGestureRecognizer(recognizer)
        hide()
    }

    /// Attaches the recognizer to the new view.
    public func didMove(to view: View?) {
        viewAsItemProvider = view as? any LargeContentViewerItemProvider
        itemProviderViewSerial = viewAsItemProvider == nil ? 0 : view?.objectSerial ?? 0
        view?.addGestureRecognizer(recognizer)
    }

    /// The view as an item provider, if it is one. `view` is alive (the
    /// caller holds it), so when its serial is the one the provider was
    /// found on, the unowned provider is that same live object.
    private func itemProvider(of view: View) -> (any LargeContentViewerItemProvider)? {
        guard itemProviderViewSerial != 0, view.objectSerial == itemProviderViewSerial else { return nil }
        return viewAsItemProvider
    }

    // MARK: Item lookup

    /// The item at a point in the view's coordinates, by the delegate or the
    /// default lookup; an item whose `showsLargeContentViewer` is false counts as none.
    public func item(at point: Point) -> (any LargeContentViewerItem)? {
        guard let view else { return nil }
        return item(at: point, in: view)
    }

    private func item(at point: Point, in view: View) -> (any LargeContentViewerItem)? {
        guard point.isFinite else { return nil }
        guard let delegate else {
            // The default lookup already keeps only items that show the viewer.
            return defaultItem(at: point, in: view)
        }
        guard let found = delegate.largeContentViewerInteraction(self, itemAt: point),
              found.showsLargeContentViewer else { return nil }
        return found
    }

    /// The default lookup: the deepest visible, interactive view under the
    /// point (within the interaction's view) whose `showsLargeContentViewer`
    /// is true, or the item a `LargeContentViewerItemProvider` on the way
    /// down answers for the point.
    ///
    /// The deepest such view or provider decides, and a provider's nil is
    /// final: a tab bar's gap or disabled item does not fall through to a
    /// container behind it.
    /// - Complexity: O(depth below the interaction's view), no allocation.
    public func defaultItem(at point: Point) -> (any LargeContentViewerItem)? {
        guard let view, point.isFinite else { return nil }
        return defaultItem(at: point, in: view)
    }

    private func defaultItem(at point: Point, in view: View) -> (any LargeContentViewerItem)? {
        if view.subviews.isEmpty, let provider = itemProvider(of: view) {
            // The walk below would visit only the view itself (a tab bar): answer directly.
            guard view.acceptsHits, view.point(inside: point, with: nil),
                  let item = provider.largeContentViewerItem(at: point), item.showsLargeContentViewer else { return nil }
            return item
        }
        var deepest: View?
        var deepestPoint = point
        var walker = ViewPathWalker(from: view, at: point)
        while let (node, location) = walker.next() {
            if node.showsLargeContentViewer || node is any LargeContentViewerItemProvider {
                deepest = node
                deepestPoint = location
            }
        }
        guard let deepest else { return nil }
        if let provider = deepest as? any LargeContentViewerItemProvider {
            guard let item = provider.largeContentViewerItem(at: deepestPoint), item.showsLargeContentViewer else {
                return nil
            }
            return item
        }
        return deepest
    }

    /// The default end of a gesture: an item that is
    /// `LargeContentViewerActivatable` acts (a control performs its primary
    /// action if enabled, a tab is selected); anything else does nothing.
    public func performDefaultAction(for item: (any LargeContentViewerItem)?) {
        guard let item else { return }
        // A cast to a protocol asks the runtime's conformance tables (about
        // a thousand instructions on every lift); a class cast is a few
        // dozen. So the protocol cast is made once per item class, and
        // kept as an activator that casts to that class.
        let itemClass = ObjectIdentifier(type(of: item))
        if itemClass != activatorItemClass {
            activatorItemClass = itemClass
            activator = (item as? any LargeContentViewerActivatable).map { Self.activator(for: $0) }
        }
        activator?(item)
    }

    /// Activates items of the dynamic class of `activatable`.
    private static func activator(
        for activatable: any LargeContentViewerActivatable
    ) -> @MainActor (any LargeContentViewerItem) -> Void {
        func activator<Item: LargeContentViewerActivatable>(_: Item) -> @MainActor (any LargeContentViewerItem) -> Void {
            { item in (item as? Item)?.activateFromLargeContentViewer() }
        }
        return activator(activatable)
    }

    /// Looks the item up again at the finger and shows its current content,
    /// without waiting for the next move: a component calls this when the
    /// items under the finger, or their titles and images, change (`TabBar`
    /// does, for its items).
    public func refresh() {
        // What the provider promised about its region may no longer hold.
        recognizer.rememberStableItem(nil)
        guard recognizer.state.isInProgress, let view else { return }
        let state = recognizer.state
        let point = recognizer.location(in: view)
        let item = item(at: point, in: view)
        // The lookup may call out (itemAt) and end or move the gesture
        // meanwhile: then that change showed or hid what it had to, and this
        // older answer must not be presented over it.
        guard recognizer.state == state, recognizer.location(in: view) == point else { return }
        show(item, in: view, stableRegion: nil)
    }

    // MARK: Gesture

    /// Whether this interaction may begin for its recognizer's touches: it
    /// is enabled, no interaction nested inside its view holds the same
    /// touch, and there is an item under the finger.
    fileprivate func mayBegin() -> Bool {
        guard let view, isEnabled else { return false }
        var standsAside = false
        recognizer.forEachRecognizerSharingTouches { other in
            guard !standsAside else { return }
            if let inner = other as? LargeContentViewerGestureRecognizer {
                // L7: a viewer nested inside this one's view takes the gesture.
                guard let innerView = inner.view, innerView !== view else { return }
                standsAside = innerView.isDescendant(of: view)
            } else if other.state.isInProgress || other.state == .ended {
                // L8: something that recognizes alongside already has the touch.
                standsAside = true
            }
        }
        if standsAside { return false }
        return item(at: recognizer.location(in: view), in: view) != nil
    }

    /// Follows the recognizer: called on every committed state change, before its actions.
    fileprivate func gestureChanged(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began, .changed:
            guard let view else { return hide() }
            let state = recognizer.state
            let stamp = view.currentGeometryStamp
            let point = recognizer.location(in: view)
            let (item, providerRegion) = itemAndProviderRegion(at: point, in: view)
            // The lookup may call out (itemAt) and end the gesture meanwhile:
            // then that change has hidden the HUD, and nothing is shown.
            guard recognizer.state == state else { return }
            var region: StableRegion?
            if item != nil, let providerRegion {
                region = stableRegion(providerRegion, of: view, stamp: stamp)
            }
            show(item, in: view, stableRegion: region)
        case .ended:
            guard let view else { return hide() }
            let point = recognizer.location(in: view)
            let item = item(at: point, in: view)
            hide()
            // The lookup and the hide call out (itemAt, observers); if one of
            // them moved the recognizer on, this gesture has no end to report.
            guard recognizer.state == .ended else { return }
            if let delegate {
                delegate.largeContentViewerInteraction(self, didEndOn: item, at: point)
            } else {
                performDefaultAction(for: item)
            }
        case .cancelled:
            hide()
        case .possible, .failed:
            break
        }
    }

    /// The item at a point (in the view's coordinates), as `item(at:in:)`
    /// finds it, and, when the view is an item provider answering the
    /// default lookup itself, the region around the point where its answer
    /// holds (see `LargeContentViewerItemProvider.largeContentViewerItemRegion(at:)`).
    private func itemAndProviderRegion(
        at point: Point, in view: View
    ) -> (item: (any LargeContentViewerItem)?, region: Rect?) {
        guard delegate == nil, point.isFinite, view.subviews.isEmpty, let provider = itemProvider(of: view) else {
            return (item(at: point, in: view), nil)
        }
        // `defaultItem(at:in:)`'s first case, with the region from the same search.
        guard view.acceptsHits, view.point(inside: point, with: nil) else { return (nil, nil) }
        let (item, region) = provider.largeContentViewerItemAndRegion(at: point)
        guard let item, item.showsLargeContentViewer else { return (nil, nil) }
        return (item, region)
    }

    /// A provider's region (in the view's coordinates) in window
    /// coordinates, shrunk by a margin, as the recognizer tests moves
    /// against it; nil when anything moved since `stamp` was read before
    /// the lookup, or the region is empty or not finite.
    private func stableRegion(_ region: Rect, of view: View, stamp: UInt64) -> StableRegion? {
        guard stamp == view.currentGeometryStamp else { return nil }
        let offset = view.convert(Point(x: 0, y: 0), to: nil)
        let inWindow = region.offsetBy(dx: offset.x, dy: offset.y)
        // The provider's arithmetic and the conversions each round by an ulp
        // or so (about 1e-16 of the magnitudes): a margin of 1e-9 of them
        // keeps every point inside on the same side of each slot boundary.
        // Pairwise: the variadic `max` builds an array on every slot change.
        let magnitude = max(max(max(1, abs(inWindow.minX)), max(abs(inWindow.maxX), abs(inWindow.minY))),
                            max(abs(inWindow.maxY), max(abs(offset.x), abs(offset.y))))
        let margin = magnitude * 1e-9
        let shrunk = StableRegion(
            minX: inWindow.minX + margin, maxX: inWindow.maxX - margin,
            minY: inWindow.minY + margin, maxY: inWindow.maxY - margin
        )
        guard shrunk.minX.isFinite, shrunk.maxX.isFinite, shrunk.minY.isFinite, shrunk.maxY.isFinite,
              shrunk.minX < shrunk.maxX, shrunk.minY < shrunk.maxY else { return nil }
        return shrunk
    }

    /// Shows an item's presentation in the view's window, or hides the HUD
    /// for nil; `stableRegion` is where it stays the answer, if known.
    private func show(
        _ item: (any LargeContentViewerItem)?, in view: View, stableRegion: StableRegion?
    ) {
        guard let item else { return hide() }
        let hud: LargeContentViewerHUD
        let windowSerial = view.windowSerial
        if windowSerial != 0 && presentingWindowSerial == windowSerial, let current = presentingHUD {
            hud = current
            if hud.isPresenting(self) && isStillShown(item, in: hud) {
                remember(stableRegion)
                return
            }
        } else {
            guard let window = view.window else { return hide() }
            hide()
            if windowSerial != 0 && lastHUDWindowSerial == windowSerial, let last = lastHUD {
                hud = last
            } else {
                hud = LargeContentViewerHUD.of(window)
                lastHUD = hud
                lastHUDWindowSerial = windowSerial
            }
            presentingHUD = hud
            presentingWindowSerial = windowSerial
        }
        remember(item)
        // Before presenting: an observer told of it may hide or show again,
        // and what it leaves must not be overwritten afterwards.
        remember(stableRegion)
        hud.present(LargeContentViewerPresentation(item: item), from: self)
    }

    /// Tells the recognizer where the item on show stays the answer (nil:
    /// nowhere known), so that moves within it need no lookup.
    private func remember(_ stableRegion: StableRegion?) {
        recognizer.rememberStableItem(stableRegion)
    }

    /// The region where the item this interaction shows stays the answer;
    /// the HUD deactivates it when another presentation goes on top.
    var stableRegionOnShow: QuietMoveRegion { recognizer.stableRegion }

    /// Whether the HUD already shows this item's current content: the common
    /// case while sliding. An item with a change count
    /// (`largeContentRevision`) says so by its identity and that count; any
    /// other item is compared field by field, since one item may change its
    /// content (the forum's workaround retitles a single view as the finger moves).
    private func isStillShown(_ item: any LargeContentViewerItem, in hud: LargeContentViewerHUD) -> Bool {
        if let revision = item.largeContentRevision {
            if let shownItem { return item === shownItem && revision == shownRevision }
            return (item as? View)?.objectSerial == shownViewSerial && revision == shownRevision
        }
        return hud.isShowing(item)
    }

    /// Notes which item is on show, for `isStillShown(_:in:)`.
    private func remember(_ item: any LargeContentViewerItem) {
        if let view = item as? View {
            shownViewSerial = view.objectSerial
            shownItem = nil
        } else {
            shownViewSerial = 0
            shownItem = item
        }
        shownRevision = item.largeContentRevision
    }

    private func hide() {
        // Forget first, then notify: an observer told of the hide may start
        // a new gesture whose show must not be forgotten when this returns.
        let hud = presentingHUD
        recognizer.rememberStableItem(nil)
        shownItem = nil
        shownViewSerial = 0
        shownRevision = nil
        presentingHUD = nil
        presentingWindowSerial = 0
        hud?.present(nil, from: self)
    }

    /// Called while the recognizer holds touches and the window's text size
    /// changes: leaving the accessibility sizes cancels a gesture in progress.
    fileprivate func contentSizeCategoryDidChange() {
        guard !isEnabled else { return }
        recognizer.abandonTouches()
        hide()
    }
}

/// The large content viewer's long press: it receives touches only while
/// the viewer is enabled, and begins only over an item.
final class LargeContentViewerGestureRecognizer: LongPressGestureRecognizer {
    // Exclusivity unchecked: read on every move while the viewer runs (Bench, main sequence).
    /// The interaction that owns this recognizer; it clears this when freed
    /// (unowned: a weak reference would give the interaction a side table).
    @exclusivity(unchecked) unowned var interaction: LargeContentViewerInteraction?

    override func shouldReceive(_ touch: Touch) -> Bool {
        interaction?.isEnabled ?? false
    }

    override func shouldBegin() -> Bool {
        interaction?.mayBegin() ?? false
    }

    // Where the item on show stays the answer: moves within it need no
    // lookup, and the engine skips them (see `QuietMoveRegion`). The
    // region is active only while the finger's item is on show in the HUD:
    // whatever else could change the answer deactivates it. A change of
    // geometry or hit testing in the window (`windowGeometryDidChange()`),
    // a `refresh()` (the provider's promise), a new delegate and a hide do
    // here; the HUD does when another interaction's presentation goes on top.
    /// The item on show's region, in window coordinates.
    let stableRegion = QuietMoveRegion()

    override init() {
        super.init()
        quietMoveRegion = stableRegion
    }

    /// Notes where the item on show stays the answer (nil: nowhere known).
    func rememberStableItem(_ region: StableRegion?) {
        guard let region else {
            stableRegion.deactivate()
            return
        }
        stableRegion.activate(minX: region.minX, maxX: region.maxX, minY: region.minY, maxY: region.maxY)
    }

    override func stateDidChange(from oldState: State) {
        // A move within the region where the item on show stays the answer
        // has nothing to look up and nothing to show: the interaction is
        // not even loaded. (Without actions and observers the engine does
        // not even commit such a move.)
        if state == .changed, stableRegion.holds(location(in: nil)) {
            return
        }
        // The interaction does nothing on a failure (every tap of a tab
        // fails this recognizer): it is not loaded for one.
        if state == .failed { return }
        interaction?.gestureChanged(self)
    }

    /// Backs off when a recognizer that may recognize alongside the viewer
    /// recognizes on the same touch (L8): the HUD hides, nothing is selected,
    /// `didEndOn` is not called. Another viewer never counts (L7 decides).
    override func sharingRecognizerDidRecognize(_ other: GestureRecognizer) {
        guard !(other is LargeContentViewerGestureRecognizer), state == .possible || state.isInProgress else { return }
        abandonTouches()
    }

    override func preferredContentSizeCategoryDidChange() {
        interaction?.contentSizeCategoryDidChange()
    }

    /// A view moved under the still finger: show what a lift would select (L9).
    override func windowGeometryDidChange() {
        // The region was measured in the old geometry.
        rememberStableItem(nil)
        interaction?.refresh()
    }
}

/// A rectangle as its edges, in window coordinates, as the recognizer's
/// `QuietMoveRegion` takes them: no normalising of negative sizes on the way.
struct StableRegion {
    var minX = 0.0
    var maxX = 0.0
    var minY = 0.0
    var maxY = 0.0
}
