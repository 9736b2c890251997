import InteractionKitCore

/// The large content viewer's HUD in one window: what it shows, which
/// interaction shows it, and who is told when it changes.
///
/// One per window, kept as the window's attachment (`Window.attachment(_:orInsert:)`),
/// so the engine holds it without knowing its type. Interactions present
/// through it; toolkits read it through the `Window` properties below.
@MainActor
final class LargeContentViewerHUD {
    /// What the HUD shows now; nil when it is hidden: the most recent presenter's presentation.
    var presentation: LargeContentViewerPresentation? { presenters.last?.presentation }
    // Exclusivity unchecked: read on every move while the viewer shows (Bench, main sequence).
    /// The interactions with a presentation, the most recent last: the
    /// HUD shows the last one's (compared by identity, never called).
    @exclusivity(unchecked) private var presenters: [Presenter] = []
    // Exclusivity unchecked: read on every show of the large content viewer (Bench, main sequence).
    @exclusivity(unchecked) private var observers: [(token: ObserverToken, body: @MainActor (LargeContentViewerPresentation?) -> Void)] = []
    private var lastObserverToken: UInt64 = 0
    // Exclusivity unchecked: read on every show of the large content viewer (Bench, main sequence).
    /// Counts presentation changes, so a notification round can tell that an
    /// observer changed the presentation again under it.
    @exclusivity(unchecked) private var changeCount: UInt64 = 0

    /// The HUD of a window, created on first use.
    static func of(_ window: Window) -> LargeContentViewerHUD {
        window.attachment(LargeContentViewerHUD.self, orInsert: LargeContentViewerHUD.init)
    }

    func addObserver(_ observer: @escaping @MainActor (LargeContentViewerPresentation?) -> Void) -> ObserverToken {
        lastObserverToken &+= 1
        let token = ObserverToken(value: lastObserverToken)
        observers.append((token, observer))
        return token
    }

    /// Whether an observer is still registered: one removed during a
    /// notification round is not called for the rest of it.
    private func isRegistered(_ token: ObserverToken) -> Bool {
        for observer in observers where observer.token == token { return true }
        return false
    }

    func removeObserver(_ token: ObserverToken) {
        observers.removeAll { $0.token == token }
    }

    /// Whether the HUD on screen is this interaction's.
    func isPresenting(_ interaction: LargeContentViewerInteraction) -> Bool {
        // By index: `last` would copy the whole entry, presentation included.
        let count = presenters.count
        return count > 0 && presenters[count - 1].interaction == ObjectIdentifier(interaction)
    }

    /// Whether the HUD shows this item's current content.
    func isShowing(_ item: any LargeContentViewerItem) -> Bool {
        let count = presenters.count
        return count > 0 && presenters[count - 1].presentation.matches(item)
    }

    /// Shows (or, with nil, withdraws) an interaction's presentation.
    ///
    /// Several viewer gestures may run at once (several fingers, several
    /// interactions; rule L10): the HUD shows the presentation of the one
    /// that most recently began or changed item, and when that one ends, what
    /// a remaining one shows. Observers hear only of changes to what shows.
    func present(_ newPresentation: LargeContentViewerPresentation?, from interaction: LargeContentViewerInteraction) {
        let presenter = ObjectIdentifier(interaction)
        // A plain loop: a closure here pays an actor-isolation check per
        // presenter on every show and hide (each tab a slide crosses).
        var index = -1
        var position = 0
        let count = presenters.count
        while position < count {
            if presenters[position].interaction == presenter {
                index = position
                break
            }
            position += 1
        }
        if let newPresentation, index >= 0, index == count - 1 {
            // Already the most recent (one slide, the common case): what shows
            // is this entry, so it changes exactly when the entry does. No
            // presentation is copied out to compare.
            if presenters[index].presentation.matches(newPresentation) { return }
            presenters[index].presentation = newPresentation
            notifyObservers(of: newPresentation)
            return
        }
        let shown = presentation
        let previousTop = count > 0 ? presenters[count - 1].interaction : nil
        let previousTopRegion = count > 0 ? presenters[count - 1].stableRegion : nil
        if let newPresentation {
            if index >= 0 { presenters.remove(at: index) }
            presenters.append(Presenter(
                interaction: presenter, presentation: newPresentation, stableRegion: interaction.stableRegionOnShow
            ))
        } else {
            guard index >= 0 else { return }
            presenters.remove(at: index)
            interaction.stableRegionOnShow.deactivate()
        }
        // An interaction whose presentation no longer shows promises nothing
        // about what its moves would show.
        if presenters.last?.interaction != previousTop { previousTopRegion?.deactivate() }
        let top = presentation
        switch (shown, top) {
        case (nil, nil):
            return
        case (let shown?, let top?) where shown.matches(top):
            return
        default:
            notifyObservers(of: top)
        }
    }

    /// Tells the observers what shows now.
    private func notifyObservers(of shown: LargeContentViewerPresentation?) {
        changeCount &+= 1
        guard !observers.isEmpty else { return }
        let round = changeCount
        // An observer may change the presentation (lift the finger, hide):
        // that change notifies everyone itself, so this round stops, and no
        // later observer hears the older presentation after the newer one.
        let current = observers
        for observer in current where isRegistered(observer.token) {
            guard changeCount == round else { return }
            observer.body(shown)
        }
    }
}

/// An interaction with a presentation in a HUD. A struct, not a tuple:
/// copies of a tuple with references go through the runtime's generic witnesses.
private struct Presenter {
    let interaction: ObjectIdentifier
    var presentation: LargeContentViewerPresentation
    /// The interaction's region where its item stays the answer (see
    /// `QuietMoveRegion`): deactivated when this presentation stops showing.
    let stableRegion: QuietMoveRegion
}

extension Window {
    /// What the large content viewer's HUD shows now; nil when it is hidden.
    public var largeContentViewerPresentation: LargeContentViewerPresentation? {
        existingAttachment(LargeContentViewerHUD.self)?.presentation
    }

    /// Where a toolkit should draw the HUD now, in window coordinates; nil when hidden.
    public var largeContentViewerHUDLayout: LargeContentViewerHUDLayout? {
        guard let presentation = largeContentViewerPresentation else { return nil }
        return LargeContentViewerHUDLayout(presentation: presentation, in: bounds)
    }

    /// Registers an observer called with each new presentation (nil when the
    /// HUD hides); the token removes it (`removeLargeContentViewerObserver(_:)`).
    ///
    /// A toolkit draws the HUD from it; the Demo logs it. Observers are
    /// called in registration order, only when the presentation actually
    /// changes, never on registration. An observer may change what is shown
    /// (lift the finger, say): then the observers after it hear only the
    /// newer presentation, so each ends on the one that holds.
    ///
    /// The window keeps the observer: capture the window weakly in it.
    @discardableResult
    public func addLargeContentViewerObserver(
        _ observer: @escaping @MainActor (LargeContentViewerPresentation?) -> Void
    ) -> ObserverToken {
        LargeContentViewerHUD.of(self).addObserver(observer)
    }

    /// Removes an observer registered with `addLargeContentViewerObserver(_:)`;
    /// an unknown token does nothing.
    public func removeLargeContentViewerObserver(_ token: ObserverToken) {
        existingAttachment(LargeContentViewerHUD.self)?.removeObserver(token)
    }
}
