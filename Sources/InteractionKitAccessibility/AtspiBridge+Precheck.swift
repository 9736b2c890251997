import InteractionKitDBus

extension AtspiBridge {
    /// The largest call the bridge reads, in bytes: no AT-SPI method takes
    /// more than a few names and numbers.
    public static let maximumCallSize = 64 * 1024

    /// The answer to a method call decided from its header alone, before its
    /// body is decoded; nil to decode the body and answer from the export.
    ///
    /// Any peer on the accessibility bus may call the application with a
    /// body of any size the bus carries. So a call is refused here, unread,
    /// when nothing in its body could change the answer: an unknown path
    /// (`UnknownObject`), a method no interface of the export has
    /// (`UnknownMethod`), a signature that is not the method's
    /// (`InvalidArgs`), a call larger than `maximumCallSize`
    /// (`LimitsExceeded`), and `Properties.Set` from anyone but the registry
    /// (`AccessDenied`: `Application.Id` is the only writable property, and
    /// it is the registry's). What passes is at most 64 KiB of a few basic
    /// values (strings and numbers), or the registry's own `Set`, so
    /// decoding and answering it costs little whatever a peer sends.
    ///
    /// - Parameters:
    ///   - call: The call's header (its `body` is empty).
    ///   - signature: The signature of its body.
    ///   - size: The size of the whole message, in bytes.
    ///   - export: The export that would answer it.
    package static func precheck(
        _ call: DBusMessage, signature: DBusSignature, size: Int, export: AtspiExport
    ) -> DBusMethodOutcome? {
        guard let path = call.path, let member = call.member else { return nil }
        guard path == AtspiExport.cachePath || export.tree.object(at: path) != nil else {
            return .error(name: DBusErrorName.unknownObject, message: "No accessible object at \(path.text)")
        }
        let interfaces = call.interface.map { [$0] } ?? answeredInterfaces
        guard let (interface, expected) = interfaces.lazy.compactMap({ name in
            expectedSignature(of: member, in: name).map { (name, $0) }
        }).first else { return .unknownMethod }
        guard signature.text == expected else {
            return .error(name: DBusErrorName.invalidArgs,
                          message: "\(member) takes arguments \"\(expected)\", not \"\(signature.text)\"")
        }
        if interface == AtspiInterface.properties, member == "Set",
           call.sender == nil || call.sender != export.registryBusName {
            return .error(name: DBusErrorName.accessDenied, message: AtspiExport.setDeniedMessage)
        }
        guard size <= maximumCallSize else {
            // A screen reader's insertion is a word or a line; a megabyte of text is refused, never half inserted.
            let takes = member == "InsertText" || member == "SetTextContents"
                ? "at most \(maximumCallSize) bytes of text at a time" : "a few names and numbers"
            return .error(name: DBusErrorName.limitsExceeded,
                          message: "\(member) takes \(takes): a call of \(size) bytes is more than the "
                            + "\(maximumCallSize) read here")
        }
        return nil
    }

    /// The interfaces whose methods the export answers, searched in this
    /// order for a call that names none (as the export searches them).
    private static var answeredInterfaces: [String] {
        [AtspiInterface.accessible, AtspiInterface.component, AtspiInterface.action, AtspiInterface.selection,
         AtspiInterface.text, AtspiInterface.editableText, AtspiInterface.application, AtspiInterface.properties,
         AtspiInterface.cache]
    }

    /// The signature of the body the method `member` of `interface` takes;
    /// nil for a method the export does not have. A function, not a table:
    /// the export keeps no heap-allocated globals.
    package static func expectedSignature(of member: String, in interface: String) -> String? {
        switch interface {
        case AtspiInterface.accessible:
            switch member {
            case "GetChildAtIndex": "i"
            case "GetChildren", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName", "GetLocalizedRoleName",
                 "GetState", "GetAttributes", "GetApplication", "GetInterfaces": ""
            default: nil
            }
        case AtspiInterface.component:
            switch member {
            case "Contains", "GetAccessibleAtPoint", "SetPosition": "iiu"
            case "GetExtents", "GetPosition", "ScrollTo": "u"
            case "GetSize", "GetLayer", "GetMDIZOrder", "GrabFocus", "GetAlpha": ""
            case "SetExtents": "iiiiu"
            case "SetSize": "ii"
            case "ScrollToPoint": "uii"
            default: nil
            }
        case AtspiInterface.action:
            switch member {
            case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction": "i"
            case "GetActions": ""
            default: nil
            }
        case AtspiInterface.selection:
            switch member {
            case "GetSelectedChild", "SelectChild", "DeselectSelectedChild", "IsChildSelected", "DeselectChild": "i"
            case "SelectAll", "ClearSelection": ""
            default: nil
            }
        case AtspiInterface.text:
            switch member {
            case "GetText", "AddSelection": "ii"
            case "SetCaretOffset", "GetCharacterAtOffset", "GetSelection", "RemoveSelection", "GetAttributes": "i"
            case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset",
                 "GetCharacterExtents": "iu"
            case "GetRangeExtents", "GetOffsetAtPoint": "iiu"
            case "GetNSelections", "GetDefaultAttributes", "GetDefaultAttributeSet": ""
            case "SetSelection": "iii"
            case "GetAttributeRun": "ib"
            case "GetAttributeValue": "is"
            default: nil
            }
        case AtspiInterface.editableText:
            switch member {
            case "SetTextContents": "s"
            case "InsertText": "isi"
            case "CopyText", "CutText", "DeleteText": "ii"
            case "PasteText": "i"
            default: nil
            }
        case AtspiInterface.application:
            switch member {
            case "GetLocale": "u"
            case "GetApplicationBusAddress": ""
            case "RegisterEventListener", "DeregisterEventListener": "s"
            default: nil
            }
        case AtspiInterface.properties:
            switch member {
            case "Get": "ss"
            case "GetAll": "s"
            case "Set": "ssv"
            default: nil
            }
        case AtspiInterface.cache:
            member == "GetItems" ? "" : nil
        default:
            nil
        }
    }
}
