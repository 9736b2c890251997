import InteractionKitCore

/// The magnifier over a text field while a finger places the caret (UIKit's
/// `UITextLoupeSession`, iOS 17): where the finger is and where the caret
/// follows it.
///
/// A field shows one while a long press moves the caret (or a drag moves a
/// selection end) and tells its loupe observers of each change, as the
/// window tells its large content viewer observers of the HUD: a toolkit
/// draws the lens from it, a low-vision user's magnifier for the text under
/// the finger. The session is the field's; keep its values, not the object.
@MainActor
public final class TextLoupeSession {
    /// The finger's point, in window coordinates.
    public internal(set) var point: Point
    /// The caret's offset in the field's text (Unicode scalars), where the finger has placed it.
    public internal(set) var caretOffset: Int

    init(point: Point, caretOffset: Int) {
        self.point = point
        self.caretOffset = caretOffset
    }
}
