import Glibc

/// Reads input files with a size limit that holds before anything is read:
/// a regular file is measured first (`fstat`) and refused when it is larger
/// than the limit; anything else (standard input, a pipe, a device) is read
/// in chunks and reading stops one byte past the limit. A directory is named
/// as such instead of "no such file".
enum BoundedFile {
    /// Why a file could not be read.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// Nothing exists at the path.
        case noSuchFile
        /// The path is a directory.
        case isDirectory
        /// The file is larger than the limit; `size` is its size when known
        /// (a regular file), nil for a stream cut off at the limit.
        case tooLarge(size: Int?, limit: Int)
        /// Any other error, as the system words it (`Permission denied`).
        case system(String)

        /// A sentence fragment that follows "cannot read …: ".
        var description: String {
            switch self {
            case .noSuchFile: "no such file"
            case .isDirectory: "it is a directory, not a file"
            case .tooLarge(let size?, let limit): "it is \(size) bytes; the limit is \(limit) bytes"
            case .tooLarge(nil, let limit): "it is longer than the limit of \(limit) bytes"
            case .system(let message): message
            }
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    static func read(path: String, limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(failure(errno: errno)) }
        defer { close(descriptor) }
        return read(descriptor: descriptor, limit: limit)
    }

    /// The bytes readable from an open file descriptor, at most `limit` of them.
    static func read(descriptor: Int32, limit: Int) -> Result<[UInt8], Failure> {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(failure(errno: errno)) }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { return .failure(.isDirectory) }
        if type == S_IFREG && Int(status.st_size) > limit {
            return .failure(.tooLarge(size: Int(status.st_size), limit: limit))
        }
        return readChunks(limit: limit) { buffer in
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0 && errno == EINTR { continue }
                return count < 0 ? nil : count
            }
        }
    }

    /// Reads with `readChunk` (which fills a buffer and returns how many
    /// bytes it read, 0 at the end, nil on error) until the end or one byte
    /// past `limit`, whichever comes first: never more than `limit + 1`
    /// bytes are asked for in all.
    static func readChunks(
        limit: Int, chunkSize: Int = 64 * 1024, _ readChunk: (UnsafeMutableRawBufferPointer) -> Int?
    ) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { buffer in
                readChunk(UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
            }
            guard let count else { return .failure(failure(errno: errno)) }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<min(count, wanted)]
        }
        return .failure(.tooLarge(size: nil, limit: limit))
    }

    /// The failure an `errno` value stands for.
    static func failure(errno code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: .noSuchFile
        case EISDIR: .isDirectory
        default: .system(systemMessage(code))
        }
    }

    /// The system's sentence for an `errno` value, in lower case: `permission denied`.
    static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        guard let first = message.first else { return "error \(code)" }
        return first.lowercased() + message.dropFirst()
    }
}
