import InteractionKitCore
import InteractionKitDBus

// Events: the window's accessibility notifications turned into AT-SPI signals, only for what changed.

extension AtspiExport {
    /// The AT-SPI events that announce a change of the window: signals of
    /// `org.a11y.atspi.Event.Object` from the changed object's path.
    ///
    /// - `label`: `PropertyChange` `accessible-name` with the new name;
    ///   `hint`: `accessible-description`.
    /// - `value`: `PropertyChange` `accessible-value` with the new number,
    ///   from an object that implements `Value` (Orca 43 reads the value
    ///   through that interface on this event, as on `value-changed`).
    /// - `traits`, `isElement`: a `StateChanged` for each state that differs
    ///   from what was last reported (`selected`, `checked`, `pressed`,
    ///   `enabled`, …); when a tab's selection changes, `SelectionChanged`
    ///   from its page tab list, once, after the newly selected tab's event.
    ///   A selection gives no focus by itself: focus events come from the
    ///   focus system (`focusSignals()`).
    /// - `text`: `TextChanged` `delete` (the offset, the count and the text
    ///   removed), then `insert`, then the caret and selection events;
    ///   `textSelection`: `TextCaretMoved` (the new caret) and
    ///   `TextSelectionChanged`, each only when it changed.
    /// - `children`: `ChildrenChanged` `remove` for each child that went,
    ///   then `add` for each that came, with its index and reference
    ///   (children hidden or shown, `accessibilityElementsHidden`, a modal
    ///   view coming or going, count as going and coming; so do children
    ///   that changed places, from the first one out of its old order).
    ///
    /// A change of an object that is not exported (outside the window, or
    /// left out of the tree) gives no event.
    public func signals(for notification: AccessibilityNotification) -> [DBusMessage] {
        let source = notification.source
        guard tree.isExported(source) else { return [] }
        let object = AtspiObjectTree.Object.node(source)
        let sourcePath = tree.path(of: source)
        switch notification.change {
        case .label:
            return [event(sourcePath, "PropertyChange", "accessible-name",
                          any: .string(tree.name(of: object, applicationName: applicationName)))]
        case .hint:
            return [event(sourcePath, "PropertyChange", "accessible-description", any: .string(description(of: object)))]
        case .value:
            guard let value = numericValue(of: object) else { return [] }
            return [event(sourcePath, "PropertyChange", "accessible-value", any: .double(value.current))]
        case .traits, .isElement:
            return stateEvents(for: source)
        case .children:
            return childrenEvents(for: object, at: sourcePath)
        case .frame:
            return []
        case .text:
            guard let content = source as? any AccessibilityTextContent else { return [] }
            var events: [DBusMessage] = []
            if let replacement = notification.textReplacement {
                // GTK's order: what went, then what came, then the caret.
                let offset = Int32(clamping: replacement.range.lowerBound)
                if !replacement.range.isEmpty {
                    events.append(event(sourcePath, "TextChanged", "delete", detail1: offset,
                                        detail2: Int32(clamping: replacement.range.count), any: .string(replacement.removedText)))
                }
                if replacement.insertedCount > 0 {
                    events.append(event(sourcePath, "TextChanged", "insert", detail1: offset,
                                        detail2: Int32(clamping: replacement.insertedCount), any: .string(replacement.insertedText)))
                }
            }
            return events + textSelectionEvents(for: content, at: sourcePath)
        case .textSelection:
            guard let content = source as? any AccessibilityTextContent else { return [] }
            return textSelectionEvents(for: content, at: sourcePath)
        }
    }

    /// `text-caret-moved` when the caret moved since it was last announced,
    /// then `text-selection-changed` when the selection changed and either
    /// the old or the new one is not empty. A label shows no caret: nothing.
    func textSelectionEvents(for content: any AccessibilityTextContent, at path: DBusObjectPath) -> [DBusMessage] {
        guard content.accessibilityTextIsEditable else { return [] }
        let selection = content.accessibilityTextBuffer.selection
        let previous = reportedTextSelections[path]
        guard previous != selection else { return [] }
        if reportedTextSelections.count > 2 * tree.pathCount + 1024 {
            reportedTextSelections = reportedTextSelections.filter { tree.object(at: $0.key) != nil }
        }
        reportedTextSelections[path] = selection
        var events: [DBusMessage] = []
        if previous?.caret != selection.caret {
            events.append(event(path, "TextCaretMoved", "", detail1: Int32(clamping: selection.caret)))
        }
        if previous?.range != selection.range && (!selection.isEmpty || previous?.isEmpty == false) {
            events.append(event(path, "TextSelectionChanged", ""))
        }
        return events
    }

    /// The events that tell screen readers the window became the active one
    /// (or stopped being it): `object:state-changed:active` and
    /// `window:activate` (`window:deactivate`) from the frame, as a toolkit
    /// sends when its window gains or loses the keyboard. Orca takes the
    /// frame as its active window on them; without them an Orca started
    /// before the application never speaks it.
    public func windowActivationSignals(active: Bool) -> [DBusMessage] {
        let framePath = tree.path(of: window)
        remember(states(of: .node(window)), for: framePath)
        return [
            event(framePath, "StateChanged", AtspiState.active.name, detail1: active ? 1 : 0),
            .signal(path: framePath, interface: AtspiInterface.windowEvents, member: active ? "Activate" : "Deactivate",
                    body: [.string(""), .int32(0), .int32(0), .variant(.string("")),
                           .dictionary(key: .string, value: .variant, [])]),
        ]
    }

