import InteractionKitCore
import InteractionKitDBus

// `org.a11y.atspi.Component`: extents and hit testing, in window, screen or parent coordinates.

extension AtspiExport {
    /// AT-SPI's coordinate types: screen (0) is window coordinates plus the
    /// window's `screenOrigin`, window (1) is window coordinates, and parent
    /// (2) is relative to the parent's extents. The answer is the origin of
    /// the coordinate system in window coordinates.
    func origin(for coordinateType: UInt32, of object: AtspiObjectTree.Object) -> Point? {
        switch coordinateType {
        case 0:
            let screen = window.screenOrigin
            return Point(x: -screen.x, y: -screen.y)
        case 1:
            return .zero
        case 2:
            guard let parent = tree.parent(of: object), case .node = parent else { return .zero }
            return tree.frame(of: parent).origin
        default:
            return nil
        }
    }

    func component(_ member: String, _ call: DBusMessage, _ object: AtspiObjectTree.Object) -> DBusMethodOutcome {
        let signature = call.signatureText
        let body = call.body
        switch member {
        case "GetExtents", "GetPosition":
            guard signature == "u", let type = body.first?.uint32 else { return invalidArguments(call, expected: "u") }
            guard let origin = origin(for: type, of: object) else { return badCoordinateType(type) }
            let frame = tree.frame(of: object)
            let x = Self.integer(frame.minX - origin.x)
            let y = Self.integer(frame.minY - origin.y)
            if member == "GetPosition" { return .reply([.int32(x), .int32(y)]) }
            return .reply([.structure([.int32(x), .int32(y), .int32(Self.integer(frame.width)),
                                       .int32(Self.integer(frame.height))])])
        case "GetSize":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            let frame = tree.frame(of: object)
            return .reply([.int32(Self.integer(frame.width)), .int32(Self.integer(frame.height))])
        case "Contains", "GetAccessibleAtPoint":
            guard signature == "iiu", let x = body[0].int32, let y = body[1].int32, let type = body[2].uint32 else {
                return invalidArguments(call, expected: "iiu")
            }
            guard let origin = origin(for: type, of: object) else { return badCoordinateType(type) }
            let point = Point(x: Double(x) + origin.x, y: Double(y) + origin.y)
            if member == "Contains" { return .reply([.boolean(tree.frame(of: object).contains(point))]) }
            return .reply([reference(to: tree.deepestObject(at: point, in: object).map { .node($0) })])
        case "GetLayer":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            // ATSPI_LAYER_WINDOW for the frame, ATSPI_LAYER_WIDGET for the rest.
            if case .node(let node) = object, node === window { return .reply([.uint32(7)]) }
            return .reply([.uint32(3)])
        case "GetMDIZOrder":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            return .reply([.int16(0)])
        case "GetAlpha":
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            if case .node(let view as View) = object { return .reply([.double(view.alpha)]) }
            return .reply([.double(1)])
        case "ScrollTo":
            // The scroll views around the object bring it into view (contract S8).
            guard signature == "u", let type = body.first?.uint32 else { return invalidArguments(call, expected: "u") }
            guard let scrolled = tree.scroll(object, to: type) else {
                return .error(name: DBusErrorName.invalidArgs, message: "unknown scroll type \(type); use 0 to 6")
            }
            return .reply([.boolean(scrolled)])
        case "ScrollToPoint":
            guard signature == "uii", let type = body[0].uint32, let x = body[1].int32, let y = body[2].int32 else {
                return invalidArguments(call, expected: "uii")
            }
            guard let origin = origin(for: type, of: object) else { return badCoordinateType(type) }
            return .reply([.boolean(tree.scroll(object, topLeftTo: Point(x: Double(x) + origin.x, y: Double(y) + origin.y)))])
        case "GrabFocus":
            // The window's focus system decides (rule K2); its observers announce the move.
            guard signature.isEmpty else { return invalidArguments(call, expected: "") }
            guard case .node(let node) = object, let item = focusItem(of: node), window.isFocusable(item) else {
                return .reply([.boolean(false)])
            }
            return .reply([.boolean(window.moveFocus(to: item) && window.focusedItem === item)])
        case "SetExtents", "SetPosition", "SetSize":
            // Nothing here moves or resizes on a client's request.
            return .reply([.boolean(false)])
        default:
            return .unknownMethod
        }
    }

    func badCoordinateType(_ type: UInt32) -> DBusMethodOutcome {
        .error(name: DBusErrorName.invalidArgs, message: "unknown coordinate type \(type); use 0 (screen), 1 (window) or 2 (parent)")
    }

    /// A coordinate as AT-SPI's 32-bit integer: rounded, clamped, 0 for NaN.
    static func integer(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        if value >= Double(Int32.max) { return .max }
        if value <= Double(Int32.min) { return .min }
        return Int32(value.rounded())
    }
}
