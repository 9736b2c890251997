import InteractionKitEvemu
import InteractionKitLinux

/// Replays a gesture script on virtual time and records what happened.
///
/// The player builds the script's scene — a window, a full-window surface
/// with the recognizers the script names, the script's scroll view (holding
/// its buttons `in scroll`) and buttons above it, and a standalone `TabBar`
/// at the bottom (49 points high, the width of the window) on top — and
/// makes the window key, so that the keyboard focus starts on the first
/// group's item (rule K4: a tab bar's selected tab). Then it sends the
/// steps' touches and keys through `Window.send(_:)` and lets time pass
/// with `Window.advanceTime(to:)`. It watches the tab bar's large content
/// viewer recognizer, the surface's recognizers, the HUD, the tab bar's
/// delegate, the buttons' control events and highlight, the scroll view's
/// delegate and the window's focus, and records each as a `ReplayEvent`
/// (the focus the window starts with is recorded at the start), with a
/// `SceneSnapshot` at the start and whenever the HUD, the selection, a
/// button's highlight or the focus changes, or the scroll rests; a focus
/// that follows a selection or a highlight at the same instant (rule K5)
/// shares its picture. The scroll view's moves are recorded at most once
/// per frame (1/60 s).
///
/// ```swift
/// let script = try GestureScriptParser(file: "seed.gesture").parse(text)
/// let replay = ScriptPlayer(script: script).run()
/// print(TranscriptFormatter.text(replay))
/// ```
@MainActor
public final class ScriptPlayer {
    /// The script being replayed.
    public let script: GestureScript
    /// The scene's window.
    public let window: Window
    /// The scene's tab bar, if the script has one.
    public let tabBar: TabBar?
    /// The scene's full-window surface, if the script has one.
    public let surface: View?
    /// The scene's buttons, in the order the script lists them.
    public let buttons: [Button]
    /// The scene's scroll view, if the script has one.
    public let scrollView: ScrollView?
    /// The scene's text fields, in the order the script lists them.
    public let fields: [TextField]
    /// The scene's list, if the script has one.
    public let tableView: TableView?
    /// The list's rows and what the player hears of them.
    private let listModel: SceneListModel?

    /// The most fingers a snapshot keeps: the ones that went down last. A
    /// script may hold thousands of fingers down; each picture counts the
    /// others in ``SceneSnapshot/touchesLeftOut`` instead of copying them.
    nonisolated public static let maximumTouchesPerSnapshot = 20
    /// The most pictures a replay keeps; later ones are counted in
    /// ``Replay/framesLeftOut``.
    nonisolated public static let maximumFrames = 10_000
    /// The most values (tabs, fingers, trail points, recognizers; see
    /// ``SceneSnapshot/elementCount``) all the pictures of a replay keep
    /// together; pictures past the budget are counted, not taken.
    nonisolated public static let maximumSnapshotElements = 250_000
    /// The most fingers of a recording whose trails the picture at its end draws (the last ones down).
    nonisolated public static let maximumTrails = 20

    private var events: [ReplayEvent] = []
    private var frames: [ReplayFrame] = []
    private var framesLeftOut = 0
    private var snapshotElements = 0
    /// The last picture asked for: after how many events, when, and whether it was taken (not left out by a budget).
    private var lastFrameAttempt: (afterEvent: Int, time: Double, taken: Bool)?
    private let selectionRecorder = SelectionRecorder()
    private let surfaceDelegate = SurfaceDelegate()
    private let scrollRecorder = ScrollRecorder()
    /// When the last `scroll` event was recorded: the next waits a frame.
    private var lastScrollEventTime = -Double.infinity
    /// When the last `zoom` event was recorded: the next waits a frame.
    private var lastZoomEventTime = -Double.infinity
    /// Whether the fingers of one `and` line are moving: their scroll and
    /// zoom wait until all have moved (`heldScroll`, `heldZoom`).
    private var holdsMotionEvents = false
    private var heldScroll: Point?
    private var heldZoom: Double?
    private var clock = 0.0
    /// The fingers down, in the order they went down, as the player sent them.
    private var fingers: [TouchSnapshot] = []
    /// The watched recognizers' names, last states and counts, in the order they were watched.
    private var gestureStates: [GestureSnapshot] = []
    /// Trails of the recording being replayed, oldest finger first; nil outside recordings.
    private var trails: [TrailBuilder]?
    /// Each button's highlight as last recorded.
    private var buttonHighlights: [Bool] = []
    /// Each button's last recorded control event, to record a run of drags once.
    private var lastControlEvents: [ControlEvents?] = []
    /// Each field's last recorded `text` event, to record one per change.
    private var lastFieldStates: [ReplayEvent.Kind?] = []
    /// While a `type` line types: a picture is taken once it has typed, not per key.
    private var isTyping = false
    private let fieldRecorder = FieldRecorder()
    /// The fields whose loupe shows.
    private var loupesShown: Set<ObjectIdentifier> = []
    /// The list's row left open by a swipe when a lift was last delivered.
    private var openListRow: IndexPath?
    /// The list's row being moved when the player last looked.
    private var pickedUpListRow: IndexPath?

    /// The control events the player records, one at a time, in `ControlEvents.names` order.
    private static let recordedControlEvents: [ControlEvents] = [
        .touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit,
        .touchUpInside, .touchUpOutside, .touchCancel, .valueChanged, .primaryActionTriggered,
    ]

