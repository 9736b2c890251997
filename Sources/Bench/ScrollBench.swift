// The scroll view's case of the release benchmark (issue 27): a drag in a
// scroll view whose content holds 10 000 views, against a plain pan move,
// counted in instructions by callgrind and in heap blocks by dhat.
//
//   Bench --scroll-drag DRAGS MOVES    drags in the scroll view, untimed
//   Bench --pan-drag DRAGS MOVES       the same drags on a plain pan
//   Bench --scroll-frames FLICKS N     flicks, each followed by N frames of deceleration
//   Bench --scroll-report              runs the three under valgrind and checks the targets
import Glibc
import InteractionKitLinux

/// A 390 × 844 window filled by a scroll view whose content is 10 000
/// rows of 60 points, each a view of its own.
@MainActor
struct ScrollBenchScene {
    static let rowCount = 10_000
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    private(set) var time = 0.0

    init() {
        scrollView.contentSize = Size(width: 390, height: Double(Self.rowCount) * 60)
        for row in 0..<Self.rowCount {
            scrollView.addSubview(View(frame: Rect(x: 0, y: Double(row) * 60, width: 390, height: 60)))
        }
        window.addSubview(scrollView)
    }

    /// One finger: down, a 12-point move that starts the drag, then `moves`
    /// moves of one point, 8 ms apart; held 0.2 s and lifted still (no
    /// deceleration). The moves after the first are what a drag costs.
    mutating func drag(moves: Int) {
        benchDrag(in: window, moves: moves, time: &time)
    }

    /// A flick at 3 000 points a second, then `frames` frames of its
    /// deceleration (it lasts about 300), then code stops it.
    mutating func flick(frames: Int) {
        time = (time + 1).rounded()
        var y = 800.0
        window.send(TouchInput(phase: .began, location: Point(x: 200, y: y), timestamp: time))
        for _ in 0..<10 {
            y -= 30
            time += 0.01
            window.send(TouchInput(phase: .moved, location: Point(x: 200, y: y), timestamp: time))
        }
        window.send(TouchInput(phase: .ended, location: Point(x: 200, y: y), timestamp: time))
        time += Double(frames) / 60
        window.advanceTime(to: time)
        scrollView.setContentOffset(scrollView.contentOffset, animated: false)
    }
}

/// A 390 × 844 window whose one view has a pan recognizer with one action
/// that reads its translation: the plain pan move a scroll view's drag is compared with.
@MainActor
struct PanBenchScene {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let surface = View(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let pan = PanGestureRecognizer()
    private(set) var time = 0.0

    init() {
        window.addSubview(surface)
        surface.addGestureRecognizer(pan)
    }

    mutating func drag(moves: Int) {
        benchDrag(in: window, moves: moves, time: &time)
    }
}

/// Counts, for a final check, what the pan's action saw.
@MainActor
final class TranslationSink {
    var last = Point.zero
    var calls = 0
}

@MainActor
enum ScrollBench {
    /// Runs one of the scroll cases named by `arguments`, or returns nil when they name none.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.count >= 2 else { return nil }
        switch arguments[1] {
        case "--scroll-drag":
            guard arguments.count == 4, let drags = Int(arguments[2]), let moves = Int(arguments[3]) else { return 2 }
            var scene = ScrollBenchScene()
            for _ in 0..<drags { scene.drag(moves: moves) }
            // Each drag moved the content by its one-point moves, lifted still.
            precondition(scene.scrollView.contentOffset.y == Double(drags * moves))
            precondition(!scene.scrollView.isDecelerating && scene.window.nextTimerDeadline == nil)
            print("ran \(drags) drags of \(moves) moves in a scroll view of \(ScrollBenchScene.rowCount) rows")
            return 0
        case "--pan-drag":
            guard arguments.count == 4, let drags = Int(arguments[2]), let moves = Int(arguments[3]) else { return 2 }
            var scene = PanBenchScene()
            let sink = TranslationSink()
            let pan = scene.pan
            pan.addAction { _ in
                sink.last = pan.translation(in: nil)
                sink.calls += 1
            }
            for _ in 0..<drags { scene.drag(moves: moves) }
            precondition(sink.last.y == -Double(12 + moves) && sink.calls == drags * (moves + 2))
            print("ran \(drags) drags of \(moves) moves on a plain pan")
            return 0
        case "--scroll-frames":
            guard arguments.count == 4, let flicks = Int(arguments[2]), let frames = Int(arguments[3]) else { return 2 }
            var scene = ScrollBenchScene()
            let counter = FrameCounter()
            scene.scrollView.delegate = counter
            for _ in 0..<flicks { scene.flick(frames: frames) }
            // Every frame moved the content (the glide lasts longer), and each flick ended once.
            precondition(counter.ends == flicks && counter.scrolls >= flicks * (frames + 8))
            precondition(scene.window.nextTimerDeadline == nil)
            print("ran \(flicks) flicks of \(frames) frames")
            return 0
        case "--scroll-report":
            return report()
        default:
            return nil
        }
    }

