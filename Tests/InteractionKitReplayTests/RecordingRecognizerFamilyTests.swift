import Foundation
import Testing
import InteractionKitEvemu
import InteractionKitLinux
import InteractionKitTestSupport
import InteractionKitTesting

/// The facts of a recording, decoded here from its `E:` lines without the
/// library's decoder: protocol B slots (every recording in Examples/recordings
/// is protocol B), scaled to the window as `(v - min) / (max - min) × size`.
struct RawRecording {
    struct Contact {
        var start: Double
        var end: Double
        var startPoint: Point
        var endPoint: Point
        /// The farthest the finger got from where it went down.
        var farthest = 0.0
    }

    /// One SYN_REPORT: the position of every contact down in it (lifted ones at their lift point).
    struct Frame {
        var time: Double
        var positions: [Int: Point]
        var began: Set<Int>
        var ended: Set<Int>
    }

    var frames: [Frame] = []
    var contacts: [Contact] = []

    static let window = Size(width: 390, height: 844)

    init(events: String, description: String?) {
        var ranges: [Int: (Int, Int)] = [:]
        for line in ((description ?? "") + "\n" + events).split(separator: "\n") where line.hasPrefix("A: ") {
            let fields = line.split(separator: " ")
            if let code = Int(fields[1], radix: 16), let low = Int(fields[2]), let high = Int(fields[3]) {
                ranges[code] = (low, high)
            }
        }
        let xRange = ranges[0x35]!, yRange = ranges[0x36]!
        func scaled(_ x: Int, _ y: Int) -> Point {
            Point(x: Double(x - xRange.0) / Double(xRange.1 - xRange.0) * Self.window.width,
                  y: Double(y - yRange.0) / Double(yRange.1 - yRange.0) * Self.window.height)
        }
        struct Slot { var x: Int?; var y: Int?; var contact: Int? }
        var slots: [Int: Slot] = [:]
        var slot = 0
        var origin: (Int, Int)?
        var positions: [Int: Point] = [:]
        var began: Set<Int> = []
        var ended: Set<Int> = []
        for line in events.split(separator: "\n") where line.hasPrefix("E: ") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let stamp = fields[1].split(separator: ".")
            let seconds = Int(stamp[0])!, micro = Int(stamp[1])!
            if origin == nil { origin = (seconds, micro) }
            let time = Double(seconds - origin!.0) + Double(micro - origin!.1) / 1_000_000
            let type = Int(fields[2], radix: 16)!, code = Int(fields[3], radix: 16)!
            let value = Int(fields[4].split(separator: "\t")[0])!
            switch (type, code) {
            case (3, 0x2f):
                slot = value
            case (3, 0x39):
                if let live = slots[slot]?.contact, let x = slots[slot]?.x, let y = slots[slot]?.y {
                    positions[live] = scaled(x, y)
                    ended.insert(live)
                    slots[slot]?.contact = nil
                }
                if value >= 0 {
                    slots[slot, default: Slot()].contact = contacts.count
                    began.insert(contacts.count)
                    contacts.append(Contact(start: time, end: time, startPoint: .zero, endPoint: .zero))
                }
            case (3, 0x35):
                slots[slot, default: Slot()].x = value
            case (3, 0x36):
                slots[slot, default: Slot()].y = value
            case (0, 0):
                for (_, state) in slots {
                    if let contact = state.contact, let x = state.x, let y = state.y { positions[contact] = scaled(x, y) }
                }
                for (contact, point) in positions {
                    if began.contains(contact) { contacts[contact].startPoint = point }
                    contacts[contact].end = time
                    contacts[contact].endPoint = point
                    contacts[contact].farthest = max(contacts[contact].farthest, point.distance(to: contacts[contact].startPoint))
                }
                frames.append(Frame(time: time, positions: positions, began: began, ended: ended))
                positions = [:]
                began = []
                ended = []
            default:
                break
            }
        }
    }

    /// The most fingers down in one frame.
    var mostFingersDown: Int { frames.map(\.positions.count).max() ?? 0 }

    /// How close any contact started to an edge of the window, in points.
    var nearestStartToAnEdge: Double {
        contacts.map { contact in
            let p = contact.startPoint
            return min(p.x, Self.window.width - p.x, p.y, Self.window.height - p.y)
        }.min() ?? .infinity
    }

    /// The first two contacts, measured in every frame both are down (lift
    /// frames included) until a third comes down: time, distance ratio and
    /// unwrapped turn (clockwise positive, y down) since both were down.
    func pairMeasures() -> [(time: Double, scale: Double, rotation: Double, third: Bool)] {
        var result: [(Double, Double, Double, Bool)] = []
        var baseDistance: Double?
        var lastAngle = 0.0
        var rotation = 0.0
        var seenThird = false
        for frame in frames {
            if frame.positions.keys.contains(where: { $0 >= 2 }) { seenThird = true }
            guard let a = frame.positions[0], let b = frame.positions[1] else {
                if baseDistance != nil { break }
                continue
            }
            let distance = a.distance(to: b)
            let angle = Foundation.atan2(b.y - a.y, b.x - a.x)
            if let base = baseDistance {
                var step = angle - lastAngle
                while step > Double.pi { step -= 2 * Double.pi }
                while step <= -Double.pi { step += 2 * Double.pi }
                rotation += step
                result.append((frame.time, distance / base, rotation, seenThird))
            } else {
                baseDistance = distance
                result.append((frame.time, 1, 0, seenThird))
            }
            lastAngle = angle
            if frame.ended.contains(0) || frame.ended.contains(1) { break }
        }
        return result
    }
}

