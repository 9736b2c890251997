import InteractionKitEvemu
import InteractionKitLinux

/// Reads and validates gesture scripts, the Demo's input language.
///
/// The language is written once, in the <doc:GestureScripts> article (and
/// `Demo --help` prints its table, `GestureScriptSyntax.swift`). The whole
/// script is checked before anything runs, and every error is reported
/// with its line and column; a script or recording past the size limits
/// below is refused with a clear error, never read whole.
public struct GestureScriptParser: Sendable {
    /// The largest script accepted, in bytes (1 MiB).
    public static let maximumBytes = 1 << 20
    /// The most lines accepted.
    public static let maximumLines = 100_000
    /// The longest line accepted, in characters.
    public static let maximumLineLength = 4_096
    /// The largest touch id a script may use.
    public static let maximumTouchID = 9_999
    /// The first touch id given to a replayed recording's fingers, above any script id.
    public static let recordingTouchIDBase = 10_000
    /// The height of the script's standalone tab bar, in points.
    public static let tabBarHeight = 49.0
    /// The most `button` lines a script may have.
    public static let maximumButtons = 100
    /// The most `field` lines a script may have.
    public static let maximumFields = 20
    /// The most rows a `list` line may have.
    public static let maximumListRows = 1_000_000
    /// The most swipe actions a `list` line may name.
    public static let maximumSwipeActions = 5
    /// The longest refresh a `scroll` line's `refresh SECONDS` may give.
    public static let maximumRefreshDuration: Double = 60
    /// The largest and smallest zoom scales a `scroll` line's `zoom MIN MAX` may give.
    public static let zoomScaleLimits: ClosedRange<Double> = 0.01...100

    /// The largest content a `scroll` line may give, in points on each side.
    public static let maximumScrollContent = 1_000_000.0
    /// The UTF-8 byte-order mark, skipped at the start of a script.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// The most errors reported before giving up.
    public static let maximumDiagnostics = 50

    /// The most bytes of recordings (events and descriptions) a script may
    /// read in all (16 MiB, four recordings of the largest size). A
    /// recording named on several lines is read once.
    public static let maximumRecordingBytes = 16 << 20
    /// The most recorded touch samples a script may replay in all, counting
    /// a recording once for each line that names it.
    public static let maximumRecordingSamples = 200_000

    /// Reads a file a script refers to (a recording), given its path; nil when it cannot be read.
    public typealias FileLoader = @Sendable (String) -> [UInt8]?

    /// What a ``FileReader`` found: the file's bytes, or why it could not
    /// read them, as a phrase that follows "cannot read …: " (`no such file`,
    /// `it is a directory, not a file`; empty for no reason).
    public enum FileReadResult: Hashable, Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// Why the file could not be read.
        case failure(String)
    }

    /// Reads a file a script refers to, given its path and the most bytes
    /// the parser will accept: a reader should check the size first and
    /// stop reading past the limit (returning more than `byteLimit` bytes
    /// makes the parser report the file as too large).
    public typealias FileReader = @Sendable (_ path: String, _ byteLimit: Int) -> FileReadResult

    /// The script's name, used in diagnostics and to resolve relative paths.
    public var file: String
    /// How to read recordings; nil refuses `evemu` lines.
    public var reader: FileReader?

    /// Creates a parser for a script named `file` that reads recordings with `loader`.
    public init(file: String, loader: FileLoader? = nil) {
        self.file = file
        if let loader {
            reader = { path, _ in
                if let bytes = loader(path) { return .bytes(bytes) }
                return .failure("")
            }
        } else {
            reader = nil
        }
    }

    /// Creates a parser for a script named `file` that reads recordings
    /// with `reader`, which is told how many bytes the parser accepts.
    public init(file: String, reader: FileReader?) {
        self.file = file
        self.reader = reader
    }

    /// Parses a script given as text.
    public func parse(_ text: String) throws(ScriptErrors) -> GestureScript {
        try parse(Array(text.utf8))
    }

    /// Parses a script given as bytes, which must be UTF-8; a byte-order
    /// mark at the start (as some editors write) is skipped.
    public func parse(_ bytes: [UInt8]) throws(ScriptErrors) -> GestureScript {
        var state = ParseState(file: file, reader: reader)
        if bytes.count > Self.maximumBytes {
            state.error(line: 1, column: 1, "the script is \(bytes.count) bytes; the limit is \(Self.maximumBytes)")
            throw ScriptErrors(state.diagnostics)
        }
        let bytes = bytes.starts(with: Self.byteOrderMark) ? Array(bytes.dropFirst(Self.byteOrderMark.count)) : bytes
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            if lineNumber > Self.maximumLines {
                state.error(line: lineNumber, column: 1, "the script has more than \(Self.maximumLines) lines")
                break
            }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            state.parseLine(bytes[start..<lineEnd], number: lineNumber)
            if state.diagnostics.count >= Self.maximumDiagnostics { break }
            if end == bytes.count { break }
            start = end + 1
        }
        state.checkScene()
        guard state.diagnostics.isEmpty else { throw ScriptErrors(state.diagnostics) }
        return GestureScript(file: file, scene: state.scene, steps: state.steps)
    }
}

/// A word of a script line, with the column it starts at.
struct ScriptToken {
    enum Kind: Equatable {
        /// A bare word.
        case word
        /// A quoted string.
        case quoted
        /// `@Name` or `@"Name"`: a tab.
        case item
    }

    var kind: Kind
    var text: String
    var column: Int
}

