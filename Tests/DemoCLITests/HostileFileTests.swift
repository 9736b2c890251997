import Foundation
import Testing
@testable import DemoCLI
@testable import InteractionKitReplay

@Suite("The Demo measures files before reading them and escapes what it prints")
@MainActor
struct HostileFileTests {
    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("demo-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test("A 3 GiB sparse script is refused from its size, without reading it")
    func sparseScript() throws {
        let path = try temporaryDirectory() + "/huge.gesture"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = runDemo([path])
        #expect(result.status == 1)
        #expect(result.errors == "\(path):1:1: error: cannot read the script: it is \(3 << 30) bytes; the limit is \(1 << 20) bytes\n")
    }

    @Test("A stream is read in chunks and reading stops one byte past the limit")
    func endlessStream() {
        var asked = 0
        let result = BoundedFile.readChunks(limit: 1_000, chunkSize: 64) { buffer in
            asked += buffer.count
            for index in buffer.indices { buffer[index] = 0x23 }
            return buffer.count
        }
        #expect(result == .failure(.tooLarge(size: nil, limit: 1_000)))
        #expect(asked == 1_001)
        let short = BoundedFile.readChunks(limit: 1_000, chunkSize: 64) { _ in 0 }
        #expect(short == .success([]))
    }

    @Test("A recording is measured before it is read: too large, a folder, missing")
    func recordingFiles() throws {
        let directory = try temporaryDirectory()
        let huge = directory + "/huge.events"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        try FileManager.default.createDirectory(atPath: directory + "/folder.events", withIntermediateDirectories: true)
        let script = directory + "/s.gesture"
        try "evemu \"huge.events\"\nevemu \"folder.events\"\nevemu \"none.events\"\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let result = runDemo([script])
        #expect(result.status == 1)
        #expect(result.errors == """
            \(script):1:7: error: cannot read the recording '\(directory)/huge.events': it is \(1 << 30) bytes; the limit is 4194304 bytes
            \(script):2:7: error: cannot read the recording '\(directory)/folder.events': it is a directory, not a file
            \(script):3:7: error: cannot read the recording '\(directory)/none.events': no such file

            """)
    }

    @Test("Escape sequences in a script reach neither standard output nor standard error raw")
    func escapedOutput() throws {
        let directory = try temporaryDirectory()
        let script = directory + "/esc.gesture"
        try """
            content-size accessibility-large
            tabbar "A\u{1B}]0;title\u{07}" "B\u{1B}[2J"
            down @"A\u{1B}]0;title\u{07}"
            wait 0.3
            up

            """.write(toFile: script, atomically: true, encoding: .utf8)
        let result = runDemo([script])
        #expect(result.status == 0)
        #expect(!result.output.contains("\u{1B}"))
        #expect(!result.output.contains("\u{07}"))
        #expect(result.output.contains("A\\u{1B}]0;title\\u{7} selected"))

        let bad = directory + "/bad.gesture"
        try "tabbar A\ndown @\"\u{1B}[2J\u{1B}]0;x\u{07}\"\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let failed = runDemo([bad])
        #expect(failed.status == 1)
        #expect(!failed.errors.contains("\u{1B}"))
        #expect(failed.errors.contains("unknown tab '\\u{1B}[2J\\u{1B}]0;x\\u{7}'"))
        let path = runDemo([directory + "/\u{1B}[31mred.gesture"])
        #expect(!path.errors.contains("\u{1B}"))
    }
}
