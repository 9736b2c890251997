import Foundation
import Testing
@testable import DemoCLI
@testable import InteractionKitReplay
import InteractionKitPictures
import InteractionKitLinux

@Suite("Demo command line")
@MainActor
struct DemoCommandTests {
    private func temporaryFile(_ text: String, name: String = "script.gesture") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("No arguments replays the built-in seed scenario and exits 0")
    func builtIn() {
        let result = runDemo([])
        #expect(result.status == 0)
        #expect(result.output.contains("Settings selected"))
        #expect(result.output.contains("HUD shows \"Now Playing\""))
        #expect(result.errors.isEmpty)
    }

    @Test("--help explains the options and the script language, exit 0")
    func help() {
        let result = runDemo(["--help"])
        #expect(result.status == 0)
        for word in ["--format", "--svg", "content-size", "tabbar", "wait", "Exit status", "Key: ● finger",
                     "HUD: the large content viewer's heads-up display", "--columns=80", "SCRIPT '-' reads standard input"] {
            #expect(result.output.contains(word))
        }
    }

    @Test("Usage errors exit 2 and replay nothing", arguments: [
        ["--bogus"], ["a.gesture", "b.gesture"], ["--format", "xml"], ["--format"], ["--svg"], ["--columns", "5"],
    ])
    func usageErrors(arguments: [String]) {
        let result = runDemo(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("Demo --help"))
    }

    @Test("A script with errors exits 1, prints FILE:LINE:COLUMN errors, and replays nothing")
    func scriptErrors() throws {
        let path = try temporaryFile("tabbar A B\ndown @C\nwait -1\n")
        let result = runDemo([path])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors == """
            \(path):2:6: error: unknown tab 'C'; the tabs are: A, B
            \(path):3:6: error: a wait cannot be negative; time only moves forward

            """)
    }

    @Test("A missing script exits 1")
    func missingFile() {
        let result = runDemo(["/nonexistent/never.gesture"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("/nonexistent/never.gesture:1:1: error: cannot read the script"))
    }

    @Test("--format jsonl prints the meta header, then one object per line")
    func jsonl() throws {
        let path = try temporaryFile("content-size accessibility-large\ntabbar A B\ndown @A\nwait 0.2\nup\n")
        let result = runDemo([path, "--format", "jsonl"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        // meta, the initial focus (on A: the window is key, no tab is
        // selected yet), touch down, the viewer's began, HUD shown, touch up,
        // the viewer's end, HUD hidden, select (the tab bar tracks the touch
        // itself, so no tap recognizer of its own shows); the focus is on A
        // already, so it does not move.
        #expect(lines.count == 9)
        #expect(lines.first == "{\"event\":\"meta\",\"schema\":1,\"script\":\"\(path)\"}")
        #expect(lines[1] == "{\"t\":0,\"event\":\"focus\",\"title\":\"A\",\"kind\":\"tab\"}")
        #expect(lines.last == "{\"t\":0.2,\"event\":\"select\",\"title\":\"A\"}")
    }

    @Test("--svg writes one SVG per picture and an index page")
    func svg() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("demo-svg-\(UUID().uuidString)").path
        let result = runDemo(["--svg", directory, "--no-pictures"])
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files.contains("index.html"))
        #expect(files.filter { $0.hasSuffix(".svg") }.count == 8)
        let first = try String(contentsOfFile: directory + "/frame-001.svg", encoding: .utf8)
        #expect(first.contains("<svg"))
        #expect(!result.output.contains("╭"))
    }

    @Test("--no-pictures and --ascii shape the transcript")
    func pictureOptions() {
        let plain = runDemo(["--no-pictures"])
        let ascii = runDemo(["--ascii"])
        let unicode = runDemo([])
        #expect(plain.output.count < unicode.output.count)
        #expect(ascii.output.utf8.allSatisfy { $0 < 0x80 })
    }
}
