import InteractionKitEvemu
import InteractionKitLinux

/// A gesture script, parsed and validated: the scene to build and the steps
/// to replay on virtual time.
///
/// Scripts are line-oriented text (see `GestureScriptParser` for the
/// language). A script that parses is known to be playable: every item it
/// names exists, every touch it moves or lifts is down, every number is
/// finite.
public struct GestureScript: Hashable, Sendable {
    /// The name the script was read from, used in diagnostics.
    public var file: String
    /// The scene the steps run in.
    public var scene: Scene
    /// The steps, in time order.
    public var steps: [Step]

    /// Creates a script from its parts.
    public init(file: String, scene: Scene, steps: [Step]) {
        self.file = file
        self.scene = scene
        self.steps = steps
    }

    /// The scene a script builds before its steps run.
    public struct Scene: Hashable, Sendable {
        /// The window's size, in points (390 × 844 by default).
        public var windowSize = Size(width: 390, height: 844)
        /// The text size (`large` by default).
        public var contentSize = ContentSizeCategory.large
        /// The window's layout direction (left to right by default).
        public var layoutDirection = LayoutDirection.leftToRight
        /// The titles of a standalone tab bar at the bottom of the window, or nil for none.
        public var tabTitles: [String]?
        /// Titles of tabs that are disabled.
        public var disabledTabs: [String] = []
        /// The title of the tab selected at the start, if any.
        public var selectedTab: String?
        /// The recognizers of a full-window surface behind everything, if any.
        public var surfaceRecognizers: [SurfaceRecognizer] = []
        /// The buttons, in the order the script lists them (a later one is
        /// drawn, and hit-tested, above an earlier one).
        public var buttons: [SceneButton] = []
        /// The scroll view of a `scroll` line, if any: above the surface,
        /// below the buttons outside it; the buttons `in scroll` are its content.
        public var scroll: SceneScroll?
        /// The text fields, in the order the script lists them (above the buttons).
        public var fields: [SceneField] = []
        /// The list of a `list` line, if any: above the scroll view, below the buttons.
        public var list: SceneList?

        /// The default scene: a 390 × 844 window at the default text size, nothing in it.
        public init() {}
    }

    /// A button a script's `button` line puts in the scene: a `Button` with
    /// a title, above the surface and below the tab bar.
    public struct SceneButton: Hashable, Sendable {
        /// The button's title; distinct from every other button's and tab's title.
        public var title: String
        /// The button's frame in window coordinates, inside the window and clear of the tab bar.
        public var frame: Rect
        /// Whether the button is enabled (a `disable` line names it otherwise).
        public var isEnabled: Bool
        /// Whether the button is in the scene's scroll view (`… in scroll`):
        /// its frame is then in the content's coordinates, inside the content.
        public var isInScroll: Bool

        /// Creates a button of the scene.
        public init(title: String, frame: Rect, isEnabled: Bool = true, isInScroll: Bool = false) {
            self.title = title
            self.frame = frame
            self.isEnabled = isEnabled
            self.isInScroll = isInScroll
        }
    }

    /// A text field a script's `field NAME at X Y W H [placeholder "P"] [secure]`
    /// line puts in the scene: a `TextField` whose accessibility label is its name.
    public struct SceneField: Hashable, Sendable {
        /// The field's name: its accessibility label and the name transcripts
        /// give it; distinct from every button's and field's title (a tab may share it).
        public var name: String
        /// The field's frame in window coordinates, inside the window and clear of the tab bar.
        public var frame: Rect
        /// The text shown, dimmed, while the field is empty.
        public var placeholder: String?
        /// Whether the field hides its characters (`secure`): bullets everywhere.
        public var isSecure: Bool
        /// Whether the field is enabled (a `disable` line names it otherwise).
        public var isEnabled: Bool

        /// Creates a field of the scene.
        public init(name: String, frame: Rect, placeholder: String? = nil, isSecure: Bool = false, isEnabled: Bool = true) {
            self.name = name
            self.frame = frame
            self.placeholder = placeholder
            self.isSecure = isSecure
            self.isEnabled = isEnabled
        }
    }

