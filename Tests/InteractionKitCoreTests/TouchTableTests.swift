import Testing
@testable import InteractionKitCore
import InteractionKitTestSupport

/// The touch table alone: its decisions, with recognizers that have no view.
@Suite("TouchTable: the fingers that are down, as a value")
@MainActor
struct TouchTableTests {
    private func touch(id: Int, serial: UInt64, at x: Double = 0, time: Double = 0) -> Touch {
        var touch = Touch(
            id: id, phase: .began, location: Point(x: x, y: 0), previousLocation: Point(x: x, y: 0),
            startLocation: Point(x: x, y: 0), timestamp: time, startTimestamp: time
        )
        touch.serial = serial
        return touch
    }

    private func input(_ id: Int, _ phase: TouchPhase, x: Double = 0) -> TouchInput {
        TouchInput(id: id, phase: phase, location: Point(x: x, y: 0), timestamp: 0)
    }

    @Test("It admits a touch-down once, samples of fingers that are down, and refuses the rest with the reason")
    func admission() {
        var table = TouchTable()
        #expect(table.admit(input(0, .began)) == .begin)
        #expect(table.admit(input(0, .moved)) == .refuse(.touchNotDown(id: 0)))
        #expect(table.admit(input(0, .began, x: .nan)) == .refuse(.nonFiniteLocation(id: 0)))
        table.add(.init(touch: touch(id: 0, serial: 7), delivery: .none))
        #expect(table.admit(input(0, .began)) == .refuse(.touchAlreadyDown(id: 0)))
        #expect(table.admit(input(0, .moved)) == .sample(index: 0))
        #expect(table.admit(input(0, .moved, x: .infinity)) == .refuse(.nonFiniteLocation(id: 0)))
        #expect(table.admit(input(0, .ended, x: .nan)) == .sample(index: 0))
        for id in 1..<GestureConstants.maximumTouchesDown {
            table.add(.init(touch: touch(id: id, serial: UInt64(100 + id)), delivery: .none))
        }
        #expect(table.admit(input(99, .began)) == .refuse(.tooManyTouches(id: 99, limit: GestureConstants.maximumTouchesDown)))
    }

    @Test("Records are found by touch-down serial: a lifted finger's serial finds nothing, even when its id is down again")
    func serials() {
        var table = TouchTable()
        table.add(.init(touch: touch(id: 0, serial: 1), delivery: .none))
        table.remove(serial: 1, time: 0)
        table.add(.init(touch: touch(id: 0, serial: 2), delivery: .none))
        #expect(table.index(ofSerial: 1) == nil)
        #expect(table.index(ofSerial: 2) == 0)
        #expect(table.index(ofID: 0) == 0)
    }

    @Test("A lift starts the next touch's tap count; a cancel, a late or a distant touch does not")
    func tapCounts() {
        var table = TouchTable()
        var first = touch(id: 0, serial: 1, at: 10)
        table.add(.init(touch: first, delivery: .none))
        first = table.recordEnd(at: 0, .ended, at: Point(x: 10, y: 0), time: 0.1)
        table.remove(serial: 1, time: 0.1)
        #expect(table.tapCount(at: Point(x: 20, y: 0), time: 0.3) == 2)
        #expect(table.tapCount(at: Point(x: 20, y: 0), time: 0.5) == 1)
        #expect(table.tapCount(at: Point(x: 100, y: 0), time: 0.3) == 1)
        table.add(.init(touch: touch(id: 1, serial: 2, at: 10), delivery: .none))
        _ = table.recordEnd(at: 0, .cancelled, at: Point(x: 10, y: 0), time: 0.2)
        table.remove(serial: 2, time: 0.2)
        #expect(table.tapCount(at: Point(x: 10, y: 0), time: 0.3) == 2)
    }

    @Test("A held lift waits on its recognizers, is released when they are decided, and becomes a cancel if one recognizes")
    func heldLifts() {
        let waiting = ManualRecognizer(continuous: false)
        let other = ManualRecognizer(continuous: false)
        var table = TouchTable()
        table.add(.init(touch: touch(id: 0, serial: 1), delivery: .beganDue))
        table.add(.init(touch: touch(id: 1, serial: 2), delivery: .active))
        #expect(table.recognizersHeardDown(serial: 1) != nil)
        for serial: UInt64 in [1, 2] {
            let index = table.index(ofSerial: serial)!
            _ = table.recordEnd(at: index, .ended, at: .zero, time: 0.1)
            #expect(table.liftBegins(serial: serial, recognizedWithCancel: false) == nil)
            #expect(table.liftEnds(serial: serial, endWaitsOn: serial == 1 ? [waiting] : [waiting, other]) == nil)
        }
        #expect(table.heldEnds.count == 2)
        #expect(table.settleHeldEnds(decided: [waiting]).map(\.serial) == [1])
        let cancels = table.cancelByRecognizer(other, serials: [])
        #expect(cancels.map(\.serial) == [2])
        #expect(cancels.map(\.phase) == [.cancelled])
        #expect(table.heldEnds.isEmpty)
    }
}
