import InteractionKitCore
import InteractionKitDBus

/// The AT-SPI objects of one window, answering D-Bus method calls and
/// turning the window's accessibility notifications into AT-SPI events,
/// with no connection of its own.
///
/// `reply(to:)` is a function from an incoming method call to its answer,
/// so the whole object protocol is tested without a bus; `AtspiBridge`
/// connects it to the accessibility bus. Everything is read live from the
/// window (`AtspiObjectTree`).
///
/// Interfaces: `org.a11y.atspi.Accessible` and `Component` on every object,
/// `Action` on buttons, tabs and toggles (`click`), `Value` on an
/// `.adjustable` element with an `accessibilityNumericValue`, `Selection`
/// on a page tab list, `Text` on a text field or a label and `EditableText`
/// on a text field (`AccessibilityTextContent`), `Application` on the root, `org.a11y.atspi.Cache` at
/// `/org/a11y/atspi/cache` (empty), and `org.freedesktop.DBus.Properties`.
/// An unknown path is answered with `org.freedesktop.DBus.Error.UnknownObject`,
/// arguments of the wrong signature with `InvalidArgs`; nothing traps.
@MainActor
public final class AtspiExport {
    /// The toolkit name clients read from the application (`ToolkitName`).
    public static let toolkitName = "InteractionKitLinux"
    /// The toolkit version clients read from the application (`Version`).
    public static let toolkitVersion = "0.2.0"
    /// The AT-SPI protocol version the export speaks (`AtspiVersion`).
    public static let atspiVersion = "2.1"
    /// The path of the (empty) cache object.
    public static let cachePath = DBusObjectPath(trusted: "/org/a11y/atspi/cache")
    /// The one action of buttons and tabs.
    public static let clickAction = "click"

    /// The objects and what they are.
    public let tree: AtspiObjectTree
    /// The application's name: the root's `Name` (and the frame's, when the window has no label).
    public var applicationName: String
    /// This side's unique bus name, used in object references `(so)`.
    public var busName: String
    /// The desktop's reference, the root's parent: what `Embed` returned.
    public var desktop: (busName: String, path: DBusObjectPath) = ("", AtspiObjectTree.nullPath)
    /// The id the registry gave the application (`Application.Id`, set
    /// during `Embed`); nil until the registry sets it.
    public internal(set) var applicationID: Int32?
    /// The unique bus name of the AT-SPI registry, the one peer whose
    /// `Properties.Set` of `Application.Id` is taken (`AtspiBridge` looks it
    /// up before `Embed`); while nil, nobody's is.
    public var registryBusName: String?
    /// Why a `Properties.Set` from anyone but the registry is refused.
    static let setDeniedMessage = "only the AT-SPI registry sets Application.Id, the one writable property here"

    /// The object last announced as focused (`focused` 1), to announce only moves.
    weak var announcedFocus: (any AccessibilityNode)?
    /// The states each object was last reported with, by path, to announce only changes.
    var reportedStates: [DBusObjectPath: AtspiStateSet] = [:]
    /// The children each object was last reported with, by path.
    var reportedChildren: [DBusObjectPath: [DBusObjectPath]] = [:]
    /// The selected children each selection container was last announced with, by path.
    var reportedSelections: [DBusObjectPath: [DBusObjectPath]] = [:]
    /// The caret and selection each text object was last announced with, by path.
    var reportedTextSelections: [DBusObjectPath: TextSelection] = [:]
    /// The window observers `observeWindow(_:)` added.
    private var accessibilityObserver: AccessibilityObserverToken?
    private var focusObserver: ObserverToken?
    private var keyWindowObserver: ObserverToken?

    /// Creates the export of `window`.
    public init(window: Window, applicationName: String, busName: String = "") {
        tree = AtspiObjectTree(window: window)
        self.applicationName = applicationName
        self.busName = busName
    }

    isolated deinit {
        stopObservingWindow()
    }

    /// The exported window.
    public var window: Window { tree.window }

    // MARK: Observing the window

