import InteractionKitEvemu
import InteractionKitLinux

/// The scene at one moment of a replay: what a renderer draws.
///
/// A snapshot is plain data: it holds no references into the live view tree,
/// so it can be stored, compared and rendered later (as text with
/// ``TerminalPicture`` or as an SVG document with ``SVGPicture``).
/// All frames are in window coordinates (points, origin top-left, y down).
public struct SceneSnapshot: Hashable, Sendable {
    /// The moment of the picture, in seconds of virtual time since the replay began.
    public var time: Double
    /// Why this picture was taken, e.g. `"HUD shows Home"` or `"Settings selected"`.
    public var caption: String
    /// The window size in points, e.g. 390 × 844.
    public var windowSize: Size
    /// The layout direction of the window; frames are already mirrored for right-to-left.
    public var layoutDirection: LayoutDirection
    /// The preferred content size category's name, e.g. `"accessibility-large"`.
    public var contentSize: String
    /// The tab bar's frame in window coordinates; `nil` when the scene has no tab bar.
    public var tabBarFrame: Rect?
    /// The tabs of the tab bar in reading order; their frames are already mirrored for right-to-left.
    public var tabs: [TabSnapshot]
    /// The fingers that are down at this moment.
    public var touches: [TouchSnapshot]
    /// The large content viewer HUD; `nil` when the HUD is hidden.
    public var hud: HUDSnapshot?

    /// Creates a snapshot from its parts.
    public init(
        time: Double,
        caption: String,
        windowSize: Size,
        layoutDirection: LayoutDirection,
        contentSize: String,
        tabBarFrame: Rect?,
        tabs: [TabSnapshot],
        touches: [TouchSnapshot],
        hud: HUDSnapshot?
    ) {
        self.time = time
        self.caption = caption
        self.windowSize = windowSize
        self.layoutDirection = layoutDirection
        self.contentSize = contentSize
        self.tabBarFrame = tabBarFrame
        self.tabs = tabs
        self.touches = touches
        self.hud = hud
    }
}

/// One tab of the tab bar as drawn.
public struct TabSnapshot: Hashable, Sendable {
    /// The tab's title, or `nil` when the tab has none.
    public var title: String?
    /// The name of the tab's image (e.g. `"house"`), or `nil` when the tab has none.
    public var imageName: String?
    /// The tab's frame in window coordinates.
    public var frame: Rect
    /// Whether the tab can be selected; a disabled tab is drawn dimmed.
    public var isEnabled: Bool
    /// Whether the tab is the tab bar's selected tab.
    public var isSelected: Bool

    /// Creates a tab snapshot from its parts.
    public init(title: String?, imageName: String?, frame: Rect, isEnabled: Bool, isSelected: Bool) {
        self.title = title
        self.imageName = imageName
        self.frame = frame
        self.isEnabled = isEnabled
        self.isSelected = isSelected
    }
}

/// A finger on the screen.
public struct TouchSnapshot: Hashable, Sendable {
    /// The touch's identifier, stable while the finger stays down.
    public var id: Int
    /// Where the finger is, in window coordinates.
    public var location: Point

    /// Creates a touch snapshot from its parts.
    public init(id: Int, location: Point) {
        self.id = id
        self.location = location
    }
}

/// The large content viewer HUD as drawn.
public struct HUDSnapshot: Hashable, Sendable {
    /// The title the HUD shows, or `nil` when it shows none.
    public var title: String?
    /// The name of the image the HUD shows, or `nil` when it shows none.
    public var imageName: String?
    /// The HUD's frame in window coordinates (typically 220 × 220 points, centred).
    public var frame: Rect
    /// The frame of the HUD's image in window coordinates, or `nil` when there is no image.
    public var imageFrame: Rect?
    /// The frame of the HUD's title in window coordinates, or `nil` when there is no title.
    public var titleFrame: Rect?

    /// Creates a HUD snapshot from its parts.
    public init(title: String?, imageName: String?, frame: Rect, imageFrame: Rect?, titleFrame: Rect?) {
        self.title = title
        self.imageName = imageName
        self.frame = frame
        self.imageFrame = imageFrame
        self.titleFrame = titleFrame
    }
}
