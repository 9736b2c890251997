/// Who takes part in each touch-down, who waits, and for whom: for every
/// finger that is down, the members it is delivered to, innermost view
/// first, each with whether it ignored the touch; the members waiting for
/// others to fail before they leave `possible`, with the state each asked
/// for; and the failure requirements a delegate or a class gave for the
/// rest of a member's attempt (rule G12). A value per window, keyed by
/// touch-down (the touch's `serial`, rule G11); it records and answers, and
/// calls no one.
///
/// Members are recognizers in a window and plain objects in its tests
/// (`GestureArenaTests`): the arena compares them by identity only. A member
/// that ignored a touch (`GestureRecognizer.ignore(_:)`) keeps its seat, so
/// the touch is still said to be delivered to it, but no longer competes
/// for it.
///
/// Entries are kept in the order the fingers went down, beside the touch
/// table's records (the window opens and closes both together), so a record's
/// index finds its entry too.
struct GestureArena<Member: AnyObject>: CustomStringConvertible {
    /// A member's place in one touch-down.
    struct Seat {
        /// The member the touch is delivered to.
        let member: Member
        /// Whether the member ignored the touch: it no longer competes for it.
        var hasIgnored = false
    }

    /// One finger that is down and its members.
    struct Entry {
        /// The touch-down's serial.
        let serial: UInt64
        /// Its members, innermost view first; each at most once.
        var seats: [Seat]
    }

    /// The touch-downs, in the order they went down.
    private(set) var entries: [Entry] = []
    /// Emptied seat lists kept for reuse, so steady use allocates nothing.
    private var recycledLists: [[Seat]] = []

    /// A member waiting for the members it requires to fail.
    struct Waiter {
        /// The member that waits.
        let member: Member
        /// The state it asked to enter (began or ended).
        var target: GestureRecognizer.State
    }

    /// The members waiting to leave `possible`, in the order they started
    /// waiting: the one place that says who waits, and for what.
    private(set) var waiting: [Waiter] = []

    /// The index of the entry of the touch-down with this serial.
    ///
    /// At most `GestureConstants.maximumTouchesDown` entries: a plain loop
    /// (a closure would pay an actor-isolation check per call).
    func index(ofSerial serial: UInt64) -> Int? {
        var index = 0
        let count = entries.count
        while index < count {
            if entries[index].serial == serial { return index }
            index += 1
        }
        return nil
    }

    /// The seats of the touch-down with this serial (a copy), or nil when it is not down.
    func seats(ofSerial serial: UInt64) -> [Seat]? {
        guard let index = index(ofSerial: serial) else { return nil }
        return entries[index].seats
    }

    /// Whether the touch-down with this serial is down and delivered to `member`, ignored or not.
    func isSeated(_ member: Member, serial: UInt64) -> Bool {
        guard let index = index(ofSerial: serial) else { return false }
        for seat in entries[index].seats where seat.member === member { return true }
        return false
    }

    /// Whether `member` competes for the touch-down with this serial: it is seated and has not ignored it.
    func competes(_ member: Member, serial: UInt64) -> Bool {
        guard let index = index(ofSerial: serial) else { return false }
        for seat in entries[index].seats where seat.member === member { return !seat.hasIgnored }
        return false
    }

    /// The state `member` waits to enter, or nil when it is not waiting.
    func pendingState(of member: Member) -> GestureRecognizer.State? {
        for waiter in waiting where waiter.member === member { return waiter.target }
        return nil
    }

    /// Where `member` is in the waiting order, or nil when it is not waiting.
    func waitingPosition(of member: Member) -> Int? {
        var position = 0
        let count = waiting.count
        while position < count {
            if waiting[position].member === member { return position }
            position += 1
        }
        return nil
    }

    /// A failure requirement given for one attempt of its dependent (G12):
    /// `dependent` waits for `required` to fail until its attempt
    /// `attempt` ends. An attempt ends when the dependent's number moves on
    /// (`GestureRecognizer.attempt`), so ending one writes nothing here; a
    /// requirement of an ended attempt is dead and is dropped with the next
    /// one recorded.
    struct Requirement {
        /// The member that waits.
        let dependent: Member
        /// The member it waits for.
        let required: Member
        /// The dependent's attempt the requirement holds for.
        let attempt: UInt32
    }

    /// The failure requirements recorded, in the order they were given; some may be dead.
    private(set) var requirements: [Requirement] = []

    /// Whether `dependent`, in its attempt `attempt`, waits for `required` by a recorded requirement.
    func requires(_ dependent: Member, attempt: UInt32, toFail required: Member) -> Bool {
        for requirement in requirements
        where requirement.dependent === dependent && requirement.required === required && requirement.attempt == attempt {
            return true
        }
        return false
    }

