import Foundation
import Glibc
import Testing
@testable import DemoCLI
@testable import InteractionKitReplay
import InteractionKitTestSupport

@Suite("Command-line conventions: stdin, --opt=value, clear file errors, honest options")
@MainActor
struct CommandLineConventionTests {
    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("demo-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private let tapScript = "content-size accessibility-large\ntabbar A B\ndown @B\nwait 0.3\nup\n"

    @Test("'-' reads the script from standard input, named <stdin>")
    func standardInput() {
        var output = ""
        var errors = ""
        let status = DemoCommand.run(
            arguments: ["-", "--no-pictures"], standardInput: { _ in .success(Array(tapScript.utf8)) },
            output: { output += $0 }, errors: { errors += $0 })
        #expect(status == 0)
        #expect(errors.isEmpty)
        #expect(output.hasPrefix("Replaying <stdin>\n"))
        #expect(output.contains("B selected"))
    }

    @Test("Standard input is read from the file descriptor until its end (a pipe)")
    func pipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(Glibc.pipe(&ends) == 0)
        let bytes = Array(tapScript.utf8)
        #expect(Glibc.write(ends[1], bytes, bytes.count) == bytes.count)
        close(ends[1])
        let read = BoundedFile.read(descriptor: ends[0], limit: 1 << 20)
        close(ends[0])
        #expect(read == .success(bytes))
    }

    @Test("'--opt=value' means the same as '--opt value'")
    func joinedValues() throws {
        #expect(try DemoCommand.parse(arguments: ["--columns=80"]).columns == 80)
        #expect(try DemoCommand.parse(arguments: ["--columns", "80"]).columns == 80)
        #expect(try DemoCommand.parse(arguments: ["--format=jsonl"]).format == .jsonl)
        #expect(try DemoCommand.parse(arguments: ["--svg=out"]).svgDirectory == "out")
        #expect(try DemoCommand.parse(arguments: ["-"]).scriptPath == "-")
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--ascii=yes"]) }
        #expect(throws: DemoCommand.UsageError.self) { try DemoCommand.parse(arguments: ["--columns=5"]) }
        let result = runDemo(["--columns=30", "--no-pictures=1"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--no-pictures takes no value"))
    }

    @Test("A folder given as the script is reported as a folder, not as a missing file")
    func directoryScript() throws {
        let directory = try temporaryDirectory()
        let result = runDemo([directory])
        #expect(result.status == 1)
        #expect(result.errors == "\(directory):1:1: error: cannot read the script: it is a directory, not a file\n")
        let missing = runDemo([directory + "/none.gesture"])
        #expect(missing.errors == "\(directory)/none.gesture:1:1: error: cannot read the script: no such file\n")
    }

    @Test("A UTF-8 byte-order mark before the first command is skipped")
    func byteOrderMark() throws {
        let path = try temporaryDirectory() + "/bom.gesture"
        try write("\u{FEFF}" + tapScript, to: path)
        let result = runDemo([path, "--no-pictures"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("B selected"))
        // Columns still count from the first character after the mark.
        let bad = try temporaryDirectory() + "/bad.gesture"
        try write("\u{FEFF}tabbar A\ndown @C\n", to: bad)
        #expect(runDemo([bad]).errors.hasPrefix("\(bad):2:6: error: unknown tab 'C'"))
    }

    @Test("--svg onto a file, or a frame path that is a folder, fails with a sentence, exit 1")
    func unwritableSVG() throws {
        let directory = try temporaryDirectory()
        let file = directory + "/taken"
        try write("not a folder", to: file)
        let result = runDemo(["--svg", file, "--no-pictures"])
        #expect(result.status == 1)
        #expect(result.errors == "Demo: cannot write SVG pictures to \(file): '\(file)' exists and is not a folder\n")

        let blocked = directory + "/blocked"
        try FileManager.default.createDirectory(atPath: blocked + "/frame-001.svg", withIntermediateDirectories: true)
        let second = runDemo(["--svg", blocked, "--no-pictures"])
        #expect(second.status == 1)
        #expect(second.errors.contains("cannot write '\(blocked)/frame-001.svg': is a directory"))
        #expect(!second.errors.contains("NSCocoaErrorDomain"))
        #expect(!second.errors.contains("Error Domain"))
    }

    @Test("--svg onto a file, or under one, fails before anything is replayed: no transcript, no JSON lines (issue 38)",
          arguments: [["--no-pictures"], ["--format", "jsonl"], []])
    func svgCheckedFirst(options: [String]) throws {
        let directory = try temporaryDirectory()
        let file = directory + "/taken"
        try write("not a folder", to: file)
        for target in [file, file + "/frames"] {
            let result = runDemo(["--svg", target] + options)
            #expect(result.status == 1)
            #expect(result.output.isEmpty, "nothing is replayed")
            #expect(result.errors == "Demo: cannot write SVG pictures to \(target): '\(file)' exists and is not a folder\n")
        }
    }

    @Test("--svg replaces the frames of an earlier run and touches nothing else")
    func svgClearsOldFrames() throws {
        let directory = try temporaryDirectory()
        try write("old", to: directory + "/frame-009.svg")
        try write("old", to: directory + "/frame-1234.svg")
        try write("mine", to: directory + "/notes.txt")
        try write("mine", to: directory + "/frame-x.svg")
        let result = runDemo(["--svg=\(directory)", "--no-pictures"])
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == (1...8).map { SVGDirectory.frameName($0) } + ["frame-x.svg", "index.html", "notes.txt"])
    }

    @Test("Frame names: frame-, three or more digits, .svg")
    func frameNames() {
        #expect(SVGDirectory.frameName(7) == "frame-007.svg")
        #expect(SVGDirectory.frameName(1234) == "frame-1234.svg")
        #expect(SVGDirectory.isFrameName("frame-001.svg"))
        #expect(!SVGDirectory.isFrameName("frame-01.svg"))
        #expect(!SVGDirectory.isFrameName("frame-abc.svg"))
        #expect(!SVGDirectory.isFrameName("frame-001.svg.bak"))
    }

    @Test("--all-moves lists every move and no longer says moves are left out")
    func allMoves() {
        let path = Repository.examples.appendingPathComponent("real-drag.gesture").path
        let thinned = runDemo([path, "--no-pictures"])
        let all = runDemo([path, "--no-pictures", "--all-moves"])
        #expect(thinned.output.contains("are not listed"))
        #expect(!all.output.contains("are not listed"))
        #expect(all.output.split(separator: "\n").count > thinned.output.split(separator: "\n").count)
    }

    @Test("--ascii prints only ASCII bytes, titles included, and draws the finger as '*'")
    func asciiOnly() throws {
        let path = try temporaryDirectory() + "/cafe.gesture"
        try write("content-size accessibility-large\ntabbar Café Home\ndown @Café\nwait 0.3\nup\n", to: path)
        let result = runDemo([path, "--ascii"])
        #expect(result.status == 0)
        #expect(result.output.utf8.allSatisfy { $0 < 0x80 })
        #expect(result.output.contains("Caf\\u{E9} selected"))
        #expect(result.output.contains("390 x 844"))
        #expect(result.output.contains("*"))
        let seed = runDemo(["--ascii"])
        #expect(seed.output.utf8.allSatisfy { $0 < 0x80 })
        #expect(!seed.output.contains("|  ho"))
    }
}
