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

    @Test("A requirement holds for its dependent's attempt only: once the attempt moves on it is dead, and dropped when the next is recorded")
    func requirementsPerAttempt() {
        let single = Player("single"), double = Player("double"), pan = Player("pan")
        var attempts: [ObjectIdentifier: UInt32] = [ObjectIdentifier(single): 1, ObjectIdentifier(pan): 4]
        let isLive = { (member: Player, attempt: UInt32) in attempts[ObjectIdentifier(member)] == attempt }
        var arena = GestureArena<Player>()
        arena.require(single, attempt: 1, toFail: double, isLive: isLive)
        arena.require(single, attempt: 1, toFail: double, isLive: isLive)
        arena.require(single, attempt: 1, toFail: single, isLive: isLive)
        #expect(arena.requirements.count == 1)
        #expect(arena.requires(single, attempt: 1, toFail: double))
        #expect(!arena.requires(double, attempt: 1, toFail: single))
        #expect(arena.requiredMembers(of: single, attempt: 1).map(\.description) == ["double"])
        // The single tap's attempt ends: nothing is written, its requirement no longer answers for attempt 2.
        attempts[ObjectIdentifier(single)] = 2
        #expect(!arena.requires(single, attempt: 2, toFail: double))
        #expect(arena.requiredMembers(of: single, attempt: 2).isEmpty)
        #expect(arena.description == "attempt 1 of single requires double to fail")
        // The next requirement recorded drops the dead one.
        arena.require(pan, attempt: 4, toFail: double, isLive: isLive)
        #expect(arena.requirements.map(\.dependent.description) == ["pan"])
    }

    @Test("A member taken out leaves every requirement, as dependent and as the one required")
    func removingEndsRequirements() {
        let a = Player("a"), b = Player("b"), c = Player("c")
        var arena = GestureArena<Player>()
        arena.require(a, attempt: 0, toFail: b) { _, _ in true }
        arena.require(b, attempt: 0, toFail: c) { _, _ in true }
        arena.require(c, attempt: 0, toFail: a) { _, _ in true }
        arena.remove(b)
        #expect(arena.requirements.map { "\($0.dependent)>\($0.required)" } == ["c>a"])
    }
}

/// The arbiter's decision on a request, from the answers gathered for it:
/// no recognizer, no delegate, no view.
@Suite("GestureArbiter.RequestAnswers: a request's decision from its answers alone")
struct GestureRequestDecisionTests {
    typealias Answers = GestureArbiter.RequestAnswers

    private static func answers(_ change: (inout Answers) -> Void) -> Answers {
        var answers = Answers()
        change(&answers)
        return answers
    }

    @Test("Nothing in the way: the move is made")
    func clear() {
        #expect(Answers().decision == .enter)
    }

    @Test("Each answer that refuses fails the request, whatever the requirements say", arguments: [
        Self.answers { $0.isBlocked = true },
        Self.answers { $0.isStillAsking = false },
        Self.answers { $0.isLetBegin = false },
        Self.answers { $0.hasLostItsFingers = true },
        Self.answers { $0.requirements = .recognized },
        Self.answers { $0.isBlocked = true; $0.requirements = .pending },
        Self.answers { $0.isStillAsking = false; $0.requirements = .pending },
    ])
    func refused(_ answers: Answers) {
        #expect(answers.decision == .fail)
    }

    @Test("A required recognizer still deciding makes it wait, before the views and the delegate are heard")
    func pending() {
        #expect(Self.answers { $0.requirements = .pending }.decision == .wait)
        #expect(Self.answers { $0.requirements = .pending; $0.isLetBegin = false }.decision == .wait)
    }
}
