import InteractionKitEvemu
import InteractionKitLinux

/// Reads and validates gesture scripts, the Demo's input language.
///
/// A script is UTF-8 text, one command a line; `#` starts a comment (outside
/// quotes) and blank lines are ignored. Times are seconds, coordinates window
/// points. Scene lines come first:
///
/// ```
/// window 390 844                      # the window's size (default 390 844)
/// content-size accessibility-large    # kebab case of ContentSizeCategory (default large)
/// layout rtl                          # ltr (default) or rtl
/// tabbar Home Search "Now Playing"    # a standalone tab bar, 49 points high, at the bottom
/// button Save at 20 100 120 44        # a button: title, then x y width height (several allowed)
/// scroll 0 0 390 600 content 390 3000  # a scroll view: frame, then its content's size; `paging` pages it
/// button Row 7 at 0 420 390 60 in scroll   # a button in the scroll view, in content coordinates
/// disable Search                      # disable tabs or buttons by title
/// select Home                         # the tab selected at the start
/// surface tap long-press pan          # a full-window view with these recognizers:
///                                     # tap double-tap two-finger-tap long-press pan
///                                     # two-finger-pan swipe pinch rotation edge-pan
/// ```
///
/// Then gesture lines, in time order:
///
/// ```
/// down 40 820          # touch 0 goes down; `down @Home` = the centre of tab Home (or of a button)
/// wait 0.6             # virtual time passes (a finger held still)
/// move @"Now Playing"  # or `move X Y`
/// up                   # or `cancel`; either may name where: `up @Settings`
/// down 10 10 id 1      # `id N` at the end of a touch line picks touch N (0…9999)
/// move 140 400 id 1 and 260 400 id 2   # several fingers at one instant (also `down`, `up`, `cancel`)
/// content-size large   # the text size may change mid-gesture
/// evemu "drag.events" desc "device.desc"   # replay a touchscreen recording
/// key tab              # press and release a key now: tab, shift+tab, left, space, return, ctrl+s…
/// key return at 2.5    # … or at a time (seconds from the start; not before the script's time there)
/// ```
///
/// The whole script is checked before anything runs, and every error is
/// reported with its line and column: unknown commands, tabs or buttons,
/// missing, extra or non-finite numbers, negative waits, a touch moved or
/// lifted that is not down, a button with no size, outside the window, over
/// the tab bar or with a title already taken, a scroll view outside the
/// window or with no content, a button in the scroll view outside its
/// content (or with no scroll line), an unknown key name or modifier
/// (pointing at the part), a key pressed at a time already past, an
/// unclosed quote, bytes that are not UTF-8, a file over the size limits, and errors inside replayed
/// recordings.
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
private struct ParseState {
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