    /// The figures and targets, measured under valgrind; nil when valgrind cannot run.
    static func figures() -> (perMove: Int, panPerMove: Int, blocksPerMove: Double, blocksPerFrame: Double,
                              framesPerFrame: Int, commands: [String])? {
        let executable = CommandLine.arguments[0]
        guard system("command -v valgrind >/dev/null 2>&1") == 0,
              let scrollShort = valgrind("callgrind", executable, "--scroll-drag 20 100"),
              let scrollLong = valgrind("callgrind", executable, "--scroll-drag 20 200"),
              let panShort = valgrind("callgrind", executable, "--pan-drag 20 100"),
              let panLong = valgrind("callgrind", executable, "--pan-drag 20 200"),
              let frameShort = valgrind("callgrind", executable, "--scroll-frames 20 100"),
              let frameLong = valgrind("callgrind", executable, "--scroll-frames 20 200"),
              let blocksShort = valgrind("dhat", executable, "--scroll-drag 20 100"),
              let blocksLong = valgrind("dhat", executable, "--scroll-drag 20 200"),
              let frameBlocksShort = valgrind("dhat", executable, "--scroll-frames 20 100"),
              let frameBlocksLong = valgrind("dhat", executable, "--scroll-frames 20 200")
        else { return nil }
        let commands = [
            "valgrind --tool=callgrind \(executable) --scroll-drag 20 N and --pan-drag 20 N, N = 100, 200: "
                + "scroll (\(scrollLong) - \(scrollShort)) / 2000 moves, pan (\(panLong) - \(panShort)) / 2000 moves",
            "valgrind --tool=callgrind \(executable) --scroll-frames 20 N, N = 100, 200: (\(frameLong) - \(frameShort)) / 2000 frames",
            "valgrind --tool=dhat \(executable) --scroll-drag 20 N: (\(blocksLong) - \(blocksShort)) blocks / 2000 moves; "
                + "--scroll-frames 20 N: (\(frameBlocksLong) - \(frameBlocksShort)) blocks / 2000 frames",
        ]
        return ((scrollLong - scrollShort) / 2_000, (panLong - panShort) / 2_000,
                Double(blocksLong - blocksShort) / 2_000, Double(frameBlocksLong - frameBlocksShort) / 2_000,
                (frameLong - frameShort) / 2_000, commands)
    }

    /// `Bench --scroll-report`: prints the figures; 1 when a target is missed.
    static func report() -> Int32 {
        guard let figures = figures() else {
            print("scroll: valgrind is not installed; instructions and allocations not counted")
            return 0
        }
        for command in figures.commands { print(command) }
        let ratio = Double(figures.perMove) / Double(max(1, figures.panPerMove))
        print("scroll drag among \(ScrollBenchScene.rowCount) rows: \(figures.perMove) instructions per move; "
            + "plain pan move: \(figures.panPerMove); ratio \((ratio * 100).rounded() / 100)×")
        print("scroll deceleration: \(figures.framesPerFrame) instructions per frame")
        print("heap blocks: \(figures.blocksPerMove) per drag move, \(figures.blocksPerFrame) per frame")
        let met = ratio <= 1.5 && figures.blocksPerMove == 0 && figures.blocksPerFrame == 0
        print(met ? "scroll targets met (≤ 1.5× a pan move, 0 blocks per move and per frame)" : "scroll targets MISSED")
        return met ? 0 : 1
    }

    /// What valgrind's `tool` counts for one run of the Bench: callgrind's
    /// instructions, or dhat's heap blocks; nil when it cannot be run.
    /// `environment` (`NAME=value` words) is set for the run.
    static func valgrind(_ tool: String, _ executable: String, _ arguments: String, environment: String = "") -> Int? {
        let output = tool == "dhat" ? "--dhat-out-file=/dev/null" : "--callgrind-out-file=/dev/null"
        let command = "\(environment.isEmpty ? "" : "env \(environment) ")valgrind --tool=\(tool) \(output) \(executable) \(arguments) 2>&1"
        guard let pipe = popen(command, "r") else { return nil }
        var text = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard pclose(pipe) == 0 else { return nil }
        for line in text.split(separator: "\n") {
            if tool == "dhat" {
                // "==PID== Total:     N bytes in M blocks"
                guard line.contains("Total:") else { continue }
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "in"), index + 1 < words.count else { continue }
                return Int(words[index + 1].filter { $0.isNumber })
            }
            // "==PID== Collected : N"
            guard let colon = line.firstIndex(of: ":"), line[..<colon].hasSuffix("Collected ") else { continue }
            return Int(line[line.index(after: colon)...].drop { $0 == " " }.prefix { $0.isNumber })
        }
        return nil
    }
}

/// Counts a scroll view's moves and rests, so the frames case checks it measured frames.
@MainActor
final class FrameCounter: ScrollViewDelegate {
    var scrolls = 0
    var ends = 0

    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { ends += 1 }
}

/// One finger in `window`: down, a 12-point move that starts a drag, then
/// `moves` moves of one point, 8 ms apart; held 0.2 s and lifted still.
/// The same for the scroll view and the plain pan, so their moves compare.
@MainActor
func benchDrag(in window: Window, moves: Int, time: inout Double) {
    time += 1
    var y = 800.0
    window.send(TouchInput(phase: .began, location: Point(x: 200, y: y), timestamp: time))
    y -= 12
    time += 0.008
    window.send(TouchInput(phase: .moved, location: Point(x: 200, y: y), timestamp: time))
    for _ in 0..<moves {
        y -= 1
        time += 0.008
        window.send(TouchInput(phase: .moved, location: Point(x: 200, y: y), timestamp: time))
    }
    time += 0.2
    window.send(TouchInput(phase: .ended, location: Point(x: 200, y: y), timestamp: time))
}
