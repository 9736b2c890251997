/// Closures registered with an owner, each under its own token, called in
/// the order they were added: the one storage behind every list of
/// callbacks in the engine and its components (a recognizer's actions and
/// state observers, a control's handlers, the large content viewer's HUD
/// observers, a window's observers and key-input filters).
///
/// A value the owner stores. A round of calls goes over a copy of the list
/// as it was when the round began and skips an entry removed meanwhile
/// (`forEach(whileRegistered:_:)`), so a callback may add and remove
/// callbacks. Tokens are unique in the process, so a token of one list
/// never removes an entry of another.
///
/// The owner changes its list out of place: it swaps the stored list with
/// an empty one, adds or removes, and swaps it back. Nothing but the swaps
/// then touches the stored property, so the compiler proves every access
/// to it exclusive, the reads of each round included, with no check at run
/// time; an owner that changed the stored list in place would make every
/// access to it checked.
///
/// `remove(_:)` hands the removed closure back instead of releasing it:
/// releasing it may free what it captured, whose deinitializer may add or
/// remove a callback of the same owner. The owner keeps the result until
/// the list is back in place (`withExtendedLifetime(_:_:)`), so that
/// change is made to the list in place and not lost.
package struct ObserverList<Body> {
    @usableFromInline typealias Entry = (token: ObserverToken, body: Body)
    @usableFromInline var entries: [Entry] = []

    /// Creates an empty list.
    @inlinable package init() {}

    /// Whether nothing is registered.
    @inlinable package var isEmpty: Bool { entries.isEmpty }

    /// Registers `body` at the end; returns the token that removes it.
    @MainActor @inlinable @discardableResult
    package mutating func add(_ body: Body) -> ObserverToken {
        let token = ObserverToken.next()
        entries.append((token, body))
        return token
    }

    /// Unregisters the entry of `token` and returns its body, for the owner
    /// to release once its access to the list has ended; an unknown token
    /// does nothing and returns nil.
    @inlinable
    package mutating func remove(_ token: ObserverToken) -> Body? {
        for index in entries.indices where entries[index].token == token {
            return entries.remove(at: index).body
        }
        return nil
    }

    /// Whether `token`'s entry is still registered.
    @inlinable
    package func contains(_ token: ObserverToken) -> Bool {
        for entry in entries where entry.token == token { return true }
        return false
    }

    /// Hands each entry of this list, in order, to `call` while
    /// `isRegistered` says the owner's list still holds it, until `call`
    /// returns false.
    ///
    /// Call it on a copy (`let current = observers`), never on the owner's
    /// stored list: a callback may change that one, which must not be in an
    /// access meanwhile. `isRegistered` reads the owner's list as it is now.
    @inlinable
    package func forEach(whileRegistered isRegistered: (ObserverToken) -> Bool, _ call: (Body) -> Bool) {
        for entry in entries where isRegistered(entry.token) {
            if !call(entry.body) { return }
        }
    }
}

/// A list of callbacks kept where only an object can be: a window's
/// attachment, or the focus system's state.
@MainActor
package final class SharedObserverList<Argument, Result> {
    private var list = ObserverList<@MainActor (Argument) -> Result>()

    /// Creates an empty list.
    package init() {}

    /// Whether nothing is registered.
    package var isEmpty: Bool { list.isEmpty }

    /// Registers `body` at the end; returns the token that removes it.
    package func add(_ body: @escaping @MainActor (Argument) -> Result) -> ObserverToken {
        var changed = ObserverList<@MainActor (Argument) -> Result>()
        swap(&changed, &list)
        let token = changed.add(body)
        swap(&changed, &list)
        return token
    }

    /// Unregisters the entry of `token`; an unknown token does nothing.
    package func remove(_ token: ObserverToken) {
        var changed = ObserverList<@MainActor (Argument) -> Result>()
        swap(&changed, &list)
        let removed = changed.remove(token)
        swap(&changed, &list)
        withExtendedLifetime(removed) {}
    }

    /// Hands each entry registered now, and still registered when its turn
    /// comes, to `call`, in order, until `call` returns false.
    package func forEachRegistered(_ call: (@MainActor (Argument) -> Result) -> Bool) {
        let current = list
        current.forEach(whileRegistered: { self.list.contains($0) }, call)
    }
}

extension SharedObserverList where Result == Void {
    /// Calls every entry with `argument`.
    package func post(_ argument: Argument) {
        forEachRegistered { body in
            body(argument)
            return true
        }
    }
}
