import InteractionKitCore
import InteractionKitDBus

// `org.a11y.atspi.Selection`: the selected tab of a page tab list, the
// selected rows of a list.

extension AtspiExport {
    /// A page tab list's selection, over its tabs. Selecting a tab does what
    /// a tap does (`accessibilityActivate()`: the tab bar's delegate is told
    /// once); a tab bar holds exactly one selected tab that a person can
    /// only move, so deselecting, clearing and selecting all answer false.
    func selection(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let signature = call.signatureText
        if case .node(let node) = object, let list = node as? any AccessibilityListContainer, tree.role(of: object) == .list {
            return listSelection(member, call, object, list)
        }
        switch member {
        case "SelectAll", "ClearSelection":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.boolean(false)])
        case "GetSelectedChild", "SelectChild", "DeselectSelectedChild", "IsChildSelected", "DeselectChild":
            guard signature == "i", let index = call.body.first?.int32 else { return invalidArguments(call, expected: "i") }
            let child = selectionTarget(member, index, of: object)
            if let reply = selectionQueryReply(member, child) { return reply }
            switch member {
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

    /// A list's selection, over its rows (L6): selecting or deselecting a
    /// row does what a tap does, delegate included (GTK's list box: a
    /// single-selection list may be left with none); selecting all only in
    /// a list with multiple selection. A child that is no row (a header)
    /// is never selected.
    private func listSelection(
        _ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object, _ list: any AccessibilityListContainer
    ) -> DBusMethodOutcome {
        let signature = call.signatureText
        let rows = tree.children(of: object).filter { tree.listPosition(of: $0) != nil }
        switch member {
        case "SelectAll":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            guard list.accessibilityListAllowsMultipleSelection else { return .reply([.boolean(false)]) }
            var all = true
            for row in rows where !row.accessibilityTraits.contains(.selected) {
                all = list.accessibilitySetListRow(row, selected: true) && all
            }
            return .reply([.boolean(all)])
        case "ClearSelection":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            var all = true
            for row in rows where row.accessibilityTraits.contains(.selected) {
                all = list.accessibilitySetListRow(row, selected: false) && all
            }
            return .reply([.boolean(all)])
        case "GetSelectedChild", "SelectChild", "DeselectSelectedChild", "IsChildSelected", "DeselectChild":
            guard signature == "i", let index = call.body.first?.int32 else { return invalidArguments(call, expected: "i") }
            let child = selectionTarget(member, index, of: object)
            if let reply = selectionQueryReply(member, child) { return reply }
            // The change reaches the window's observers (and becomes events) first.
            guard let child, tree.listPosition(of: child) != nil else { return .reply([.boolean(false)]) }
            return .reply([.boolean(list.accessibilitySetListRow(child, selected: member == "SelectChild"))])
        default:
            return .unknownMethod
        }
    }

    /// The child an indexed Selection call names: the index counts the
    /// selected children for `GetSelectedChild` and `DeselectSelectedChild`,
    /// all children otherwise; nil past either end.
    private func selectionTarget(_ member: String, _ index: Int32, of object: AtspiObjectTree.Object) -> (any AccessibilityNode)? {
        let candidates = member == "GetSelectedChild" || member == "DeselectSelectedChild"
            ? selectedChildren(of: object) : tree.children(of: object)
        return index >= 0 && Int(index) < candidates.count ? candidates[Int(index)] : nil
    }

    /// The reply to the calls that only ask (`GetSelectedChild`,
    /// `IsChildSelected`), alike for every container; nil for those that change the selection.
    private func selectionQueryReply(_ member: String, _ child: (any AccessibilityNode)?) -> DBusMethodOutcome? {
        switch member {
        case "GetSelectedChild": .reply([reference(to: child.map { .node($0) })])
        case "IsChildSelected": .reply([.boolean(child?.accessibilityTraits.contains(.selected) == true)])
        default: nil
        }
    }

    /// The object's children that are selected, in order.
    func selectedChildren(of object: AtspiObjectTree.Object) -> [any AccessibilityNode] {
        tree.children(of: object).filter { $0.accessibilityTraits.contains(.selected) }
    }

    func description(of object: AtspiObjectTree.Object) -> String {
        guard case .node(let node) = object else { return "" }
        return node.accessibilityHint ?? ""
    }
}
