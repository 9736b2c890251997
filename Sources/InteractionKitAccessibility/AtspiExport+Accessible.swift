import InteractionKitCore
import InteractionKitDBus

// `org.a11y.atspi.Accessible`: names, roles, states, children and relations.

extension AtspiExport {
    func accessible(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
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
            let relationType = DBusType.structure([.uint32, .array(.structure([.string, .objectPath]))])
            return .reply([.array(of: relationType, relations(of: object))])
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
            if case .node(let node) = object, let (position, count) = tree.listPosition(of: node) {
                // ARIA's and GTK 4's names for a row's place in its list.
                entries.append((.string("posinset"), .string(String(position))))
                entries.append((.string("setsize"), .string(String(count))))
            }
            if let placeholder = textContent(of: object)?.accessibilityPlaceholderText, !placeholder.isEmpty {
                // GTK 4's name for it; Orca speaks it for an empty entry.
                entries.append((.string("placeholder-text"), .string(placeholder)))
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
}

extension AtspiExport {
    /// AT-SPI's `NODE_PARENT_OF` relation type.
    static let nodeParentOfRelation: UInt32 = 8

    /// The object's relations. A page tab list with disabled tabs names its
    /// enabled tabs as the children it is the node parent of: Orca 43 counts
    /// a tab's position among those ("2 of 4"), so the count agrees with the
    /// tabs Tab and the arrows can reach, where it said "5 of 5" and skipped
    /// one without a word.
    func relations(of object: AtspiObjectTree.Object) -> [DBusValue] {
        guard tree.role(of: object) == .pageTabList else { return [] }
        let children = tree.children(of: object)
        let enabled = children.filter { tree.states(of: .node($0)).contains(.enabled) }
        guard enabled.count < children.count else { return [] }
        return [.structure([.uint32(Self.nodeParentOfRelation),
                            .array(of: .structure([.string, .objectPath]), enabled.map { reference(to: .node($0)) })])]
    }
}
