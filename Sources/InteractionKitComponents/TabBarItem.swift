import InteractionKitCore
import InteractionKitLargeContentViewer

/// One tab of a `TabBar`: a title, an image, a tag, and whether it can be selected.
///
/// A tab bar item is not a view: its tab bar lays it out and answers for it
/// in hit testing and in the large content viewer. Its large content is its
/// title and image (scaled), or `largeContentSizeImage` (unscaled, with its
/// insets) when set, as with UIKit's bar items.
@MainActor
open class TabBarItem: LargeContentViewerActivatable {
    // Stored properties are private, and every access to them in this
    // module is a plain load or store, so the compiler proves exclusivity
    // statically (no runtime check): the viewer reads them on every move
    // and every show. Public ones would be checked on every access; the
    // public properties are computed over these.
    private var storedTitle: String?
    private var storedImage: Image?
    private var storedIsEnabled = true
    private var storedLargeContentSizeImage: Image?
    /// Whether `largeContentSizeImage` is set, kept so the viewer's per-move reads stay cheap.
    private var hasLargeContentSizeImage = false
    private var storedLargeContentSizeImageInsets = EdgeInsets.zero
    private var storedShowsLargeContentViewer = true
    /// Unowned, not weak (a weak reference would give the tab bar a side
    /// table; Design.md, "References that are not weak"): the tab bar clears
    /// it in its items when they leave it and when it is freed.
    // The one property here whose exclusivity is checked at run time:
    // storing an unowned reference releases the old one inside the access,
    // which the compiler cannot prove harmless. It is read once per
    // selection by the viewer, never per move or per tap.
    private unowned var storedTabBar: TabBar?

    /// The tab's title.
    public var title: String? {
        get { storedTitle }
        set {
            let oldValue = storedTitle
            storedTitle = newValue
            contentDidChange()
            if oldValue != newValue { accessibilityElementIfMade?.accessibilityDidChange(.label) }
        }
    }
    /// The tab's image.
    public var image: Image? {
        get { storedImage }
        set {
            storedImage = newValue
            contentDidChange()
        }
    }
    /// A number the app uses to tell tabs apart.
    public var tag: Int
    /// Whether the person can select the tab; a disabled tab is drawn dimmed and never selected by a gesture.
    public var isEnabled: Bool {
        get { storedIsEnabled }
        set {
            // A disabled tab under a still finger leaves the HUD (L9).
            guard storedIsEnabled != newValue else { return }
            storedIsEnabled = newValue
            tabBar?.largeContentViewerInteraction.refresh()
            accessibilityElementIfMade?.accessibilityDidChange(.traits)
            // A disabled tab is skipped by the keyboard, and loses the focus (K2, K4).
            tabBar?.focusabilityDidChange()
        }
    }
    /// An image made for the large content viewer, drawn unscaled instead of `image`.
    public var largeContentSizeImage: Image? {
        get { storedLargeContentSizeImage }
        set {
            storedLargeContentSizeImage = newValue
            hasLargeContentSizeImage = newValue != nil
            contentDidChange()
        }
    }
    /// Insets for `largeContentSizeImage`.
    public var largeContentSizeImageInsets: EdgeInsets {
        get { storedLargeContentSizeImageInsets }
        set {
            storedLargeContentSizeImageInsets = newValue
            contentDidChange()
        }
    }
    /// Whether the large content viewer shows this tab; true, as for UIKit's bar items.
    public var showsLargeContentViewer: Bool {
        get { storedShowsLargeContentViewer }
        set {
            // The HUD on this tab under a still finger hides, or shows it.
            guard storedShowsLargeContentViewer != newValue else { return }
            storedShowsLargeContentViewer = newValue
            tabBar?.largeContentViewerInteraction.refresh()
        }
    }

    /// The tab bar whose items include this one.
    public var tabBar: TabBar? { storedTabBar }
    /// The `objectSerial` of `tabBar` (0 for none): lets a tab bar that is
    /// being freed tell its own items apart without reading `tabBar`.
    private(set) var tabBarSerial: UInt64 = 0

    func setTabBar(_ tabBar: TabBar?) {
        storedTabBar = tabBar
        tabBarSerial = tabBar?.objectSerial ?? 0
    }

    private var storedAccessibilityElement: TabBarItemAccessibilityElement?

    /// The element that stands for this tab to assistive technologies, made
    /// on first use and the same object for the tab's whole life.
    ///
    /// Its label is the tab's title, its traits `button`, with `selected`
    /// on the selected tab and `notEnabled` on a disabled one; its frame is
    /// the tab's slot; activating it selects the tab as a tap does (the
    /// delegate is told). Set its `accessibilityLabel` or `accessibilityHint`
    /// to say more than the title ("Inbox, 3 unread").
    public var accessibilityElement: AccessibilityElement {
        if let storedAccessibilityElement { return storedAccessibilityElement }
        let element = TabBarItemAccessibilityElement(item: self)
        storedAccessibilityElement = element
        return element
    }

    /// The element if it was made: changes are announced only for elements someone has seen.
    var accessibilityElementIfMade: AccessibilityElement? { storedAccessibilityElement }

    /// Creates a tab.
    public init(title: String?, image: Image?, tag: Int = 0) {
        storedTitle = title
        storedImage = image
        self.tag = tag
    }

    /// The tab's title.
    public var largeContentTitle: String? { title }
    /// The large content image, or the tab's image.
    public var largeContentImage: Image? { hasLargeContentSizeImage ? largeContentSizeImage : image }
    /// Whether the image is scaled: true unless a large content image was given.
    public var scalesLargeContentImage: Bool { !hasLargeContentSizeImage }
    /// The large content image's insets, or none for the tab's image.
    public var largeContentImageInsets: EdgeInsets {
        hasLargeContentSizeImage ? largeContentSizeImageInsets : .zero
    }

    /// Lets the tab bar's HUD show the new content if it is showing this tab.
    private func contentDidChange() {
        tabBar?.largeContentViewerInteraction.refresh()
    }

    /// Selects the tab in its tab bar, as a tap would (if it is enabled and still one of the bar's items).
    public func activateFromLargeContentViewer() {
        guard let bar = tabBar, bar.selectFromUser(self) else { return }
        // The viewer's lift is a finger's selection: the focus follows it (K5).
        bar.window?.focusFollowingTouch(self)
    }
}
