import DemoCLI
import Foundation

/// Prints to standard output or standard error without buffering surprises.
private func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
}

let status = MainActor.assumeIsolated {
    DemoCommand.run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        output: { write($0, to: .standardOutput) },
        errors: { write($0, to: .standardError) }
    )
}
exit(status)
