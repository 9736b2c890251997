import Glibc

/// The Unix-socket system calls the connection needs, with errno turned
/// into `DBusConnectionError`. A plain file descriptor owner: the connection
/// decides when to close it.
struct DBusSocket {
    /// What one non-blocking transfer did.
    enum Transfer {
        case transferred(Int)
        case wouldBlock
        case endOfStream
    }

    private(set) var descriptor: Int32

    /// Connects a stream socket to `address`, then makes it non-blocking:
    /// connecting to a local socket completes at once, everything after it
    /// must never block the toolkit's loop.
    static func connect(to address: DBusSocketAddress) throws(DBusConnectionError) -> DBusSocket {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .systemCall("socket", errno: errno) }
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        let pathBytes: [UInt8]
        switch address {
        case .path(let path): pathBytes = Array(path.utf8) + [0]
        case .abstract(let name): pathBytes = [0] + Array(name.utf8)
        }
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            for (index, byte) in pathBytes.enumerated() where index < raw.count { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count)
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, length) }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw .systemCall("connect", errno: code)
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw .systemCall("fcntl", errno: code)
        }
        return DBusSocket(descriptor: descriptor)
    }

    /// Sends what the socket takes now, without SIGPIPE if the peer is gone.
    func send(_ bytes: UnsafeRawBufferPointer) throws(DBusConnectionError) -> Transfer {
        while true {
            let count = Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            if count >= 0 { return .transferred(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let code: throw .systemCall("send", errno: code)
            }
        }
    }

    /// Receives what is available now.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws(DBusConnectionError) -> Transfer {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { return .transferred(count) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let code: throw .systemCall("recv", errno: code)
            }
        }
    }

    /// Waits until the socket is readable (or writable too, when asked),
    /// for at most `seconds`; returns false on timeout.
    func wait(forWriting: Bool, seconds: Double) throws(DBusConnectionError) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN) | (forWriting ? Int16(POLLOUT) : 0), revents: 0)
        let milliseconds = Int32(min(max(0, (seconds * 1000).rounded(.up)), Double(Int32.max)))
        while true {
            let result = poll(&entry, 1, milliseconds)
            if result >= 0 { return result > 0 }
            if errno != EINTR { throw .systemCall("poll", errno: errno) }
        }
    }

    mutating func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }
}

/// Seconds on the monotonic clock, for deadlines that wall-clock changes cannot move.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}
