import Testing
@testable import InteractionKitCore

/// A member of the arena with nothing but a name: no recognizer, no view.
private final class Player: CustomStringConvertible {
    let description: String
    init(_ name: String) { description = name }
}

/// The arena alone: who takes part in each touch-down, with members that are not recognizers.
@Suite("GestureArena: the members of each touch-down, as a value")
struct GestureArenaTests {
    private func seats(_ players: Player...) -> [GestureArena<Player>.Seat] {
        players.map { GestureArena.Seat(member: $0) }
    }

    @Test("Touch-downs keep their order and their members; a closed one is gone")
    func openAndClose() {
        let a = Player("a"), b = Player("b"), c = Player("c")
        var arena = GestureArena<Player>()
        arena.open(serial: 7, seats: seats(a, b))
        arena.open(serial: 9, seats: seats(c))
        #expect(arena.entries.map(\.serial) == [7, 9])
        #expect(arena.index(ofSerial: 9) == 1)
        #expect(arena.isSeated(b, serial: 7))
        #expect(!arena.isSeated(c, serial: 7))
        arena.close(serial: 7)
        #expect(arena.entries.map(\.serial) == [9])
        #expect(arena.seats(ofSerial: 7) == nil)
        #expect(!arena.isSeated(a, serial: 7))
    }

    @Test("A member that ignores a touch-down keeps its seat and stops competing for it, and only for it")
    func ignoring() {
        let a = Player("a"), b = Player("b")
        var arena = GestureArena<Player>()
        arena.open(serial: 1, seats: seats(a, b))
        arena.open(serial: 2, seats: seats(a))
        arena.ignore(serial: 1, by: a)
        #expect(arena.isSeated(a, serial: 1))
        #expect(!arena.competes(a, serial: 1))
        #expect(arena.competes(b, serial: 1))
        #expect(arena.competes(a, serial: 2))
        #expect(arena.seats(ofSerial: 1)?.map(\.hasIgnored) == [true, false])
        // Ignoring a touch-down that is not down, or one the member is not in, changes nothing.
        arena.ignore(serial: 3, by: a)
        arena.ignore(serial: 2, by: b)
        #expect(arena.seats(ofSerial: 2)?.map(\.hasIgnored) == [false])
    }

    @Test("A member taken out leaves every touch-down, ignored or not")
    func removal() {
        let a = Player("a"), b = Player("b")
        var arena = GestureArena<Player>()
        arena.open(serial: 1, seats: seats(a, b))
        arena.open(serial: 2, seats: seats(b, a))
        arena.ignore(serial: 2, by: a)
        arena.remove(a)
        #expect(arena.seats(ofSerial: 1)?.map(\.member.description) == ["b"])
        #expect(arena.seats(ofSerial: 2)?.map(\.member.description) == ["b"])
        #expect(!arena.isSeated(a, serial: 2))
    }

    @Test("A recycled seat list comes back empty")
    func recycling() {
        var arena = GestureArena<Player>()
        var list = arena.takeSeatList()
        list.append(GestureArena.Seat(member: Player("a")))
        arena.recycle(list)
        #expect(arena.takeSeatList().isEmpty)
    }

    @Test("Its description names each touch-down's members, innermost first, the ignoring ones marked")
    func description() {
        let a = Player("tap"), b = Player("pan")
        var arena = GestureArena<Player>()
        #expect(arena.description == "arena: no touch down")
        arena.open(serial: 4, seats: seats(a, b))
        arena.open(serial: 5, seats: [])
        arena.ignore(serial: 4, by: b)
        #expect(arena.description == "touch-down 4: tap, pan (ignored)\ntouch-down 5: no member")
    }

    @Test("Who waits is kept in the order they started waiting; waiting again keeps the place and takes the new target")
    func waiting() {
        let a = Player("a"), b = Player("b"), c = Player("c")
        var arena = GestureArena<Player>()
        arena.wait(a, toEnter: .ended)
        arena.wait(b, toEnter: .began)
        arena.wait(c, toEnter: .ended)
        #expect(arena.waiting.map(\.member.description) == ["a", "b", "c"])
        arena.wait(a, toEnter: .began)
        #expect(arena.waiting.map(\.member.description) == ["a", "b", "c"])
        #expect(arena.pendingState(of: a) == .began)
        arena.stopWaiting(b)
        arena.stopWaiting(b)
        #expect(arena.pendingState(of: b) == nil)
        #expect(arena.waitingPosition(of: c) == 1)
        #expect(arena.description == "waiting to enter began: a\nwaiting to enter ended: c")
    }
}
