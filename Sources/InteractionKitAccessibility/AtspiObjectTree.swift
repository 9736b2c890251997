import InteractionKitCore
import InteractionKitDBus

/// The objects a window exports over AT-SPI: one D-Bus object path per
/// accessibility node, stable for the node's whole life, and what AT-SPI
/// reads of each (role, states, children, extents).
///
/// The tree is read live from the window on each request: nothing is
/// copied, so nothing goes stale. The application object (the root, at
/// `/org/a11y/atspi/accessible/root`) has the window, a `frame`, as its
/// only child. Under it:
///
/// - a node that `isAccessibilityElement` is a leaf (its subviews are not read);
/// - otherwise its children are its `accessibilityElements`, or, when that
///   is nil, its subviews;
/// - a hidden view, or a node whose `accessibilityElementsHidden` is true,
///   is left out with everything in it; while a child is modal
///   (`accessibilityViewIsModal`), its siblings are left out.
///
/// Paths are numbered in the order nodes are first seen; the table holds
/// nodes weakly, so a path whose node was freed or left the window is
/// answered with `org.freedesktop.DBus.Error.UnknownObject`, and dead entries
/// are swept once the table has doubled, which keeps it bounded by the live nodes.
@MainActor
public final class AtspiObjectTree {
    /// The path of the application object.
    public static let rootPath = DBusObjectPath(trusted: "/org/a11y/atspi/accessible/root")
    /// The path every other object's path starts with, followed by its number.
    public static let objectPathPrefix = "/org/a11y/atspi/accessible/"
    /// The path AT-SPI uses for "no object".
    public static let nullPath = DBusObjectPath(trusted: "/org/a11y/atspi/null")

    /// What a path names.
    public enum Object {
        /// The application (the root).
        case application
        /// A view or an accessibility element of the window.
        case node(any AccessibilityNode)
    }

    /// The exported window.
    public let window: Window

    private struct Entry {
        weak var node: (any AccessibilityNode)?
        let number: UInt64
    }

    private var numbers: [ObjectIdentifier: Entry] = [:]
    private var nodes: [UInt64: Entry] = [:]
    private var lastNumber: UInt64 = 0
    private var sweepThreshold = 1024

    /// Creates the tree of `window`.
    public init(window: Window) {
        self.window = window
    }

    /// How many paths the table holds now, live or not yet swept.
    public var pathCount: Int { nodes.count }

    // MARK: Paths

    /// The path of `node`, numbered on first use.
    public func path(of node: any AccessibilityNode) -> DBusObjectPath {
        let key = ObjectIdentifier(node)
        // An identifier may be reused after its object was freed: the weak
        // reference tells the old entry from a new object.
        if let entry = numbers[key], entry.node === node {
            return Self.path(number: entry.number)
        }
        if nodes.count >= sweepThreshold { sweep() }
        lastNumber &+= 1
        let entry = Entry(node: node, number: lastNumber)
        numbers[key] = entry
        nodes[lastNumber] = entry
        return Self.path(number: lastNumber)
    }

    /// What `path` names in this window now, or nil for a path that was
    /// never given, whose node was freed, or that is not exported now (it
    /// left the window, or it is left out: see `isExported(_:)`).
    public func object(at path: DBusObjectPath) -> Object? {
        if path == Self.rootPath { return .application }
        guard let number = Self.number(of: path), let node = nodes[number]?.node else { return nil }
        guard isExported(node) else { return nil }
        return .node(node)
    }

    /// The path of the object numbered `number` (the numbers start at 1).
    public static func path(number: UInt64) -> DBusObjectPath {
        DBusObjectPath(trusted: objectPathPrefix + String(number))
    }

