import InteractionKitCore

/// The large content viewer's HUD in one window: what it shows, which
/// interaction shows it, and who is told when it changes.
///
/// One per window, kept as the window's attachment (`Window.attachment(_:orInsert:)`),
/// so the engine holds it without knowing its type. Interactions present
/// through it; toolkits read it through the `Window` properties below.
@MainActor
final class LargeContentViewerHUD {
    /// The `serial` of the window whose HUD this is, never 0: an
    /// interaction compares its view's `windowSerial` with it to know that
    /// this is still its window's HUD, without loading the window.
    let windowSerial: UInt64
    /// The interactions with a presentation, the most recent last: the HUD
    /// shows the last one's.
    private var presenters: [Presenter] = []
    private typealias Observers = ObserverList<@MainActor (LargeContentViewerPresentation?) -> Void>
    private var observers = Observers()
    /// Whether `observers` holds any, kept here: every presentation change
    /// asks, and from this module the engine's generic list is called
    /// unspecialized, so the common case (no observer) makes no such call.
    private var hasObservers = false
    /// Counts presentation changes, so a notification round can tell that an
    /// observer changed the presentation again under it.
    private var changeCount: UInt64 = 0

    private init(windowSerial: UInt64) {
        self.windowSerial = windowSerial
    }

    /// The HUD of a window, created on first use.
    static func of(_ window: Window) -> LargeContentViewerHUD {
        if let hud = window.existingAttachment(LargeContentViewerHUD.self) { return hud }
        let hud = window.attachment(LargeContentViewerHUD.self) { LargeContentViewerHUD(windowSerial: window.serial) }
        // Unowned: the window owns both the HUD and this observer, and calls
        // the observer only while it is alive.
        window.addLargeContentObserver { [unowned hud] view in hud.largeContentDidChange(of: view) }
        return hud
    }

    /// What the HUD shows now; nil when it is hidden: the most recent presenter's presentation.
    var presentation: LargeContentViewerPresentation? {
        let count = presenters.count
        return count > 0 ? presenters[count - 1].presentation : nil
    }

    func addObserver(_ observer: @escaping @MainActor (LargeContentViewerPresentation?) -> Void) -> ObserverToken {
        var list = Observers()
        swap(&list, &observers)
        let token = list.add(observer)
        swap(&list, &observers)
        hasObservers = true
        return token
    }

    func removeObserver(_ token: ObserverToken) {
        var list = Observers()
        swap(&list, &observers)
        let removed = list.remove(token)
        hasObservers = !list.isEmpty
        swap(&list, &observers)
        // Released once the list is back in place (`ObserverList.remove(_:)`).
        withExtendedLifetime(removed) {}
    }

    /// Changes the list of presenters taken out of its property: swapped
    /// with an empty one, so that nothing is released while the property is
    /// written. Every access to the property is then a plain load or a swap,
    /// which the compiler proves exclusive with no check at run time.
    private func changePresenters(_ change: (inout [Presenter]) -> Void) {
        var list: [Presenter] = []
        swap(&list, &presenters)
        change(&list)
        swap(&list, &presenters)
    }

    /// The index of an interaction's entry in `presenters`, or -1.
    private func index(of interaction: LargeContentViewerInteraction) -> Int {
        // A plain loop: a closure here pays an actor-isolation check per
        // presenter on every show and hide (each tab a slide crosses).
        let presenter = ObjectIdentifier(interaction)
        var position = 0
        let count = presenters.count
        while position < count {
            if presenters[position].id == presenter { return position }
            position += 1
        }
        return -1
    }

