import Foundation
import Testing
@testable import DemoCLI
@testable import InteractionKitLinux

/// Paths in the repository, found from this file (no SwiftPM resources).
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // DemoCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static var examples: URL { root.appendingPathComponent("Examples") }
    static var golden: URL { root.appendingPathComponent("Tests/Fixtures/transcripts") }

    static func exampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".gesture") }
            .sorted()
    }
}

/// The result of running the command line in-process.
struct CommandResult {
    var status: Int32
    var output: String
    var errors: String
}

@MainActor
func runDemo(_ arguments: [String]) -> CommandResult {
    var output = ""
    var errors = ""
    let status = DemoCommand.run(arguments: arguments, output: { output += $0 }, errors: { errors += $0 })
    return CommandResult(status: status, output: output, errors: errors)
}

/// Compares `actual` with a golden file; `UPDATE_GOLDEN=1 swift test` rewrites the file instead.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = Repository.golden.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    if actual != expected {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
        let line = firstDifference?.offset ?? min(actualLines.count, expectedLines.count)
        Issue.record("""
            \(name) differs from its golden file at line \(line + 1):
              expected: \(line < expectedLines.count ? String(expectedLines[line]) : "<end>")
              actual:   \(line < actualLines.count ? String(actualLines[line]) : "<end>")
            (UPDATE_GOLDEN=1 swift test rewrites the golden files)
            """, sourceLocation: sourceLocation)
    }
}
