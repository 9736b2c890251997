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
    // Exclusivity unchecked: read on every show of the large content viewer (Bench, main sequence).
    /// The tab's title.
    @exclusivity(unchecked) public var title: String? {
        didSet {
            contentDidChange()
            if oldValue != title { accessibilityElementIfMade?.accessibilityDidChange(.label) }
        }
    }
    // Exclusivity unchecked: read on every show of the large content viewer (Bench, main sequence).
    /// The tab's image.
    @exclusivity(unchecked) public var image: Image? {
        didSet { contentDidChange() }
    }
    /// A number the app uses to tell tabs apart.
    public var tag: Int
    // Exclusivity unchecked: read on every move by the viewer's lookup (Bench, main sequence).
    /// Whether the person can select the tab; a disabled tab is drawn dimmed and never selected by a gesture.
    @exclusivity(unchecked) public var isEnabled = true {
        didSet {
            // A disabled tab under a still finger leaves the HUD (L9).
            guard oldValue != isEnabled else { return }
            tabBar?.largeContentViewerInteraction.refresh()
            accessibilityElementIfMade?.accessibilityDidChange(.traits)
        }
    }
    // Exclusivity unchecked: read on every show of the large content viewer (Bench, main sequence).
    /// An image made for the large content viewer, drawn unscaled instead of `image`.
    @exclusivity(unchecked) public var largeContentSizeImage: Image? {
        didSet {
            hasLargeContentSizeImage = largeContentSizeImage != nil
            contentDidChange()
        }
    }
    // Exclusivity unchecked: read on every show of the large content viewer (Bench, main sequence).
    /// Whether `largeContentSizeImage` is set, kept so the viewer's per-move reads stay cheap.
    @exclusivity(unchecked) private var hasLargeContentSizeImage = false
    // Exclusivity unchecked: read on every show of the large content viewer (Bench, main sequence).
    /// Insets for `largeContentSizeImage`.
    @exclusivity(unchecked) public var largeContentSizeImageInsets = EdgeInsets.zero {
        didSet { contentDidChange() }
    }
    // Exclusivity unchecked: read on every move by the viewer's lookup (Bench, main sequence).
    /// Whether the large content viewer shows this tab; true, as for UIKit's bar items.
    @exclusivity(unchecked) public var showsLargeContentViewer = true {
        didSet {
            // The HUD on this tab under a still finger hides, or shows it.
            guard oldValue != showsLargeContentViewer else { return }
            tabBar?.largeContentViewerInteraction.refresh()
        }
    }

    /// The tab bar whose items include this one.
    ///
    /// Unowned, not weak (a weak reference would give the tab bar a side
    /// table, which slows every retain of it): the tab bar clears it in its
    /// items when they leave it and when it is freed.
    // Exclusivity unchecked: read on every selection by the viewer (Bench, main sequence).
    @exclusivity(unchecked) public private(set) unowned var tabBar: TabBar?
    /// The `objectSerial` of `tabBar` (0 for none): lets a tab bar that is
    /// being freed tell its own items apart without reading `tabBar`.
    private(set) var tabBarSerial: UInt64 = 0

    func setTabBar(_ tabBar: TabBar?) {
        self.tabBar = tabBar
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
        self.title = title
        self.image = image
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
        tabBar?.selectFromUser(self)
    }
}
