// Shared by the evemu reader and the gesture-script parser (a layer above),
// so that a recording named in a script reports errors in the same form.

/// One error in a gesture script, with where it is.
///
/// Its description is the compiler-style `FILE:LINE:COLUMN: error: MESSAGE`.
/// Lines and columns count from 1; columns count characters.
public struct ScriptDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the error is in (the script, or a recording it replays).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in characters.
    public var column: Int
    /// What is wrong, and where possible what to write instead.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Every error found in a gesture script; a script with any is not replayed.
public struct ScriptErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// The errors, in the order of their lines.
    public var diagnostics: [ScriptDiagnostic]

    /// Creates the error list.
    public init(_ diagnostics: [ScriptDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One `FILE:LINE:COLUMN: error: MESSAGE` line per error.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
