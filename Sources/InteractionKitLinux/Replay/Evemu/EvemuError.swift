/// An error in an evemu file, with the line and column where it was found.
///
/// Lines and columns are 1-based. Columns count UTF-8 bytes from the start of
/// the line (the recordings are ASCII, so this is also the character column).
/// Errors about a field point at the first character of that field.
public struct EvemuError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name given to the parser (not necessarily a path on disk).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in bytes.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: error: message`, the format compilers use, so
    /// editors and terminals can jump to the spot.
    public var description: String {
        "\(file):\(line):\(column): error: \(message)"
    }
}