    /// Builds the script's scene; nothing is replayed until `run()`.
    public init(script: GestureScript) {
        self.script = script
        let scene = script.scene
        window = Window(frame: Rect(origin: .zero, size: scene.windowSize))
        window.preferredContentSizeCategory = scene.contentSize
        window.semanticLayoutDirection = scene.layoutDirection
        if scene.surfaceRecognizers.isEmpty {
            surface = nil
        } else {
            let view = View(frame: window.bounds)
            window.addSubview(view)
            surface = view
        }
        if let sceneList = scene.list {
            let model = SceneListModel(list: sceneList)
            let table = TableView(frame: sceneList.frame)
            table.rowHeight = sceneList.rowHeight
            table.register(reuseIdentifier: SceneListModel.reuseIdentifier) { TableViewCell(reuseIdentifier: SceneListModel.reuseIdentifier) }
            table.dataSource = model
            table.delegate = model
            if sceneList.reorders { table.setEditing(true, animated: false) }
            window.addSubview(table)
            tableView = table
            listModel = model
        } else {
            tableView = nil
            listModel = nil
        }
        if let sceneScroll = scene.scroll {
            let view = ScrollView(frame: sceneScroll.frame)
            view.contentSize = sceneScroll.contentSize
            view.isPagingEnabled = sceneScroll.isPagingEnabled
            if let range = sceneScroll.zoomRange {
                // The view for zooming: the content, holding the buttons placed in it.
                let content = View(frame: Rect(origin: .zero, size: sceneScroll.contentSize))
                view.addSubview(content)
                view.minimumZoomScale = range.lowerBound
                view.maximumZoomScale = range.upperBound
                scrollRecorder.zoomView = content
            }
            window.addSubview(view)
            scrollView = view
        } else {
            scrollView = nil
        }
        var buttons: [Button] = []
        for sceneButton in scene.buttons {
            let button = Button(title: sceneButton.title, frame: sceneButton.frame)
            button.isEnabled = sceneButton.isEnabled
            if sceneButton.isInScroll, let scrollView {
                (scrollRecorder.zoomView ?? scrollView).addSubview(button)
            } else {
                window.addSubview(button)
            }
            buttons.append(button)
        }
        self.buttons = buttons
        var fields: [TextField] = []
        for sceneField in scene.fields {
            let field = TextField(frame: sceneField.frame)
            field.accessibilityLabel = sceneField.name
            field.placeholder = sceneField.placeholder
            field.isSecureTextEntry = sceneField.isSecure
            field.isEnabled = sceneField.isEnabled
            window.addSubview(field)
            fields.append(field)
        }
        self.fields = fields
        lastFieldStates = Array(repeating: nil, count: fields.count)
        buttonHighlights = Array(repeating: false, count: buttons.count)
        lastControlEvents = Array(repeating: nil, count: buttons.count)
        if let titles = scene.tabTitles {
            let height = GestureScriptParser.tabBarHeight
            let bar = TabBar(frame: Rect(
                x: 0, y: scene.windowSize.height - height, width: scene.windowSize.width, height: height
            ))
            bar.items = titles.map { TabBarItem(title: $0, image: Image(name: Self.imageName(for: $0))) }
            for item in bar.items ?? [] where scene.disabledTabs.contains(item.title ?? "") {
                item.isEnabled = false
            }
            bar.selectedItem = bar.items?.first { $0.title == scene.selectedTab }
            window.addSubview(bar)
            tabBar = bar
        } else {
            tabBar = nil
        }
        observe()
        // The Demo's window has the keyboard from the start (contract §12):
        // the focus starts on the first group's item, the selected tab.
        window.makeKey()
    }

    /// The image name a script's tab gets: its title in lower case.
    public static func imageName(for title: String) -> String {
        title.lowercased()
    }

    /// Replays every step and returns what happened.
    public func run() -> Replay {
        events.removeAll()
        lastScrollEventTime = -.infinity
        lastZoomEventTime = -.infinity
        frames.removeAll()
        framesLeftOut = 0
        snapshotElements = 0
        lastFrameAttempt = nil
        takeFrame("start")
        recordInitialFocus()
        let steps = script.steps
        var index = 0
        while index < steps.count {
            // Fingers joined by `and` move at one instant: the content's
            // move and zoom are recorded once all of them have moved, so a
            // frame's event says where both fingers put it, not the first alone.
            var end = index + 1
            while end < steps.count, steps[end].line == steps[index].line,
                  steps[index].action.isTouch, steps[end].action.isTouch { end += 1 }
            holdsMotionEvents = end - index > 1
            for step in steps[index..<end] { perform(step.action) }
            if holdsMotionEvents { recordHeldMotionEvents() }
            index = end
        }
        return Replay(script: script, events: events, frames: frames, framesLeftOut: framesLeftOut)
    }

    // MARK: Live input

    /// Starts a live replay: forgets what was recorded and takes the start
    /// picture. Then `play(_:)`, `advance(to:)` and `changeContentSize(to:)`
    /// feed the scene as input arrives (a device, a mouse), and `replay`
    /// holds what happened so far; the script's steps are not run.
    public func begin() {
        events.removeAll()
        lastScrollEventTime = -.infinity
        lastZoomEventTime = -.infinity
        frames.removeAll()
        framesLeftOut = 0
        snapshotElements = 0
        lastFrameAttempt = nil
        takeFrame("start")
        recordInitialFocus()
    }

    /// Sends one live touch sample; timers due before its timestamp fire
    /// first. A timestamp earlier than the clock counts as now.
    public func play(_ input: TouchInput) {
        if input.timestamp > clock { clock = input.timestamp }
        send(id: input.id, phase: input.phase, at: input.location)
    }

    /// Performs one of the script's steps now, as `run()` does (a `wait`
    /// moves the clock on by its seconds). `Demo --atspi SCRIPT --play`
    /// replays a script on the real clock this way, waiting itself instead
    /// of performing the `wait` steps. A `key … at T` step presses its key
    /// now too: its time is the script's, not the clock's, so the caller
    /// performs it when T comes.
    public func perform(_ step: GestureScript.Step) {
        if case .key(let key, _) = step.action {
            press(key)
            return
        }
        perform(step.action)
    }

    /// Presses and releases `key` now (the clock's time, or `time` if
    /// later), as a script's `key` line does: timers due first, then the
    /// key goes down and comes up at that instant. The `key` event names it
    /// `name`, else as a script names it (`shift+tab`), else by the
    /// characters it types (a live terminal's `é`, a keypad's digit).
    public func press(_ key: Key, at time: Double? = nil, named name: String? = nil) {
        if let time, time > clock { clock = time }
        window.advanceTime(to: clock)
        noteHighlights()
        record(.key(name: name ?? key.name ?? (key.characters.isEmpty ? "key \(key.keyCode.rawValue)" : key.characters)))
        window.send(KeyInput(key: key, phase: .began, timestamp: clock))
        noteHighlights()
        window.send(KeyInput(key: key, phase: .ended, timestamp: clock))
        noteHighlights()
    }