/// The parser's working state while it reads lines.
struct ParseState {
    let file: String
    let reader: GestureScriptParser.FileReader?
    var scene = GestureScript.Scene()
    var steps: [GestureScript.Step] = []
    var diagnostics: [ScriptDiagnostic] = []
    var touchesDown: Set<Int> = []
    /// The script's virtual time after the lines read so far: waits and recordings move it, `key … at T` sets it.
    var scriptTime = 0.0
    var inGesturePart = false
    var sceneLinesSeen: Set<String> = []
    /// Where each of `scene.buttons` was declared: its line, the column of
    /// its x, and the column of its `in scroll` (0 for none).
    var buttonPlaces: [(line: Int, column: Int, scrollColumn: Int)] = []
    /// Where the `scroll` line was: its line and the column of its x.
    var scrollPlace: (line: Int, column: Int)?
    /// Where the `list` line was: its line and the column of its x.
    var listPlace: (line: Int, column: Int)?
    /// The line that declared each button's title.
    var buttonLines: [String: Int] = [:]
    /// Where each of `scene.fields` was declared: its line and the column of its x.
    var fieldPlaces: [(line: Int, column: Int)] = []
    /// The line that declared each field's name.
    var fieldLines: [String: Int] = [:]
    /// Whether the buttons were checked against the window and the tab bar.
    var sceneChecked = false
    /// Bytes of recordings read so far, against `maximumRecordingBytes`.
    var recordingBytesRead = 0
    /// Recorded samples replayed so far, against `maximumRecordingSamples`.
    var recordingSamples = 0
    /// Recordings already read, by events and description path, so that
    /// naming one again costs neither reading nor memory (the samples are shared).
    var recordings: [RecordingKey: ReplayRecording] = [:]

    struct RecordingKey: Hashable {
        var events: String
        var description: String?
        var windowSize: Size
    }

    init(file: String, reader: GestureScriptParser.FileReader?) {
        self.file = file
        self.reader = reader
    }

    mutating func error(line: Int, column: Int, _ message: String) {
        diagnostics.append(ScriptDiagnostic(file: file, line: line, column: column, message: message))
    }

    mutating func parseLine(_ bytes: ArraySlice<UInt8>, number: Int) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            error(line: number, column: Self.columnOfInvalidUTF8(bytes), "the text is not valid UTF-8")
            return
        }
        let characters = Array(text)
        if characters.count > GestureScriptParser.maximumLineLength {
            error(line: number, column: GestureScriptParser.maximumLineLength + 1,
                  "the line is longer than \(GestureScriptParser.maximumLineLength) characters")
            return
        }
        var tokens: [ScriptToken] = []
        guard tokenize(characters, line: number, into: &tokens) else { return }
        guard let command = tokens.first else { return }
        guard command.kind == .word else {
            error(line: number, column: command.column, "expected a command, found '\(command.text)'")
            return
        }
        var line = LineReader(tokens: tokens, line: number, endColumn: characters.count + 1)
        line.index = 1
        parseCommand(command, &line)
        diagnostics.append(contentsOf: line.diagnostics.map {
            ScriptDiagnostic(file: file, line: number, column: $0.column, message: $0.message)
        })
    }

    // MARK: Commands

    // The commands come from the table `Demo --help` prints (GestureScriptSyntax.swift).
    static let sceneCommands = Set(GestureScriptParser.commands.filter { $0.part == .scene }.map(\.name))
    static let gestureCommands = Set(GestureScriptParser.commands.filter { $0.part == .gesture }.map(\.name))
    static let unknownCommandMessage = "expected one of: " + GestureScriptParser.commands.map(\.name).joined(separator: ", ")

    mutating func parseCommand(_ command: ScriptToken, _ line: inout LineReader) {
        let name = command.text
        guard GestureScriptParser.commands.contains(where: { $0.name == name }) else {
            line.fail(at: command.column, "unknown command '\(name)'; \(Self.unknownCommandMessage)")
            return
        }
        if Self.sceneCommands.contains(name) {
            if inGesturePart {
                line.fail(at: command.column, "'\(name)' describes the scene, so it must come before the first gesture line")
                return
            }
            if name != "disable" && name != "button" && name != "field" {
                if sceneLinesSeen.contains(name) {
                    line.fail(at: command.column, "'\(name)' is given twice; keep one")
                    return
                }
                sceneLinesSeen.insert(name)
            }
        }
        if Self.gestureCommands.contains(name) {
            // The scene is complete: its buttons can be placed in the window.
            checkScene()
            inGesturePart = true
        }
        switch name {
        case "window": parseWindow(&line)
        case "content-size": parseContentSize(&line)
        case "layout": parseLayout(&line)
        case "tabbar": parseTabBar(&line)
        case "button": parseButton(&line)
        case "field": parseField(&line)
        case "disable": parseDisable(&line)
        case "select": parseSelect(&line)
        case "surface": parseSurface(&line)
        case "scroll": parseScroll(&line)
        case "list": parseList(&line)
        case "down", "move", "up", "cancel": parseTouch(name, &line)
        case "wait": parseWait(&line)
        case "evemu": parseRecording(&line)
        case "key": parseKey(&line)
        case "type": parseType(&line)
        case "pasteboard": parsePasteboard(&line)
        default:
            // A command of the table without a case here: the table's test parses every example, so it shows there.
            line.fail(at: command.column, "the command '\(name)' is listed but not read yet")
        }
    }
}
