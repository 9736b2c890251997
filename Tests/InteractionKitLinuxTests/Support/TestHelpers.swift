@testable import InteractionKitLinux

/// Records every state change of the recognizers it watches, as lines like
/// `"0.15 long-press possible→began"`, so tests compare whole sequences.
@MainActor
final class StateLog {
    private(set) var lines: [String] = []
    private(set) var transitions: [(name: String, from: GestureRecognizer.State, to: GestureRecognizer.State)] = []

    func watch(_ recognizer: GestureRecognizer, as name: String) {
        recognizer.addStateObserver { [weak self] recognizer, from, to in
            self?.transitions.append((name, from, to))
            self?.lines.append("\(format(recognizer.currentTime)) \(name) \(from)→\(to)")
        }
    }

    /// Only the lines for one recognizer, without times.
    func states(of name: String) -> [String] {
        transitions.filter { $0.name == name }.map { "\($0.from)→\($0.to)" }
    }

    func clear() {
        lines.removeAll()
        transitions.removeAll()
    }
}

/// Counts action calls with the state at each call.
@MainActor
final class ActionLog {
    private(set) var states: [GestureRecognizer.State] = []
    private(set) var locations: [Point] = []

    func attach(to recognizer: GestureRecognizer) {
        recognizer.addAction { [weak self] recognizer in
            self?.states.append(recognizer.state)
            self?.locations.append(recognizer.location(in: nil))
        }
    }
}

func format(_ time: Double) -> String {
    let micro = (time * 1_000_000).rounded()
    var text = String(Int(micro) / 1_000_000) + "." + String(Int(micro) % 1_000_000 + 1_000_000).dropFirst()
    while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
    return text
}

extension Window {
    static func phone() -> Window {
        Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @discardableResult
    func down(_ x: Double, _ y: Double, at time: Double, id: Int = 0) -> TouchDelivery {
        send(TouchInput(id: id, phase: .began, location: Point(x: x, y: y), timestamp: time))
    }

    @discardableResult
    func move(_ x: Double, _ y: Double, at time: Double, id: Int = 0) -> TouchDelivery {
        send(TouchInput(id: id, phase: .moved, location: Point(x: x, y: y), timestamp: time))
    }

    @discardableResult
    func up(_ x: Double, _ y: Double, at time: Double, id: Int = 0) -> TouchDelivery {
        send(TouchInput(id: id, phase: .ended, location: Point(x: x, y: y), timestamp: time))
    }

    @discardableResult
    func cancel(_ x: Double, _ y: Double, at time: Double, id: Int = 0) -> TouchDelivery {
        send(TouchInput(id: id, phase: .cancelled, location: Point(x: x, y: y), timestamp: time))
    }

    /// A tap: down at `time`, up 0.05 s later at the same place.
    func tap(_ x: Double, _ y: Double, at time: Double, id: Int = 0) {
        down(x, y, at: time, id: id)
        up(x, y, at: time + 0.05, id: id)
    }
}

/// A recognizer that moves only when told, for testing the engine itself.
final class ManualRecognizer: GestureRecognizer {
    let continuous: Bool
    private(set) var touchesBegan = 0
    private(set) var touchesMoved = 0
    private(set) var touchesEnded = 0
    private(set) var resets = 0

    init(continuous: Bool) {
        self.continuous = continuous
        super.init()
    }

    override var isContinuous: Bool { continuous }
    override func touchBegan(_ touch: Touch, with event: Event) { touchesBegan += 1 }
    override func touchMoved(_ touch: Touch, with event: Event) { touchesMoved += 1 }
    override func touchEnded(_ touch: Touch, with event: Event) { touchesEnded += 1 }
    override func reset() {
        super.reset()
        resets += 1
    }
}

/// A delegate whose answers tests set.
final class ConfigurableDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var simultaneous = false
    var receives = true
    private(set) var shouldBeginCalls = 0

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        shouldBeginCalls += 1
        return shouldBegin
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool { simultaneous }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receives }
}
