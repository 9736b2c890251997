import InteractionKitCore
import InteractionKitDBus

// `org.a11y.atspi.Selection`: the selected tab of a page tab list.

extension AtspiExport {
    /// A page tab list's selection, over its tabs. Selecting a tab does what
    /// a tap does (`accessibilityActivate()`: the tab bar's delegate is told
    /// once); a tab bar holds exactly one selected tab that a person can
    /// only move, so deselecting, clearing and selecting all answer false.
    func selection(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
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
    func selectedChildren(of object: AtspiObjectTree.Object) -> [any AccessibilityNode] {
        tree.children(of: object).filter { $0.accessibilityTraits.contains(.selected) }
    }

    func description(of object: AtspiObjectTree.Object) -> String {
        guard case .node(let node) = object else { return "" }
        return node.accessibilityHint ?? ""
    }
}
