/// An object that runs a closure as it is freed: how a test makes the
/// release of a removed callback re-enter the callback's owner.
@MainActor
public final class ReleaseHook {
    private let onRelease: @MainActor () -> Void

    /// Creates a hook that runs `onRelease` from its deinitializer.
    public init(_ onRelease: @escaping @MainActor () -> Void) {
        self.onRelease = onRelease
    }

    isolated deinit { onRelease() }
}
