/// The byte order a message is marshalled in, named by the first byte of
/// every D-Bus message.
public enum DBusByteOrder: UInt8, Sendable, Hashable, CaseIterable {
    /// Little endian, marked `l` on the wire.
    case littleEndian = 0x6C
    /// Big endian, marked `B` on the wire.
    case bigEndian = 0x42

    /// The byte order of this machine: a sender may use either, and the
    /// native one costs no swapping.
    public static var native: DBusByteOrder {
        UInt16(1).littleEndian == 1 ? .littleEndian : .bigEndian
    }
}
