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
    /// The object that maps points to items and handles the end of the gesture; held weakly.
    public var delegate: (any LargeContentViewerInteractionDelegate)? {
        get { storedDelegate }
        set {
            storedDelegate = newValue
            // A delegate answers itemAt on every move: no region holds for it.
            recognizer.forgetStableRegion()
        }
    }
    /// The delegate's storage: private, so that the compiler proves its
    /// accesses exclusive (a public weak property is checked at run time).
    private weak var storedDelegate: (any LargeContentViewerInteractionDelegate)?
    /// The view the interaction is attached to.
    ///
    /// It is the view its recognizer is attached to: the interaction holds
    /// no reference of its own (a weak one would give the view a side table;
    /// Design.md, "References that are not weak"), and the view clears the
    /// recognizer's when it is freed.
    public var view: View? { recognizer.view }

    private let recognizer: LargeContentViewerGestureRecognizer
    /// The HUD of the window it shows in, so it can be hidden after the
    /// view left that window; nil when nothing is presented. Strong: the
    /// HUD does not own the interaction.
    private var presentingHUD: LargeContentViewerHUD?
    /// The view as an item provider (a tab bar), found once when attached
    /// rather than cast on every lookup, which would ask the runtime's
    /// conformance tables on each move (Bench's move target). Replaced by swapping, never
    /// assigned (see `LargeContentViewerInteractionLink` for why).
    private var viewAsItemProvider: ItemProviderOfView?
    /// Whether the interaction is looking up the item it will show (or end
    /// on) next: a change of large content made meanwhile (a delegate that
    /// retitles one view as the finger moves, as the forum's workaround
    /// does) is shown by that show, once, not field by field as it is made.
    private(set) var isLookingUpToShow = false

    /// Creates an interaction; add it to a view with `View.addInteraction(_:)`.
    public init(delegate: (any LargeContentViewerInteractionDelegate)? = nil) {
        storedDelegate = delegate
        recognizer = LargeContentViewerGestureRecognizer()
        recognizer.name = Self.recognizerName
        recognizer.minimumPressDuration = Self.pressDuration
        // Swapped in, not assigned: an assignment would release the old
        // value inside the write, and the compiler would then check every
        // access to the property at run time.
        var link: LargeContentViewerInteractionLink? = LargeContentViewerInteractionLink(self)
        swap(&recognizer.link, &link)
    }

    isolated deinit {
        recognizer.link?.isAlive = false
        // Its presentation must not outlive it. Silently: this happens only
        // as the window is taken apart (a view that leaves its window ends
        // its gestures, which hides), when observers must not run.
        presentingHUD?.forget(self)
    }

    /// How long a finger must be held before the viewer shows, in seconds (as on iOS): its recognizer's `minimumPressDuration`.
    public static let pressDuration = 0.15

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
        var provider = view.flatMap(ItemProviderOfView.init)
        swap(&viewAsItemProvider, &provider)
        view?.addGestureRecognizer(recognizer)
    }

    /// The view as an item provider, if it is one.
    private func itemProvider(of view: View) -> (any LargeContentViewerItemProvider)? {
        viewAsItemProvider?.provider(ifFoundOn: view)
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
        // Once a gesture, at its end: a cast here is off the per-move path.
        (item as? any LargeContentViewerActivatable)?.activateFromLargeContentViewer()
    }

    /// Looks the item up again at the finger and shows its current content,
    /// without waiting for the next move: a component calls this when the
    /// items under the finger, or their titles and images, change (`TabBar`
    /// does, for its items). A view's own `largeContentDidChange()` needs no
    /// call: the HUD hears of it from the window.
    public func refresh() {
        // What the provider promised about its region may no longer hold.
        recognizer.forgetStableRegion()
        guard recognizer.state.isInProgress, let view else { return }
        let state = recognizer.state
        let point = recognizer.location(in: view)
        let outer = isLookingUpToShow
        isLookingUpToShow = true
        let item = item(at: point, in: view)
        isLookingUpToShow = outer
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
            let outer = isLookingUpToShow
            isLookingUpToShow = true
            let (item, providerRegion) = itemAndProviderRegion(at: point, in: view)
            isLookingUpToShow = outer
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
            let outer = isLookingUpToShow
            isLookingUpToShow = true
            let item = item(at: point, in: view)
            isLookingUpToShow = outer
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
        if let current = presentingHUD, current.windowSerial == view.windowSerial {
            hud = current
        } else {
            guard let window = view.window else { return hide() }
            hide()
            hud = LargeContentViewerHUD.of(window)
            presentingHUD = hud
        }
        // Before presenting: an observer told of it may hide or show again,
        // and what it leaves must not be overwritten afterwards.
        recognizer.remember(stableRegion)
        hud.show(item, from: self)
    }

    /// The way back to this interaction that the HUD keeps for each presentation.
    var link: LargeContentViewerInteractionLink? { recognizer.link }

    /// Another interaction's presentation went on top of this one's (rule
    /// L10): this one's next move must show its item again, so the region
    /// where moves are skipped no longer holds.
    func presentationWasCovered() {
        recognizer.forgetStableRegion()
    }

    private func hide() {
        // Forget first, then notify: an observer told of the hide may start
        // a new gesture whose show must not be forgotten when this returns.
        recognizer.forgetStableRegion()
        let hud = presentingHUD
        presentingHUD = nil
        hud?.withdraw(self)
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
    /// The way back to the interaction that owns this recognizer, set once
    /// by the interaction's initializer (see `LargeContentViewerInteractionLink`).
    var link: LargeContentViewerInteractionLink?

    /// The interaction that owns this recognizer; nil once it is freed.
    var interaction: LargeContentViewerInteraction? { link?.interactionIfAlive }

    /// Where the item on show stays the answer, in window coordinates;
    /// `StableRegion.nowhere` when nowhere is known.
    ///
    /// It is set only while this interaction's presentation shows the
    /// finger's item; whatever could change the answer forgets it first: a
    /// change of geometry or hit testing in the window
    /// (`windowGeometryDidChange()`), a `refresh()` (the provider's
    /// promise), a new delegate, a hide, and another interaction's
    /// presentation going on top (the HUD says so).
    private var stableRegion = StableRegion.nowhere
    /// Whether the last state committed is `changed`: a move reads this
    /// flag rather than asking `state` across modules.
    private var isChanged = false

    /// Notes where the item on show stays the answer (nil: nowhere known).
    /// With more than one finger the location is their centroid, which no
    /// one finger's move tells: then no region is kept.
    func remember(_ region: StableRegion?) {
        stableRegion = numberOfTouches == 1 ? region ?? .nowhere : .nowhere
    }

    /// Forgets where the item on show stays the answer.
    func forgetStableRegion() {
        stableRegion = .nowhere
    }

    /// Takes touches only at accessibility sizes (L1): the interaction's
    /// `isEnabled`, read from the view the two share, so that a tap does
    /// not load the interaction.
    override func shouldReceive(_ touch: Touch) -> Bool {
        view?.windowUsesAccessibilityTextSize ?? false
    }

    override func shouldBegin() -> Bool {
        interaction?.mayBegin() ?? false
    }

    /// A move within the region where the item on show stays the answer
    /// has nothing to look up and nothing to show. When no one else would
    /// hear the repeated `changed` either (one touch, no actions, no state
    /// observers), the move is not committed at all.
    override func touchMoved(_ touch: Touch, with event: Event) {
        if isChanged, stableRegion.contains(touch.location), !hasActionsOrStateObservers { return }
        super.touchMoved(touch, with: event)
    }

    override func stateDidChange(from oldState: State) {
        isChanged = state == .changed
        // A move within the region (committed for listeners) shows nothing
        // new: the interaction is not even loaded.
        if isChanged, stableRegion.contains(location(in: nil)) { return }
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

    /// Clears the state the moves read, with the long press's.
    override func reset() {
        super.reset()
        isChanged = false
    }

    override func preferredContentSizeCategoryDidChange() {
        interaction?.contentSizeCategoryDidChange()
    }

    /// A view moved under the still finger: show what a lift would select (L9).
    override func windowGeometryDidChange() {
        // The region was measured in the old geometry.
        forgetStableRegion()
        interaction?.refresh()
    }
}

/// A rectangle as its edges, in window coordinates: no normalising of
/// negative sizes on the way, and half-open, as `Rect.contains(_:)`.
struct StableRegion {
    var minX = 0.0
    var maxX = 0.0
    var minY = 0.0
    var maxY = 0.0

    /// The region that holds no point (NaN included).
    static let nowhere = StableRegion(minX: .infinity, maxX: -.infinity, minY: .infinity, maxY: -.infinity)

    /// Whether the region holds a point.
    @inline(__always)
    func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}

/// The way from a viewer's recognizer, and from the HUD, back to the
/// interaction: a reference that reads nil once the interaction is freed,
/// with no weak reference and no write that releases.
///
/// A weak reference would give the interaction a side table, which makes
/// every unowned and strong count of it slow; an unowned one that the
/// interaction's `deinit` clears would release inside that write, which
/// makes the compiler check every access to it at run time. So the link
/// holds the interaction `unowned let`, set once, and the interaction's
/// `deinit` turns `isAlive` off: the reference is never read after that.
@MainActor
final class LargeContentViewerInteractionLink {
    private unowned let interaction: LargeContentViewerInteraction
    /// Whether the interaction is alive: its `deinit` turns this off first.
    var isAlive = true

    init(_ interaction: LargeContentViewerInteraction) {
        self.interaction = interaction
    }

    /// The interaction, or nil once it is freed.
    var interactionIfAlive: LargeContentViewerInteraction? { isAlive ? interaction : nil }
}

/// A view found to be a `LargeContentViewerItemProvider`, kept as one.
///
/// Unowned, as the view owns the interaction that keeps this; read only
/// through `provider(ifFoundOn:)`, which first checks that the view in hand
/// (alive, as the caller holds it) is the very view it was found on: its
/// `objectSerial`, unlike its address, is never reused.
@MainActor
final class ItemProviderOfView {
    private unowned let provider: any LargeContentViewerItemProvider
    private let viewSerial: UInt64

    /// The view as a provider; nil when it is none.
    init?(_ view: View) {
        guard let provider = view as? any LargeContentViewerItemProvider else { return nil }
        self.provider = provider
        viewSerial = view.objectSerial
    }

    /// The provider, if `view` is the view it was found on.
    func provider(ifFoundOn view: View) -> (any LargeContentViewerItemProvider)? {
        view.objectSerial == viewSerial ? provider : nil
    }
}