    /// Lets virtual time pass to `time`, firing the timers due (a finger held still).
    public func advance(to time: Double) {
        if time > clock { clock = time }
        window.advanceTime(to: clock)
        noteHighlights()
    }

    /// Changes the text size live, as a script's `content-size` line does.
    public func changeContentSize(to category: ContentSizeCategory) {
        advance(to: window.currentTime)
        record(.contentSize(category))
        window.preferredContentSizeCategory = category
    }

    /// Forgets the events and pictures recorded so far, as a live display
    /// does once it has shown them, so that a session of any length keeps
    /// bounded memory: `replay` then holds only what happens next, and the
    /// picture budgets start again. The scene itself is untouched.
    public func discardRecorded() {
        events.removeAll()
        frames.removeAll()
        framesLeftOut = 0
        snapshotElements = 0
        lastFrameAttempt = nil
    }

    /// What has happened since `begin()` (or `run()`, or `discardRecorded()`).
    public var replay: Replay {
        Replay(script: script, events: events, frames: frames, framesLeftOut: framesLeftOut)
    }

    // MARK: Steps

    private func perform(_ action: GestureScript.Action) {
        switch action {
        case .down(let id, let target):
            send(id: id, phase: .began, at: location(of: target))
        case .move(let id, let target):
            send(id: id, phase: .moved, at: location(of: target))
        case .up(let id, let target):
            send(id: id, phase: .ended, at: target.map(location(of:)) ?? currentLocation(of: id))
        case .cancel(let id, let target):
            send(id: id, phase: .cancelled, at: target.map(location(of:)) ?? currentLocation(of: id))
        case .wait(let seconds):
            clock += seconds
            window.advanceTime(to: clock)
            noteHighlights()
        case .contentSize(let category):
            record(.contentSize(category))
            window.preferredContentSizeCategory = category
        case .recording(let recording):
            record(.recording(
                file: recording.file, device: recording.deviceName,
                contacts: recording.contactCount, duration: recording.duration
            ))
            let start = clock
            trails = []
            for sample in recording.samples {
                clock = start + sample.timestamp
                send(id: sample.id, phase: sample.phase, at: sample.location)
            }
            let fingers = recording.contactCount
            takeFrame("end of \(recording.file): \(fingers) finger\(fingers == 1 ? "" : "s")", withTrails: true)
            trails = nil
        case .key(let key, let time):
            press(key, at: time)
        case .type(let text, let time):
            type(text, at: time)
        case .pasteboard(let text):
            window.pasteboard.string = text
        }
    }

    /// Types `text` as a `type` line does: each grapheme a key press and
    /// release, `GestureScript.typingInterval` apart, from now (or `time`);
    /// the clock ends one interval after the last key. One picture follows.
    public func type(_ text: String, at time: Double? = nil) {
        if let time, time > clock { clock = time }
        isTyping = true
        for character in text {
            guard let key = Key(typing: character) else { continue }
            press(key, named: key.name ?? String(character))
            clock += GestureScript.typingInterval
        }
        isTyping = false
        window.advanceTime(to: clock)
        noteHighlights()
        takeFrame("typed " + TranscriptFormatter.quoted(text))
    }

    /// Adds a delivered sample of a recording to its finger's trail.
    private func extendTrail(id: Int, phase: TouchPhase, at location: Point) {
        guard trails != nil else { return }
        if phase == .began {
            trails?.append(TrailBuilder(id: id, start: location))
            if let count = trails?.count, count > Self.maximumTrails { trails?.removeFirst(count - Self.maximumTrails) }
            return
        }
        guard let index = trails?.lastIndex(where: { $0.id == id }) else { return }
        trails?[index].add(location)
        if phase == .ended || phase == .cancelled { trails?[index].isDown = false }
    }

    private func send(id: Int, phase: TouchPhase, at location: Point) {
        let input = TouchInput(id: id, phase: phase, location: location, timestamp: clock)
        // Timers due before the sample fire (and are recorded) first.
        window.advanceTime(to: clock)
        noteHighlights()
        record(.touch(id: id, phase: phase, location: location, item: itemTitle(at: location)))
        // The fingers a picture draws follow the sample before it is
        // delivered, so that pictures taken while it is (a HUD change on a
        // move, a selection on a lift) show the finger where it is now, or
        // gone once it lifts. The window applies the same rules.
        let index = fingers.lastIndex { $0.id == id }
        var added = false
        switch phase {
        case .began where index == nil && location.isFinite:
            fingers.append(TouchSnapshot(id: id, location: location))
            added = true
        case .moved where location.isFinite, .stationary where location.isFinite:
            if let index { fingers[index].location = location }
        case .ended, .cancelled:
            if let index { fingers.remove(at: index) }
        default:
            break
        }
        if case .rejected(let error) = window.send(input) {
            // A finger the window refused (one too many down) is not down: the
            // list stays as long as the window's table, at most 32.
            if added, let last = fingers.lastIndex(where: { $0.id == id }) { fingers.remove(at: last) }
            record(.rejected(error))
        } else {
            extendTrail(id: id, phase: phase, at: location)
        }
        noteHighlights()
        if phase == .ended || phase == .cancelled { noteOpenListRow() }
    }

    /// A picture when a lift leaves a row of the list open (its swipe
    /// actions showing) or closes the one that was.
    private func noteOpenListRow() {
        guard let tableView else { return }
        let open = tableView.revealedSwipeActions.isEmpty ? nil : tableView.swipedRow
        guard open != openListRow else { return }
        openListRow = open
        if let open {
            takeFrame("row \(open.row + 1) shows its swipe actions")
        } else {
            takeFrame("the list's open row closes")
        }
    }

