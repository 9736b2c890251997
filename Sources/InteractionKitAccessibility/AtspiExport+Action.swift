import InteractionKitCore
import InteractionKitDBus

// `org.a11y.atspi.Action`: the `click` of buttons, tabs and toggles.

extension AtspiExport {
    func action(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
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
}
