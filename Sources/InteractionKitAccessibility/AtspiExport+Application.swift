import InteractionKitCore
import InteractionKitDBus

// `org.a11y.atspi.Application`: the root object's toolkit name, version and id.

extension AtspiExport {
    func application(_ member: String, _ call: DBusMessage) -> DBusMethodOutcome {
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
}