    private func location(of target: GestureScript.Target) -> Point {
        switch target {
        case .point(let point):
            return point
        case .item(let title):
            if let tabBar, let item = tabBar.items?.first(where: { $0.title == title }),
               let frame = tabBar.frame(for: item) {
                return tabBar.convert(frame, to: nil).center
            }
            for button in buttons where button.title == title {
                return button.convert(button.bounds, to: nil).center
            }
            for field in fields where field.accessibilityLabel == title {
                return field.convert(field.bounds, to: nil).center
            }
            return .zero
        }
    }

    private func currentLocation(of id: Int) -> Point {
        window.touch(withID: id)?.location ?? .zero
    }

    /// The title of the tab under a window point, else the name of the
    /// topmost field there, else the title of the topmost button there.
    private func itemTitle(at location: Point) -> String? {
        if let tabBar, let item = tabBar.item(at: tabBar.convert(location, from: nil)) { return item.title }
        for field in fields.reversed() where field.bounds.contains(field.convert(location, from: nil)) {
            return field.accessibilityLabel
        }
        for button in buttons.reversed() where button.bounds.contains(button.convert(location, from: nil)) {
            // A button in the scroll view is under the finger only where it shows.
            if let scrollView, isInScroll(button),
               !scrollView.bounds.contains(scrollView.convert(location, from: nil)) { continue }
            return button.title
        }
        return nil
    }

    // MARK: Observation

    /// The recognizer a `surface` name stands for.
    static func makeSurfaceRecognizer(_ kind: GestureScript.SurfaceRecognizer) -> GestureRecognizer {
        switch kind {
        case .tap: return TapGestureRecognizer()
        case .doubleTap:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = 2
            return tap
        case .twoFingerTap:
            let tap = TapGestureRecognizer()
            tap.numberOfTouchesRequired = 2
            return tap
        case .longPress: return LongPressGestureRecognizer()
        case .pan: return PanGestureRecognizer()
        case .twoFingerPan:
            let pan = PanGestureRecognizer()
            pan.minimumNumberOfTouches = 2
            return pan
        case .swipe:
            let swipe = SwipeGestureRecognizer()
            swipe.direction = [.left, .right, .up, .down]
            return swipe
        case .pinch: return PinchGestureRecognizer()
        case .rotation: return RotationGestureRecognizer()
        case .edgePan:
            let edgePan = ScreenEdgePanGestureRecognizer()
            edgePan.edges = .all
            return edgePan
        }
    }

    private func observe() {
        if let tabBar {
            watch(tabBar.largeContentViewerInteraction.gestureRecognizerForExclusionRelationship, as: "large-content-viewer")
            selectionRecorder.onSelect = { [weak self] item in
                self?.record(.select(title: item.title))
                self?.takeFrame("\(item.title ?? "a tab") selected")
            }
            tabBar.delegate = selectionRecorder
        }
        if let surface {
            var built: [(GestureScript.SurfaceRecognizer, GestureRecognizer)] = []
            for kind in script.scene.surfaceRecognizers {
                let recognizer = Self.makeSurfaceRecognizer(kind)
                recognizer.name = kind.rawValue
                // Surface recognizers recognize simultaneously with each other (contract §9).
                recognizer.delegate = surfaceDelegate
                surface.addGestureRecognizer(recognizer)
                watch(recognizer, as: kind.rawValue)
                built.append((kind, recognizer))
            }
            if let tap = built.first(where: { $0.0 == .tap })?.1, let double = built.first(where: { $0.0 == .doubleTap })?.1 {
                tap.require(toFail: double)
            }
        }
        for (index, button) in buttons.enumerated() {
            for event in Self.recordedControlEvents {
                button.addAction(for: event) { [weak self] _ in self?.controlSent(event, byButton: index) }
            }
        }
        for (index, field) in fields.enumerated() {
            field.addAction(for: .editingDidBegin) { [weak self] _ in self?.editing(began: true, field: index) }
            field.addAction(for: .editingDidEnd) { [weak self] _ in self?.editing(began: false, field: index) }
            field.addAction(for: .editingChanged) { [weak self] _ in self?.fieldChanged(index) }
            field.delegate = fieldRecorder
            field.addLoupeObserver { [weak self, weak field] loupe in
                guard let self, let field else { return }
                // A picture when the loupe shows and when it hides; its moves show in the next picture.
                guard (loupe != nil) != self.loupesShown.contains(ObjectIdentifier(field)) else { return }
                let name = field.accessibilityLabel ?? "a field"
                if loupe == nil {
                    self.loupesShown.remove(ObjectIdentifier(field))
                    self.takeFrame("loupe over \(name) hidden")
                } else {
                    self.loupesShown.insert(ObjectIdentifier(field))
                    self.takeFrame("loupe shows over \(name)")
                }
            }
        }
        listModel?.scrolling.onScroll = { [weak self] offset in self?.scrolled(to: offset) }
        listModel?.scrolling.onRest = { [weak self] offset in self?.scrollRested(at: offset) }
        listModel?.onEvent = { [weak self] kind in
            guard let self else { return }
            self.record(kind)
            switch kind {
            case .row(let row, true): self.takeFrame("row \(row) selected")
            case .swipeAction(let row, let title): self.takeFrame("swipe action \(title) on row \(row)")
            case .move(let from, let to): self.takeFrame("row \(from) moves to \(to)")
            default: break
            }
        }
        fieldRecorder.onSelectionChange = { [weak self] field in
            guard let self, let index = self.fields.firstIndex(where: { $0 === field }) else { return }
            self.fieldChanged(index)
        }
        if let scrollView {
            scrollRecorder.onScroll = { [weak self] offset in self?.scrolled(to: offset) }
            scrollRecorder.onRest = { [weak self] offset in self?.scrollRested(at: offset) }
            scrollRecorder.onZoom = { [weak self] scale in self?.zoomed(to: scale) }
            scrollRecorder.onZoomEnd = { [weak self] scale in
                guard let self else { return }
                self.record(.zoomEnd(scale: scale))
                self.takeFrame("zoom rests at \(NumberFormatting.json(scale, decimals: 2))×", mergingWithLast: true)
            }
            scrollView.delegate = scrollRecorder
        }
        if let scrollView, let duration = script.scene.scroll?.refreshDuration {
            // The scene's app: a refresh that a pull (or an assistive technology) begins lasts `duration`.
            let control = RefreshControl()
            control.addAction(for: .valueChanged) { [weak self] control in
                guard let self else { return }
                self.record(.refresh)
                self.takeFrame("refresh begins")
                _ = self.window.scheduler.schedule(after: duration) { [weak self, weak control] in
                    guard let self, let control = control as? RefreshControl, control.isRefreshing else { return }
                    control.endRefreshing()
                    self.record(.refreshEnd)
                    self.takeFrame("refresh ends")
                }
            }
            scrollView.refreshControl = control
        }
        window.addFocusObserver { [weak self] context in
            self?.focusMoved(to: context.nextFocusedItem)
        }
        window.addLargeContentViewerObserver { [weak self] presentation in
            guard let self else { return }
            if let presentation {
                self.record(.hudShow(title: presentation.title, image: presentation.image?.name))
                self.takeFrame("HUD shows \(presentation.title ?? "an item without a title")")
            } else {
                self.record(.hudHide)
                self.takeFrame("HUD hidden")
            }
        }
    }

