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
/// on a page tab list, `Application` on the root, `org.a11y.atspi.Cache` at
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
    public private(set) var applicationID: Int32?
    /// The unique bus name of the AT-SPI registry, the one peer whose
    /// `Properties.Set` of `Application.Id` is taken (`AtspiBridge` looks it
    /// up before `Embed`); while nil, nobody's is.
    public var registryBusName: String?
    /// Why a `Properties.Set` from anyone but the registry is refused.
    static let setDeniedMessage = "only the AT-SPI registry sets Application.Id, the one writable property here"

    /// The object last announced as focused (`focused` 1), to announce only moves.
    private weak var announcedFocus: (any AccessibilityNode)?
    /// The states each object was last reported with, by path, to announce only changes.
    private var reportedStates: [DBusObjectPath: AtspiStateSet] = [:]
    /// The children each object was last reported with, by path.
    private var reportedChildren: [DBusObjectPath: [DBusObjectPath]] = [:]
    /// The selected children each selection container was last announced with, by path.
    private var reportedSelections: [DBusObjectPath: [DBusObjectPath]] = [:]
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
        case AtspiInterface.action? where tree.isActivatable(object):
            return action(member, call, object)
        case AtspiInterface.selection? where implementsSelection(object):
            return selection(member, call, object)
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
             "SelectChild", "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection", "Set":
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
        case AtspiInterface.application:
            ["GetLocale", "GetApplicationBusAddress", "RegisterEventListener", "DeregisterEventListener"].contains(member)
        case AtspiInterface.properties:
            ["Get", "GetAll", "Set"].contains(member)
        default:
            false
        }
    }

    private func isApplication(_ object: AtspiObjectTree.Object) -> Bool {
        if case .application = object { return true }
        return false
    }

    /// The interfaces an object implements, as `GetInterfaces` lists them.
    public func interfaces(of object: AtspiObjectTree.Object) -> [String] {
        if isApplication(object) { return [AtspiInterface.accessible, AtspiInterface.application] }
        var names = [AtspiInterface.accessible, AtspiInterface.component]
        if tree.isActivatable(object) { names.append(AtspiInterface.action) }
        if numericValue(of: object) != nil { names.append(AtspiInterface.value) }
        if implementsSelection(object) { names.append(AtspiInterface.selection) }
        return names
    }

    /// The number of an `.adjustable` object that has one: what `Value` reads.
    private func numericValue(of object: AtspiObjectTree.Object) -> AccessibilityNumericValue? {
        guard case .node(let node) = object, node.accessibilityTraits.contains(.adjustable) else { return nil }
        return node.accessibilityNumericValue
    }

    /// Whether the object answers `Selection`: a page tab list, over its tabs.
    private func implementsSelection(_ object: AtspiObjectTree.Object) -> Bool {
        tree.role(of: object) == .pageTabList
    }

    private func invalidArguments(_ call: DBusMessage, expected: String) -> DBusMethodOutcome {
        .error(name: DBusErrorName.invalidArgs,
               message: "\(call.member ?? "") takes arguments \"\(expected)\", not \"\(call.signatureText)\"")
    }

    // MARK: org.a11y.atspi.Accessible

    private func accessible(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let signature = call.signatureText
        switch member {
        case "GetChildAtIndex":
            guard signature == "i", let index = call.body.first?.int32 else { return invalidArguments(call, expected: "i") }
            let children = tree.children(of: object)
            guard index >= 0, Int(index) < children.count else { return .reply([reference(to: nil)]) }
            return .reply([reference(to: .node(children[Int(index)]))])
        case "GetChildren":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            let children = tree.children(of: object)
            rememberChildren(children.map(tree.path(of:)), for: path(of: object))
            return .reply([.array(of: .structure([.string, .objectPath]), children.map { reference(to: .node($0)) })])
        case "GetIndexInParent":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.int32(Int32(clamping: tree.indexInParent(of: object)))])
        case "GetRelationSet":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.array(of: .structure([.uint32, .array(.structure([.string, .objectPath]))]), [])])
        case "GetRole":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.uint32(tree.role(of: object).rawValue)])
        case "GetRoleName", "GetLocalizedRoleName":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.string(tree.role(of: object).name)])
        case "GetState":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            let states = states(of: object)
            remember(states, for: path(of: object))
            return .reply([.array(of: .uint32, states.words.map(DBusValue.uint32))])
        case "GetAttributes":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            var entries: [(key: DBusValue, value: DBusValue)] = [(.string("toolkit"), .string(Self.toolkitName))]
            if case .node(let node) = object, let value = node.accessibilityValue {
                entries.append((.string("value"), .string(value)))
                // Orca says a Value's text from this attribute, as for ARIA's aria-valuetext.
                if numericValue(of: object) != nil { entries.append((.string("valuetext"), .string(value))) }
            }
            return .reply([.dictionary(key: .string, value: .string, entries)])
        case "GetApplication":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([reference(to: .application)])
        case "GetInterfaces":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.array(of: .string, interfaces(of: object).map(DBusValue.string))])
        default:
            return .unknownMethod
        }
    }

    // MARK: org.a11y.atspi.Component

    /// AT-SPI's coordinate types: screen (0) is window coordinates plus the
    /// window's `screenOrigin`, window (1) is window coordinates, and parent
    /// (2) is relative to the parent's extents. The answer is the origin of
    /// the coordinate system in window coordinates.
    private func origin(for coordinateType: UInt32, of object: AtspiObjectTree.Object) -> Point? {
        switch coordinateType {
        case 0:
            let screen = window.screenOrigin
            return Point(x: -screen.x, y: -screen.y)
        case 1:
            return .zero
        case 2:
            guard let parent = tree.parent(of: object), case .node = parent else { return .zero }
            return tree.frame(of: parent).origin
        default:
            return nil
        }
    }

    private func component(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let signature = call.signatureText
        let body = call.body
        switch member {
        case "GetExtents", "GetPosition":
            guard signature == "u", let type = body.first?.uint32 else { return invalidArguments(call, expected: "u") }
            guard let origin = origin(for: type, of: object) else { return badCoordinateType(type) }
            let frame = tree.frame(of: object)
            let x = Self.integer(frame.minX - origin.x)
            let y = Self.integer(frame.minY - origin.y)
            if member == "GetPosition" { return .reply([.int32(x), .int32(y)]) }
            return .reply([.structure([.int32(x), .int32(y), .int32(Self.integer(frame.width)),
                                       .int32(Self.integer(frame.height))])])
        case "GetSize":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            let frame = tree.frame(of: object)
            return .reply([.int32(Self.integer(frame.width)), .int32(Self.integer(frame.height))])
        case "Contains", "GetAccessibleAtPoint":
            guard signature == "iiu", let x = body[0].int32, let y = body[1].int32, let type = body[2].uint32 else {
                return invalidArguments(call, expected: "iiu")
            }
            guard let origin = origin(for: type, of: object) else { return badCoordinateType(type) }
            let point = Point(x: Double(x) + origin.x, y: Double(y) + origin.y)
            if member == "Contains" { return .reply([.boolean(tree.frame(of: object).contains(point))]) }
            return .reply([reference(to: tree.deepestObject(at: point, in: object).map { .node($0) })])
        case "GetLayer":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            // ATSPI_LAYER_WINDOW for the frame, ATSPI_LAYER_WIDGET for the rest.
            if case .node(let node) = object, node === window { return .reply([.uint32(7)]) }
            return .reply([.uint32(3)])
        case "GetMDIZOrder":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.int16(0)])
        case "GetAlpha":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            if case .node(let view as View) = object { return .reply([.double(view.alpha)]) }
            return .reply([.double(1)])
        case "ScrollTo":
            // The scroll views around the object bring it into view (contract S8).
            guard signature == "u", let type = body.first?.uint32 else { return invalidArguments(call, expected: "u") }
            guard let scrolled = tree.scroll(object, to: type) else {
                return .error(name: DBusErrorName.invalidArgs, message: "unknown scroll type \(type); use 0 to 6")
            }
            return .reply([.boolean(scrolled)])
        case "ScrollToPoint":
            guard signature == "uii", let type = body[0].uint32, let x = body[1].int32, let y = body[2].int32 else {
                return invalidArguments(call, expected: "uii")
            }
            guard let origin = origin(for: type, of: object) else { return badCoordinateType(type) }
            return .reply([.boolean(tree.scroll(object, topLeftTo: Point(x: Double(x) + origin.x, y: Double(y) + origin.y)))])
        case "GrabFocus":
            // The window's focus system decides (rule K2); its observers announce the move.
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            guard case .node(let node) = object, let item = focusItem(of: node), window.isFocusable(item) else {
                return .reply([.boolean(false)])
            }
            return .reply([.boolean(window.moveFocus(to: item) && window.focusedItem === item)])
        case "SetExtents", "SetPosition", "SetSize":
            // Nothing here moves or resizes on a client's request.
            return .reply([.boolean(false)])
        default:
            return .unknownMethod
        }
    }

    private func badCoordinateType(_ type: UInt32) -> DBusMethodOutcome {
        .error(name: DBusErrorName.invalidArgs, message: "unknown coordinate type \(type); use 0 (screen), 1 (window) or 2 (parent)")
    }

    /// A coordinate as AT-SPI's 32-bit integer: rounded, clamped, 0 for NaN.
    static func integer(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        if value >= Double(Int32.max) { return .max }
        if value <= Double(Int32.min) { return .min }
        return Int32(value.rounded())
    }

    // MARK: org.a11y.atspi.Action

    private func action(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let signature = call.signatureText
        switch member {
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding":
            guard signature == "i", let index = call.body.first?.int32 else { return invalidArguments(call, expected: "i") }
            guard index == 0 else { return .reply([.string("")]) }
            switch member {
            case "GetDescription": return .reply([.string(description(of: object))])
            case "GetKeyBinding": return .reply([.string("")])
            default: return .reply([.string(Self.clickAction)])
            }
        case "GetActions":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.array(of: .structure([.string, .string, .string]), [
                .structure([.string(Self.clickAction), .string(description(of: object)), .string("")]),
            ])])
        case "DoAction":
            guard signature == "i", let index = call.body.first?.int32 else { return invalidArguments(call, expected: "i") }
            guard index == 0, case .node(let node) = object else { return .reply([.boolean(false)]) }
            // Exactly what a tap does, delegate included; the changes it
            // makes reach the window's observers (and become events) first.
            return .reply([.boolean(node.accessibilityActivate())])
        default:
            return .unknownMethod
        }
    }

    // MARK: org.a11y.atspi.Selection

    /// A page tab list's selection, over its tabs. Selecting a tab does what
    /// a tap does (`accessibilityActivate()`: the tab bar's delegate is told
    /// once); a tab bar holds exactly one selected tab that a person can
    /// only move, so deselecting, clearing and selecting all answer false.
    private func selection(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let signature = call.signatureText
        switch member {
        case "SelectAll", "ClearSelection":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.boolean(false)])
        case "GetSelectedChild", "SelectChild", "DeselectSelectedChild", "IsChildSelected", "DeselectChild":
            guard signature == "i", let index = call.body.first?.int32 else { return invalidArguments(call, expected: "i") }
            let children = member == "GetSelectedChild" || member == "DeselectSelectedChild"
                ? selectedChildren(of: object) : tree.children(of: object)
            let child = index >= 0 && Int(index) < children.count ? children[Int(index)] : nil
            switch member {
            case "GetSelectedChild":
                return .reply([reference(to: child.map { .node($0) })])
            case "IsChildSelected":
                return .reply([.boolean(child?.accessibilityTraits.contains(.selected) == true)])
            case "SelectChild":
                guard let child, tree.isActivatable(.node(child)) else { return .reply([.boolean(false)]) }
                if child.accessibilityTraits.contains(.selected) { return .reply([.boolean(true)]) }
                // What a tap does; the change reaches the window's observers (and becomes events) first.
                let activated = child.accessibilityActivate()
                return .reply([.boolean(activated && child.accessibilityTraits.contains(.selected))])
            default:
                return .reply([.boolean(false)])
            }
        default:
            return .unknownMethod
        }
    }

    /// The object's children that are selected, in order.
    private func selectedChildren(of object: AtspiObjectTree.Object) -> [any AccessibilityNode] {
        tree.children(of: object).filter { $0.accessibilityTraits.contains(.selected) }
    }

    private func description(of object: AtspiObjectTree.Object) -> String {
        guard case .node(let node) = object else { return "" }
        return node.accessibilityHint ?? ""
    }

    // MARK: org.a11y.atspi.Application

    private func application(_ member: String, _ call: DBusMessage) -> DBusMethodOutcome {
        switch member {
        case "GetLocale":
            guard call.signatureText == "u" else { return invalidArguments(call, expected: "u") }
            return .reply([.string("")])
        case "GetApplicationBusAddress":
            guard call.signatureText.isEmpty else { return invalidArguments(call, expected: "") }
            // No peer-to-peer bus: clients stay on the accessibility bus.
            return .reply([.string("")])
        case "RegisterEventListener", "DeregisterEventListener":
            guard call.signatureText == "s" else { return invalidArguments(call, expected: "s") }
            return .reply([])
        default:
            return .unknownMethod
        }
    }

    // MARK: org.freedesktop.DBus.Properties

    private func properties(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let body = call.body
        switch member {
        case "Get":
            guard call.signatureText == "ss", let interface = body[0].string, let name = body[1].string else {
                return invalidArguments(call, expected: "ss")
            }
            guard let value = propertyValues(of: interface, object)?.first(where: { $0.name == name })?.value else {
                return .error(name: DBusErrorName.unknownProperty, message: "No property \(interface).\(name)")
            }
            return .reply([.variant(value)])
        case "GetAll":
            guard call.signatureText == "s", let interface = body[0].string else { return invalidArguments(call, expected: "s") }
            let values = propertyValues(of: interface, object) ?? []
            return .reply([.dictionary(key: .string, value: .variant, values.map { (.string($0.name), .variant($0.value)) })])
        case "Set":
            guard call.signatureText == "ssv", let interface = body[0].string, let name = body[1].string,
                  let value = body[2].variantContent else {
                return invalidArguments(call, expected: "ssv")
            }
            if interface == AtspiInterface.application, name == "Id", isApplication(object) {
                guard let sender = call.sender, sender == registryBusName else {
                    return .error(name: DBusErrorName.accessDenied, message: Self.setDeniedMessage)
                }
                guard let id = value.int32 else {
                    return .error(name: DBusErrorName.invalidArgs, message: "Application.Id is an int32")
                }
                applicationID = id
                return .reply([])
            }
            if interface == AtspiInterface.value, name == "CurrentValue", case .node(let node) = object,
               let current = numericValue(of: object) {
                return setCurrentValue(value, of: node, within: current)
            }
            guard propertyValues(of: interface, object)?.contains(where: { $0.name == name }) == true else {
                return .error(name: DBusErrorName.unknownProperty, message: "No property \(interface).\(name)")
            }
            return .error(name: DBusErrorName.propertyReadOnly, message: "\(interface).\(name) is read-only")
        default:
            return .unknownMethod
        }
    }

    /// `Value.CurrentValue` set by a client: a finite number, clamped into
    /// the range, offered to `accessibilitySetNumericValue(_:)`.
    private func setCurrentValue(
        _ value: DBusValue, of node: any AccessibilityNode, within current: AccessibilityNumericValue
    ) -> DBusMethodOutcome {
        let number: Double
        switch value {
        case .double(let double): number = double
        case .int32(let integer): number = Double(integer)
        case .uint32(let integer): number = Double(integer)
        case .int64(let integer): number = Double(integer)
        case .uint64(let integer): number = Double(integer)
        case .int16(let integer): number = Double(integer)
        case .uint16(let integer): number = Double(integer)
        case .byte(let integer): number = Double(integer)
        default:
            return .error(name: DBusErrorName.invalidArgs, message: "Value.CurrentValue is a number (d)")
        }
        guard number.isFinite else {
            return .error(name: DBusErrorName.invalidArgs, message: "Value.CurrentValue must be finite")
        }
        guard node.accessibilitySetNumericValue(current.clamped(number)) else {
            return .error(name: DBusErrorName.failed, message: "the element did not take the value")
        }
        return .reply([])
    }

    /// The properties of one interface of an object; nil for an interface it does not implement.
    private func propertyValues(of interface: String, _ object: AtspiObjectTree.Object) -> [(name: String, value: DBusValue)]? {
        guard interfaces(of: object).contains(interface) else { return nil }
        switch interface {
        case AtspiInterface.accessible:
            let parent: DBusValue
            if isApplication(object) {
                parent = .structure([.string(desktop.busName), .objectPath(desktop.path)])
            } else {
                parent = reference(to: tree.parent(of: object))
            }
            let children = tree.children(of: object)
            rememberChildren(children.map(tree.path(of:)), for: path(of: object))
            return [
                ("Name", .string(tree.name(of: object, applicationName: applicationName))),
                ("Description", .string(description(of: object))),
                ("Parent", parent),
                ("ChildCount", .int32(Int32(clamping: children.count))),
                ("Locale", .string("")),
                ("AccessibleId", .string(path(of: object).text)),
                ("HelpText", .string("")),
            ]
        case AtspiInterface.application:
            return [
                ("ToolkitName", .string(Self.toolkitName)),
                ("Version", .string(Self.toolkitVersion)),
                ("AtspiVersion", .string(Self.atspiVersion)),
                ("Id", .int32(applicationID ?? 0)),
            ]
        case AtspiInterface.action:
            return [("NActions", .int32(1))]
        case AtspiInterface.value:
            guard case .node(let node) = object, let value = numericValue(of: object) else { return [] }
            return [
                ("MinimumValue", .double(value.minimum)),
                ("MaximumValue", .double(value.maximum)),
                ("MinimumIncrement", .double(value.step)),
                ("CurrentValue", .double(value.current)),
                ("Text", .string(node.accessibilityValue ?? Self.text(of: value.current))),
            ]
        case AtspiInterface.selection:
            return [("NSelectedChildren", .int32(Int32(clamping: selectedChildren(of: object).count)))]
        default:
            return []
        }
    }

    /// A number as a person reads it: "40", not "40.0".
    static func text(of number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    // MARK: Events

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
    /// - `children`: `ChildrenChanged` `remove` for each child that went,
    ///   then `add` for each that came, with its index and reference
    ///   (children hidden or shown, `accessibilityElementsHidden`, a modal
    ///   view coming or going, count as going and coming).
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
        }
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

    private func stateEvents(for node: any AccessibilityNode) -> [DBusMessage] {
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
    private func selectionChangedEvents(after node: any AccessibilityNode, isSelected: Bool) -> [DBusMessage] {
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

    private func childrenEvents(for object: AtspiObjectTree.Object, at objectPath: DBusObjectPath) -> [DBusMessage] {
        let current = tree.children(of: object).map(tree.path(of:))
        let previous = reportedChildren[objectPath] ?? []
        rememberChildren(current, for: objectPath)
        var events: [DBusMessage] = []
        let currentSet = Set(current)
        let previousSet = Set(previous)
        for index in previous.indices.reversed() where !currentSet.contains(previous[index]) {
            events.append(event(objectPath, "ChildrenChanged", "remove", detail1: Int32(clamping: index),
                                any: .structure([.string(busName), .objectPath(previous[index])])))
        }
        for index in current.indices where !previousSet.contains(current[index]) {
            events.append(event(objectPath, "ChildrenChanged", "add", detail1: Int32(clamping: index),
                                any: .structure([.string(busName), .objectPath(current[index])])))
        }
        return events
    }

    /// An `org.a11y.atspi.Event.Object` signal, `siiva{sv}`.
    private func event(
        _ path: DBusObjectPath, _ member: String, _ detail: String, detail1: Int32 = 0, any: DBusValue = .int32(0)
    ) -> DBusMessage {
        .signal(path: path, interface: AtspiInterface.objectEvents, member: member, body: [
            .string(detail), .int32(detail1), .int32(0), .variant(any),
            .dictionary(key: .string, value: .variant, []),
        ])
    }

    private func remember(_ states: AtspiStateSet, for path: DBusObjectPath) {
        if reportedStates.count > 2 * tree.pathCount + 1024 {
            reportedStates = reportedStates.filter { tree.object(at: $0.key) != nil }
        }
        reportedStates[path] = states
    }

    private func rememberChildren(_ children: [DBusObjectPath], for path: DBusObjectPath) {
        if reportedChildren.count > 2 * tree.pathCount + 1024 {
            reportedChildren = reportedChildren.filter { tree.object(at: $0.key) != nil }
        }
        reportedChildren[path] = children
    }
}
