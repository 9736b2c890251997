import InteractionKitCore

/// Something the large content viewer can show: a title and an image to
/// draw large for a control that must stay small.
///
/// `View` conforms, with settable properties and UIKit's defaults (a view
/// shows nothing until `showsLargeContentViewer` is set); items that are not
/// views, such as `TabBarItem`, conform directly.
///
/// When an item's content changes while the HUD shows it, the HUD shows
/// the new content at once if it hears of it: a view's setters call
/// `View.largeContentDidChange()` (a view that computes its content calls
/// it too), and whoever changes an item that is not a view calls
/// `LargeContentViewerInteraction.refresh()` (`TabBarItem` does). Any other
/// change shows at the finger's next move, which compares the content.
@MainActor
public protocol LargeContentViewerItem: AnyObject {
    /// Whether the viewer shows this item; an item that answers false is treated as absent.
    var showsLargeContentViewer: Bool { get }
    /// The title to show, if any.
    var largeContentTitle: String? { get }
    /// The image to show, if any.
    var largeContentImage: Image? { get }
    /// Whether to scale the image to the viewer's image area rather than draw it at its intrinsic size.
    var scalesLargeContentImage: Bool { get }
    /// Insets that centre the image visually.
    var largeContentImageInsets: EdgeInsets { get }
}

extension View: LargeContentViewerItem {}

/// An item that acts when the large content viewer's gesture ends on it.
///
/// With no delegate `didEndOn`, the interaction calls this on the item under
/// the lifted finger: a `Control` performs its primary action (if enabled),
/// a `TabBarItem` is selected in its tab bar, as a tap would.
@MainActor
public protocol LargeContentViewerActivatable: LargeContentViewerItem {
    /// Performs what lifting the finger on this item means.
    func activateFromLargeContentViewer()
}

/// A view whose items are not views of their own (a tab bar's items), and
/// that answers the large content viewer's default item lookup itself.
///
/// The default lookup walks down to the deepest view under the point; when it
/// meets a provider on the way down it asks the provider and takes its answer
/// (nil included) as final for that point.
@MainActor
public protocol LargeContentViewerItemProvider: AnyObject {
    /// The item at a point in the provider's own coordinates, or nil.
    func largeContentViewerItem(at point: Point) -> (any LargeContentViewerItem)?

    /// The rectangle around a point, in the provider's own coordinates,
    /// throughout which `largeContentViewerItem(at:)` gives the answer it
    /// gives at the point (a tab bar answers its slot); nil when the
    /// provider cannot say, which is the default.
    ///
    /// While the finger slides within it, the interaction keeps the item
    /// on show without asking again. A provider that answers promises to
    /// call `LargeContentViewerInteraction.refresh()` whenever an answer
    /// could change for a reason other than geometry (items replaced,
    /// enabled or disabled, or their content changed); changes of frames,
    /// bounds and subviews the interaction notices by itself.
    func largeContentViewerItemRegion(at point: Point) -> Rect?
    /// Both answers for a point at once: `largeContentViewerItem(at:)` and
    /// `largeContentViewerItemRegion(at:)`.
    ///
    /// The interaction asks this whenever the finger enters a new item; the
    /// default asks the two methods. A provider that finds both with one
    /// search (a tab bar finds the slot once) may answer it directly, but
    /// must give exactly what the two would.
    func largeContentViewerItemAndRegion(at point: Point) -> (item: (any LargeContentViewerItem)?, region: Rect?)
}

extension LargeContentViewerItemProvider {
    /// No region: the interaction asks `largeContentViewerItem(at:)` on every move.
    public func largeContentViewerItemRegion(at point: Point) -> Rect? { nil }

    /// The two answers, each from its own method.
    public func largeContentViewerItemAndRegion(
        at point: Point
    ) -> (item: (any LargeContentViewerItem)?, region: Rect?) {
        (largeContentViewerItem(at: point), largeContentViewerItemRegion(at: point))
    }
}