    /// Announces the focus the key window starts with (rule K4), as a
    /// `focus` event at the start; the start picture shows its ring.
    private func recordInitialFocus() {
        guard window.isKeyWindow, let item = window.focusedItem else { return }
        let (title, kind) = Self.describe(item)
        record(.focus(title: title, kind: kind))
        // A field the focus starts on began editing as the window became key, before the replay began.
        for field in fields where field.isEditing { record(.editing(title: field.accessibilityLabel ?? "", began: true)) }
    }

    /// Records a move of the keyboard focus, with a picture.
    private func focusMoved(to item: (any FocusItem)?) {
        guard let item else {
            record(.focus(title: nil, kind: nil))
            takeFrame("focus leaves the window", mergingWithLast: true)
            return
        }
        let (title, kind) = Self.describe(item)
        record(.focus(title: title, kind: kind))
        takeFrame("focus on " + (title ?? "a \(kind.rawValue) without a title"), mergingWithLast: true)
    }

    /// A focus item's title and kind, as transcripts name them: a tab's or
    /// a button's title, else a view's accessibility label.
    static func describe(_ item: any FocusItem) -> (title: String?, kind: FocusKind) {
        if let tab = item as? TabBarItem { return (tab.title, .tab) }
        if let button = item as? Button { return (button.title, .button) }
        if let view = item as? View { return (view.accessibilityLabel, .view) }
        return (nil, .view)
    }

    /// Records a move of the scroll view, at most one a frame (`isFrameDue`).
    private func scrolled(to offset: Point) {
        if holdsMotionEvents {
            heldScroll = offset
            return
        }
        if isFrameDue(since: &lastScrollEventTime) { record(.scroll(offset: offset)) }
    }

    /// Records a change of the zoom scale, at most one a frame, as `scrolled(to:)`.
    private func zoomed(to scale: Double) {
        if holdsMotionEvents {
            heldZoom = scale
            return
        }
        if isFrameDue(since: &lastZoomEventTime) { record(.zoom(scale: scale)) }
    }

    /// Whether a frame (1/60 s) has passed since `last`, which then becomes
    /// now: so an event kind is recorded at most 60 times a second. A
    /// frame's time can be a hair short of 1/60 s after the last (1/60 is
    /// not a double), hence the tolerance.
    private func isFrameDue(since last: inout Double) -> Bool {
        let now = window.currentTime
        guard now - last >= 1.0 / 60 - 1e-9 else { return false }
        last = now
        return true
    }

    /// Records the scroll and zoom held while fingers joined by `and` moved, as they are now.
    private func recordHeldMotionEvents() {
        holdsMotionEvents = false
        if let offset = heldScroll { scrolled(to: offset) }
        if let scale = heldZoom { zoomed(to: scale) }
        heldScroll = nil
        heldZoom = nil
    }

    /// Whether `view` is in the scene's scroll view (its content, or the view for zooming's).
    private func isInScroll(_ view: View) -> Bool {
        guard let scrollView, view !== scrollView else { return false }
        return view.isDescendant(of: scrollView)
    }

    /// Records that the scroll view came to rest, with a picture.
    private func scrollRested(at offset: Point) {
        record(.scrollEnd(offset: offset))
        takeFrame("scroll rests at (\(NumberFormatting.json(offset.x, decimals: 2)), "
            + "\(NumberFormatting.json(offset.y, decimals: 2)))")
    }

    /// Records a button's control event, after any highlight change it
    /// brings (a control sets `isHighlighted` before it sends, as UIKit's
    /// does); a drag like the button's previous event is not recorded again.
    private func controlSent(_ event: ControlEvents, byButton index: Int) {
        guard index < buttons.count else { return }
        noteHighlights()
        if event == .touchDragInside || event == .touchDragOutside, lastControlEvents[index] == event { return }
        lastControlEvents[index] = event
        record(.control(title: buttons[index].title ?? "", event: event))
    }

    /// Records that a field began or ended editing, with a picture.
    private func editing(began: Bool, field index: Int) {
        guard index < fields.count, let name = fields[index].accessibilityLabel else { return }
        record(.editing(title: name, began: began))
        takeFrame("editing \(began ? "begins" : "ends") in \(name)", mergingWithLast: true)
    }

