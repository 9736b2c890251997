import InteractionKitEvemu
import InteractionKitLinux

/// The scene at one moment of a replay: what a renderer draws.
///
/// A snapshot is plain data: it holds no references into the live view tree,
/// so it can be stored, compared and rendered later (as text with
/// `TerminalPicture` or as an SVG document with `SVGPicture`, in
/// InteractionKitPictures).
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
    /// The script's buttons, in the order the script lists them (a later one lies above).
    public var buttons: [ButtonSnapshot]
    /// The fingers that are down at this moment, in the order they went
    /// down; at most ``ScriptPlayer/maximumTouchesPerSnapshot`` of them (the
    /// ones that went down last), the rest counted in ``touchesLeftOut``.
    public var touches: [TouchSnapshot]
    /// How many fingers were down but are not in ``touches``, so that a
    /// picture can say so; 0 when every finger is there.
    public var touchesLeftOut: Int
    /// The paths fingers took, drawn as trails (a replayed recording's
    /// fingers, in the picture taken when it ends); empty otherwise.
    public var trails: [TrailSnapshot]
    /// The watched recognizers and the last state each reported, in the
    /// order the scene lists them; empty when the picture shows none.
    public var gestures: [GestureSnapshot]
    /// The large content viewer HUD; `nil` when the HUD is hidden.
    public var hud: HUDSnapshot?
    /// The scroll view; `nil` when the scene has none. Its buttons are in
    /// ``buttons``, with their frames where they are now and its frame as their clip.
    public var scroll: ScrollSnapshot?
    /// The item with the keyboard focus of the (key) window, drawn with a
    /// focus ring; `nil` when nothing has the focus.
    public var focus: FocusSnapshot?
    /// The script's text fields, in the order the script lists them.
    public var fields: [FieldSnapshot] = []
    /// The script's list, with the rows that show; nil when the scene has none.
    public var list: ListSnapshot?

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
        hud: HUDSnapshot?,
        touchesLeftOut: Int = 0,
        trails: [TrailSnapshot] = [],
        gestures: [GestureSnapshot] = [],
        buttons: [ButtonSnapshot] = [],
        scroll: ScrollSnapshot? = nil,
        focus: FocusSnapshot? = nil
    ) {
        self.time = time
        self.caption = caption
        self.windowSize = windowSize
        self.layoutDirection = layoutDirection
        self.contentSize = contentSize
        self.tabBarFrame = tabBarFrame
        self.tabs = tabs
        self.buttons = buttons
        self.touches = touches
        self.touchesLeftOut = touchesLeftOut
        self.trails = trails
        self.gestures = gestures
        self.hud = hud
        self.scroll = scroll
        self.focus = focus
    }

    /// How many values (tabs, buttons, fingers, trail points, recognizers)
    /// the snapshot holds: what the player counts against its memory budget.
    public var elementCount: Int {
        var count = tabs.count + buttons.count + touches.count + gestures.count + (scroll == nil ? 1 : 2)
            + (focus == nil ? 0 : 1)
        // A field's text counts by its length, as a trail by its points: a long paste is a big picture.
        for field in fields { count += 1 + field.text.unicodeScalars.count / 64 }
        if let list { count += 1 + list.rows.count }
        for trail in trails { count += trail.points.count + 1 }
        return count
    }
}

/// A text field as drawn: its text (or its placeholder, dimmed), the caret
/// or the selection, marked text, and the loupe while it shows.
public struct FieldSnapshot: Hashable, Sendable {
    /// The field's name (its accessibility label).
    public var name: String
    /// The field's frame in window coordinates.
    public var frame: Rect
    /// The text as displayed: bullets for a secure field, marked text included.
    public var text: String
    /// The text shown, dimmed, while the field is empty; nil for none.
    public var placeholder: String?
    /// The selection in scalar offsets of ``text`` (empty: a caret).
    public var selection: Range<Int>
    /// The marked text's range in ``text``, if any.
    public var marked: Range<Int>?
    /// Whether the field is being edited: only then is its caret drawn.
    public var isEditing: Bool
    /// Whether the field is enabled.
    public var isEnabled: Bool
    /// The loupe, while it shows.
    public var loupe: LoupeSnapshot?

    /// Creates a field's snapshot.
    public init(name: String, frame: Rect, text: String, placeholder: String?, selection: Range<Int>,
                marked: Range<Int>? = nil, isEditing: Bool, isEnabled: Bool = true, loupe: LoupeSnapshot? = nil) {
        self.name = name
        self.frame = frame
        self.text = text
        self.placeholder = placeholder
        self.selection = selection
        self.marked = marked
        self.isEditing = isEditing
        self.isEnabled = isEnabled
        self.loupe = loupe
    }
}

/// The scene's list as drawn: its frame and the rows that show.
public struct ListSnapshot: Hashable, Sendable {
    /// The list's frame in window coordinates.
    public var frame: Rect
    /// How many rows it has now.
    public var rowCount: Int
    /// The rows that show, top to bottom.
    public var rows: [RowSnapshot]

    /// Creates a list's snapshot.
    public init(frame: Rect, rowCount: Int, rows: [RowSnapshot]) {
        self.frame = frame
        self.rowCount = rowCount
        self.rows = rows
    }
}

/// A row of the scene's list as drawn.
public struct RowSnapshot: Hashable, Sendable {
    /// The row's title (`Row 3`).
    public var title: String
    /// The row's frame in window coordinates, where it is now (a swiped row
    /// is shifted by its swipe; a dragged row follows the finger).
    public var frame: Rect
    /// Whether the row is selected.
    public var isSelected: Bool
    /// Whether the row is highlighted (a finger is on it).
    public var isHighlighted: Bool
    /// The titles of the swipe actions the row reveals, and the frame they share; empty when closed.
    public var revealedActions: [String]
    /// Where the revealed actions are, in window coordinates; nil when closed.
    public var actionsFrame: Rect?
    /// Whether the row is being dragged to a new place.
    public var isDragged: Bool
    /// Whether the row has the keyboard focus (drawn on the row, not as the scene's ``SceneSnapshot/focus``).
    public var isFocused = false