    /// The table view a script's `list X Y W H rows N [height H] [swipe "A" …] [reorder]`
    /// line puts in the scene: rows titled `Row 1` … `Row N`.
    public struct SceneList: Hashable, Sendable {
        /// The list's frame in window coordinates, inside the window and clear of the tab bar.
        public var frame: Rect
        /// How many rows it has at the start.
        public var rowCount: Int
        /// Each row's height, in points (44 by default, UIKit's).
        public var rowHeight: Double
        /// The titles of each row's trailing swipe actions, in order (a `Delete` one is destructive).
        public var swipeActions: [String]
        /// Whether the list is editing from the start, so that its rows can be reordered.
        public var reorders: Bool

        /// Creates the list of a scene.
        public init(frame: Rect, rowCount: Int, rowHeight: Double = 44, swipeActions: [String] = [], reorders: Bool = false) {
            self.frame = frame
            self.rowCount = rowCount
            self.rowHeight = rowHeight
            self.swipeActions = swipeActions
            self.reorders = reorders
        }
    }

    /// The scroll view a script's `scroll X Y W H content CW CH [paging]
    /// [refresh SECONDS] [zoom MIN MAX]` line puts in the scene.
    public struct SceneScroll: Hashable, Sendable {
        /// The scroll view's frame in window coordinates, inside the window and clear of the tab bar.
        public var frame: Rect
        /// The size of its content, each side positive.
        public var contentSize: Size
        /// Whether it pages (`paging`): it rests on multiples of its size.
        public var isPagingEnabled: Bool
        /// How long a refresh lasts, in seconds, when it has a pull-to-refresh
        /// control (`refresh SECONDS`); nil for none.
        public var refreshDuration: Double?
        /// The zoom scales its content rests between (`zoom MIN MAX`), the
        /// lower below the upper; nil: it does not zoom.
        public var zoomRange: ClosedRange<Double>?

        /// Creates the scroll view of a scene.
        public init(frame: Rect, contentSize: Size, isPagingEnabled: Bool = false, refreshDuration: Double? = nil,
                    zoomRange: ClosedRange<Double>? = nil) {
            self.frame = frame
            self.contentSize = contentSize
            self.isPagingEnabled = isPagingEnabled
            self.refreshDuration = refreshDuration
            self.zoomRange = zoomRange
        }
    }

    /// A recognizer the script's `surface` line can put on a full-window view.
    public enum SurfaceRecognizer: String, Hashable, Sendable, CaseIterable {
        /// A `TapGestureRecognizer`, logged as `tap`; it requires `double-tap` to fail when both are there.
        case tap
        /// A `TapGestureRecognizer` of two taps, logged as `double-tap`.
        case doubleTap = "double-tap"
        /// A `TapGestureRecognizer` of two fingers, logged as `two-finger-tap`.
        case twoFingerTap = "two-finger-tap"
        /// A `LongPressGestureRecognizer`, logged as `long-press`.
        case longPress = "long-press"
        /// A `PanGestureRecognizer`, logged as `pan`.
        case pan
        /// A `PanGestureRecognizer` of at least two fingers, logged as `two-finger-pan`.
        case twoFingerPan = "two-finger-pan"
        /// A `SwipeGestureRecognizer` in any direction, logged as `swipe`.
        case swipe
        /// A `PinchGestureRecognizer`, logged as `pinch` (transcripts give its scale).
        case pinch
        /// A `RotationGestureRecognizer`, logged as `rotation` (transcripts give its rotation).
        case rotation
        /// A `ScreenEdgePanGestureRecognizer` from all edges, logged as `edge-pan`.
        case edgePan = "edge-pan"

        /// Every name, as a sentence's list: "tap, double-tap, … or edge-pan".
        static var names: String {
            let all = allCases.map(\.rawValue)
            return all.dropLast().joined(separator: ", ") + " or " + all.last!
        }
    }