    /// The number in a path of the form `/org/a11y/atspi/accessible/N`;
    /// nil for anything else (leading zeros, signs, overflow included).
    static func number(of path: DBusObjectPath) -> UInt64? {
        let text = path.text.utf8
        let prefix = objectPathPrefix.utf8
        guard text.count > prefix.count, text.count <= prefix.count + 20, text.starts(with: prefix) else { return nil }
        let digits = text.dropFirst(prefix.count)
        guard digits.first != UInt8(ascii: "0") else { return nil }
        var number: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            number = sum
        }
        return number
    }

    private func sweep() {
        numbers = numbers.filter { $0.value.node != nil }
        nodes = nodes.filter { $0.value.node != nil }
        sweepThreshold = max(1024, nodes.count * 2)
    }

    /// Whether `node` is shown in the exported window (not whether it is visible).
    public func isInWindow(_ node: any AccessibilityNode) -> Bool {
        node === window || node.accessibilityWindow === window
    }

    // MARK: Structure

    /// The children AT-SPI sees, in order.
    public func children(of object: Object) -> [any AccessibilityNode] {
        switch object {
        case .application:
            return [window]
        case .node(let node):
            return children(of: node)
        }
    }

    /// The children of a node: none for an element, else its
    /// `accessibilityElements`, else its subviews, without those left out
    /// (`isLeftOut(_:)`); while one of them is modal
    /// (`accessibilityViewIsModal`), that one alone.
    public func children(of node: any AccessibilityNode) -> [any AccessibilityNode] {
        if node.isAccessibilityElement && node !== window { return [] }
        if Self.isGroup(node) && node !== window { return members(of: node) }
        return plainChildren(of: node)
    }

    /// The children of a node that does not group its own.
    private func plainChildren(of node: any AccessibilityNode) -> [any AccessibilityNode] {
        var kept: [any AccessibilityNode] = []
        var modal: (any AccessibilityNode)?
        for child in Self.candidateChildren(of: node) where !Self.isLeftOut(child) {
            kept.append(child)
            if child.accessibilityViewIsModal { modal = child }
        }
        if let modal { return [modal] }
        return kept
    }

    // MARK: Groups

    /// Whether a node reads its descendants together (`View.shouldGroupAccessibilityChildren`).
    static func isGroup(_ node: any AccessibilityNode) -> Bool {
        guard let view = node as? View else { return false }
        return view.shouldGroupAccessibilityChildren && !view.isAccessibilityElement
    }

    /// A group's children: the elements and groups inside it, the
    /// containers between left out, in reading order (by centres; one line
    /// when vertical extents overlap by more than half the smaller, as the
    /// focus order reads, F4).
    private func members(of group: any AccessibilityNode) -> [any AccessibilityNode] {
        var found: [any AccessibilityNode] = []
        var stack = Array(plainChildren(of: group).reversed())
        var steps = 0
        while let node = stack.popLast(), steps < Self.maximumDepth {
            steps += 1
            if node.isAccessibilityElement || Self.isGroup(node) {
                found.append(node)
            } else {
                stack.append(contentsOf: plainChildren(of: node).reversed())
            }
        }
        let rightToLeft = window.effectiveLayoutDirection == .rightToLeft
        let frames = found.map { $0.accessibilityFrame }
        let order = found.indices.sorted { a, b in
            let first = frames[a], second = frames[b]
            let overlap = min(first.maxY, second.maxY) - max(first.minY, second.minY)
            let oneLine = overlap > min(first.size.height.magnitude, second.size.height.magnitude) / 2
            if !oneLine, first.midY != second.midY { return first.midY < second.midY }
            let leadA = rightToLeft ? -first.midX : first.midX
            let leadB = rightToLeft ? -second.midX : second.midX
            if leadA != leadB { return leadA < leadB }
            return a < b
        }
        return order.map { found[$0] }
    }

    /// The group a node is read in: the nearest grouping ancestor, or nil.
    private func group(containing node: any AccessibilityNode) -> (any AccessibilityNode)? {
        var current = node.accessibilityParent
        var steps = 0
        while let parent = current, parent !== window, steps < Self.maximumDepth {
            steps += 1
            if Self.isGroup(parent) { return parent }
            current = parent.accessibilityParent
        }
        return nil
    }

    /// A node's children before anything is left out: its
    /// `accessibilityElements`, else its subviews.
    private static func candidateChildren(of node: any AccessibilityNode) -> [any AccessibilityNode] {
        if let elements = node.accessibilityElements { return elements }
        if let view = node as? View { return view.subviews }
        return []
    }

    /// Whether a node is left out of the tree with everything in it: a
    /// hidden view (GTK leaves out unmapped widgets) or a node whose
    /// `accessibilityElementsHidden` is true.
    public static func isLeftOut(_ node: any AccessibilityNode) -> Bool {
        if let view = node as? View, view.isHidden { return true }
        return node.accessibilityElementsHidden
    }

    /// Whether a node is in the exported tree now: in the window, and
    /// reached from the frame through children as `children(of:)` lists
    /// them (not left out, not inside an element, not a sibling of a modal node).
    ///
    /// - Complexity: O(depth × siblings); run per request, never per touch.
    public func isExported(_ node: any AccessibilityNode) -> Bool {
        guard isInWindow(node) else { return false }
        var current = node
        // A bound, not a need: a custom node's parent chain could loop.
        var steps = 0
        // Found once per group on the way up, so a deep chain without groups is walked twice, not squared.
        var enclosingGroup = group(containing: current)
        while current !== window {
            steps += 1
            // Inside a group, a node is exported as one of its members.
            if let group = enclosingGroup {
                guard steps <= Self.maximumDepth, children(of: group).contains(where: { $0 === current }) else { return false }
                current = group
                enclosingGroup = self.group(containing: group)
                continue
            }
            guard steps <= Self.maximumDepth, !Self.isLeftOut(current),
                  let parent = current.accessibilityParent, parent === window || !parent.isAccessibilityElement else {
                return false
            }
            var isChild = false
            var modal: (any AccessibilityNode)?
            for sibling in Self.candidateChildren(of: parent) {
                if sibling === current { isChild = true }
                if sibling.accessibilityViewIsModal && !Self.isLeftOut(sibling) { modal = sibling }
            }
            guard isChild, modal == nil || modal === current else { return false }
            current = parent
        }
        return true
    }

    /// The deepest chain of parents `isExported(_:)` follows.
    static let maximumDepth = 100_000

    /// The parent AT-SPI sees: the application for the window, nil for the application.
    public func parent(of object: Object) -> Object? {
        switch object {
        case .application:
            return nil
        case .node(let node):
            if node === window { return .application }
            if let group = group(containing: node) { return .node(group) }
            guard let parent = node.accessibilityParent else { return .application }
            return .node(parent)
        }
    }

    /// The position of the object among its parent's children, or -1.
    public func indexInParent(of object: Object) -> Int {
        guard case .node(let node) = object, let parent = parent(of: object) else { return -1 }
        let siblings = children(of: parent)
        for index in siblings.indices where siblings[index] === node { return index }
        return -1
    }

    // MARK: What each object is

    /// The object's role, from its class and traits.
    ///
    /// A view that is no element, has no label and no trait that gives it
    /// a role is only there for layout: it is a `filler`, as GTK 4 reports
    /// its generic containers, and screen readers pass over it (Orca counts
    /// a filler as layout only); with a label it is a named `panel`.
    public func role(of object: Object) -> AtspiRole {
        guard case .node(let node) = object else { return .application }
        if node === window { return .frame }
        let traits = node.accessibilityTraits
        if let text = node as? any AccessibilityTextContent, text.accessibilityTextIsEditable {
            return text.accessibilityTextIsSecure ? .passwordText : .entry
        }
        if listPosition(of: node) != nil { return .listItem }
        if !node.isAccessibilityElement {
            if Self.isGroup(node) { return .panel }
            if node is any AccessibilityListContainer { return .list }
            if node is any AccessibilityScrollContainer { return .scrollPane }
            if traits.contains(.tabBar) { return .pageTabList }
            if traits.contains(.toolbar) { return .toolBar }
        }
        if traits.contains(.button) {
            if let parent = node.accessibilityParent, !parent.isAccessibilityElement, parent.accessibilityTraits.contains(.tabBar) {
                return .pageTab
            }
            return traits.contains(.toggleButton) ? .toggleButton : .pushButton
        }
        if traits.contains(.toggleButton) { return .toggleButton }
        if traits.contains(.link) { return .link }
        if traits.contains(.header) { return .heading }
        if traits.contains(.adjustable) { return .slider }
        if traits.contains(.searchField) { return .entry }
        if traits.contains(.image) { return .image }
        if traits.contains(.tabBar) { return .pageTabList }
        if traits.contains(.toolbar) { return .toolBar }
        if node.isAccessibilityElement { return .label }
        return node.accessibilityLabel?.isEmpty == false ? .panel : .filler
    }

    /// The object's name: its label (the window's label, or the application name, for the frame).
    public func name(of object: Object, applicationName: String) -> String {
        guard case .node(let node) = object else { return applicationName }
        if node === window { return node.accessibilityLabel ?? applicationName }
        return node.accessibilityLabel ?? ""
    }

    /// The place of a list's row among its section's rows (1-based) and
    /// their count, as its list says (L6); nil for a node that is no row.
    public func listPosition(of node: any AccessibilityNode) -> (position: Int, count: Int)? {
        guard let list = node.accessibilityParent as? any AccessibilityListContainer else { return nil }
        return list.accessibilityListPosition(of: node)
    }

    /// Whether the object can be activated (AT-SPI's `click` action).
    public func isActivatable(_ object: Object) -> Bool {
        switch role(of: object) {
        case .pushButton, .pageTab, .toggleButton, .link, .listItem: true
        default: false
        }
    }

    /// The object's states, from its traits and visibility, and `active` on
    /// the frame of a key window; `focusable` and `focused` come from the
    /// focus system (`AtspiExport.states(of:)`).
    ///
    /// A toggle button's `selected` trait is `checked` and `pressed` (GTK
    /// reports a pressed toggle button so), not `selected`.
    public func states(of object: Object) -> AtspiStateSet {
        guard case .node(let node) = object else { return AtspiStateSet() }
        var states = AtspiStateSet()
        let traits = node.accessibilityTraits
        if !traits.contains(.notEnabled) {
            states.insert(.enabled)
            states.insert(.sensitive)
        }
        if isVisible(node) {
            states.insert(.visible)
            if isShowing(node) { states.insert(.showing) }
        }
        let role = role(of: object)
        if node === window, window.isKeyWindow { states.insert(.active) }
        if let text = node as? any AccessibilityTextContent, text.accessibilityTextIsEditable {
            // GTK's entry: editable, one line, its text selectable.
            if !traits.contains(.notEnabled) { states.insert(.editable) }
            states.insert(.singleLine)
            states.insert(.selectableText)
        }
        if role == .pageTab || role == .listItem {
            states.insert(.selectable)
        }
        if role == .list, let list = node as? any AccessibilityListContainer, list.accessibilityListAllowsMultipleSelection {
            states.insert(.multiselectable)
        }
        if traits.contains(.selected) {
            if role == .toggleButton {
                states.insert(.checked)
                states.insert(.pressed)
            } else {
                states.insert(.selected)
            }
        }
        return states
    }

    /// Whether the node and every view it is in are visible (not hidden, not transparent).
    public func isVisible(_ node: any AccessibilityNode) -> Bool {
        var current: View?
        if let view = node as? View {
            current = view
        } else if let element = node as? AccessibilityElement {
            current = element.accessibilityContainer
        }
        while let view = current {
            if view.isHidden || view.alpha < 0.01 { return false }
            current = view.superview
        }
        return true
    }

    /// Whether a visible node is on screen: not wholly outside a view it is
    /// in that clips to its bounds (`clipsToBounds`: a scroll view's rows
    /// scrolled out of sight). AT-SPI's `showing`.
    ///
    /// The one place that decides it, so that scrolling changes only this.
    public func isShowing(_ node: any AccessibilityNode) -> Bool {
        // The scroll pane's rule: outside the overlap of every clipping ancestor.
        !isClippedAway(node)
    }

    // MARK: Geometry

    /// The object's rectangle in window coordinates (the application: the window's).
    public func frame(of object: Object) -> Rect {
        switch object {
        case .application: return window.accessibilityFrame
        case .node(let node): return node.accessibilityFrame
        }
    }

    /// The deepest visible object under `point` (window coordinates) inside
    /// `object`, not `object` itself; nil when no child contains the point.
    ///
    /// Children are tried front (last) to back; the walk is iterative and
    /// never visits a node twice, so deep or cyclic element lists end.
    public func deepestObject(at point: Point, in object: Object) -> (any AccessibilityNode)? {
        var found: (any AccessibilityNode)?
        var candidates = children(of: object)
        var visited: Set<ObjectIdentifier> = []
        if case .node(let node) = object { visited.insert(ObjectIdentifier(node)) }
        search: while true {
            for child in candidates.reversed() where !visited.contains(ObjectIdentifier(child)) {
                guard isVisible(child), child.accessibilityFrame.contains(point) else { continue }
                visited.insert(ObjectIdentifier(child))
                found = child
                candidates = children(of: child)
                continue search
            }
            return found
        }
    }
}
