import InteractionKitCore
import InteractionKitDBus

// `org.a11y.atspi.Action`: the `click` of buttons, tabs, toggles and rows,
// then the object's custom actions by name (L6).

extension AtspiExport {
    func action(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let signature = call.signatureText
        let names = actionNames(of: object)
        switch member {
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding":
            guard signature == "i", let index = call.body.first?.int32 else { return invalidArguments(call, expected: "i") }
            guard index >= 0, Int(index) < names.count else { return .reply([.string("")]) }
            switch member {
            case "GetDescription": return .reply([.string(actionDescription(of: object, index: Int(index), names: names))])
            case "GetKeyBinding": return .reply([.string("")])
            default: return .reply([.string(names[Int(index)])])
            }
        case "GetActions":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.array(of: .structure([.string, .string, .string]), names.indices.map { index in
                .structure([.string(names[index]), .string(actionDescription(of: object, index: index, names: names)), .string("")])
            })])
        case "DoAction":
            guard signature == "i", let index = call.body.first?.int32 else { return invalidArguments(call, expected: "i") }
            guard index >= 0, Int(index) < names.count, case .node(let node) = object else { return .reply([.boolean(false)]) }
            // Exactly what a tap (or the custom action's handler) does; the
            // changes it makes reach the window's observers (and become events) first.
            let clickCount = tree.isActivatable(object) ? 1 : 0
            if Int(index) < clickCount { return .reply([.boolean(node.accessibilityActivate())]) }
            let custom = customActions(of: object)
            let customIndex = Int(index) - clickCount
            guard customIndex < custom.count else { return .reply([.boolean(false)]) }
            return .reply([.boolean(custom[customIndex].perform())])
        default:
            return .unknownMethod
        }
    }

    /// The names of the object's actions: `click` when it can be
    /// activated, then its custom actions' names.
    func actionNames(of object: AtspiObjectTree.Object) -> [String] {
        var names = tree.isActivatable(object) ? [Self.clickAction] : []
        names += customActions(of: object).map(\.name)
        return names
    }

    /// What an action does, for `GetDescription`: `click`'s is the object's
    /// hint; a custom action's is its name.
    private func actionDescription(of object: AtspiObjectTree.Object, index: Int, names: [String]) -> String {
        index == 0 && tree.isActivatable(object) ? description(of: object) : names[index]
    }
}
