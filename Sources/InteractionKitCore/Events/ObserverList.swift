/// Closures registered with a window, each under its own key, called in the
/// order they were added: the storage behind the window's observers
/// (accessibility, large content, focus, key window) and key-input filters.
///
/// A call goes over the list as it was when the call began and skips an
/// entry removed meanwhile, so an observer may add and remove observers.
/// Keys are unique in the process, so a token of one list never removes an
/// entry of another.
///
/// The entries are changed out of their property (swapped with an empty
/// array, changed, swapped back), so releasing a removed closure, which may
/// free anything it captured, never happens inside an access to the
/// property: every access is then a plain load or a swap, which the
/// compiler proves exclusive without a check at run time.
@MainActor
package final class ObserverList<Argument, Result> {
    private typealias Entry = (key: UInt64, body: @MainActor (Argument) -> Result)
    private var entries: [Entry] = []

    /// Whether nothing is registered.
    package var isEmpty: Bool { entries.isEmpty }

    /// Registers `body` at the end; returns its key.
    package init() {}

    package func add(_ body: @escaping @MainActor (Argument) -> Result) -> UInt64 {
        lastObserverKey &+= 1
        let key = lastObserverKey
        change { $0.append((key, body)) }
        return key
    }

    /// Unregisters the entry of `key`; an unknown key does nothing.
    package func remove(_ key: UInt64) {
        change { $0.removeAll { $0.key == key } }
    }

    private func change(_ body: (inout [Entry]) -> Void) {
        var list: [Entry] = []
        swap(&list, &entries)
        body(&list)
        swap(&list, &entries)
    }

    /// Hands each entry registered now, and still registered when its turn
    /// comes, to `call`, in order, until `call` returns false.
    package func forEachRegistered(_ call: (@MainActor (Argument) -> Result) -> Bool) {
        let current = entries
        for entry in current where isRegistered(entry.key) {
            if !call(entry.body) { return }
        }
    }

    private func isRegistered(_ key: UInt64) -> Bool {
        for entry in entries where entry.key == key { return true }
        return false
    }
}

extension ObserverList where Result == Void {
    /// Calls every entry with `argument`.
    package func post(_ argument: Argument) {
        forEachRegistered { body in
            body(argument)
            return true
        }
    }
}

/// The last key an `ObserverList` gave out, in any window.
@MainActor private var lastObserverKey: UInt64 = 0
