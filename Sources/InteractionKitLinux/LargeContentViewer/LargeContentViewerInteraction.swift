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
    public weak var delegate: (any LargeContentViewerInteractionDelegate)?
    /// The view the interaction is attached to.
    public private(set) weak var view: View?

    private let recognizer: LargeContentViewerGestureRecognizer
    /// The window the HUD was shown in, so it can be hidden after the view left it.
    private weak var presentingWindow: Window?

    /// Creates an interaction; add it to a view with `View.addInteraction(_:)`.
    public init(delegate: (any LargeContentViewerInteractionDelegate)? = nil) {
        self.delegate = delegate
        recognizer = LargeContentViewerGestureRecognizer()
        recognizer.name = "large-content-viewer"
        recognizer.minimumPressDuration = GestureConstants.largeContentViewerPressDuration
        recognizer.interaction = self
        recognizer.addAction { [weak self] recognizer in
            self?.gestureChanged(recognizer)
        }
    }

    /// The interaction's long-press recognizer (0.15 s), for setting up
    /// failure or simultaneity relationships with your own recognizers.
    ///
    /// It is a `LongPressGestureRecognizer`; you may change its
    /// `minimumPressDuration` or `allowableMovement`.
    public var gestureRecognizerForExclusionRelationship: GestureRecognizer { recognizer }

    /// Whether the viewer is active: true while the view's window has an accessibility content size.
    public var isEnabled: Bool {
        view?.window?.preferredContentSizeCategory.isAccessibilityCategory ?? false
    }

    // MARK: Interaction

    /// Detaches the recognizer from the old view, ending any gesture in progress.
    public func willMove(to view: View?) {
        self.view?.removeGestureRecognizer(recognizer)
        hide()
    }

    /// Attaches the recognizer to the new view.
    public func didMove(to view: View?) {
        self.view = view
        view?.addGestureRecognizer(recognizer)
    }

    // MARK: Item lookup

    /// The item at a point in the view's coordinates, by the delegate or the
    /// default lookup; an item whose `showsLargeContentViewer` is false counts as none.
    public func item(at point: Point) -> (any LargeContentViewerItem)? {
        guard point.isFinite else { return nil }
        let found: (any LargeContentViewerItem)?
        if let delegate {
            found = delegate.largeContentViewerInteraction(self, itemAt: point)
        } else {
            found = defaultItem(at: point)
        }
        guard let found, found.showsLargeContentViewer else { return nil }
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
        var deepest: View?
        var deepestPoint = point
        view.forEachViewOnPath(at: point) { node, location in
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
        guard let activatable = item as? any LargeContentViewerActivatable else { return }
        activatable.activateFromLargeContentViewer()
    }

    /// Looks the item up again at the finger, after the items under it
    /// changed (a component calls this when its items are replaced).
    public func refresh() {
        guard recognizer.state.isInProgress, let view else { return }
        show(item(at: recognizer.location(in: view)))
    }

    // MARK: Gesture

    /// Whether this interaction may begin for its recognizer's touches: it
    /// is enabled, no interaction nested inside its view holds the same
    /// touch, and there is an item under the finger.
    fileprivate func mayBegin() -> Bool {
        guard let view, isEnabled else { return false }
        if let arbiter = view.window?.arbiter {
            for other in arbiter.competitors(of: recognizer) {
                guard let inner = other as? LargeContentViewerGestureRecognizer,
                      let innerView = inner.view, innerView !== view else { continue }
                if innerView.isDescendant(of: view) { return false }
            }
        }
        return item(at: recognizer.location(in: view)) != nil
    }

    private func gestureChanged(_ recognizer: GestureRecognizer) {
        switch recognizer.state {
        case .began, .changed:
            guard let view else { return hide() }
            show(item(at: recognizer.location(in: view)))
        case .ended:
            guard let view else { return hide() }
            let point = recognizer.location(in: view)
            let item = item(at: point)
            hide()
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

    private func show(_ item: (any LargeContentViewerItem)?) {
        guard let item else { return hide() }
        guard let window = view?.window else { return hide() }
        if let previous = presentingWindow, previous !== window { previous.present(nil, from: self) }
        presentingWindow = window
        window.present(LargeContentViewerPresentation(item: item), from: self)
    }

    private func hide() {
        presentingWindow?.present(nil, from: self)
        presentingWindow = nil
    }

    /// Called by the window when its content size category changes: leaving
    /// the accessibility sizes cancels a gesture in progress.
    func contentSizeCategoryDidChange() {
        guard !isEnabled, recognizer.isEngaged || recognizer.state.isInProgress else { return }
        recognizer.abandonTouches()
        hide()
    }
}

/// The large content viewer's long press: it receives touches only while
/// the viewer is enabled, and begins only over an item.
final class LargeContentViewerGestureRecognizer: LongPressGestureRecognizer {
    weak var interaction: LargeContentViewerInteraction?

    override func shouldReceive(_ touch: Touch) -> Bool {
        interaction?.isEnabled ?? false
    }

    override func shouldBegin() -> Bool {
        interaction?.mayBegin() ?? false
    }
}