    /// Starts turning what happens in the window into events, handing each
    /// batch to `send` as it happens: accessibility notifications
    /// (`signals(for:)`), focus moves (`focusSignals()`) and the window
    /// becoming key or resigning (`keyWindowSignals()`). Replaces the
    /// observers of an earlier call. Capture weakly what holds the export.
    public func observeWindow(_ send: @escaping @MainActor ([DBusMessage]) -> Void) {
        stopObservingWindow()
        accessibilityObserver = window.addAccessibilityObserver { [weak self] notification in
            guard let self else { return }
            let events = signals(for: notification)
            if !events.isEmpty { send(events) }
        }
        focusObserver = window.addFocusObserver { [weak self] _ in
            guard let self else { return }
            let events = focusSignals()
            if !events.isEmpty { send(events) }
        }
        keyWindowObserver = window.addKeyWindowObserver { [weak self] _ in
            guard let self else { return }
            send(keyWindowSignals())
        }
    }

    /// Stops the observers `observeWindow(_:)` added.
    public func stopObservingWindow() {
        if let accessibilityObserver { window.removeAccessibilityObserver(accessibilityObserver) }
        if let focusObserver { window.removeFocusObserver(focusObserver) }
        if let keyWindowObserver { window.removeKeyWindowObserver(keyWindowObserver) }
        accessibilityObserver = nil
        focusObserver = nil
        keyWindowObserver = nil
    }

    // MARK: References

    /// The `(so)` reference of an object.
    public func reference(to object: AtspiObjectTree.Object?) -> DBusValue {
        switch object {
        case nil:
            return .structure([.string(""), .objectPath(AtspiObjectTree.nullPath)])
        case .application?:
            return .structure([.string(busName), .objectPath(AtspiObjectTree.rootPath)])
        case .node(let node)?:
            return .structure([.string(busName), .objectPath(tree.path(of: node))])
        }
    }

    /// The path of an object.
    public func path(of object: AtspiObjectTree.Object) -> DBusObjectPath {
        switch object {
        case .application: AtspiObjectTree.rootPath
        case .node(let node): tree.path(of: node)
        }
    }

    /// The states an object has now: the tree's, with `focusable` on an
    /// item the window's focus system can focus now and `focused` on the
    /// key window's focused item.
    public func states(of object: AtspiObjectTree.Object) -> AtspiStateSet {
        var states = tree.states(of: object)
        guard case .node(let node) = object, let item = focusItem(of: node) else { return states }
        if window.isFocusable(item) { states.insert(.focusable) }
        if window.isKeyWindow && window.focusedItem === item { states.insert(.focused) }
        return states
    }

    // MARK: Focus

    /// The focus item a node stands for: a view is its own; an element is
    /// the one among its container's `focusItems` whose
    /// `focusAccessibilityNode` it is (a tab's element, its tab); nil for
    /// a node the keyboard cannot focus.
    public func focusItem(of node: any AccessibilityNode) -> (any FocusItem)? {
        if let item = node as? any FocusItem { return item.focusAccessibilityNode === node ? item : nil }
        guard let container = node.accessibilityParent as? View, let items = container.focusItems else { return nil }
        return items.first { $0.focusAccessibilityNode === node }
    }

    /// The node that has the focus for screen readers now: the key window's
    /// focused item's node, when it is in the tree; nil otherwise.
    public var focusedNode: (any AccessibilityNode)? {
        guard window.isKeyWindow, let node = window.focusedItem?.focusAccessibilityNode, tree.isExported(node) else {
            return nil
        }
        return node
    }

    /// The `object:state-changed:focused` events that bring screen readers
    /// up to date with the focus: `focused` 0 from the object announced
    /// last (if it is still in the tree), then 1 from `focusedNode`; none
    /// when it has not moved. The bridge calls it from the window's focus
    /// and key-window observers.
    public func focusSignals() -> [DBusMessage] {
        let current = focusedNode
        guard current !== announcedFocus else { return [] }
        var events: [DBusMessage] = []
        if let old = announcedFocus, tree.isExported(old) {
            let oldPath = tree.path(of: old)
            events.append(event(oldPath, "StateChanged", AtspiState.focused.name, detail1: 0))
            remember(states(of: .node(old)), for: oldPath)
        }
        announcedFocus = current
        if let current {
            let currentPath = tree.path(of: current)
            events.append(event(currentPath, "StateChanged", AtspiState.focused.name, detail1: 1))
            remember(states(of: .node(current)), for: currentPath)
        }
        return events
    }

