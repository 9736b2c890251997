import InteractionKitEvemu
import InteractionKitLinux

/// One thing that happened during a replay, at a moment of virtual time.
public struct ReplayEvent: Hashable, Sendable {
    /// When it happened, in seconds of virtual time.
    public var time: Double
    /// What happened.
    public var kind: Kind
    /// For a pinch or rotation gesture event: its scale or rotation then; nil otherwise.
    public var measure: GestureMeasure?

    /// Creates an event.
    public init(time: Double, kind: Kind) {
        self.init(time: time, kind: kind, measure: nil)
    }

    /// Creates an event with a gesture's measure.
    public init(time: Double, kind: Kind, measure: GestureMeasure?) {
        self.time = time
        self.kind = kind
        self.measure = measure
    }

    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A touch sample was sent to the window; `item` is the tab under the finger, if any.
        case touch(id: Int, phase: TouchPhase, location: Point, item: String?)
        /// A watched recognizer changed state (resets to `possible` are left out).
        case gesture(name: String, state: GestureRecognizer.State)
        /// The HUD appeared or changed.
        case hudShow(title: String?, image: String?)
        /// The HUD was hidden.
        case hudHide
        /// The person selected a tab.
        case select(title: String?)
        /// A script's button sent one control event (a single member of
        /// `ControlEvents`). Repeated drags are recorded once: a
        /// `touchDragInside` or `touchDragOutside` only when the button's
        /// previous event was not the same (the touch lines show every move).
        case control(title: String, event: ControlEvents)
        /// A script's button became highlighted (pressed) or stopped being highlighted.
        case highlight(title: String, isHighlighted: Bool)
        /// The text size changed.
        case contentSize(ContentSizeCategory)
        /// A recording started replaying.
        case recording(file: String, device: String, contacts: Int, duration: Double)
        /// The window refused a sample (a recording's quirk; scripts are validated).
        case rejected(TouchInputError)
        /// The scene's scroll view moved its content to this offset: at most
        /// once per frame (1/60 s) that moved, so at most 60 a second.
        case scroll(offset: Point)
        /// A key was pressed and released, named as a script names it (`shift+tab`).
        case key(name: String)
        /// The keyboard focus moved to an item of this kind and title (nil
        /// for an item without one), or left the window (`kind` nil, and
        /// `title` nil with it). The focus a key window starts with is
        /// recorded at the start.
        case focus(title: String?, kind: FocusKind?)
        /// The scene's scroll view came to rest at this offset (a drag
        /// ended without deceleration, a deceleration or an animation ended).
        case scrollEnd(offset: Point)
        /// The scroll view's refresh control began refreshing (a pull and a lift past its height).
        case refresh
        /// The refresh ended (after the `refresh SECONDS` of the scroll line): the content springs back.
        case refreshEnd
        /// The scene's scroll view scaled its content to this zoom scale: at
        /// most once per frame (1/60 s) that changed it, so at most 60 a second.
        case zoom(scale: Double)
        /// The zoom came to rest at this scale (after the lift, and any spring back into the range).
        case zoomEnd(scale: Double)
        /// A script's text field began (`began` true) or ended editing.
        case editing(title: String, began: Bool)
        /// A script's field after a user edit or a selection change: its text
        /// as displayed (bullets for a secure field, marked text included),
        /// the selection and the marked text in scalar offsets of that text.
        case text(title: String, text: String, selection: Range<Int>, marked: Range<Int>?)
        /// A row of the scene's list (1-based, as it is now) was selected or deselected.
        case row(row: Int, selected: Bool)
        /// A swipe action of a row of the scene's list (1-based) ran.
        case swipeAction(row: Int, title: String)
        /// The person moved a row of the scene's list, from and to (1-based).
        case move(from: Int, to: Int)
    }
}

/// What the keyboard focuses, as transcripts name it.
public enum FocusKind: String, Hashable, Sendable {
    /// A tab of a tab bar.
    case tab
    /// A button (any `Button`).
    case button
    /// Any other view or focus item.
    case view
}

/// What a two-finger gesture measured when it changed state.
public enum GestureMeasure: Hashable, Sendable {
    /// A pinch's `scale`.
    case scale(Double)
    /// A rotation's `rotation`, in radians, clockwise positive.
    case rotation(Double)
}

/// A picture of the scene taken after a given event.
public struct ReplayFrame: Hashable, Sendable {
    /// How many events came before the picture.
    public var afterEvent: Int
    /// The scene at that moment.
    public var snapshot: SceneSnapshot

    /// Creates a frame.
    public init(afterEvent: Int, snapshot: SceneSnapshot) {
        self.afterEvent = afterEvent
        self.snapshot = snapshot
    }
}

/// What replaying a script produced: the events, and pictures of the
/// scene at the start and at each moment the HUD or the selection changed.
public struct Replay: Hashable, Sendable {
    /// The script that was replayed.
    public var script: GestureScript
    /// Everything that happened, in order.
    public var events: [ReplayEvent]
    /// Pictures of the scene; the first is the start.
    public var frames: [ReplayFrame]
    /// How many pictures were not taken because the replay had already kept
    /// as many as ``ScriptPlayer/maximumFrames`` or
    /// ``ScriptPlayer/maximumSnapshotElements`` allow.
    public var framesLeftOut: Int

    /// Creates a replay result.
    public init(script: GestureScript, events: [ReplayEvent], frames: [ReplayFrame], framesLeftOut: Int = 0) {
        self.script = script
        self.events = events
        self.frames = frames
        self.framesLeftOut = framesLeftOut
    }
}
