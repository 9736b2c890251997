import Foundation
import Testing
@testable import InteractionKitReplay
@testable import InteractionKitEvemu
import InteractionKitLinux
import InteractionKitTestSupport

/// Real touchscreen recordings replayed through the engine onto a surface
/// with a tap, a long press and a pan recognizer (issue: real touchscreens).
@Suite("Real recordings through the engine")
@MainActor
struct RealRecordingGestureTests {
    struct Outcome {
        /// Per finger, in the order they went down: the surface gestures recognized while it was down.
        var gesturesPerContact: [[String]]
        var contactsBegun: Int
        var contactsEnded: Int
        var durations: [Double]
        var touchesLeftDown: Int
    }

    private func replay(_ recording: String, description: String? = nil) throws -> Outcome {
        var line = "evemu \"\(recording)\""
        if let description { line += " desc \"\(description)\"" }
        let script = try GestureScriptParser(file: Repository.examples.path + "/recordings" + "/script.gesture") { path in
            FileManager.default.contents(atPath: path).map { Array($0) }
        }.parse("surface tap long-press pan\n\(line)\n")
        let player = ScriptPlayer(script: script)
        let replay = player.run()
        var outcome = Outcome(gesturesPerContact: [], contactsBegun: 0, contactsEnded: 0, durations: [], touchesLeftDown: 0)
        var starts: [Int: Double] = [:]
        var current = -1
        for event in replay.events {
            switch event.kind {
            case .touch(let id, .began, _, _):
                outcome.contactsBegun += 1
                starts[id] = event.time
                if current < 0 || starts.count == 1 {
                    outcome.gesturesPerContact.append([])
                    current = outcome.gesturesPerContact.count - 1
                }
            case .touch(let id, .ended, _, _), .touch(let id, .cancelled, _, _):
                outcome.contactsEnded += 1
                if let start = starts.removeValue(forKey: id) { outcome.durations.append(event.time - start) }
            case .gesture(let name, .began):
                outcome.gesturesPerContact[max(current, 0)].append(name)
            case .gesture("tap", .ended):
                outcome.gesturesPerContact[max(current, 0)].append("tap")
            default:
                break
            }
        }
        outcome.touchesLeftDown = player.window.activeTouchCount
        return outcome
    }

    @Test("A one-finger drag is a pan, never a tap nor a long press",
          arguments: [("EP0430M09.1-finger-drag-up-down.events", nil),
                      ("ELAN CANDO Windows7.1-finger-drag-up-down.events", "ELAN CANDO Windows7.desc")])
    func oneFingerDrag(recording: String, description: String?) throws {
        let outcome = try replay(recording, description: description)
        #expect(outcome.contactsBegun == 1 && outcome.contactsEnded == 1)
        #expect(outcome.gesturesPerContact == [["pan"]])
        #expect(outcome.touchesLeftDown == 0)
    }

    @Test("A two-finger touch ends both contacts, and no one-finger gesture takes it")
    func twoFingerTouch() throws {
        let outcome = try replay("EP0430M09.2-fingers-touch-release.events")
        #expect(outcome.contactsBegun == 2 && outcome.contactsEnded == 2)
        #expect(outcome.durations.map { NumberFormatting.round($0, decimals: 6) } == [0.513463, 0.527809])
        #expect(outcome.gesturesPerContact == [[]])
        #expect(outcome.touchesLeftDown == 0)
    }

    @Test("Two and four fingers dragging pan together, and every contact ends")
    func multiFingerDrags() throws {
        let scroll = try replay("EP0430M09.2-finger-scroll-down.events")
        #expect(scroll.contactsBegun == 2 && scroll.contactsEnded == 2)
        #expect(scroll.gesturesPerContact == [["pan"]])
        let four = try replay("EP0430M09.4-finger-drag-down.events")
        #expect(four.contactsBegun == 4 && four.contactsEnded == 4)
        #expect(four.gesturesPerContact == [["pan"]])
        #expect(four.touchesLeftDown == 0)
    }

    @Test("Nine touches on an optical screen: drags pan, a short still touch taps, held touches long-press (then pan)")
    func opticalTouches() throws {
        let outcome = try replay("QUANTA OpticalTouchScreen.events", description: "QUANTA OpticalTouchScreen.desc")
        #expect(outcome.contactsBegun == 9 && outcome.contactsEnded == 9)
        // The surface's recognizers are simultaneous (contract §9): a held touch that then drags is a
        // long press and, once it has moved 10 points, a pan too; the sixth, a quick touch that moves
        // more than a pan's 10 points but less than a tap's 45 (G7), is a pan and a tap.
        #expect(outcome.gesturesPerContact == [
            ["pan"], ["pan"], ["tap"], ["long-press", "pan"], ["pan"], ["pan", "tap"], ["long-press", "pan"], ["pan"], ["pan"],
        ])
        // The short touch: 0.28 s with no movement.
        #expect(NumberFormatting.round(outcome.durations[2], decimals: 6) == 0.280029)
    }

    @Test("The left-side touch is the seventh touch of the full recording, and recognized the same")
    func touchOnLeft() throws {
        let outcome = try replay("QUANTA OpticalTouchScreen.touch-on-left.events", description: "QUANTA OpticalTouchScreen.desc")
        #expect(outcome.contactsBegun == 1)
        #expect(outcome.gesturesPerContact == [["long-press", "pan"]])
        #expect(NumberFormatting.round(outcome.durations[0], decimals: 6) == 0.927975)
    }
}
