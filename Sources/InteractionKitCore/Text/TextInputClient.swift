/// An object that takes typed text: UIKit's `UIKeyInput`, named apart from
/// the key sample `KeyInput`.
///
/// A first responder that conforms receives the text of the keys typed
/// while it is first responder (rule T2): `insertText(_:)` with the key's
/// characters in place of the selection, and `deleteBackward()` for
/// Backspace.
@MainActor
public protocol TextInputClient: AnyObject {
    /// Whether the object holds any text.
    var hasText: Bool { get }
    /// Inserts `text` in place of the selection (or the marked text) and puts the caret after it: a user edit.
    func insertText(_ text: String)
    /// Deletes the selection, or else the grapheme cluster before the caret: a user edit.
    func deleteBackward()
}
