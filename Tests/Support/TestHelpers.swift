import Testing
import InteractionKitLinux

/// Counts action calls with the state at each call.
@MainActor
public final class ActionLog {
    public init() {}

    public private(set) var states: [GestureRecognizer.State] = []
    public private(set) var locations: [Point] = []

    public func attach(to recognizer: GestureRecognizer) {
        recognizer.addAction { [weak self] recognizer in
            self?.states.append(recognizer.state)
            self?.locations.append(recognizer.location(in: nil))
        }
    }
}

public func format(_ time: Double) -> String {
    // Beyond a million years of seconds, microseconds do not fit an Int.
    guard time.isFinite, abs(time) < 1e12 else { return "\(time)" }
    let micro = (time * 1_000_000).rounded()
    var text = String(Int(micro) / 1_000_000) + "." + String(Int(micro) % 1_000_000 + 1_000_000).dropFirst()
    while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
    return text
}

extension Window {
    public static func phone() -> Window {
        Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @discardableResult
    public func down(_ x: Double, _ y: Double, at time: Double, id: Int = 0) -> TouchDelivery {
        send(TouchInput(id: id, phase: .began, location: Point(x: x, y: y), timestamp: time))
    }

    @discardableResult
    public func move(_ x: Double, _ y: Double, at time: Double, id: Int = 0) -> TouchDelivery {
        send(TouchInput(id: id, phase: .moved, location: Point(x: x, y: y), timestamp: time))
    }

    @discardableResult
    public func up(_ x: Double, _ y: Double, at time: Double, id: Int = 0) -> TouchDelivery {
        send(TouchInput(id: id, phase: .ended, location: Point(x: x, y: y), timestamp: time))
    }

    @discardableResult
    public func cancel(_ x: Double, _ y: Double, at time: Double, id: Int = 0) -> TouchDelivery {
        send(TouchInput(id: id, phase: .cancelled, location: Point(x: x, y: y), timestamp: time))
    }

    /// A tap: down at `time`, up 0.05 s later at the same place.
    public func tap(_ x: Double, _ y: Double, at time: Double, id: Int = 0) {
        down(x, y, at: time, id: id)
        up(x, y, at: time + 0.05, id: id)
    }
}

/// A recognizer that moves only when told, for testing the engine itself.
public final class ManualRecognizer: GestureRecognizer {
    public let continuous: Bool
    public private(set) var touchesBegan = 0
    public private(set) var touchesMoved = 0
    public private(set) var touchesEnded = 0
    public private(set) var resets = 0

    public init(continuous: Bool) {
        self.continuous = continuous
        super.init()
    }

    override public var isContinuous: Bool { continuous }
    override public func touchBegan(_ touch: Touch, with event: Event) { touchesBegan += 1 }
    override public func touchMoved(_ touch: Touch, with event: Event) { touchesMoved += 1 }
    override public func touchEnded(_ touch: Touch, with event: Event) { touchesEnded += 1 }
    override public func reset() {
        super.reset()
        resets += 1
    }
}

/// A delegate whose answers tests set.
public final class ConfigurableDelegate: GestureRecognizerDelegate {
    public init() {}

    public var shouldBegin = true
    public var simultaneous = false
    public var receives = true
    public private(set) var shouldBeginCalls = 0

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        shouldBeginCalls += 1
        return shouldBegin
    }

    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { simultaneous }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receives }
}

/// Records what the HUD shows, as `"show Home"` / `"hide"` lines with times.
@MainActor
public final class HUDLog {
    public private(set) var lines: [String] = []
    public private(set) var presentations: [LargeContentViewerPresentation?] = []

    public init(_ window: Window) {
        window.addLargeContentViewerObserver { [weak self, unowned window] presentation in
            self?.presentations.append(presentation)
            if let presentation {
                self?.lines.append("\(format(window.currentTime)) show \(presentation.title ?? "nil")")
            } else {
                self?.lines.append("\(format(window.currentTime)) hide")
            }
        }
    }

    /// The lines without their times.
    public var events: [String] { lines.map { String($0.split(separator: " ", maxSplits: 1)[1]) } }
}

/// Records tab bar selections.
@MainActor
public final class SelectionLog: TabBarDelegate {
    public init() {}

    public private(set) var titles: [String] = []
    public func tabBar(_ tabBar: TabBar, didSelect item: TabBarItem) {
        titles.append(item.title ?? "nil")
    }
}

/// The seed scene: a 390 × 844 window whose standalone tab bar (390 × 49) sits at the bottom.
@MainActor
public struct TabBarScene {
    public static let titles = ["Home", "Search", "Now Playing", "Profile", "Settings"]
    public let window: Window
    public let container: View
    public let tabBar: TabBar
    public let hud: HUDLog
    public let selections = SelectionLog()

    public init(size: ContentSizeCategory = .accessibilityLarge, direction: LayoutDirection? = nil) {
        window = Window.phone()
        window.preferredContentSizeCategory = size
        window.semanticLayoutDirection = direction
        container = View(frame: window.bounds)
        tabBar = TabBar(frame: Rect(x: 0, y: 795, width: 390, height: 49))
        tabBar.items = Self.titles.map { TabBarItem(title: $0, image: Image(name: $0.lowercased())) }
        container.addSubview(tabBar)
        window.addSubview(container)
        hud = HUDLog(window)
        tabBar.delegate = selections
    }

    /// The centre of an item, in window coordinates.
    public func center(of title: String) -> Point {
        guard let frame = tabBar.frame(for: item(title)) else {
            Issue.record("no frame for the tab '\(title)'")
            return .zero
        }
        return tabBar.convert(frame, to: nil).center
    }

    /// The tab with this title; records an issue (rather than crashing the run) when there is none.
    public func item(_ title: String) -> TabBarItem {
        if let item = tabBar.items?.first(where: { $0.title == title }) { return item }
        Issue.record("no tab titled '\(title)'")
        return TabBarItem(title: "missing \(title)", image: nil)
    }

    /// Holds a finger on Home until the HUD shows (0.3 s), runs `change`,
    /// checks the HUD, then lifts at 0.5 s, moved by `liftOffset` points.
    public func changeMidGesture(hudAfter expected: String?, liftOffset: Double = 0, _ change: () -> Void,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        let point = center(of: "Home")
        window.down(point.x, point.y, at: 0)
        window.advanceTime(to: 0.3)
        change()
        #expect(window.largeContentViewerPresentation?.title == expected, sourceLocation: sourceLocation)
        if liftOffset != 0 { window.move(point.x + liftOffset, point.y, at: 0.4) }
        window.up(point.x + liftOffset, point.y, at: 0.5)
    }

    /// Long press on `from`, slide in `steps` equal moves to `to`, lift (or cancel).
    public func pressAndSlide(from: String, to: String, steps: Int = 8, start: Double = 0, hold: Double = 0.6,
                       cancel: Bool = false) {
        let a = center(of: from), b = center(of: to)
        window.down(a.x, a.y, at: start)
        window.advanceTime(to: start + hold)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            window.move(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: start + hold + 0.05 * Double(step))
        }
        let end = start + hold + 0.05 * Double(steps + 1)
        if cancel { window.cancel(b.x, b.y, at: end) } else { window.up(b.x, b.y, at: end) }
    }
}

/// A small, fast, seedable generator (SplitMix64), so every run is reproducible.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A mutable cell a closure can capture and a test can fill in later (a token, say).
@MainActor
public final class Box<Value> {
    public var value: Value?

    public init() {}
}
