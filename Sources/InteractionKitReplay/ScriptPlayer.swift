import InteractionKitEvemu
import InteractionKitLinux

/// Replays a gesture script on virtual time and records what happened.
///
/// The player builds the script's scene — a window, a standalone `TabBar`
/// at the bottom (49 points high, the width of the window), a full-window
/// surface with the recognizers the script names — then sends the steps'
/// touches through `Window.send(_:)` and lets time pass with
/// `Window.advanceTime(to:)`. It watches the tab bar's tap and large content
/// viewer recognizers, the surface's recognizers, the HUD and the tab bar's
/// delegate, and records each as a `ReplayEvent`, with a `SceneSnapshot` at
/// the start and whenever the HUD or the selection changes.
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

    private var events: [ReplayEvent] = []
    private var frames: [ReplayFrame] = []
    private let selectionRecorder = SelectionRecorder()
    private var clock = 0.0

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
    }

    /// The image name a script's tab gets: its title in lower case.
    public static func imageName(for title: String) -> String {
        title.lowercased()
    }

    /// Replays every step and returns what happened.
    public func run() -> Replay {
        events.removeAll()
        frames.removeAll()
        takeFrame("start")
        for step in script.steps {
            perform(step.action)
        }
        return Replay(script: script, events: events, frames: frames)
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
        case .contentSize(let category):
            record(.contentSize(category))
            window.preferredContentSizeCategory = category
        case .recording(let recording):
            record(.recording(
                file: recording.file, device: recording.deviceName,
                contacts: recording.contactCount, duration: recording.duration
            ))
            let start = clock
            for sample in recording.samples {
                clock = start + sample.timestamp
                send(id: sample.id, phase: sample.phase, at: sample.location)
            }
        }
    }

    private func send(id: Int, phase: TouchPhase, at location: Point) {
        let input = TouchInput(id: id, phase: phase, location: location, timestamp: clock)
        // Timers due before the sample fire (and are recorded) first.
        window.advanceTime(to: clock)
        record(.touch(id: id, phase: phase, location: location, item: tabTitle(at: location)))
        if case .rejected(let error) = window.send(input) {
            record(.rejected(error))
        }
    }

    private func location(of target: GestureScript.Target) -> Point {
        switch target {
        case .point(let point):
            return point
        case .item(let title):
            guard let tabBar, let item = tabBar.items?.first(where: { $0.title == title }),
                  let frame = tabBar.frame(for: item) else { return .zero }
            return tabBar.convert(frame, to: nil).center
        }
    }

    private func currentLocation(of id: Int) -> Point {
        window.touch(withID: id)?.location ?? .zero
    }

    private func tabTitle(at location: Point) -> String? {
        guard let tabBar else { return nil }
        return tabBar.item(at: tabBar.convert(location, from: nil))?.title
    }

    // MARK: Observation

    private func observe() {
        if let tabBar {
            watch(tabBar.tapGestureRecognizer, as: "tab-bar.tap")
            watch(tabBar.largeContentViewerInteraction.gestureRecognizerForExclusionRelationship, as: "large-content-viewer")
            selectionRecorder.onSelect = { [weak self] item in
                self?.record(.select(title: item.title))
                self?.takeFrame("\(item.title ?? "a tab") selected")
            }
            tabBar.delegate = selectionRecorder
        }
        if let surface {
            for kind in script.scene.surfaceRecognizers {
                let recognizer: GestureRecognizer
                switch kind {
                case .tap: recognizer = TapGestureRecognizer()
                case .longPress: recognizer = LongPressGestureRecognizer()
                case .pan: recognizer = PanGestureRecognizer()
                }
                recognizer.name = kind.rawValue
                surface.addGestureRecognizer(recognizer)
                watch(recognizer, as: kind.rawValue)
            }
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

    private func watch(_ recognizer: GestureRecognizer, as name: String) {
        recognizer.addStateObserver { [weak self] _, _, state in
            guard state != .possible else { return }
            self?.record(.gesture(name: name, state: state))
        }
    }

    private func record(_ kind: ReplayEvent.Kind) {
        events.append(ReplayEvent(time: window.currentTime, kind: kind))
    }

    private func takeFrame(_ caption: String) {
        frames.append(ReplayFrame(afterEvent: events.count, snapshot: snapshot(caption: caption)))
    }

    /// The scene as it is now.
    public func snapshot(caption: String) -> SceneSnapshot {
        var tabs: [TabSnapshot] = []
        if let tabBar {
            for item in tabBar.items ?? [] {
                let frame = tabBar.frame(for: item).map { tabBar.convert($0, to: nil) } ?? .zero
                tabs.append(TabSnapshot(
                    title: item.title, imageName: item.image?.name, frame: frame,
                    isEnabled: item.isEnabled, isSelected: tabBar.selectedItem === item
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
        return SceneSnapshot(
            time: window.currentTime, caption: caption, windowSize: window.bounds.size,
            layoutDirection: window.effectiveLayoutDirection, contentSize: window.preferredContentSizeCategory.scriptName,
            tabBarFrame: tabBar.map { $0.convert($0.bounds, to: nil) }, tabs: tabs,
            touches: window.touchesDown.map { TouchSnapshot(id: $0.id, location: $0.location) },
            hud: hud
        )
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
