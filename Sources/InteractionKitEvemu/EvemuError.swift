import InteractionKitCore

/// An error in an evemu file, with the line and column where it was found:
/// the same diagnostic as a gesture script's (`FILE:LINE:COLUMN: error: MESSAGE`).
///
/// Lines and columns are 1-based. Columns count UTF-8 bytes from the start of
/// the line (the recordings are ASCII, so this is also the character column).
/// Errors about a field point at the first character of that field.
public typealias EvemuError = ScriptDiagnostic
