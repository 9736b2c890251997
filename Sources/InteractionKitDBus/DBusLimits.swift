/// The size and depth limits this library enforces on everything it reads
/// and writes.
public enum DBusLimits {
    /// The longest array the specification allows, in bytes (64 MiB).
    public static let maximumArrayLength = 64 * 1024 * 1024
    /// How deeply containers (arrays, structures, dict entries and variants)
    /// may nest in one value, across variants, as the specification says.
    public static let maximumTotalDepth = 64
    /// The largest message read or written by default (8 MiB): the
    /// specification allows 128 MiB, far more than an accessibility tree
    /// needs, and a cap bounds what a hostile peer can make us buffer.
    public static let defaultMaximumMessageSize = 8 * 1024 * 1024
    /// The largest message the specification allows (128 MiB).
    public static let specificationMaximumMessageSize = 128 * 1024 * 1024
}
