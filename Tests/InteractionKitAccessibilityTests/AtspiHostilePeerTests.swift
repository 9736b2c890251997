import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux

@Suite("Hostile peers: only the registry sets the id; calls are checked before their bodies are read")
@MainActor
struct AtspiHostilePeerTests {
    @Test("Application.Id is set by the registry only: any other peer's Set is refused and changes nothing")
    func onlyTheRegistrySetsTheID() throws {
        let harness = ExportHarness()
        let set: [DBusValue] = [.string(AtspiInterface.application), .string("Id"), .variant(.int32(42))]
        // Before the registry is known, nobody's Set is taken.
        #expect(try harness.call(harness.root, AtspiInterface.properties, "Set", set).errorName == DBusErrorName.accessDenied)
        harness.export.registryBusName = ":1.9"
        let refused = try harness.call(harness.root, AtspiInterface.properties, "Set", set)
        #expect(refused.errorName == DBusErrorName.accessDenied)
        #expect(refused.errorMessage == "only the AT-SPI registry sets Application.Id, the one writable property here")
        #expect(harness.export.applicationID == nil)
        #expect(try harness.property(harness.root, AtspiInterface.application, "Id") == .int32(0))
        harness.export.registryBusName = ExportHarness.sender
        _ = try harness.values(harness.root, AtspiInterface.properties, "Set", set)
        #expect(harness.export.applicationID == 42)
    }

    /// The precheck's answer to a call from `sender` with a body of `signature`.
    func precheck(_ harness: ExportHarness, _ path: String, _ interface: String?, _ member: String, _ signature: String,
                  sender: String = ExportHarness.sender, size: Int = 200) throws -> DBusMethodOutcome? {
        var call = DBusMessage.methodCall(path: try DBusObjectPath(path), interface: interface, member: member, destination: ":1.7")
        call.serial = 1
        call.sender = sender
        return AtspiBridge.precheck(call, signature: try DBusSignature(signature), size: size, export: harness.export)
    }

    func errorName(_ outcome: DBusMethodOutcome?) -> String? {
        switch outcome {
        case .error(let name, _)?: name
        case .unknownMethod?: DBusErrorName.unknownMethod
        default: nil
        }
    }