    func stateEvents(for node: any AccessibilityNode) -> [DBusMessage] {
        let object = AtspiObjectTree.Object.node(node)
        let nodePath = tree.path(of: node)
        let current = states(of: object)
        var events: [DBusMessage] = []
        let announced: [AtspiState] = [.enabled, .sensitive, .visible, .showing, .selected, .checked, .pressed]
        let previous = reportedStates[nodePath]
        let role = tree.role(of: object)
        var selectionAnnounced = false
        for state in announced {
            let now = current.contains(state)
            if let previous {
                guard previous.contains(state) != now else { continue }
            } else {
                // Never reported: only a tab's selection and a toggle's state are worth a guess.
                let guessed = state == .selected ? current.contains(.selectable)
                    : (state == .checked || state == .pressed) && role == .toggleButton
                guard guessed else { continue }
            }
            if state == .selected { selectionAnnounced = true }
            events.append(event(nodePath, "StateChanged", state.name, detail1: now ? 1 : 0))
        }
        remember(current, for: nodePath)
        if selectionAnnounced { events += selectionChangedEvents(after: node, isSelected: current.contains(.selected)) }
        return events
    }

    /// `SelectionChanged` from the selection container of `node`, whose
    /// `selected` state was just announced, when the container's selection
    /// differs from the one last announced. A tab bar deselects the old tab
    /// before it announces the new one: the event waits for the new one
    /// (or goes out when nothing is selected any more), so it comes once.
    func selectionChangedEvents(after node: any AccessibilityNode, isSelected: Bool) -> [DBusMessage] {
        guard let parent = tree.parent(of: .node(node)), case .node(let container) = parent,
              implementsSelection(parent) else { return [] }
        let selected = selectedChildren(of: parent).map(tree.path(of:))
        guard isSelected || selected.isEmpty else { return [] }
        let containerPath = tree.path(of: container)
        guard reportedSelections[containerPath] != selected else { return [] }
        if reportedSelections.count > 2 * tree.pathCount + 1024 {
            reportedSelections = reportedSelections.filter { tree.object(at: $0.key) != nil }
        }
        reportedSelections[containerPath] = selected
        return [event(containerPath, "SelectionChanged", "")]
    }

    func childrenEvents(for object: AtspiObjectTree.Object, at objectPath: DBusObjectPath) -> [DBusMessage] {
        let current = tree.children(of: object).map(tree.path(of:))
        let previous = reportedChildren[objectPath] ?? []
        rememberChildren(current, for: objectPath)
        var events: [DBusMessage] = []
        let previousSet = Set(previous)
        // Children that stayed but changed places (a row moved) go and come
        // again: a client that caches children knows only removals and
        // insertions. Those kept in order up to the first that moved stay.
        let kept = Set(current).intersection(previousSet)
        let keptBefore = previous.filter(kept.contains)
        let keptNow = current.filter(kept.contains)
        let inPlace = zip(keptBefore, keptNow).prefix { $0 == $1 }.count
        let staying = Set(keptNow.prefix(inPlace))
        for index in previous.indices.reversed() where !staying.contains(previous[index]) {
            events.append(event(objectPath, "ChildrenChanged", "remove", detail1: Int32(clamping: index),
                                any: .structure([.string(busName), .objectPath(previous[index])])))
        }
        for index in current.indices where !staying.contains(current[index]) {
            events.append(event(objectPath, "ChildrenChanged", "add", detail1: Int32(clamping: index),
                                any: .structure([.string(busName), .objectPath(current[index])])))
        }
        return events
    }

    /// An `org.a11y.atspi.Event.Object` signal, `siiva{sv}`.
    func event(
        _ path: DBusObjectPath, _ member: String, _ detail: String, detail1: Int32 = 0, detail2: Int32 = 0,
        any: DBusValue = .int32(0)
    ) -> DBusMessage {
        .signal(path: path, interface: AtspiInterface.objectEvents, member: member, body: [
            .string(detail), .int32(detail1), .int32(detail2), .variant(any),
            .dictionary(key: .string, value: .variant, []),
        ])
    }

    func remember(_ states: AtspiStateSet, for path: DBusObjectPath) {
        if reportedStates.count > 2 * tree.pathCount + 1024 {
            reportedStates = reportedStates.filter { tree.object(at: $0.key) != nil }
        }
        reportedStates[path] = states
    }

    func rememberChildren(_ children: [DBusObjectPath], for path: DBusObjectPath) {
        if reportedChildren.count > 2 * tree.pathCount + 1024 {
            reportedChildren = reportedChildren.filter { tree.object(at: $0.key) != nil }
        }
        reportedChildren[path] = children
    }
}
