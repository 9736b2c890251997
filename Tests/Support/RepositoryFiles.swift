import Foundation
import Testing

/// Paths in the repository, found from this source file (the package uses no SwiftPM resources).
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Examples/`: the gesture scripts and recordings the Demo ships.
    public static var examples: URL { root.appendingPathComponent("Examples") }
    /// `Tests/Fixtures/`: inputs and golden outputs of the tests.
    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    /// A file under the repository's root.
    public static func file(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The names of the example scripts, sorted.
    public static func exampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".gesture") }
            .sorted()
    }
}

/// Golden files: expected outputs kept under `Tests/Fixtures`.
///
/// `UPDATE_GOLDEN=1 swift test` rewrites them from the actual outputs.
public enum Golden {
    /// Whether this run rewrites golden files instead of comparing.
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    /// The contents of the golden file at `relativePath` (under `Tests/Fixtures`),
    /// written from `actual` first when updating.
    public static func contents(_ relativePath: String, actual: String) throws -> String {
        let url = Repository.fixtures.appendingPathComponent(relativePath)
        if isUpdating {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Records an issue naming the first differing line when `actual`
    /// differs from the golden file at `relativePath` (under `Tests/Fixtures`).
    public static func expect(
        _ actual: String, matches relativePath: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expected = try contents(relativePath, actual: actual)
        guard actual != expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
        let line = firstDifference?.offset ?? min(actualLines.count, expectedLines.count)
        Issue.record("""
            \(relativePath) differs from its golden file at line \(line + 1):
              expected: \(line < expectedLines.count ? String(expectedLines[line]) : "<end>")
              actual:   \(line < actualLines.count ? String(actualLines[line]) : "<end>")
            (UPDATE_GOLDEN=1 swift test rewrites the golden files)
            """, sourceLocation: sourceLocation)
    }
}