    /// The events for a change of the window's key state (`makeKey()`,
    /// `resignKey()`): becoming key, `windowActivationSignals(active: true)`
    /// then the focused item's `focused` 1; resigning, the `focused` 0
    /// first, then `windowActivationSignals(active: false)`.
    public func keyWindowSignals() -> [DBusMessage] {
        if window.isKeyWindow { return windowActivationSignals(active: true) + focusSignals() }
        return focusSignals() + windowActivationSignals(active: false)
    }

    // MARK: Method calls

    /// The answer to an incoming method call; a pure function of the call
    /// and the window, except that `DoAction` acts and the registry's
    /// `Properties.Set` records the application's id.
    public func reply(to call: DBusMessage) -> DBusMethodOutcome {
        guard call.kind == .methodCall, let path = call.path, let member = call.member else {
            return .error(name: DBusErrorName.invalidArgs, message: "not a method call")
        }
        if path == Self.cachePath {
            guard call.interface == nil || call.interface == AtspiInterface.cache else { return .unknownMethod }
            guard member == "GetItems" else { return .unknownMethod }
            guard call.signatureText.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.array(of: Self.cacheItemType, [])])
        }
        guard let object = tree.object(at: path) else {
            return .error(name: DBusErrorName.unknownObject, message: "No accessible object at \(path.text)")
        }
        let interface = call.interface
            ?? (interfaces(of: object) + [AtspiInterface.properties]).first { Self.interface($0, has: member) }
        switch interface {
        case AtspiInterface.accessible?:
            return accessible(member, call, object)
        case AtspiInterface.component?:
            return component(member, call, object)
        case AtspiInterface.action? where implementsAction(object):
            return action(member, call, object)
        case AtspiInterface.selection? where implementsSelection(object):
            return selection(member, call, object)
        case AtspiInterface.text?:
            guard let content = textContent(of: object) else { return .unknownMethod }
            return text(member, call, content, object)
        case AtspiInterface.editableText? where implementsEditableText(object):
            guard let content = textContent(of: object) else { return .unknownMethod }
            return editableText(member, call, content)
        case AtspiInterface.application? where isApplication(object):
            return application(member, call)
        case AtspiInterface.properties?:
            return properties(member, call, object)
        default:
            return .unknownMethod
        }
    }

    /// The reply message to `call`, as a connection would send it; nil when
    /// the call asked for none.
    public func replyMessage(to call: DBusMessage) -> DBusMessage? {
        guard !call.flags.contains(.noReplyExpected) else {
            _ = reply(to: call)
            return nil
        }
        switch reply(to: call) {
        case .reply(let body):
            return .methodReturn(replyingTo: call, body: body)
        case .error(let name, let message):
            return .error(replyingTo: call, name: name, message: message)
        case .unknownMethod, .deferred:
            return .error(replyingTo: call, name: DBusErrorName.unknownMethod,
                          message: "No method \(call.member ?? "") on \(call.interface ?? "any interface")")
        }
    }

    /// Whether a call may act on the window (`DoAction`, `GrabFocus`,
    /// `ScrollTo`, selecting, setting a property) rather than only read it;
    /// judged by the method's name, whatever its interface.
    public static func acts(_ call: DBusMessage) -> Bool {
        switch call.member {
        case "DoAction", "GrabFocus", "ScrollTo", "ScrollToPoint", "SetExtents", "SetPosition", "SetSize",
             "SelectChild", "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection", "Set",
             "SetCaretOffset", "SetSelection", "AddSelection", "RemoveSelection",
             "SetTextContents", "InsertText", "DeleteText", "CopyText", "CutText", "PasteText":
            true
        default:
            false
        }
    }

    /// The AT-SPI cache item, `((so)(so)(so)iiassusau)`: the type of an empty `GetItems` answer.
    static var cacheItemType: DBusType {
        .structure([
            .structure([.string, .objectPath]), .structure([.string, .objectPath]), .structure([.string, .objectPath]),
            .int32, .int32, .array(.string), .string, .uint32, .string, .array(.uint32),
        ])
    }

    /// Whether `interface` has a method `member`, to find the interface of a call that names none.
    /// (A function, not a table: the export keeps no heap-allocated globals.)
    private static func interface(_ interface: String, has member: String) -> Bool {
        switch interface {
        case AtspiInterface.accessible:
            ["GetChildAtIndex", "GetChildren", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName",
             "GetLocalizedRoleName", "GetState", "GetAttributes", "GetApplication", "GetInterfaces"].contains(member)
        case AtspiInterface.component:
            ["Contains", "GetAccessibleAtPoint", "GetExtents", "GetPosition", "GetSize", "GetLayer", "GetMDIZOrder",
             "GrabFocus", "GetAlpha", "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint"].contains(member)
        case AtspiInterface.action:
            ["GetDescription", "GetName", "GetLocalizedName", "GetKeyBinding", "GetActions", "DoAction"].contains(member)
        case AtspiInterface.selection:
            ["GetSelectedChild", "SelectChild", "DeselectSelectedChild", "IsChildSelected", "SelectAll", "ClearSelection",
             "DeselectChild"].contains(member)
        case AtspiInterface.text:
            ["GetStringAtOffset", "GetText", "SetCaretOffset", "GetTextBeforeOffset", "GetTextAtOffset",
             "GetTextAfterOffset", "GetCharacterAtOffset", "GetAttributeValue", "GetAttributes",
             "GetDefaultAttributes", "GetCharacterExtents", "GetOffsetAtPoint", "GetNSelections", "GetSelection",
             "AddSelection", "RemoveSelection", "SetSelection", "GetRangeExtents", "GetAttributeRun",
             "GetDefaultAttributeSet"].contains(member)
        case AtspiInterface.editableText:
            ["SetTextContents", "InsertText", "CopyText", "CutText", "DeleteText", "PasteText"].contains(member)
        case AtspiInterface.application:
            ["GetLocale", "GetApplicationBusAddress", "RegisterEventListener", "DeregisterEventListener"].contains(member)
        case AtspiInterface.properties:
            ["Get", "GetAll", "Set"].contains(member)
        default:
            false
        }
    }

    func isApplication(_ object: AtspiObjectTree.Object) -> Bool {
        if case .application = object { return true }
        return false
    }

    /// The interfaces an object implements, as `GetInterfaces` lists them.
    public func interfaces(of object: AtspiObjectTree.Object) -> [String] {
        if isApplication(object) { return [AtspiInterface.accessible, AtspiInterface.application] }
        var names = [AtspiInterface.accessible, AtspiInterface.component]
        if implementsAction(object) { names.append(AtspiInterface.action) }
        if numericValue(of: object) != nil { names.append(AtspiInterface.value) }
        if implementsSelection(object) { names.append(AtspiInterface.selection) }
        if textContent(of: object) != nil { names.append(AtspiInterface.text) }
        if implementsEditableText(object) { names.append(AtspiInterface.editableText) }
        return names
    }

    /// The number of an `.adjustable` object that has one: what `Value` reads.
    func numericValue(of object: AtspiObjectTree.Object) -> AccessibilityNumericValue? {
        guard case .node(let node) = object, node.accessibilityTraits.contains(.adjustable) else { return nil }
        return node.accessibilityNumericValue
    }

    /// Whether the object answers `Selection`: a page tab list over its
    /// tabs, a list over its rows.
    func implementsSelection(_ object: AtspiObjectTree.Object) -> Bool {
        let role = tree.role(of: object)
        return role == .pageTabList || role == .list
    }

    /// Whether the object answers `Action`: it can be activated, or it has custom actions.
    func implementsAction(_ object: AtspiObjectTree.Object) -> Bool {
        tree.isActivatable(object) || !customActions(of: object).isEmpty
    }

    /// The object's custom actions (`accessibilityCustomActions`), which
    /// follow `click` in its `Action` interface.
    func customActions(of object: AtspiObjectTree.Object) -> [AccessibilityCustomAction] {
        guard case .node(let node) = object else { return [] }
        return node.accessibilityCustomActions ?? []
    }

    func invalidArguments(_ call: DBusMessage, expected: String) -> DBusMethodOutcome {
        .error(name: DBusErrorName.invalidArgs,
               message: "\(call.member ?? "") takes arguments \"\(expected)\", not \"\(call.signatureText)\"")
    }
}
