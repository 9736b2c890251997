import InteractionKitCore
import InteractionKitDBus

// `org.freedesktop.DBus.Properties`: every interface's properties, and `Value`'s settable `CurrentValue`.

extension AtspiExport {
    func properties(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
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
    func setCurrentValue(
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
    func propertyValues(of interface: String, _ object: AtspiObjectTree.Object) -> [(name: String, value: DBusValue)]? {
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
            return [("NActions", .int32(Int32(clamping: actionNames(of: object).count)))]
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
        case AtspiInterface.text:
            return textContent(of: object).map(textProperties) ?? []
        default:
            return []
        }
    }

    /// A number as a person reads it: "40", not "40.0".
    static func text(of number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
