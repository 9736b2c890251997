/// The slot that holds a window's pasteboard: the window's attachment,
/// created empty on first use.
@MainActor
final class PasteboardSlot {
    var pasteboard = Pasteboard()
}

extension Window {
    /// The pasteboard that text fields in this window copy to and paste
    /// from (Ctrl+C, Ctrl+X, Ctrl+V); a new window has its own, empty one.
    ///
    /// Set one shared pasteboard on several windows to let them exchange
    /// text, or bind it to the system clipboard (see `Pasteboard`).
    public var pasteboard: Pasteboard {
        get { attachment(PasteboardSlot.self) { PasteboardSlot() }.pasteboard }
        set { attachment(PasteboardSlot.self) { PasteboardSlot() }.pasteboard = newValue }
    }
}