    /// Records a field's text, caret and marked text after a user edit or a
    /// selection change, once per change (an edit that moves the caret is
    /// told twice, as `editingChanged` and as a selection change).
    private func fieldChanged(_ index: Int) {
        guard index < fields.count else { return }
        let field = fields[index]
        let state = Self.fieldState(field)
        let kind = ReplayEvent.Kind.text(title: field.accessibilityLabel ?? "", text: state.text,
                                         selection: state.selection, marked: state.marked)
        guard lastFieldStates[index] != kind else { return }
        lastFieldStates[index] = kind
        noteHighlights()
        record(kind)
        if !isTyping {
            takeFrame("\(field.accessibilityLabel ?? "a field") reads "
                + TranscriptFormatter.quoted(TranscriptFormatter.markedUp(state.text, selection: state.selection,
                                                                          marked: state.marked)))
        }
    }

    /// The list as drawn: the rows that have cells, where they are now.
    private static func listSnapshot(_ table: TableView, model: SceneListModel) -> ListSnapshot {
        var rows: [RowSnapshot] = []
        // The open row's actions, left to right, and the rect they share, in window coordinates.
        let revealed = table.revealedSwipeActions.sorted { $0.frame.minX < $1.frame.minX }
        var actionsFrame: Rect?
        if let first = revealed.first, let last = revealed.last {
            actionsFrame = table.convert(Rect(x: first.frame.minX, y: first.frame.minY,
                                              width: last.frame.maxX - first.frame.minX, height: first.frame.height), to: nil)
        }
        let dragged = table.reorderingRow
        var cells = table.visibleCells
        // A dragged row whose place scrolled away is drawn under the finger all the same.
        if let cell = table.reorderingCell, !cells.contains(where: { $0 === cell }) { cells.append(cell) }
        for cell in cells {
            guard let indexPath = table.indexPath(for: cell) ?? (cell === table.reorderingCell ? dragged?.from : nil)
            else { continue }
            let isOpen = indexPath == table.swipedRow && !revealed.isEmpty
            var row = RowSnapshot(
                title: model.title(at: indexPath.row), frame: cell.convert(cell.bounds, to: nil),
                isSelected: cell.isSelected, isHighlighted: cell.isHighlighted,
                revealedActions: isOpen ? revealed.map { $0.action.title ?? "" } : [],
                actionsFrame: isOpen ? actionsFrame : nil, isDragged: indexPath == dragged?.from)
            row.isFocused = table.window?.isKeyWindow == true && table.window?.focusedItem === cell
            rows.append(row)
        }
        rows.sort { $0.frame.minY < $1.frame.minY }
        return ListSnapshot(frame: table.convert(table.bounds, to: nil), rowCount: model.rowCount, rows: rows)
    }

    /// The loupe as drawn: the displayed text around the caret, at most
    /// `LoupeSnapshot.maximumCharacters` graphemes, three of them before it.
    static func loupeSnapshot(_ loupe: TextLoupeSession, of field: TextField) -> LoupeSnapshot {
        let shown = Array(field.displayedText)
        let caret = field.isSecureTextEntry ? field.text(in: 0..<loupe.caretOffset).count
            : String(String.UnicodeScalarView(field.text.unicodeScalars.prefix(loupe.caretOffset))).count
        let start = max(0, min(caret - 3, shown.count - LoupeSnapshot.maximumCharacters))
        let end = min(shown.count, start + LoupeSnapshot.maximumCharacters)
        return LoupeSnapshot(point: loupe.point, text: String(shown[start..<end]), caretIndex: caret - start)
    }

    /// A field's displayed text, and its selection and marked text in
    /// scalar offsets of that text: for a secure field, one bullet a grapheme.
    static func fieldState(_ field: TextField) -> (text: String, selection: Range<Int>, marked: Range<Int>?) {
        guard field.isSecureTextEntry else { return (field.text, field.selectedRange, field.markedRange) }
        func displayed(_ offset: Int) -> Int { field.text(in: 0..<offset).count }
        let selection = field.selectedRange
        return (field.displayedText, displayed(selection.lowerBound)..<displayed(selection.upperBound),
                field.markedRange.map { displayed($0.lowerBound)..<displayed($0.upperBound) })
    }

    /// Records each button whose highlight changed since it was last
    /// recorded, with a picture.
    private func noteHighlights() {
        for (index, button) in buttons.enumerated() where button.isHighlighted != buttonHighlights[index] {
            let highlighted = button.isHighlighted
            buttonHighlights[index] = highlighted
            let title = button.title ?? ""
            record(.highlight(title: title, isHighlighted: highlighted))
            takeFrame(highlighted ? "\(title) highlighted" : "\(title) no longer highlighted")
        }
        noteListReorder()
    }

    /// A picture when a long press picks up a row of the list to move it (L4).
    private func noteListReorder() {
        let picked = tableView?.reorderingRow?.from
        guard picked != pickedUpListRow else { return }
        pickedUpListRow = picked
        if let picked { takeFrame("row \(picked.row + 1) is picked up to move") }
    }

    private func watch(_ recognizer: GestureRecognizer, as name: String) {
        let index = gestureStates.count
        let countsOn: GestureRecognizer.State = recognizer.isContinuous ? .began : .ended
        gestureStates.append(GestureSnapshot(name: name, lastState: nil, recognizedCount: 0))
        recognizer.addStateObserver { [weak self] recognizer, _, state in
            guard let self, state != .possible else { return }
            self.gestureStates[index].lastState = state
            if state == countsOn { self.gestureStates[index].recognizedCount += 1 }
            self.record(.gesture(name: name, state: state), measure: Self.measure(of: recognizer, in: state))
        }
    }

    /// A pinch's scale or a rotation's rotation, for its began, changed and ended events.
    private static func measure(of recognizer: GestureRecognizer, in state: GestureRecognizer.State) -> GestureMeasure? {
        guard state == .began || state == .changed || state == .ended else { return nil }
        if let pinch = recognizer as? PinchGestureRecognizer { return .scale(pinch.scale) }
        if let rotation = recognizer as? RotationGestureRecognizer { return .rotation(rotation.rotation) }
        return nil
    }

    private func record(_ kind: ReplayEvent.Kind, measure: GestureMeasure? = nil) {
        events.append(ReplayEvent(time: window.currentTime, kind: kind, measure: measure))
    }

