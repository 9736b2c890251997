/// The observers of a window's large content changes: the window's
/// attachment, created by the first `Window.addLargeContentObserver(_:)`.
///
/// Nothing on the touch path reads it; a view posts to it only when its
/// large content changes (`View.largeContentDidChange()`).
typealias LargeContentObservers = SharedObserverList<View, Void>

extension Window {
    /// Registers `observer` to hear each view of this window that reports
    /// a change of its large content (`View.largeContentDidChange()`: a new
    /// title, image, scaling or insets); the token removes it.
    ///
    /// The large content viewer's HUD subscribes here, so that a view on
    /// show is presented anew at once, even under a still finger. Observers
    /// run synchronously, on the main actor, right after the change, in
    /// registration order; they may change the tree again. Capture the
    /// window or your own object weakly: the window holds the closure.
    @discardableResult
    public func addLargeContentObserver(_ observer: @escaping @MainActor (View) -> Void) -> ObserverToken {
        attachment(LargeContentObservers.self, orInsert: LargeContentObservers.init).add(observer)
    }

    /// Unregisters a large content observer; an unknown token does nothing.
    public func removeLargeContentObserver(_ token: ObserverToken) {
        existingAttachment(LargeContentObservers.self)?.remove(token)
    }

    /// Tells this window's large content observers that `view` reported new content.
    func viewLargeContentDidChange(_ view: View) {
        existingAttachment(LargeContentObservers.self)?.post(view)
    }
}