    /// The 1-based character column of the first byte that breaks UTF-8.
    static func columnOfInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
        var column = 1
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid:
                column += 1
            case .error, .emptyInput:
                return column
            }
        }
    }

    // MARK: Tokens

    mutating func tokenize(_ characters: [Character], line: Int, into tokens: inout [ScriptToken]) -> Bool {
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "#" { break }
            if character.isWhitespace {
                index += 1
                continue
            }
            let column = index + 1
            var kind = ScriptToken.Kind.word
            if character == "@" {
                kind = .item
                index += 1
                if index >= characters.count || characters[index].isWhitespace || characters[index] == "#" {
                    error(line: line, column: column, "'@' must be followed by a tab's title, as in @Home or @\"Now Playing\"")
                    return false
                }
            }
            if index < characters.count && characters[index] == "\"" {
                let quoteColumn = index + 1
                index += 1
                var text = ""
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == "\\" && index + 1 < characters.count {
                        text.append(characters[index + 1])
                        index += 2
                        continue
                    }
                    if next == "\"" {
                        closed = true
                        index += 1
                        break
                    }
                    text.append(next)
                    index += 1
                }
                guard closed else {
                    error(line: line, column: quoteColumn, "this quote is never closed; add a '\"' at the end of the text")
                    return false
                }
                if index < characters.count && !characters[index].isWhitespace && characters[index] != "#" {
                    error(line: line, column: index + 1, "expected a space after the closing quote")
                    return false
                }
                tokens.append(ScriptToken(kind: kind == .item ? .item : .quoted, text: text, column: column))
                continue
            }
            var text = ""
            while index < characters.count && !characters[index].isWhitespace && characters[index] != "#" {
                text.append(characters[index])
                index += 1
            }
            tokens.append(ScriptToken(kind: kind, text: text, column: column))
        }
        return true
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

    mutating func parseWindow(_ line: inout LineReader) {
        guard let width = line.number("the window's width"), let height = line.number("the window's height") else { return }
        guard line.finish() else { return }
        guard width.value > 0, height.value > 0 else {
            line.fail(at: width.value > 0 ? height.column : width.column, "the window's size must be positive")
            return
        }
        scene.windowSize = Size(width: width.value, height: height.value)
    }

    mutating func parseContentSize(_ line: inout LineReader) {
        guard let token = line.word("a content size such as 'large' or 'accessibility-large'") else { return }
        guard let category = ContentSizeCategory(scriptName: token.text) else {
            line.fail(at: token.column, "unknown content size '\(token.text)'; expected one of: "
                + ContentSizeCategory.allCases.map(\.scriptName).joined(separator: ", "))
            return
        }
        guard line.finish() else { return }
        if inGesturePart {
            steps.append(GestureScript.Step(line: line.line, action: .contentSize(category)))
        } else {
            if sceneLinesSeen.contains("content-size") {
                line.fail(at: token.column, "'content-size' is given twice in the scene; keep one")
                return
            }
            sceneLinesSeen.insert("content-size")
            scene.contentSize = category
        }
    }

    mutating func parseLayout(_ line: inout LineReader) {
        guard let token = line.word("'ltr' or 'rtl'") else { return }
        switch token.text {
        case "ltr": scene.layoutDirection = .leftToRight
        case "rtl": scene.layoutDirection = .rightToLeft
        default:
            line.fail(at: token.column, "unknown layout '\(token.text)'; expected 'ltr' or 'rtl'")
            return
        }
        _ = line.finish()
    }

    mutating func parseTabBar(_ line: inout LineReader) {
        var titles: [String] = []
        while let token = line.next() {
            guard token.kind != .item else {
                line.fail(at: token.column, "a tab's title is written without '@' here")
                return
            }
            guard !titles.contains(token.text) else {
                line.fail(at: token.column, "the tab '\(token.text)' is listed twice; titles must be distinct")
                return
            }
            if let buttonLine = buttonLines[token.text] {
                line.fail(at: token.column, "the tab '\(token.text)' has the title of the button on line \(buttonLine); "
                    + "titles must be distinct so that @\(Self.written(token.text)) names one thing")
                return
            }
            titles.append(token.text)
        }
        guard !titles.isEmpty else {
            line.fail(at: line.endColumn, "expected the tabs' titles, as in: tabbar Home Search \"Now Playing\"")
            return
        }
        scene.tabTitles = titles
    }

    /// `button TITLE at X Y WIDTH HEIGHT [in scroll]`: a `Button` in window
    /// coordinates, or in the scroll view's content coordinates. The title
    /// is one quoted string or the words before `at` (`button Row 7 at …`).
    /// Its place is checked once the scene is complete (see `checkScene`).
    mutating func parseButton(_ line: inout LineReader) {
        let example = "as in: button Save at 20 100 120 44"
        guard let first = line.peek() else {
            line.fail(at: line.endColumn, "expected the button's title, then 'at X Y WIDTH HEIGHT', \(example)")
            return
        }
        guard first.kind != .item else {
            line.fail(at: first.column, "a button's title is written without '@' here, \(example)")
            return
        }
        if first.kind == .word && first.text == "at" {
            line.fail(at: first.column, "expected the button's title before 'at', \(example)")
            return
        }
        guard let words = wordsBeforeAt(&line, "a button's title", example) else { return }
        let title = ScriptToken(kind: words.count == 1 ? first.kind : .quoted, text: words.joined(separator: " "),
                                column: first.column)
        guard !title.text.isEmpty else {
            line.fail(at: title.column, "a button needs a title that is not empty, \(example)")
            return
        }
        guard line.next() != nil else {
            line.fail(at: line.endColumn, "expected 'at' after the button's title, \(example)")
            return
        }
        guard let x = line.number("the button's x"), let y = line.number("the button's y"),
              let width = line.number("the button's width"), let height = line.number("the button's height")
        else { return }
        var scrollColumn = 0
        if let word = line.peek(), word.kind == .word, word.text == "in" {
            line.index += 1
            let place = line.next()
            guard let place, place.kind == .word, place.text == "scroll" else {
                line.fail(at: place?.column ?? line.endColumn,
                          "expected 'scroll' after 'in': a button may be placed in the scroll view, as in: "
                          + "button Row 7 at 0 420 390 60 in scroll")
                return
            }
            scrollColumn = word.column
        }
        guard line.finish() else { return }
        guard width.value > 0 else {
            line.fail(at: width.column, "a button's width must be positive")
            return
        }
        guard height.value > 0 else {
            line.fail(at: height.column, "a button's height must be positive")
            return
        }
        if let tabs = scene.tabTitles, tabs.contains(title.text) {
            line.fail(at: title.column, "the button '\(title.text)' has the title of a tab; "
                + "titles must be distinct so that @\(Self.written(title.text)) names one thing")
            return
        }
        if let earlier = fieldLines[title.text] {
            line.fail(at: title.column, "the field on line \(earlier) is named '\(title.text)'; "
                + "titles must be distinct so that @\(Self.written(title.text)) names one thing")
            return
        }
        if let earlier = buttonLines[title.text] {
            line.fail(at: title.column, "a button titled '\(title.text)' is already on line \(earlier); "
                + "titles must be distinct so that @\(Self.written(title.text)) names one button")
            return
        }
        guard scene.buttons.count < GestureScriptParser.maximumButtons else {
            line.fail(at: line.tokens[0].column, "the scene has more than \(GestureScriptParser.maximumButtons) buttons")
            return
        }
        buttonLines[title.text] = line.line
        buttonPlaces.append((line.line, x.column, scrollColumn))
        scene.buttons.append(GestureScript.SceneButton(
            title: title.text, frame: Rect(x: x.value, y: y.value, width: width.value, height: height.value),
            isInScroll: scrollColumn != 0))
    }

    /// `field NAME at X Y WIDTH HEIGHT [placeholder "P"] [secure]`: a
    /// `TextField` in window coordinates. The name is one quoted string or
    /// the words before `at`, like a button's title; a tab may share it (the
    /// built-in window's Search field and Search tab), and `@NAME` then names
    /// neither. Its place is checked once the scene is complete.
    mutating func parseField(_ line: inout LineReader) {
        let example = "as in: field Search at 20 735 350 44 placeholder \"Search\""
        guard let first = line.peek(), !(first.kind == .word && first.text == "at") else {
            line.fail(at: line.peek()?.column ?? line.endColumn, "expected the field's name, then 'at X Y WIDTH HEIGHT', \(example)")
            return
        }
        guard let words = wordsBeforeAt(&line, "a field's name", example) else { return }
        let name = words.joined(separator: " ")
        guard !name.isEmpty else {
            line.fail(at: first.column, "a field needs a name that is not empty, \(example)")
            return
        }
        guard line.next() != nil else {
            line.fail(at: line.endColumn, "expected 'at' after the field's name, \(example)")
            return
        }
        guard let x = line.number("the field's x"), let y = line.number("the field's y"),
              let width = line.number("the field's width"), let height = line.number("the field's height")
        else { return }
        var placeholder: String?
        var isSecure = false
        while let option = line.next() {
            switch (option.kind, option.text) {
            case (.word, "placeholder") where placeholder == nil:
                guard let text = line.next(), text.kind == .quoted else {
                    line.fail(at: option.column, "expected the placeholder in quotes after 'placeholder', \(example)")
                    return
                }
                placeholder = text.text
            case (.word, "secure") where !isSecure:
                isSecure = true
            default:
                line.fail(at: option.column, "unexpected '\(option.text)'; after the frame a field takes "
                    + "'placeholder \"TEXT\"' and 'secure', each once")
                return
            }
        }
        for (value, what) in [(width, "width"), (height, "height")] where value.value <= 0 {
            line.fail(at: value.column, "a field's \(what) must be positive")
            return
        }
        if let earlier = buttonLines[name] {
            line.fail(at: first.column, "the button on line \(earlier) is titled '\(name)'; "
                + "names must be distinct so that @\(Self.written(name)) names one thing")
            return
        }
        if let earlier = fieldLines[name] {
            line.fail(at: first.column, "a field named '\(name)' is already on line \(earlier); names must be distinct")
            return
        }
        guard scene.fields.count < GestureScriptParser.maximumFields else {
            line.fail(at: line.tokens[0].column, "the scene has more than \(GestureScriptParser.maximumFields) fields")
            return
        }
        fieldLines[name] = line.line
        fieldPlaces.append((line.line, x.column))
        scene.fields.append(GestureScript.SceneField(
            name: name, frame: Rect(x: x.value, y: y.value, width: width.value, height: height.value),
            placeholder: placeholder, isSecure: isSecure))
    }

    /// `list X Y WIDTH HEIGHT rows N [height H] [swipe "A" ["B" …]] [reorder]`:
    /// a `TableView` of N rows titled `Row 1` … `Row N`, H points high, with
    /// these trailing swipe actions, editing (its rows movable) with `reorder`.
    mutating func parseList(_ line: inout LineReader) {
        let example = "as in: list 0 100 390 600 rows 30 swipe \"Delete\""
        guard let x = line.number("the list's x, \(example)"), let y = line.number("the list's y"),
              let width = line.number("the list's width"), let height = line.number("the list's height")
        else { return }
        let word = line.next()
        guard let word, word.kind == .word, word.text == "rows" else {
            line.fail(at: word?.column ?? line.endColumn, "expected 'rows' and how many after the frame, \(example)")
            return
        }
        let limit = GestureScriptParser.maximumListRows
        let count = line.next()
        guard let count, count.kind == .word, let rows = Int(count.text), rows >= 0, rows <= limit else {
            line.fail(at: count?.column ?? line.endColumn, "the number of rows is a whole number from 0 to \(limit)")
            return
        }
        var rowHeight = 44.0
        var actions: [String] = []
        var reorders = false
        var seen: Set<String> = []
        while let option = line.next() {
            guard option.kind == .word, !seen.contains(option.text) else {
                line.fail(at: option.column, "unexpected '\(option.text)'; after the rows a list takes 'height H', "
                    + "'swipe \"A\" …' and 'reorder', each once")
                return
            }
            seen.insert(option.text)
            switch option.text {
            case "height":
                guard let value = line.number("the rows' height in points") else { return }
                guard value.value > 0, value.value <= 10_000 else {
                    line.fail(at: value.column, "a row's height must be positive and at most 10000 points")
                    return
                }
                rowHeight = value.value
            case "swipe":
                while let title = line.peek(), title.kind == .quoted {
                    line.index += 1
                    guard !title.text.isEmpty, !actions.contains(title.text) else {
                        line.fail(at: title.column, "swipe actions have distinct titles that are not empty")
                        return
                    }
                    actions.append(title.text)
                }
                guard !actions.isEmpty, actions.count <= GestureScriptParser.maximumSwipeActions else {
                    line.fail(at: option.column, "'swipe' takes 1 to \(GestureScriptParser.maximumSwipeActions) "
                        + "quoted titles, \(example)")
                    return
                }
            case "reorder":
                reorders = true
            default:
                line.fail(at: option.column, "unexpected '\(option.text)'; after the rows a list takes 'height H', "
                    + "'swipe \"A\" …' and 'reorder', each once")
                return
            }
        }
        for (value, what) in [(width, "width"), (height, "height")] where value.value <= 0 {
            line.fail(at: value.column, "the list's \(what) must be positive")
            return
        }
        listPlace = (line.line, x.column)
        scene.list = GestureScript.SceneList(
            frame: Rect(x: x.value, y: y.value, width: width.value, height: height.value), rowCount: rows,
            rowHeight: rowHeight, swipeActions: actions, reorders: reorders)
    }

    /// The tokens of a title before `at` (`button Row 7 at …`), read up to
    /// it; nil, with an error, at an `@`, which names an item and titles none.
    mutating func wordsBeforeAt(_ line: inout LineReader, _ what: String, _ example: String) -> [String]? {
        var words: [String] = []
        while let token = line.peek(), !(token.kind == .word && token.text == "at") {
            guard token.kind != .item else {
                line.fail(at: token.column, "\(what) is written without '@' here, \(example)")
                return nil
            }
            words.append(token.text)
            line.index += 1
        }
        return words
    }

    /// `scroll X Y WIDTH HEIGHT content WIDTH HEIGHT [paging] [refresh SECONDS]
    /// [zoom MIN MAX]`: a `ScrollView`
    /// in window coordinates and its content's size. Its place is checked
    /// once the scene is complete (see `checkScene`).
    mutating func parseScroll(_ line: inout LineReader) {
        let example = "as in: scroll 0 0 390 600 content 390 3000"
        guard let x = line.number("the scroll view's x, \(example)"), let y = line.number("the scroll view's y"),
              let width = line.number("the scroll view's width"), let height = line.number("the scroll view's height")
        else { return }
        let word = line.next()
        guard let word, word.kind == .word, word.text == "content" else {
            line.fail(at: word?.column ?? line.endColumn,
                      "expected 'content' and the content's width and height after the frame, \(example)")
            return
        }
        guard let contentWidth = line.number("the content's width"), let contentHeight = line.number("the content's height")
        else { return }
        var paging = false
        var refresh: Double?
        var zoom: ClosedRange<Double>?
        while let next = line.peek(), next.kind == .word, ["paging", "refresh", "zoom"].contains(next.text) {
            line.index += 1
            if next.text == "paging" {
                paging = true
                continue
            }
            if next.text == "zoom" {
                let zoomExample = "as in: scroll 0 0 390 600 content 390 600 zoom 1 4"
                guard let low = line.number("the smallest zoom scale, \(zoomExample)"),
                      let high = line.number("the largest zoom scale, \(zoomExample)") else { return }
                let limits = GestureScriptParser.zoomScaleLimits
                for value in [low, high] where !limits.contains(value.value) {
                    line.fail(at: value.column, "a zoom scale must be from \(NumberFormatting.json(limits.lowerBound)) "
                        + "to \(NumberFormatting.json(limits.upperBound))")
                    return
                }
                guard low.value < high.value else {
                    line.fail(at: high.column, "the largest zoom scale must be above the smallest, \(zoomExample)")
                    return
                }
                zoom = low.value...high.value
                continue
            }
            guard let seconds = line.number("how long a refresh lasts, in seconds, as in: scroll 0 0 390 600 content 390 3000 refresh 1.5")
            else { return }
            guard seconds.value > 0 && seconds.value <= GestureScriptParser.maximumRefreshDuration else {
                line.fail(at: seconds.column, "a refresh must last more than 0 and at most "
                    + "\(NumberFormatting.json(GestureScriptParser.maximumRefreshDuration)) seconds")
                return
            }
            refresh = seconds.value
        }
        guard line.finish() else { return }
        for (value, what) in [(width, "the scroll view's width"), (height, "the scroll view's height")] where value.value <= 0 {
            line.fail(at: value.column, "\(what) must be positive")
            return
        }
        let limit = GestureScriptParser.maximumScrollContent
        for value in [contentWidth, contentHeight] where !(value.value > 0 && value.value <= limit) {
            line.fail(at: value.column, "the content's size must be positive and at most \(NumberFormatting.json(limit)) points")
            return
        }
        scrollPlace = (line.line, x.column)
        scene.scroll = GestureScript.SceneScroll(
            frame: Rect(x: x.value, y: y.value, width: width.value, height: height.value),
            contentSize: Size(width: contentWidth.value, height: contentHeight.value), isPagingEnabled: paging,
            refreshDuration: refresh, zoomRange: zoom
        )
    }

    /// Checks, once the scene is complete, that every button lies inside
    /// the window and clear of the tab bar (whatever order the scene lines
    /// came in); errors go to the buttons' lines.
    mutating func checkScene() {
        guard !sceneChecked else { return }
        sceneChecked = true
        let window = Rect(origin: .zero, size: scene.windowSize)
        let tabBarTop = scene.tabTitles == nil ? nil : scene.windowSize.height - GestureScriptParser.tabBarHeight
        let size = "\(NumberFormatting.json(scene.windowSize.width)) × \(NumberFormatting.json(scene.windowSize.height))"
        if let scroll = scene.scroll, let place = scrollPlace {
            let frame = scroll.frame
            if !(frame.minX >= window.minX && frame.minY >= window.minY && frame.maxX <= window.maxX
                && frame.maxY <= window.maxY) {
                error(line: place.line, column: place.column, "the scroll view does not fit in the \(size) window; "
                    + "its frame must lie inside it")
            } else if let tabBarTop, frame.maxY > tabBarTop {
                error(line: place.line, column: place.column, "the scroll view overlaps the tab bar "
                    + "(from y \(NumberFormatting.json(tabBarTop)) down); make it end above")
            }
        }
        checkFields(window: window, tabBarTop: tabBarTop, size: size)
        if let list = scene.list, let place = listPlace {
            let frame = list.frame
            if !(frame.minX >= window.minX && frame.minY >= window.minY && frame.maxX <= window.maxX
                && frame.maxY <= window.maxY) {
                error(line: place.line, column: place.column, "the list does not fit in the \(size) window; "
                    + "its frame must lie inside it")
            } else if let tabBarTop, frame.maxY > tabBarTop {
                error(line: place.line, column: place.column, "the list overlaps the tab bar "
                    + "(from y \(NumberFormatting.json(tabBarTop)) down); make it end above")
            }
        }
        for (index, button) in scene.buttons.enumerated() {
            let place = buttonPlaces[index]
            let frame = button.frame
            if button.isInScroll {
                guard let scroll = scene.scroll else {
                    error(line: place.line, column: place.scrollColumn, "the button '\(button.title)' is 'in scroll', "
                        + "but the scene has no scroll view; add a line such as: scroll 0 0 390 600 content 390 3000")
                    continue
                }
                let content = scroll.contentSize
                if !(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= content.width && frame.maxY <= content.height) {
                    error(line: place.line, column: place.column, "the button '\(button.title)' does not fit in the "
                        + "scroll view's \(NumberFormatting.json(content.width)) × \(NumberFormatting.json(content.height)) "
                        + "content; a button in scroll is placed in content coordinates, inside it")
                }
                continue
            }
            if !(frame.minX >= window.minX && frame.minY >= window.minY && frame.maxX <= window.maxX
                && frame.maxY <= window.maxY) {
                error(line: place.line, column: place.column, "the button '\(button.title)' does not fit in the \(size) "
                    + "window; its frame must lie inside it")
            } else if let tabBarTop, frame.maxY > tabBarTop {
                error(line: place.line, column: place.column, "the button '\(button.title)' overlaps the tab bar "
                    + "(from y \(NumberFormatting.json(tabBarTop)) down); move it above")
            }
        }
    }

    /// Checks each field as `checkScene` checks a button outside the scroll view.
    mutating func checkFields(window: Rect, tabBarTop: Double?, size: String) {
        for (index, field) in scene.fields.enumerated() {
            let place = fieldPlaces[index]
            let frame = field.frame
            if !(frame.minX >= window.minX && frame.minY >= window.minY && frame.maxX <= window.maxX
                && frame.maxY <= window.maxY) {
                error(line: place.line, column: place.column, "the field '\(field.name)' does not fit in the \(size) "
                    + "window; its frame must lie inside it")
            } else if let tabBarTop, frame.maxY > tabBarTop {
                error(line: place.line, column: place.column, "the field '\(field.name)' overlaps the tab bar "
                    + "(from y \(NumberFormatting.json(tabBarTop)) down); move it above")
            }
        }
    }

    /// A title as a script writes it after `@`: quoted when it has a space.
    static func written(_ title: String) -> String {
        title.contains(" ") ? "\"\(title)\"" : title
    }

    /// The index of the button with this title, if any.
    func buttonIndex(_ title: String) -> Int? {
        guard buttonLines[title] != nil else { return nil }
        for (index, button) in scene.buttons.enumerated() where button.title == title { return index }
        return nil
    }

    mutating func parseDisable(_ line: inout LineReader) {
        var any = false
        while let token = line.next() {
            guard let title = itemTitle(token, &line) else { return }
            if let index = buttonIndex(title) {
                scene.buttons[index].isEnabled = false
            } else if let index = scene.fields.firstIndex(where: { $0.name == title }) {
                scene.fields[index].isEnabled = false
            } else if !scene.disabledTabs.contains(title) {
                scene.disabledTabs.append(title)
            }
            any = true
        }
        if !any {
            line.fail(at: line.endColumn, scene.buttons.isEmpty
                ? "expected the title of a tab to disable" : "expected the title of a tab or a button to disable")
        }
    }

    mutating func parseSelect(_ line: inout LineReader) {
        guard let token = line.next() else {
            line.fail(at: line.endColumn, "expected the title of the tab to select")
            return
        }
        if buttonIndex(token.text) != nil {
            line.fail(at: token.column, "'\(token.text)' is a button; 'select' names the tab selected at the start")
            return
        }
        guard let title = tabTitle(token, &line), line.finish() else { return }
        scene.selectedTab = title
    }

    mutating func parseSurface(_ line: inout LineReader) {
        var recognizers: [GestureScript.SurfaceRecognizer] = []
        while let token = line.next() {
            guard let recognizer = GestureScript.SurfaceRecognizer(rawValue: token.text), token.kind == .word else {
                line.fail(at: token.column, "unknown recognizer '\(token.text)'; expected \(GestureScript.SurfaceRecognizer.names)")
                return
            }
            guard !recognizers.contains(recognizer) else {
                line.fail(at: token.column, "'\(token.text)' is listed twice")
                return
            }
            recognizers.append(recognizer)
        }
        guard !recognizers.isEmpty else {
            line.fail(at: line.endColumn, "expected recognizers, as in: surface tap long-press pan")
            return
        }
        scene.surfaceRecognizers = recognizers
    }

    /// A title in a `disable` line or after `@`: it must name a tab or a
    /// button (with no buttons, the messages speak of tabs only).
    mutating func itemTitle(_ token: ScriptToken, _ line: inout LineReader) -> String? {
        let isTab = scene.tabTitles?.contains(token.text) == true
        if fieldLines[token.text] != nil {
            guard !isTab else {
                line.fail(at: token.column, "'\(token.text)' names both a tab and a field; use a point (X Y) instead")
                return nil
            }
            return token.text
        }
        if scene.buttons.isEmpty && scene.fields.isEmpty { return tabTitle(token, &line) }
        if isTab || buttonIndex(token.text) != nil { return token.text }
        var known = ""
        if let tabs = scene.tabTitles { known = "the tabs are: " + tabs.map(Self.written).joined(separator: ", ") + "; " }
        var lists: [String] = []
        if !scene.buttons.isEmpty {
            let shown = scene.buttons.prefix(10).map { Self.written($0.title) }.joined(separator: ", ")
            let more = scene.buttons.count > 10 ? " and \(scene.buttons.count - 10) more" : ""
            lists.append("the buttons are: \(shown)\(more)")
        }
        if !scene.fields.isEmpty {
            lists.append("the fields are: " + scene.fields.map { Self.written($0.name) }.joined(separator: ", "))
        }
        let what = scene.fields.isEmpty ? "tab or button" : scene.buttons.isEmpty ? "tab or field" : "tab, button or field"
        line.fail(at: token.column, "unknown \(what) '\(token.text)'; \(known)" + lists.joined(separator: "; "))
        return nil
    }

    /// A tab's title in a `select` line (or, with no buttons, `disable` and after `@`): it must name a tab.
    mutating func tabTitle(_ token: ScriptToken, _ line: inout LineReader) -> String? {
        guard let titles = scene.tabTitles else {
            line.fail(at: token.column, "there is no tab bar; add a 'tabbar' line before naming tabs")
            return nil
        }
        guard titles.contains(token.text) else {
            line.fail(at: token.column, "unknown tab '\(token.text)'; the tabs are: "
                + titles.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: ", "))
            return nil
        }
        return token.text
    }

    mutating func parseTouch(_ name: String, _ line: inout LineReader) {
        // `and` joins fingers that move at one instant: `move 1 2 id 1 and 3 4 id 2`.
        var seen: Set<Int> = []
        repeat {
            guard parseTouchGroup(name, &line, seen: &seen) else { return }
            guard let next = line.peek(), next.kind == .word, next.text == "and" else { break }
            line.index += 1
        } while true
        _ = line.finish()
    }

    /// One finger of a touch line: `[TARGET] [id N]`; false after an error.
    mutating func parseTouchGroup(_ name: String, _ line: inout LineReader, seen: inout Set<Int>) -> Bool {
        let commandColumn = seen.isEmpty ? line.tokens[0].column : line.peek()?.column ?? line.endColumn
        var target: GestureScript.Target?
        if let next = line.peek(), !(next.kind == .word && (next.text == "id" || next.text == "and")) {
            guard let parsed = parseTarget(&line) else { return false }
            target = parsed
        }
        var id = 0
        if let next = line.peek(), next.kind == .word, next.text == "id" {
            line.index += 1
            guard let parsed = line.touchID() else { return false }
            id = parsed
        }
        if let next = line.peek(), !(next.kind == .word && next.text == "and") {
            return line.finish()
        }
        guard seen.insert(id).inserted else {
            line.fail(at: commandColumn, "touch \(id) is named twice on this line")
            return false
        }
        switch name {
        case "down":
            guard let target else {
                line.fail(at: line.endColumn, "expected where the finger goes down: X Y, or @Tab")
                return false
            }
            guard !touchesDown.contains(id) else {
                line.fail(at: commandColumn, "touch \(id) is already down; lift it first or use another id")
                return false
            }
            touchesDown.insert(id)
            steps.append(GestureScript.Step(line: line.line, action: .down(id: id, at: target)))
        case "move":
            guard let target else {
                line.fail(at: line.endColumn, "expected where the finger moves to: X Y, or @Tab")
                return false
            }
            guard touchesDown.contains(id) else {
                line.fail(at: commandColumn, "touch \(id) is not down; add a 'down' line first")
                return false
            }
            steps.append(GestureScript.Step(line: line.line, action: .move(id: id, to: target)))
        default:
            guard touchesDown.contains(id) else {
                line.fail(at: commandColumn, "touch \(id) is not down, so it cannot \(name == "up" ? "lift" : "be cancelled")")
                return false
            }
            touchesDown.remove(id)
            let action: GestureScript.Action = name == "up" ? .up(id: id, at: target) : .cancel(id: id, at: target)
            steps.append(GestureScript.Step(line: line.line, action: action))
        }
        return true
    }

    mutating func parseTarget(_ line: inout LineReader) -> GestureScript.Target? {
        guard let first = line.peek() else { return nil }
        if first.kind == .item {
            line.index += 1
            guard let title = itemTitle(first, &line) else { return nil }
            return .item(title)
        }
        guard let x = line.number("an x coordinate"), let y = line.number("a y coordinate") else { return nil }
        return .point(Point(x: x.value, y: y.value))
    }

    mutating func parseWait(_ line: inout LineReader) {
        guard let seconds = line.number("how many seconds to wait") else { return }
        guard line.finish() else { return }
        guard seconds.value >= 0 else {
            line.fail(at: seconds.column, "a wait cannot be negative; time only moves forward")
            return
        }
        scriptTime += seconds.value
        steps.append(GestureScript.Step(line: line.line, action: .wait(seconds.value)))
    }

    /// `key NAME [at T]`: a key pressed and released now, or at T seconds
    /// from the start (not before the script's time on that line).
    mutating func parseKey(_ line: inout LineReader) {
        let example = "as in: key tab, key shift+tab or key ctrl+s"
        guard let token = line.next() else {
            line.fail(at: line.endColumn, "expected a key name, \(example)")
            return
        }
        guard token.kind == .word else {
            line.fail(at: token.column, "expected a key name without quotes or '@', \(example)")
            return
        }
        let key: Key
        do {
            key = try Key(name: token.text)
        } catch {
            line.fail(at: token.column + error.offset, error.message)
            return
        }
        guard let time = startTime(&line, "the time to press the key", "the key cannot be pressed"),
              line.finish() else { return }
        if let time { scriptTime = time }
        steps.append(GestureScript.Step(line: line.line, action: .key(key, at: time)))
    }

    /// `type "TEXT" [at T]`: each grapheme a key press and release that
    /// types it, `GestureScript.typingInterval` apart, now or from T seconds
    /// (not before the script's time on that line); the script's time moves
    /// on by one interval per grapheme.
    mutating func parseType(_ line: inout LineReader) {
        let example = "as in: type \"cat\""
        guard let token = line.next() else {
            line.fail(at: line.endColumn, "expected the text to type in quotes, \(example)")
            return
        }
        guard token.kind == .quoted else {
            line.fail(at: token.column, "the text to type goes in quotes, \(example)")
            return
        }
        guard !token.text.isEmpty else {
            line.fail(at: token.column, "the text to type is empty; put at least one character in the quotes")
            return
        }
        if let bad = token.text.first(where: { Key(typing: $0) == nil }) {
            let code = bad.unicodeScalars.first.map { "U+" + String($0.value, radix: 16, uppercase: true) } ?? "?"
            line.fail(at: token.column, "the text holds a control character (\(code)), which no key types; "
                + "use a key line (key return, key tab) for it")
            return
        }
        guard let time = startTime(&line, "the time to start typing", "typing cannot start"), line.finish() else { return }
        scriptTime = (time ?? scriptTime) + Double(token.text.count) * GestureScript.typingInterval
        steps.append(GestureScript.Step(line: line.line, action: .type(token.text, at: time)))
    }

    /// An optional `at T` ending a line: `.some(nil)` without one, `.some(T)`
    /// with one, nil after an error (a missing number, or a time the script
    /// is already past, which `cannot` words: "the key cannot be pressed").
    mutating func startTime(_ line: inout LineReader, _ expected: String, _ cannot: String) -> Double?? {
        guard let next = line.peek(), next.kind == .word, next.text == "at" else { return .some(nil) }
        line.index += 1
        guard let at = line.number("\(expected), in seconds from the start") else { return nil }
        guard at.value >= scriptTime else {
            line.fail(at: at.column, "the script is already at \(NumberFormatting.json(scriptTime)) s here, "
                + "so \(cannot) at \(NumberFormatting.json(at.value)) s; time only moves forward")
            return nil
        }
        return .some(at.value)
    }

    /// `pasteboard "TEXT"`: the window's pasteboard holds TEXT from now on.
    mutating func parsePasteboard(_ line: inout LineReader) {
        let token = line.next()
        guard let token, token.kind == .quoted else {
            line.fail(at: token?.column ?? line.endColumn, "expected the pasteboard's text in quotes, as in: pasteboard \"hello\"")
            return
        }
        guard line.finish() else { return }
        steps.append(GestureScript.Step(line: line.line, action: .pasteboard(token.text)))
    }

    mutating func parseRecording(_ line: inout LineReader) {
        guard let path = line.path("the recording's path in quotes, as in: evemu \"drag.events\"") else { return }
        var descriptionPath: ScriptToken?
        if let next = line.peek(), next.kind == .word, next.text == "desc" {
            line.index += 1
            guard let parsed = line.path("the description's path in quotes, as in: desc \"device.desc\"") else { return }
            descriptionPath = parsed
        }
        guard line.finish() else { return }
        guard reader != nil else {
            line.fail(at: path.column, "recordings cannot be read here (no file loader was given)")
            return
        }
        let eventsPath = resolve(path.text)
        let resolvedDescription = descriptionPath.map { resolve($0.text) }
        let key = RecordingKey(events: eventsPath, description: resolvedDescription, windowSize: scene.windowSize)
        let recording: ReplayRecording
        if let known = recordings[key] {
            recording = ReplayRecording(file: path.text, deviceName: known.deviceName, samples: known.samples)
        } else {
            guard let eventsBytes = read(eventsPath, what: "recording", column: path.column, &line) else { return }
            var descriptionText: String?
            if let descriptionPath, let resolvedDescription {
                guard let bytes = read(resolvedDescription, what: "description", column: descriptionPath.column, &line)
                else { return }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    line.fail(at: descriptionPath.column, "the description '\(resolvedDescription)' is not valid UTF-8")
                    return
                }
                descriptionText = text
            }
            guard let eventsText = String(validating: eventsBytes, as: UTF8.self) else {
                line.fail(at: path.column, "the recording '\(eventsPath)' is not valid UTF-8")
                return
            }
            do {
                let parsed = try EvemuRecording(
                    events: eventsText, eventsFile: eventsPath, description: descriptionText,
                    descriptionFile: resolvedDescription
                )
                let samples = parsed.touchInputs(
                    windowSize: scene.windowSize, startTime: 0, firstTouchID: GestureScriptParser.recordingTouchIDBase
                )
                recording = ReplayRecording(file: path.text, deviceName: parsed.device.name, samples: samples)
                recordings[key] = recording
            } catch {
                diagnostics.append(error)
                line.fail(at: path.column, "the recording '\(eventsPath)' has errors (above)")
                return
            }
        }
        let limit = GestureScriptParser.maximumRecordingSamples
        guard recording.samples.count <= limit - recordingSamples else {
            line.fail(at: path.column, "replaying '\(path.text)' (\(recording.samples.count) samples) would take the "
                + "script past \(limit) recorded samples, the limit for all its recordings together")
            return
        }
        recordingSamples += recording.samples.count
        scriptTime += recording.duration
        steps.append(GestureScript.Step(line: line.line, action: .recording(recording)))
    }

    /// Reads a recording's file within the per-file limit, then counts it
    /// against the script's budget; nil (with an error on the line) when it
    /// cannot be read or the budget is spent.
    mutating func read(_ path: String, what: String, column: Int, _ line: inout LineReader) -> [UInt8]? {
        guard let reader else { return nil }
        let limit = EvemuLimits.maximumBytes
        switch reader(path, limit) {
        case .failure(let reason):
            line.fail(at: column, "cannot read the \(what) '\(path)'" + (reason.isEmpty ? "" : ": \(reason)"))
            return nil
        case .bytes(let bytes):
            guard bytes.count <= limit else {
                line.fail(at: column, "cannot read the \(what) '\(path)': it is over \(limit) bytes, the limit for one file")
                return nil
            }
            let total = GestureScriptParser.maximumRecordingBytes
            guard bytes.count <= total - recordingBytesRead else {
                line.fail(at: column, "cannot read the \(what) '\(path)': the files this script's recordings read "
                    + "would pass \(total) bytes, the limit for all of them together")
                return nil
            }
            recordingBytesRead += bytes.count
            return bytes
        }
    }

    /// A path relative to the script's folder.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }
}