    /// Takes a picture, unless the replay already keeps as many as its budgets allow.
    ///
    /// With `mergingWithLast`, a picture taken just before the event that
    /// was just recorded, at the same time, is replaced by this one, its
    /// caption joined to this one's: a tab selected by a finger and the focus
    /// following it (rule K5) make one picture, not two that differ only in
    /// the focus ring.
    private func takeFrame(_ caption: String, withTrails: Bool = false, mergingWithLast: Bool = false) {
        if mergingWithLast, let last = lastFrameAttempt, last.afterEvent == events.count - 1, last.time == window.currentTime {
            // The picture just before was left out: this one is part of it, already counted.
            guard last.taken, let previous = frames.last, previous.snapshot.trails.isEmpty else {
                if !last.taken { lastFrameAttempt?.afterEvent = events.count }
                return
            }
            frames.removeLast()
            snapshotElements -= previous.snapshot.elementCount
            takeFrame(previous.snapshot.caption + "; " + caption)
            return
        }
        lastFrameAttempt = (events.count, window.currentTime, false)
        // The tabs alone would pass the budget: count the picture without building it.
        let least = (tabBar?.items?.count ?? 0) + buttons.count + (scrollView == nil ? 1 : 2) + 1
        guard frames.count < Self.maximumFrames, snapshotElements + least <= Self.maximumSnapshotElements else {
            framesLeftOut += 1
            return
        }
        var picture = snapshot(caption: caption)
        if withTrails {
            picture.trails = (trails ?? []).map(\.snapshot)
            picture.gestures = gestureStates
        }
        guard snapshotElements + picture.elementCount <= Self.maximumSnapshotElements else {
            framesLeftOut += 1
            return
        }
        snapshotElements += picture.elementCount
        frames.append(ReplayFrame(afterEvent: events.count, snapshot: picture))
        lastFrameAttempt?.taken = true
    }

    /// The scene as it is now. The fingers are those the player has sent
    /// down and not yet lifted (a finger whose lift is being delivered is
    /// not drawn); of them, the last ``maximumTouchesPerSnapshot`` to go
    /// down are kept.
    public func snapshot(caption: String) -> SceneSnapshot {
        var tabs: [TabSnapshot] = []
        if let tabBar, let items = tabBar.items {
            // TabBar.frame(for:) finds the item first (O(tabs)); the slots
            // are laid out here by index with the same arithmetic, so a
            // snapshot of a wide bar costs O(tabs), not O(tabs²).
            let area = tabBar.bounds
            let slotWidth = area.width / Double(items.count)
            let mirrored = tabBar.effectiveLayoutDirection == .rightToLeft
            tabs.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                let slot = mirrored ? items.count - 1 - index : index
                let slotFrame = Rect(x: area.minX + Double(slot) * slotWidth, y: area.minY, width: slotWidth, height: area.height)
                let frame = tabBar.convert(slotFrame, to: nil)
                tabs.append(TabSnapshot(
                    title: item.title, imageName: item.image?.name, frame: frame,
                    isEnabled: item.isEnabled, isSelected: tabBar.selectedItem === item,
                    isHighlighted: tabBar.highlightedItem === item
                ))
            }
        }
        let hud = window.largeContentViewerPresentation.flatMap { presentation -> HUDSnapshot? in
            guard let layout = window.largeContentViewerHUDLayout else { return nil }
            return HUDSnapshot(
                title: presentation.title, imageName: presentation.image?.name, frame: layout.frame,
                imageFrame: layout.imageFrame, titleFrame: layout.titleFrame
            )
        }
        var buttonSnapshots: [ButtonSnapshot] = []
        buttonSnapshots.reserveCapacity(buttons.count)
        let scrollFrame = scrollView.map { $0.convert($0.bounds, to: nil) }
        for button in buttons {
            buttonSnapshots.append(ButtonSnapshot(
                title: button.title ?? "", frame: button.convert(button.bounds, to: nil),
                isEnabled: button.isEnabled, isHighlighted: button.isHighlighted,
                clip: isInScroll(button) ? scrollFrame : nil
            ))
        }
        let scroll = scrollView.map { view in
            ScrollSnapshot(frame: view.convert(view.bounds, to: nil), contentOffset: view.contentOffset,
                           contentSize: view.contentSize)
        }
        var focus: FocusSnapshot?
        // A focused row of the list is drawn as a row of the list (ListSnapshot), not as a box of its own.
        if window.isKeyWindow, let item = window.focusedItem, window.isFocusable(item), !(item is TableViewCell) {
            let (title, kind) = Self.describe(item)
            let inScroll = (item as? View).map(isInScroll) ?? false
            focus = FocusSnapshot(title: title, kind: kind, frame: item.focusFrame, clip: inScroll ? scrollFrame : nil)
        }
        let (touches, touchesLeftOut) = fingersDown()
        var fieldSnapshots: [FieldSnapshot] = []
        for field in fields {
            let state = Self.fieldState(field)
            fieldSnapshots.append(FieldSnapshot(
                name: field.accessibilityLabel ?? "", frame: field.convert(field.bounds, to: nil), text: state.text,
                placeholder: field.placeholder, selection: state.selection, marked: state.marked,
                isEditing: field.isEditing, isEnabled: field.isEnabled, loupe: field.loupe.map { Self.loupeSnapshot($0, of: field) }))
        }
        var picture = SceneSnapshot(
            time: window.currentTime, caption: caption, windowSize: window.bounds.size,
            layoutDirection: window.effectiveLayoutDirection, contentSize: window.preferredContentSizeCategory.scriptName,
            tabBarFrame: tabBar.map { $0.convert($0.bounds, to: nil) }, tabs: tabs,
            touches: touches, hud: hud, touchesLeftOut: touchesLeftOut, buttons: buttonSnapshots, scroll: scroll,
            focus: focus
        )
        picture.fields = fieldSnapshots
        if let tableView, let listModel { picture.list = Self.listSnapshot(tableView, model: listModel) }
        return picture
    }

    /// The fingers down, the last ones kept: see ``snapshot(caption:)``.
    private func fingersDown() -> (kept: [TouchSnapshot], leftOut: Int) {
        let kept = Array(fingers.suffix(Self.maximumTouchesPerSnapshot))
        return (kept, fingers.count - kept.count)
    }
}