    /// Shows an item's current content for an interaction, which then
    /// becomes the most recent presenter.
    ///
    /// Several viewer gestures may run at once (several fingers, several
    /// interactions; rule L10): the HUD shows the presentation of the one
    /// that most recently began or changed item, and when that one ends, what
    /// a remaining one shows. Observers hear only of changes to what shows.
    func show(_ item: any LargeContentViewerItem, from interaction: LargeContentViewerInteraction) {
        let presenter = Presenter(interaction, showing: item)
        let index = index(of: interaction)
        let count = presenters.count
        if index >= 0, index == count - 1 {
            // Already the most recent (one slide, the common case): what shows
            // is this entry, so it changes exactly when its content does.
            let sameContent = presenters[index].presentation.matches(presenter.presentation)
            if sameContent && presenters[index].viewSerial == presenter.viewSerial { return }
            changePresenters { $0[index] = presenter }
            if !sameContent { notifyObservers(of: presenter.presentation) }
            return
        }
        let shown = presentation
        let covered = count > 0 ? presenters[count - 1].link?.interactionIfAlive : nil
        changePresenters { list in
            if index >= 0 { list.remove(at: index) }
            list.append(presenter)
        }
        // Its moves no longer show what they find, so it may promise nothing about them.
        covered?.presentationWasCovered()
        if let shown, shown.matches(presenter.presentation) { return }
        notifyObservers(of: presenter.presentation)
    }

    /// Withdraws an interaction's presentation; the HUD shows the one
    /// before it, or hides.
    func withdraw(_ interaction: LargeContentViewerInteraction) {
        let index = index(of: interaction)
        guard index >= 0 else { return }
        let shown = presentation
        changePresenters { $0.remove(at: index) }
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

    /// Drops an interaction's presentation without telling the observers:
    /// for an interaction being freed, whose window is being taken apart.
    func forget(_ interaction: LargeContentViewerInteraction) {
        let index = index(of: interaction)
        guard index >= 0 else { return }
        changePresenters { $0.remove(at: index) }
    }

    /// A view of the window reported new large content: every presentation
    /// of it takes the new content at once, wherever it is in the stack, and
    /// observers hear of it if it shows. An interaction in the middle of
    /// looking up what to show next shows it itself, once the lookup returns.
    private func largeContentDidChange(of view: View) {
        let serial = view.objectSerial
        let before = presenters
        guard before.contains(where: { $0.viewSerial == serial && !$0.isLookingUpToShow }) else {
            return
        }
        // Read before the list changes: a subclass may compute its content.
        let content = LargeContentViewerPresentation(item: view)
        let shown = presentation
        changePresenters { list in
            for index in list.indices where list[index].viewSerial == serial
                && !list[index].isLookingUpToShow {
                list[index].presentation = content
            }
        }
        guard let top = presentation, shown.map({ !$0.matches(top) }) ?? true else { return }
        notifyObservers(of: top)
    }

    /// Tells the observers what shows now.
    private func notifyObservers(of shown: LargeContentViewerPresentation?) {
        changeCount &+= 1
        guard hasObservers else { return }
        let round = changeCount
        // An observer may change the presentation (lift the finger, hide):
        // that change notifies everyone itself, so this round stops, and no
        // later observer hears the older presentation after the newer one.
        // One removed meanwhile is not called for the rest of the round.
        let current = observers
        current.forEach(whileRegistered: { observers.contains($0) }) { observer in
            guard changeCount == round else { return false }
            observer(shown)
            return true
        }
    }
}

/// An interaction with a presentation in a HUD. A struct, not a tuple:
/// copies of a tuple with references go through the runtime's generic witnesses.
@MainActor
private struct Presenter {
    /// The interaction, for comparing without loading the reference.
    let id: ObjectIdentifier
    /// The way to the interaction, told when another presentation covers
    /// this one (an interaction also drops its entry as it is freed).
    let link: LargeContentViewerInteractionLink?
    /// The `objectSerial` of the item on show if it is a view (0 if not),
    /// so that its `largeContentDidChange()` reaches this presentation.
    let viewSerial: UInt64
    var presentation: LargeContentViewerPresentation

    /// Whether the interaction is looking up what it will show next.
    var isLookingUpToShow: Bool { link?.interactionIfAlive?.isLookingUpToShow ?? false }

    /// An interaction's entry showing an item's current content.
    init(_ interaction: LargeContentViewerInteraction, showing item: any LargeContentViewerItem) {
        id = ObjectIdentifier(interaction)
        link = interaction.link
        viewSerial = (item as? View)?.objectSerial ?? 0
        presentation = LargeContentViewerPresentation(item: item)
    }
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
