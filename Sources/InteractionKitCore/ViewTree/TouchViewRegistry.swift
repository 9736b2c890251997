/// The views that touches and presses name (`Touch.view`,
/// `Press.responder`), by `objectSerial`: a touch or a press holds a
/// number, not a reference, so copying one counts no references and a view
/// kept in one is never kept alive by it.
///
/// A view enters when a touch or a press first names it and leaves in its
/// `deinit`, so an entry never outlives its view and the table holds live
/// views only (Design.md, "References that are not weak").
@MainActor
enum TouchViewRegistry {
    private static var viewsBySerial: [UInt64: UnownedView] = [:]

    /// The serial of the view `view(withSerial:)` found last (0 for none):
    /// a touch's view is asked for several times per touch-down and lift,
    /// nearly always the same one, so the last answer is kept.
    private static var lastSerial: UInt64 = 0
    /// That view. Unowned (checked): `leave(serial:)`, from its `deinit`, clears both first.
    private static unowned var lastView: View?

    /// Enters `view` under its serial.
    static func enter(_ view: View) {
        // Taken out while it changes, so the write holds no access to the static.
        var table = viewsBySerial
        viewsBySerial = [:]
        table[view.objectSerial] = UnownedView(view: view)
        viewsBySerial = table
    }

    /// Removes the view with `serial` (from its `deinit`).
    static func leave(serial: UInt64) {
        var table = viewsBySerial
        viewsBySerial = [:]
        table[serial] = nil
        viewsBySerial = table
        if lastSerial == serial {
            lastSerial = 0
            lastView = nil
        }
    }

    /// The live view with `serial`, or nil (0, or a view since freed).
    static func view(withSerial serial: UInt64) -> View? {
        guard serial != 0 else { return nil }
        if serial == lastSerial { return lastView }
        let table = viewsBySerial
        guard let view = table[serial]?.view else { return nil }
        lastSerial = serial
        lastView = view
        return view
    }
}

/// An entry of `TouchViewRegistry`. Unowned (checked): the view removes its
/// entry in its `deinit`, so a lookup never meets a freed view.
private struct UnownedView {
    unowned let view: View
}