/// One finger's path while a recording replays, thinned as it grows.
private struct TrailBuilder {
    let id: Int
    var points: [Point]
    var isDown = true

    init(id: Int, start: Point) {
        self.id = id
        points = [start]
    }

    /// Adds a point; past twice the kept maximum, every other point goes
    /// (the last stays), so the path keeps its shape in bounded memory.
    mutating func add(_ point: Point) {
        points.append(point)
        guard points.count > TrailSnapshot.maximumPoints * 2 else { return }
        let last = points[points.count - 1]
        points = stride(from: 0, to: points.count - 1, by: 2).map { points[$0] } + [last]
    }

    /// The trail as drawn: at most `TrailSnapshot.maximumPoints`, both ends kept.
    var snapshot: TrailSnapshot {
        let limit = TrailSnapshot.maximumPoints
        guard points.count > limit else { return TrailSnapshot(id: id, points: points, isDown: isDown) }
        let step = Double(points.count - 1) / Double(limit - 1)
        let kept = (0..<limit).map { points[min(points.count - 1, Int((Double($0) * step).rounded()))] }
        return TrailSnapshot(id: id, points: kept, isDown: isDown)
    }
}

/// Forwards a tab bar's selections to the player.
@MainActor
private final class SelectionRecorder: TabBarDelegate {
    var onSelect: ((TabBarItem) -> Void)?

    func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem) {
        onSelect?(item)
    }
}

/// The rows of a script's list, `Row 1` … `Row N`, and what the player
/// hears of them: selections, swipe actions, moves (1-based rows, as the
/// transcript gives them).
@MainActor
final class SceneListModel: TableViewDataSource, TableViewDelegate {
    static let reuseIdentifier = "row"
    private let swipeActions: [String]
    private let reorders: Bool
    var onEvent: ((ReplayEvent.Kind) -> Void)?
    /// Told of the list's scrolling, as the scene's scroll view's recorder is.
    let scrolling = ScrollRecorder()

    init(list: GestureScript.SceneList) {
        rowNumbers = list.rowCount > 0 ? Array(1...list.rowCount) : []
        swipeActions = list.swipeActions
        reorders = list.reorders
    }

    /// The original number of each row, in its order now: a title (`Row 7`)
    /// is made from it when the row shows, not kept for each of a million rows.
    private var rowNumbers: [Int]

    func title(at row: Int) -> String {
        row >= 0 && row < rowNumbers.count ? "Row \(rowNumbers[row])" : ""
    }

    var rowCount: Int { rowNumbers.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowNumbers.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.reuseIdentifier, for: indexPath)
        cell.text = title(at: indexPath.row)
        return cell
    }

    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { reorders }

    func tableView(_ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard rowNumbers.indices.contains(sourceIndexPath.row) else { return }
        let number = rowNumbers.remove(at: sourceIndexPath.row)
        rowNumbers.insert(number, at: min(max(0, destinationIndexPath.row), rowNumbers.count))
        onEvent?(.move(from: sourceIndexPath.row + 1, to: destinationIndexPath.row + 1))
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolling.scrollViewDidScroll(scrollView) }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        scrolling.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { scrolling.scrollViewDidEndDecelerating(scrollView) }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        scrolling.scrollViewDidEndScrollingAnimation(scrollView)
    }

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        onEvent?(.row(row: indexPath.row + 1, selected: true))
    }

    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
        onEvent?(.row(row: indexPath.row + 1, selected: false))
    }

    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration? {
        guard !swipeActions.isEmpty else { return nil }
        let actions = swipeActions.map { title in
            ContextualAction(style: title == "Delete" ? .destructive : .normal, title: title) { [weak self, weak tableView] _, view, done in
                guard let self, let tableView, let cell = view as? TableViewCell ?? (view.superview as? TableViewCell),
                      let path = tableView.indexPath(for: cell) else {
                    done(false)
                    return
                }
                self.onEvent?(.swipeAction(row: path.row + 1, title: title))
                if title == "Delete", self.rowNumbers.indices.contains(path.row) {
                    self.rowNumbers.remove(at: path.row)
                    tableView.deleteRows(at: [path])
                }
                done(true)
            }
        }
        return SwipeActionsConfiguration(actions: actions)
    }
}

/// Forwards the fields' selection changes to the player.
@MainActor
private final class FieldRecorder: TextFieldDelegate {
    var onSelectionChange: ((TextField) -> Void)?

    func textFieldDidChangeSelection(_ textField: TextField) {
        onSelectionChange?(textField)
    }
}

/// Forwards the scroll view's moves and rests to the player.
@MainActor
final class ScrollRecorder: ScrollViewDelegate {
    var onScroll: ((Point) -> Void)?
    var onRest: ((Point) -> Void)?
    var onZoom: ((Double) -> Void)?
    var onZoomEnd: ((Double) -> Void)?
    /// The content that zooms (a scene's `zoom MIN MAX`), nil when it does not.
    weak var zoomView: View?

    func viewForZooming(in scrollView: ScrollView) -> View? { zoomView }

    func scrollViewDidZoom(_ scrollView: ScrollView) {
        onZoom?(scrollView.zoomScale)
    }

    /// A zoom's end is where the content rests too (the offset settles with the scale).
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        onRest?(scrollView.contentOffset)
        onZoomEnd?(scale)
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        onScroll?(scrollView.contentOffset)
    }

    /// A drag that a zoom took over rests when the zoom does.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        if !decelerate && !scrollView.isZooming && !scrollView.isZoomBouncing { onRest?(scrollView.contentOffset) }
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        onRest?(scrollView.contentOffset)
    }

    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        onRest?(scrollView.contentOffset)
    }
}

/// Lets the surface's recognizers recognize together (contract §9); others keep the default.
@MainActor
private final class SurfaceDelegate: GestureRecognizerDelegate {
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        other.delegate === self
    }
}
