import Foundation
import Testing
@testable import DemoCLI
import InteractionKitTestSupport

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

/// Compares `actual` with the golden transcript `name`; `UPDATE_GOLDEN=1 swift test` rewrites it instead.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try Golden.expect(actual, matches: "transcripts/" + name, sourceLocation: sourceLocation)
}