    /// Creates a row's snapshot.
    public init(title: String, frame: Rect, isSelected: Bool, isHighlighted: Bool, revealedActions: [String] = [],
                actionsFrame: Rect? = nil, isDragged: Bool = false) {
        self.title = title
        self.frame = frame
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
        self.revealedActions = revealedActions
        self.actionsFrame = actionsFrame
        self.isDragged = isDragged
    }
}

/// The text loupe as drawn: a round lens at the finger showing, enlarged,
/// the displayed text around the caret.
public struct LoupeSnapshot: Hashable, Sendable {
    /// The finger's point, in window coordinates.
    public var point: Point
    /// The displayed text shown in the lens, at most ``maximumCharacters`` characters around the caret.
    public var text: String
    /// Where the caret falls in ``text``, in characters.
    public var caretIndex: Int

    /// The most characters a lens shows.
    public static let maximumCharacters = 7

    /// Creates a loupe's snapshot.
    public init(point: Point, text: String, caretIndex: Int) {
        self.point = point
        self.text = text
        self.caretIndex = caretIndex
    }
}

/// The path one finger took, as drawn.
public struct TrailSnapshot: Hashable, Sendable {
    /// The finger's touch id (``TranscriptFormatter/fingerName(_:)`` names it).
    public var id: Int
    /// Points along the path in window coordinates, first to last; long
    /// paths are thinned to at most ``maximumPoints``, keeping both ends.
    public var points: [Point]
    /// Whether the finger was still down when the picture was taken.
    public var isDown: Bool

    /// The most points a trail keeps.
    public static let maximumPoints = 64

    /// Creates a trail from its parts.
    public init(id: Int, points: [Point], isDown: Bool) {
        self.id = id
        self.points = points
        self.isDown = isDown
    }
}

/// A watched recognizer and what it last did, as drawn.
public struct GestureSnapshot: Hashable, Sendable {
    /// The recognizer's name in transcripts (`tap`, `large-content-viewer`).
    public var name: String
    /// The last state it reported (other than a return to `possible`), or
    /// nil when it has reported nothing yet.
    public var lastState: GestureRecognizer.State?
    /// How many times it recognized: began (continuous) or ended (discrete).
    public var recognizedCount: Int

    /// Creates a recognizer snapshot from its parts.
    public init(name: String, lastState: GestureRecognizer.State?, recognizedCount: Int) {
        self.name = name
        self.lastState = lastState
        self.recognizedCount = recognizedCount
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
    /// Whether the tab is drawn pressed: the tab bar's `highlightedItem`,
    /// the tab a finger went down on while it stays within the tab's grown slot.
    public var isHighlighted: Bool

    /// Creates a tab snapshot from its parts.
    public init(
        title: String?, imageName: String?, frame: Rect, isEnabled: Bool, isSelected: Bool, isHighlighted: Bool = false
    ) {
        self.title = title
        self.imageName = imageName
        self.frame = frame
        self.isEnabled = isEnabled
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
    }
}

/// One of the script's buttons as drawn.
public struct ButtonSnapshot: Hashable, Sendable {
    /// The button's title.
    public var title: String
    /// The button's frame in window coordinates.
    public var frame: Rect
    /// Whether the button is enabled; a disabled button is drawn dimmed.
    public var isEnabled: Bool
    /// Whether the button is highlighted (pressed): a tracked finger is
    /// within its bounds grown by `GestureConstants.controlTrackingMargin`.
    public var isHighlighted: Bool
    /// For a button in the scroll view, the scroll view's frame in window
    /// coordinates: only what lies inside it shows. Nil for other buttons.
    public var clip: Rect?

    /// Creates a button snapshot from its parts.
    public init(title: String, frame: Rect, isEnabled: Bool, isHighlighted: Bool, clip: Rect? = nil) {
        self.title = title
        self.frame = frame
        self.isEnabled = isEnabled
        self.isHighlighted = isHighlighted
        self.clip = clip
    }
}

/// The scene's scroll view as drawn.
public struct ScrollSnapshot: Hashable, Sendable {
    /// The scroll view's frame in window coordinates.
    public var frame: Rect
    /// Which part of the content shows: the content's point at the frame's top-left.
    public var contentOffset: Point
    /// The size of the content.
    public var contentSize: Size

    /// Creates a scroll view snapshot from its parts.
    public init(frame: Rect, contentOffset: Point, contentSize: Size) {
        self.frame = frame
        self.contentOffset = contentOffset
        self.contentSize = contentSize
    }
}

/// The item with the keyboard focus, as drawn: a ring around its frame.
public struct FocusSnapshot: Hashable, Sendable {
    /// The item's title (a tab's or a button's), or `nil` when it has none.
    public var title: String?
    /// What the item is.
    public var kind: FocusKind
    /// The item's frame in window coordinates (a tab's slot, a button's bounds).
    public var frame: Rect
    /// For a button in the scroll view, the scroll view's frame in window
    /// coordinates: only what lies inside it shows. Nil otherwise.
    public var clip: Rect?

    /// Creates a focus snapshot from its parts.
    public init(title: String?, kind: FocusKind, frame: Rect, clip: Rect? = nil) {
        self.title = title
        self.kind = kind
        self.frame = frame
        self.clip = clip
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