    /// Where a touch goes: a point in window coordinates, or the centre of a tab or a button.
    public enum Target: Hashable, Sendable {
        /// A point in window coordinates.
        case point(Point)
        /// The centre of the tab or the button with this title (`@Save`).
        case item(String)
    }

    /// One line of the gesture part of a script.
    public struct Step: Hashable, Sendable {
        /// The script line the step came from.
        public var line: Int
        /// What the step does.
        public var action: Action

        /// Creates a step.
        public init(line: Int, action: Action) {
            self.line = line
            self.action = action
        }
    }

    /// What a step does.
    public enum Action: Hashable, Sendable {
        /// A finger goes down.
        case down(id: Int, at: Target)
        /// A finger that is down moves.
        case move(id: Int, to: Target)
        /// A finger lifts, where it is or at a target.
        case up(id: Int, at: Target?)
        /// A finger is cancelled by the system, where it is or at a target.
        case cancel(id: Int, at: Target?)
        /// Virtual time passes, in seconds.
        case wait(Double)
        /// The text size changes.
        case contentSize(ContentSizeCategory)
        /// A real touchscreen recording is replayed from the current time.
        case recording(ReplayRecording)
        /// A key is pressed and released: now, or at a time in seconds from
        /// the start (never before the script's time there), as `key NAME [at T]`.
        case key(Key, at: Double?)
        /// Text is typed into whatever has the keys: each grapheme a key
        /// press and release carrying it as its characters, 50 ms apart,
        /// starting now or at a time in seconds from the start (`type "TEXT" [at T]`).
        case type(String, at: Double?)
        /// The window's pasteboard is set to this text (`pasteboard "TEXT"`).
        case pasteboard(String)

        /// Whether the step is a finger's (down, move, up or cancel): those of
        /// one line, joined by `and`, happen at one instant.
        public var isTouch: Bool {
            switch self {
            case .down, .move, .up, .cancel: true
            default: false
            }
        }
    }

    /// The time between the keys of a `type` line, in seconds.
    public static let typingInterval = 0.05
}

/// A touchscreen recording a script replays: its samples in window
/// coordinates, relative to the moment the replay starts.
public struct ReplayRecording: Hashable, Sendable {
    /// The recording's file, for the transcript.
    public var file: String
    /// The device's name.
    public var deviceName: String
    /// Samples with timestamps counted from 0 and ids counted from 0.
    public var samples: [TouchInput]

    /// Creates a recording from its samples.
    public init(file: String, deviceName: String, samples: [TouchInput]) {
        self.file = file
        self.deviceName = deviceName
        self.samples = samples
    }

    /// The number of distinct fingers in the recording.
    public var contactCount: Int {
        var count = 0
        for sample in samples where sample.phase == .began { count += 1 }
        return count
    }

    /// The time from the first sample to the last, in seconds.
    public var duration: Double { samples.last?.timestamp ?? 0 }
}

extension ContentSizeCategory {
    /// The category's name in scripts and transcripts, in kebab case (`accessibility-large`).
    public var scriptName: String {
        switch self {
        case .extraSmall: "extra-small"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .extraLarge: "extra-large"
        case .extraExtraLarge: "extra-extra-large"
        case .extraExtraExtraLarge: "extra-extra-extra-large"
        case .accessibilityMedium: "accessibility-medium"
        case .accessibilityLarge: "accessibility-large"
        case .accessibilityExtraLarge: "accessibility-extra-large"
        case .accessibilityExtraExtraLarge: "accessibility-extra-extra-large"
        case .accessibilityExtraExtraExtraLarge: "accessibility-extra-extra-extra-large"
        }
    }

    /// The category named `name` in kebab case, or nil.
    public init?(scriptName name: String) {
        guard let match = ContentSizeCategory.allCases.first(where: { $0.scriptName == name }) else { return nil }
        self = match
    }
}
