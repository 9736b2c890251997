#if canImport(Glibc)
import Glibc
#endif

/// What a path names, as far as the evdev reader cares.
public enum EvdevSourceKind: Sendable, Hashable {
    /// A character device (`/dev/input/eventN`): ranges from the kernel, real-clock timers.
    case device
    /// A regular file of records.
    case regularFile
    /// A named pipe (FIFO): read like a file.
    case fifo
}

/// The system calls the evdev reader makes, behind a protocol so that the
/// paths only a real device takes (kernel axis ranges, a device unplugged
/// mid-run) can be tested with a fake. Failures are negative `errno` values.
public protocol EvdevSystem: AnyObject {
    /// What `path` names, or a negative `errno` (`stat`).
    func kind(ofPath path: String) -> Result<EvdevSourceKind, LiveError>
    /// Opens `path` for reading; `nonBlocking` for a device. A FIFO opened
    /// blocking waits for its first writer.
    func open(_ path: String, nonBlocking: Bool) -> Result<Int32, LiveError>
    /// Reads up to `buffer.count` bytes: the count, 0 at end of file, or a negative `errno`.
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// `ioctl(descriptor, request, argument)`: 0 or more on success, or a negative `errno`.
    func ioctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32
    /// Closes the descriptor.
    func close(_ descriptor: Int32)
}

/// The real system calls.
public final class SystemEvdev: EvdevSystem {
    /// Creates the system-call interface.
    public init() {}

    /// `stat(2)`'s file type.
    public func kind(ofPath path: String) -> Result<EvdevSourceKind, LiveError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(LiveError(code: errno, operation: "stat")) }
        switch info.st_mode & S_IFMT {
        case S_IFCHR: return .success(.device)
        case S_IFIFO: return .success(.fifo)
        case S_IFREG: return .success(.regularFile)
        default: return .failure(LiveError(code: EINVAL, operation: "stat"))
        }
    }

    /// `open(2)` read-only, close-on-exec.
    public func open(_ path: String, nonBlocking: Bool) -> Result<Int32, LiveError> {
        var flags = O_RDONLY | O_CLOEXEC
        if nonBlocking { flags |= O_NONBLOCK }
        while true {
            let descriptor = Glibc.open(path, flags)
            if descriptor >= 0 { return .success(descriptor) }
            if errno != EINTR { return .failure(LiveError(code: errno, operation: "open")) }
        }
    }

    /// `read(2)`, retried when a signal interrupts it.
    public func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { return -Int(errno) }
        }
    }

    /// `ioctl(2)` with a pointer argument.
    public func ioctl(_ descriptor: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
        let result = Glibc.ioctl(descriptor, request, argument)
        return result < 0 ? -errno : result
    }

    /// `close(2)`.
    public func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}

/// The evdev ioctl requests the reader uses (`linux/input.h`).
public enum EvdevRequest {
    /// `_IOC(_IOC_READ, 'E', number, size)`.
    static func read(_ number: Int, size: Int) -> UInt {
        (2 << 30) | (UInt(size) << 16) | (UInt(0x45) << 8) | UInt(number)
    }

    /// `EVIOCGNAME(length)`: the device's name.
    public static func name(length: Int) -> UInt { read(0x06, size: length) }
    /// `EVIOCGBIT(EV_ABS, length)`: the bit mask of the absolute axes it has.
    public static func absoluteAxisBits(length: Int) -> UInt { read(0x20 + 0x03, size: length) }
    /// `EVIOCGABS(code)`: one axis's `struct input_absinfo` (six `Int32`s: value,
    /// minimum, maximum, fuzz, flat, resolution).
    public static func absoluteAxis(_ code: Int) -> UInt { read(0x40 + code, size: 24) }
}
