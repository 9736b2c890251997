import Glibc

/// A file under `/proc` read whole with `open`/`read`, or nil when it cannot be read.
///
/// Foundation's `FileManager.contents(atPath:)` and `String(contentsOfFile:)`
/// leak their read buffer when a read fails half way, and reading another
/// process's `/proc` entry fails whenever that process exits or is not ours:
/// LeakSanitizer then fails the run now and then. These files are small and
/// report no size, so they are read in chunks until end of file.
public func procFileBytes(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < limit {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return nil }
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}

/// A file under `/proc` as text (see `procFileBytes`), or nil when it cannot be read.
public func procFileText(_ path: String) -> String? {
    procFileBytes(path).map { String(decoding: $0, as: UTF8.self) }
}