/// Every new recognizer over every real recording (Examples/recordings),
/// each alone on a window, compared with facts decoded independently.
@Suite("Real recordings through the recognizer family")
@MainActor
struct RecordingRecognizerFamilyTests {
    nonisolated static let recordings: [(String, String?)] = [
        ("EP0430M09.1-finger-drag-up-down.events", nil),
        ("ELAN CANDO Windows7.1-finger-drag-up-down.events", "ELAN CANDO Windows7.desc"),
        ("EP0430M09.2-finger-scroll-down.events", nil),
        ("EP0430M09.2-fingers-touch-release.events", nil),
        ("EP0430M09.4-finger-drag-down.events", nil),
        ("QUANTA OpticalTouchScreen.events", "QUANTA OpticalTouchScreen.desc"),
        ("QUANTA OpticalTouchScreen.touch-on-left.events", "QUANTA OpticalTouchScreen.desc"),
    ]

    struct Run {
        var transitions: [(time: Double, from: GestureRecognizer.State, to: GestureRecognizer.State)] = []
        /// The recognizer's measure after each action, by time (the last at each time).
        var values: [Double: Double] = [:]
        var recognizer: GestureRecognizer

        var began: [Double] { transitions.filter { $0.from == .possible && ($0.to == .began || $0.to == .ended) }.map(\.time) }
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: Repository.examples.appendingPathComponent("recordings/" + name), encoding: .utf8)
    }

    static func raw(_ recording: (String, String?)) throws -> RawRecording {
        RawRecording(events: try text(recording.0), description: try recording.1.map(text))
    }

    /// Replays the recording with the library's reader onto a window holding only `recognizer`.
    static func run(_ recording: (String, String?), _ recognizer: GestureRecognizer, measure: @escaping @MainActor (GestureRecognizer) -> Double = { _ in 0 }) throws -> Run {
        let parsed = try EvemuRecording(events: try text(recording.0), eventsFile: recording.0,
                                        description: try recording.1.map(text), descriptionFile: recording.1)
        let window = Window(frame: Rect(origin: .zero, size: RawRecording.window))
        window.addGestureRecognizer(recognizer)
        // A class the recognizer's closures fill in: a Run captured by them
        // would hold the recognizer that holds them (a cycle).
        final class Recorder {
            var transitions: [(time: Double, from: GestureRecognizer.State, to: GestureRecognizer.State)] = []
            var values: [Double: Double] = [:]
        }
        let recorder = Recorder()
        recognizer.addStateObserver { recognizer, from, to in recorder.transitions.append((recognizer.currentTime, from, to)) }
        recognizer.addAction { recognizer in recorder.values[recognizer.currentTime] = measure(recognizer) }
        for input in parsed.touchInputs(windowSize: RawRecording.window, startTime: 0) { window.send(input) }
        window.advanceTime(to: window.currentTime + 5)
        #expect(recognizer.state == .possible, "\(recording.0): \(type(of: recognizer)) is back in possible")
        #expect(window.activeTouchCount == 0)
        return Run(transitions: recorder.transitions, values: recorder.values, recognizer: recognizer)
    }

    @Test("Facts of the recordings, from their E: lines")
    func facts() throws {
        let counts = try Self.recordings.map { try Self.raw($0) }.map { ($0.contacts.count, $0.mostFingersDown) }
        #expect(counts.map(\.0) == [1, 1, 2, 2, 4, 9, 1])
        #expect(counts.map(\.1) == [1, 1, 2, 2, 4, 1, 1])
        // The two-finger touch: both fingers still (under 5 points), half a second.
        let still = try Self.raw(Self.recordings[3])
        #expect(still.contacts.allSatisfy { $0.farthest < 5 && $0.end - $0.start > 0.5 })
        // The scroll and the four-finger drag move every finger up the screen by more than 180 points.
        for index in [2, 4] {
            let raw = try Self.raw(Self.recordings[index])
            #expect(raw.contacts.allSatisfy { $0.endPoint.y - $0.startPoint.y < -180 })
        }
    }

    @Test("Pinch and rotation: never with one finger; with two, scale and rotation are the fingers' own", arguments: 0..<7)
    func pinchAndRotation(index: Int) throws {
        let recording = Self.recordings[index]
        let raw = try Self.raw(recording)
        let pinch = try Self.run(recording, PinchGestureRecognizer()) { ($0 as! PinchGestureRecognizer).scale }
        let rotation = try Self.run(recording, RotationGestureRecognizer()) { ($0 as! RotationGestureRecognizer).rotation }
        let measures = raw.pairMeasures()
        // Where each would begin by its documented rule, on the raw measures; never after a third finger.
        let pinchStart = measures.first { !$0.third && pinchMoved($0, raw) }
        let rotationStart = measures.first { !$0.third && abs($0.rotation) >= GestureConstants.rotationMinimumAngle }
        if raw.mostFingersDown < 2 {
            #expect(measures.isEmpty)
            #expect(pinch.began.isEmpty && rotation.began.isEmpty)
            return
        }
        #expect(pinch.began.map { ($0 * 1e6).rounded() } == (pinchStart.map { [($0.time * 1e6).rounded()] } ?? []))
        #expect(rotation.began.map { ($0 * 1e6).rounded() } == (rotationStart.map { [($0.time * 1e6).rounded()] } ?? []))
        // Once begun, every reported value is the raw one at that instant.
        for (time, value) in pinch.values {
            guard let raw = measures.first(where: { abs($0.time - time) < 1e-6 }) else { continue }
            #expect(abs(value - raw.scale) < 1e-9, "scale at \(time)")
        }
        for (time, value) in rotation.values {
            guard let raw = measures.first(where: { abs($0.time - time) < 1e-6 }) else { continue }
            #expect(abs(value - raw.rotation) < 1e-9, "rotation at \(time)")
        }
    }

    /// Whether the first two fingers' distance has changed by the pinch's threshold at this measure.
    private func pinchMoved(_ measure: (time: Double, scale: Double, rotation: Double, third: Bool), _ raw: RawRecording) -> Bool {
        guard let frame = raw.frames.first(where: { $0.positions[0] != nil && $0.positions[1] != nil }),
              let a = frame.positions[0], let b = frame.positions[1] else { return false }
        return abs(measure.scale - 1) * a.distance(to: b) >= GestureConstants.pinchMinimumDistanceChange
    }

    /// A microsecond count, for comparing instants.
    private static func micro(_ times: [Double]) -> [Int] { times.map { Int(($0 * 1e6).rounded()) } }

    @Test("Swipe (any direction): recognized exactly where the raw stroke first covers 50 points near an axis in 0.5 s", arguments: 0..<7)
    func swipe(index: Int) throws {
        let recording = Self.recordings[index]
        let raw = try Self.raw(recording)
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .right, .up, .down]
        let run = try Self.run(recording, swipe)
        var expected: [Double] = []
        for (number, contact) in raw.contacts.enumerated() {
            // A swipe starts with a first finger; one that lands while another is down is G9's.
            if raw.contacts.enumerated().contains(where: { $0.offset != number && $0.element.start <= contact.start && $0.element.end >= contact.start }) { continue }
            let deadline = contact.start + GestureConstants.swipeMaximumDuration
            frames: for frame in raw.frames where frame.time > contact.start && frame.time <= contact.end {
                if frame.time >= deadline || frame.began.contains(where: { $0 != number }) { break }
                guard let point = frame.positions[number] else { continue }
                let dx = point.x - contact.startPoint.x, dy = point.y - contact.startPoint.y
                var alive = false
                for (along, across) in [(dx, abs(dy)), (-dx, abs(dy)), (dy, abs(dx)), (-dy, abs(dx))] {
                    guard across <= GestureConstants.swipeMaximumDeviation, along >= -GestureConstants.swipeMaximumDeviation else { continue }
                    if along >= GestureConstants.swipeMinimumDistance {
                        expected.append(frame.time)
                        break frames
                    }
                    alive = true
                }
                if !alive || frame.ended.contains(number) { break }
            }
        }
        #expect(Self.micro(run.began) == Self.micro(expected))
        // What that means per recording, in words.
        switch index {
        case 2, 3, 4: #expect(run.began.isEmpty, "several fingers: never a one-finger swipe")
        case 0, 1: #expect(run.began.count == 1, "a one-finger drag that starts fast is a swipe")
        default: break
        }
    }

    @Test("Screen-edge pan (all edges) and hover: no recorded touch starts within 20 points of an edge, and touches are not hover", arguments: 0..<7)
    func edgePanAndHover(index: Int) throws {
        let recording = Self.recordings[index]
        let raw = try Self.raw(recording)
        #expect(raw.nearestStartToAnEdge > GestureConstants.screenEdgeRegion)
        let edge = ScreenEdgePanGestureRecognizer()
        edge.edges = .all
        #expect(try Self.run(recording, edge).transitions.isEmpty)
        #expect(try Self.run(recording, HoverGestureRecognizer()).transitions.isEmpty)
    }

    @Test("The touch on the left starts 25.8 points from the left edge: outside the edge pan's 20")
    func touchOnLeft() throws {
        let raw = try Self.raw(Self.recordings[6])
        #expect(abs(raw.nearestStartToAnEdge - raw.contacts[0].startPoint.x) < 1e-9)
        #expect((raw.nearestStartToAnEdge * 10).rounded() / 10 == 25.8)
    }

    @Test("Two-finger tap, pan and long press: only the still two-finger touch taps and presses; the scroll and the 4-finger drag pan", arguments: 0..<7)
    func twoFingerGestures(index: Int) throws {
        let recording = Self.recordings[index]
        let raw = try Self.raw(recording)
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        let tapRun = try Self.run(recording, tap)
        let panRun = try Self.run(recording, pan) { ($0 as! PanGestureRecognizer).translation(in: nil).y }
        let pressRun = try Self.run(recording, press)

        let pairOnly = raw.contacts.count == 2 && raw.mostFingersDown == 2
        let still = raw.contacts.allSatisfy { $0.farthest <= GestureConstants.tapAllowableMovement }
        let lastLift = raw.contacts.map(\.end).max() ?? 0
        #expect(Self.micro(tapRun.began) == Self.micro(pairOnly && still ? [lastLift] : []))

        // The press: both fingers held still for minimumPressDuration from the second's landing.
        let held = pairOnly && raw.contacts.allSatisfy { $0.farthest <= GestureConstants.longPressAllowableMovement }
            && raw.contacts.map(\.end).min()! - raw.contacts[1].start >= GestureConstants.longPressMinimumDuration
        #expect(Self.micro(pressRun.began) == Self.micro(held ? [raw.contacts[1].start + GestureConstants.longPressMinimumDuration] : []))

        let expectedPan = Self.twoFingerPanStart(raw).map { [$0] } ?? []
        #expect(Self.micro(panRun.began) == Self.micro(expectedPan))
        switch index {
        case 3:
            #expect(tapRun.began.count == 1 && pressRun.began.count == 1 && panRun.began.isEmpty)
        case 2, 4:
            #expect(tapRun.began.isEmpty && pressRun.began.isEmpty && panRun.began.count == 1)
            // Up the screen, as every finger went: the last translation is as far as the fingers' centroid went.
            let lastTranslation = panRun.values[panRun.values.keys.max()!]!
            let travel = raw.contacts.map { $0.endPoint.y - $0.startPoint.y }.reduce(0, +) / Double(raw.contacts.count)
            #expect(lastTranslation < -180)
            #expect(abs(lastTranslation - travel) < 40)
        default:
            #expect(tapRun.began.isEmpty && pressRun.began.isEmpty && panRun.began.isEmpty)
        }
    }

    /// When a two-finger pan would begin by its rule: the centroid of the
    /// fingers down at the first frame with two or more moved 10 points
    /// (nil if it never does, or the fingers change first).
    static func twoFingerPanStart(_ raw: RawRecording) -> Double? {
        guard let first = raw.frames.first(where: { $0.positions.count >= 2 }) else { return nil }
        let fingers = Set(first.positions.keys)
        func centroid(_ frame: RawRecording.Frame) -> Point {
            let points = fingers.compactMap { frame.positions[$0] }
            return Point(x: points.map(\.x).reduce(0, +) / Double(points.count), y: points.map(\.y).reduce(0, +) / Double(points.count))
        }
        let origin = centroid(first)
        for frame in raw.frames where frame.time >= first.time {
            guard Set(frame.positions.keys) == fingers, frame.ended.isEmpty else { return nil }
            if centroid(frame).distance(to: origin) >= GestureConstants.panMinimumDistance { return frame.time }
        }
        return nil
    }

    @Test("The two-finger scroll on one view: the pan begins first, so the pinch and rotation it also holds fail")
    func scrollIsAPan() throws {
        let recording = Self.recordings[2]
        let raw = try Self.raw(recording)
        // From the raw frames: the centroid covers 10 points before the spacing changes 8 or the line turns 10°.
        let measures = raw.pairMeasures()
        let base = raw.frames.first { $0.positions.count == 2 }.map { $0.positions[0]!.distance(to: $0.positions[1]!) }!
        let panStart = try #require(Self.twoFingerPanStart(raw))
        let pinchStart = try #require(measures.first { abs($0.scale - 1) * base >= GestureConstants.pinchMinimumDistanceChange }?.time)
        let rotationStart = try #require(measures.first { abs($0.rotation) >= GestureConstants.rotationMinimumAngle }?.time)
        #expect(panStart < pinchStart && panStart < rotationStart)
        let parsed = try EvemuRecording(events: try Self.text(recording.0), eventsFile: recording.0)
        let window = Window(frame: Rect(origin: .zero, size: RawRecording.window))
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let log = GestureStateRecorder()
        for (recognizer, name) in [(pan, "pan"), (pinch, "pinch"), (rotation, "rotation")] as [(GestureRecognizer, String)] {
            window.addGestureRecognizer(recognizer)
            log.watch(recognizer, as: name)
        }
        for input in parsed.touchInputs(windowSize: RawRecording.window, startTime: 0) { window.send(input) }
        #expect(log.transitions(of: "pan", includingResets: true).first == "possible→began")
        #expect(log.transitions(of: "pinch", includingResets: true).first == "possible→failed")
        #expect(log.transitions(of: "rotation", includingResets: true).first == "possible→failed")
    }
}
