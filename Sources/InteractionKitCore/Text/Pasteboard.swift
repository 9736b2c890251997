/// The text a window copies to and pastes from: UIKit's `UIPasteboard`,
/// reduced to a string.
///
/// Each window starts with its own, empty one (`Window.pasteboard`); a
/// toolkit binds it to the system clipboard by setting one shared
/// pasteboard on its windows and copying `string` in and out of the
/// clipboard, watching `changeCount` to see copies made here.
@MainActor
public final class Pasteboard {
    /// The text on the pasteboard; nil when it holds none.
    public var string: String? {
        didSet { changeCount &+= 1 }
    }
    /// How many times `string` was set, as UIKit counts: a toolkit compares it to see a new copy.
    public private(set) var changeCount = 0

    /// Creates an empty pasteboard.
    public init(string: String? = nil) {
        self.string = string
    }
}