    /// The members `dependent` waits for in its attempt `attempt`, in the order they were required.
    func requiredMembers(of dependent: Member, attempt: UInt32) -> [Member] {
        var members: [Member] = []
        for requirement in requirements where requirement.dependent === dependent && requirement.attempt == attempt {
            members.append(requirement.required)
        }
        return members
    }

    // MARK: Recording

    /// Records that `dependent` waits for `required` to fail for the rest
    /// of its attempt `attempt`, first dropping the requirements of
    /// attempts that have ended (`isLive` answers whether a dependent is
    /// still in the attempt given), so the list holds only live ones and
    /// what was just recorded.
    mutating func require(
        _ dependent: Member, attempt: UInt32, toFail required: Member, isLive: (Member, UInt32) -> Bool
    ) {
        guard dependent !== required, !requires(dependent, attempt: attempt, toFail: required) else { return }
        dropDeadRequirements(isLive: isLive)
        requirements.append(Requirement(dependent: dependent, required: required, attempt: attempt))
    }

    /// Drops the requirements of attempts that have ended (`isLive`
    /// answers whether a dependent is still in the attempt given): they
    /// answer for nothing, and would keep their members alive.
    mutating func dropDeadRequirements(isLive: (Member, UInt32) -> Bool) {
        if !requirements.isEmpty { requirements.removeAll { !isLive($0.dependent, $0.attempt) } }
    }

    /// Records that `member` waits to enter `target`: a member already
    /// waiting keeps its place in the order and takes the new target.
    mutating func wait(_ member: Member, toEnter target: GestureRecognizer.State) {
        if let position = waitingPosition(of: member) {
            waiting[position].target = target
        } else {
            waiting.append(Waiter(member: member, target: target))
        }
    }

    /// Records that `member` no longer waits.
    mutating func stopWaiting(_ member: Member) {
        guard let position = waitingPosition(of: member) else { return }
        waiting.remove(at: position)
    }

    /// An emptied seat list to fill for a new touch-down.
    mutating func takeSeatList() -> [Seat] {
        recycledLists.popLast() ?? []
    }

    /// Keeps an emptied seat list for the next touch-down.
    mutating func recycle(_ list: consuming [Seat]) {
        var list = list
        // One by one: `removeAll(keepingCapacity:)` goes through a generic
        // range replacement, dearer for the one or two a touch usually has.
        while !list.isEmpty { list.removeLast() }
        if recycledLists.count < 8 { recycledLists.append(list) }
    }

    /// Opens the entry of a touch-down that went down, with its members.
    mutating func open(serial: UInt64, seats: [Seat]) {
        assert(index(ofSerial: serial) == nil, "a touch-down opened twice")
        entries.append(Entry(serial: serial, seats: seats))
    }

    /// Closes the entry of a touch-down that ended.
    mutating func close(serial: UInt64) {
        guard let index = index(ofSerial: serial) else { return }
        entries.remove(at: index)
    }

    /// Records that `member` ignored the touch-down with this serial: it
    /// keeps its seat and no longer competes for it.
    mutating func ignore(serial: UInt64, by member: Member) {
        guard let index = index(ofSerial: serial) else { return }
        for position in entries[index].seats.indices where entries[index].seats[position].member === member {
            entries[index].seats[position].hasIgnored = true
        }
    }

    /// Takes `member` out of every touch-down and every requirement
    /// (disabled, removed, or gone from the window).
    mutating func remove(_ member: Member) {
        if !requirements.isEmpty { requirements.removeAll { $0.dependent === member || $0.required === member } }
        for index in entries.indices {
            var position = entries[index].seats.count
            while position > 0 {
                position -= 1
                if entries[index].seats[position].member === member { entries[index].seats.remove(at: position) }
            }
        }
    }

    // MARK: Diagnostics

    /// One line per touch-down: its serial and its members, innermost
    /// first, each named by `name`, those that ignored it marked; then one
    /// line per waiting member, in the order they started waiting; then one
    /// per recorded requirement (a dead one too, until it is dropped).
    func description(naming name: (Member) -> String) -> String {
        var lines: [String] = []
        for entry in entries {
            let members = entry.seats.map { seat in name(seat.member) + (seat.hasIgnored ? " (ignored)" : "") }
            lines.append("touch-down \(entry.serial): " + (members.isEmpty ? "no member" : members.joined(separator: ", ")))
        }
        for waiter in waiting {
            lines.append("waiting to enter \(waiter.target): " + name(waiter.member))
        }
        for requirement in requirements {
            lines.append("attempt \(requirement.attempt) of \(name(requirement.dependent)) requires \(name(requirement.required)) to fail")
        }
        return lines.isEmpty ? "arena: no touch down" : lines.joined(separator: "\n")
    }

    /// The arena's lines (`description(naming:)`), each member named by `String(describing:)`.
    var description: String {
        description { String(describing: $0) }
    }
}