/// Reads the arguments of one line and collects its errors.
private struct LineReader {
    let tokens: [ScriptToken]
    let line: Int
    let endColumn: Int
    var index = 0
    var diagnostics: [(column: Int, message: String)] = []

    init(tokens: [ScriptToken], line: Int, endColumn: Int) {
        self.tokens = tokens
        self.line = line
        self.endColumn = endColumn
    }

    mutating func fail(at column: Int, _ message: String) {
        diagnostics.append((column, message))
    }

    func peek() -> ScriptToken? {
        index < tokens.count ? tokens[index] : nil
    }

    mutating func next() -> ScriptToken? {
        guard let token = peek() else { return nil }
        index += 1
        return token
    }

    mutating func word(_ expected: String) -> ScriptToken? {
        guard let token = next() else {
            fail(at: endColumn, "expected \(expected)")
            return nil
        }
        return token
    }

    mutating func number(_ expected: String) -> (value: Double, column: Int)? {
        guard let token = next() else {
            fail(at: endColumn, "expected \(expected)")
            return nil
        }
        guard token.kind == .word, let value = Double(token.text) else {
            fail(at: token.column, "expected \(expected), found '\(token.text)'")
            return nil
        }
        guard value.isFinite else {
            fail(at: token.column, "'\(token.text)' is not a finite number")
            return nil
        }
        return (value, token.column)
    }

    mutating func touchID() -> Int? {
        guard let token = next() else {
            fail(at: endColumn, "expected a touch id after 'id'")
            return nil
        }
        guard token.kind == .word, let id = Int(token.text), id >= 0, id <= GestureScriptParser.maximumTouchID else {
            fail(at: token.column, "a touch id is a whole number from 0 to \(GestureScriptParser.maximumTouchID), found '\(token.text)'")
            return nil
        }
        return id
    }

    mutating func path(_ expected: String) -> ScriptToken? {
        guard let token = next() else {
            fail(at: endColumn, "expected \(expected)")
            return nil
        }
        guard token.kind == .quoted || token.kind == .word, !token.text.isEmpty else {
            fail(at: token.column, "expected \(expected)")
            return nil
        }
        return token
    }

    /// Checks that nothing is left on the line.
    mutating func finish() -> Bool {
        guard let extra = peek() else { return true }
        fail(at: extra.column, "unexpected '\(extra.text)' at the end of the line")
        return false
    }
}