    @Test("The precheck refuses, from the header alone, unknown objects and methods, wrong signatures and others' Set")
    func precheckRefusals() throws {
        let harness = ExportHarness()
        harness.export.registryBusName = ":1.9"
        let frame = harness.frame
        #expect(try precheck(harness, frame, AtspiInterface.accessible, "GetChildren", "") == nil)
        #expect(try precheck(harness, frame, nil, "GetExtents", "u") == nil)
        #expect(try precheck(harness, frame, AtspiInterface.properties, "Get", "ss") == nil)
        #expect(try precheck(harness, AtspiExport.cachePath.text, nil, "GetItems", "") == nil)
        #expect(errorName(try precheck(harness, frame, AtspiInterface.accessible, "GetChildren", "ay")) == DBusErrorName.invalidArgs)
        #expect(errorName(try precheck(harness, frame, nil, "GetChildAtIndex", "av")) == DBusErrorName.invalidArgs)
        #expect(errorName(try precheck(harness, frame, AtspiInterface.accessible, "Explode", "ay")) == DBusErrorName.unknownMethod)
        #expect(errorName(try precheck(harness, frame, "org.example.Nothing", "GetRole", "")) == DBusErrorName.unknownMethod)
        #expect(errorName(try precheck(harness, "/org/a11y/atspi/accessible/999999", nil, "GetRole", "")) == DBusErrorName.unknownObject)
        #expect(errorName(try precheck(harness, harness.root, AtspiInterface.properties, "Set", "ssv")) == DBusErrorName.accessDenied)
        #expect(errorName(try precheck(harness, harness.root, nil, "Set", "ssv")) == DBusErrorName.accessDenied)
        #expect(try precheck(harness, harness.root, AtspiInterface.properties, "Set", "ssv", sender: ":1.9") == nil)
        // A call of the right signature but larger than any AT-SPI call is.
        #expect(try precheck(harness, frame, AtspiInterface.properties, "Get", "ss", size: AtspiBridge.maximumCallSize) == nil)
        #expect(errorName(try precheck(harness, frame, AtspiInterface.properties, "Get", "ss",
                                       size: AtspiBridge.maximumCallSize + 1)) == DBusErrorName.limitsExceeded)
    }

    @Test("Every Selection method the export answers passes the precheck with its signature, named or not")
    func selectionPassesThePrecheck() throws {
        let harness = ExportHarness()
        let tabList = try harness.children(try harness.children(harness.frame).first ?? "").first ?? ""
        let frame = tabList.isEmpty ? harness.frame : tabList
        for (member, signature) in [("GetSelectedChild", "i"), ("SelectChild", "i"), ("DeselectSelectedChild", "i"),
                                    ("IsChildSelected", "i"), ("DeselectChild", "i"), ("SelectAll", ""), ("ClearSelection", "")] {
            #expect(AtspiBridge.expectedSignature(of: member, in: AtspiInterface.selection) == signature)
            #expect(try precheck(harness, frame, AtspiInterface.selection, member, signature) == nil)
            #expect(try precheck(harness, frame, nil, member, signature) == nil)
        }
    }

    /// Text and EditableText members with the signatures the export reads (`AtspiExport+Text.swift`).
    static let textMembers: [(interface: String, member: String, signature: String)] = [
        (AtspiInterface.text, "GetText", "ii"), (AtspiInterface.text, "SetCaretOffset", "i"),
        (AtspiInterface.text, "GetTextAtOffset", "iu"), (AtspiInterface.text, "GetTextBeforeOffset", "iu"),
        (AtspiInterface.text, "GetTextAfterOffset", "iu"), (AtspiInterface.text, "GetStringAtOffset", "iu"),
        (AtspiInterface.text, "GetCharacterAtOffset", "i"), (AtspiInterface.text, "GetCharacterExtents", "iu"),
        (AtspiInterface.text, "GetRangeExtents", "iiu"), (AtspiInterface.text, "GetOffsetAtPoint", "iiu"),
        (AtspiInterface.text, "GetNSelections", ""), (AtspiInterface.text, "GetSelection", "i"),
        (AtspiInterface.text, "AddSelection", "ii"), (AtspiInterface.text, "SetSelection", "iii"),
        (AtspiInterface.text, "RemoveSelection", "i"), (AtspiInterface.text, "GetAttributes", "i"),
        (AtspiInterface.text, "GetAttributeRun", "ib"), (AtspiInterface.text, "GetAttributeValue", "is"),
        (AtspiInterface.text, "GetDefaultAttributes", ""), (AtspiInterface.text, "GetDefaultAttributeSet", ""),
        (AtspiInterface.editableText, "SetTextContents", "s"), (AtspiInterface.editableText, "InsertText", "isi"),
        (AtspiInterface.editableText, "CopyText", "ii"), (AtspiInterface.editableText, "CutText", "ii"),
        (AtspiInterface.editableText, "DeleteText", "ii"), (AtspiInterface.editableText, "PasteText", "i"),
    ]

    @Test("Every Text and EditableText method the export answers passes the precheck (over the bus Orca got UnknownMethod)")
    func textPassesThePrecheck() throws {
        let harness = ExportHarness()
        for (interface, member, signature) in Self.textMembers {
            #expect(AtspiBridge.expectedSignature(of: member, in: interface) == signature, "\(member)")
            #expect(try precheck(harness, harness.frame, interface, member, signature) == nil, "\(member)")
            // Without an interface, GetAttributes is Accessible's (no arguments), as the export reads it too.
            guard member != "GetAttributes" else { continue }
            #expect(try precheck(harness, harness.frame, nil, member, signature) == nil, "\(member) without an interface")
        }
        #expect(errorName(try precheck(harness, harness.frame, AtspiInterface.text, "GetText", "ss")) == DBusErrorName.invalidArgs)
        #expect(errorName(try precheck(harness, harness.frame, AtspiInterface.editableText, "InsertText", "is"))
            == DBusErrorName.invalidArgs)
    }

    @Test("What the precheck lets through is a few basic values: decoding it costs at most its strings' size")
    func expectedSignaturesAreBasic() throws {
        let interfaces = [AtspiInterface.accessible, AtspiInterface.component, AtspiInterface.action,
                          AtspiInterface.selection, AtspiInterface.application, AtspiInterface.properties,
                          AtspiInterface.cache]
        var methods = 0
        for interface in interfaces {
            for member in AtspiFuzzHarness.members {
                guard let text = AtspiBridge.expectedSignature(of: member, in: interface) else { continue }
                methods += 1
                let types = try DBusSignature(text).types
                #expect(types.count <= 5)
                // Set's variant is the one container, and only the registry's Set passes.
                let basic = types.filter { $0 != .variant }.allSatisfy { type in
                    switch type {
                    case .array, .structure, .dictEntry, .variant: false
                    default: true
                    }
                }
                #expect(basic && (types.contains(.variant) == (member == "Set")), "\(interface).\(member) takes \(text)")
            }
        }
        #expect(methods >= 30)
    }

    @Test("Every method the export answers has an expected signature, and answers a call of it without InvalidArgs")
    func signaturesMatchTheExport() throws {
        let harness = ExportHarness()
        harness.export.registryBusName = ExportHarness.sender
        let samples: [String: [DBusValue]] = [
            "": [], "i": [.int32(0)], "u": [.uint32(0)], "iiu": [.int32(1), .int32(1), .uint32(0)], "s": [.string("x")],
            "ss": [.string(AtspiInterface.accessible), .string("Name")],
            "ssv": [.string(AtspiInterface.application), .string("Id"), .variant(.int32(1))],
            "iiiiu": [.int32(0), .int32(0), .int32(1), .int32(1), .uint32(0)], "ii": [.int32(1), .int32(1)],
            "uii": [.uint32(0), .int32(0), .int32(0)],
        ]
        let tab = try harness.tabPath("Search")
        for (interface, path) in [(AtspiInterface.accessible, tab), (AtspiInterface.component, tab), (AtspiInterface.action, tab),
                                  (AtspiInterface.application, harness.root), (AtspiInterface.properties, tab),
                                  (AtspiInterface.cache, AtspiExport.cachePath.text)] {
            for member in AtspiFuzzHarness.members {
                guard let text = AtspiBridge.expectedSignature(of: member, in: interface), member != "DoAction" else { continue }
                let body = try #require(samples[text], "no sample body for \(text)")
                let reply = try harness.call(path, interface, member, body)
                #expect(reply.errorName != DBusErrorName.invalidArgs && reply.errorName != DBusErrorName.unknownMethod,
                        "\(interface).\(member)(\(text)): \(reply.errorName ?? "") \(reply.errorMessage ?? "")")
            }
        }
    }
}
