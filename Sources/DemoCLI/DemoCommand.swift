import Foundation
import InteractionKitLinux
import InteractionKitPictures
import InteractionKitReplay
import InteractionKitEvemu

/// The `Demo` command line: parses arguments, reads and validates a gesture
/// script, replays it and prints what happened.
///
/// Exit status: 0 after a replay (or `--help`), 1 when the script cannot be
/// read or has errors (nothing is replayed), 2 for a usage error.
public enum DemoCommand {
    /// What to print.
    public enum Format: String, Sendable {
        /// The human transcript, with pictures.
        case text
        /// One JSON object per event.
        case jsonl
    }

    /// The parsed command line.
    public struct Options: Equatable, Sendable {
        /// The script to replay; nil replays the built-in seed scenario.
        public var scriptPath: String?
        /// What to print.
        public var format = Format.text
        /// Where to write SVG pictures, if anywhere.
        public var svgDirectory: String?
        /// Whether the text transcript includes terminal pictures.
        public var pictures = true
        /// Whether pictures use ASCII only.
        public var ascii = false
        /// The width of terminal pictures, in columns.
        public var columns = 60
        /// Whether the text transcript lists every move of a recording.
        public var allMoves = false
        /// Whether to print the help and stop.
        public var help = false
        /// Live modes (`--live`, `--device PATH`, `--desc DESC`): see `LiveOptions`.
        public var live = LiveOptions()
        /// Whether to serve the scene to screen readers over AT-SPI (`--atspi`).
        public var atspi = false
        /// Whether `--atspi` replays the script's steps on the real clock while it serves (`--play`).
        public var play = false
        /// Whether `--atspi` logs each request and event on standard error (`--verbose`).
        public var verbose = false

        /// The defaults: the built-in script, text with Unicode pictures.
        public init() {}
    }

    /// A usage error: what was wrong with the arguments.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        /// The message.
        public var description: String
    }

    /// Runs the command; returns the exit status.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - output: Receives standard output.
    ///   - errors: Receives standard error.
    @MainActor
    public static func run(arguments: [String], output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        run(arguments: arguments, standardInput: { BoundedFile.read(descriptor: 0, limit: $0) }, output: output, errors: errors)
    }

    /// The name standard input has in diagnostics and transcripts (`-` on the command line).
    static let standardInputName = "<stdin>"

    /// Runs the command, reading `-` from `standardInput` (given the byte limit).
    @MainActor
    static func run(
        arguments: [String],
        standardInput: (Int) -> Result<[UInt8], BoundedFile.Failure>,
        output: (String) -> Void,
        errors rawErrors: (String) -> Void
    ) -> Int32 {
        // Messages quote scripts, recordings and paths: their control
        // characters are shown escaped, never sent to the terminal.
        func errors(_ text: String) { rawErrors(TranscriptFormatter.escapingControlCharacters(text)) }
        let options: Options
        do {
            options = try parse(arguments: arguments)
        } catch {
            errors("Demo: \(error)\nRun 'Demo --help' for usage.\n")
            return 2
        }
        if options.help {
            output(helpText)
            return 0
        }
        let file: String
        let bytes: [UInt8]
        if let path = options.scriptPath {
            let limit = GestureScriptParser.maximumBytes
            let read = path == "-" ? standardInput(limit) : BoundedFile.read(path: path, limit: limit)
            file = path == "-" ? standardInputName : path
            switch read {
            case .success(let data):
                bytes = data
            case .failure(let failure):
                errors("\(file):1:1: error: cannot read the script: \(failure)\n")
                return 1
            }
        } else {
            file = BuiltInScript.name
            bytes = Array(BuiltInScript.text.utf8)
        }
        let script: GestureScript
        do {
            script = try GestureScriptParser(file: file, reader: readFile).parse(bytes)
        } catch {
            errors(error.description + "\n")
            return 1
        }
        if options.atspi {
            if options.live.terminal {
                return LiveMode.run(script: GestureScript(file: script.file, scene: script.scene, steps: []), output: output,
                                    errors: errors, serving: true, verbose: options.verbose)
            }
            return AtspiMode.run(script: script, play: options.play, verbose: options.verbose, output: output, errors: errors)
        }
        if let status = LiveOptions.run(options, script: script, output: output, errors: errors) { return status }
        if let directory = options.svgDirectory {
            // Checked before the replay, so that a bad folder fails before the transcript prints.
            do {
                try SVGDirectory.prepare(directory)
            } catch {
                errors("Demo: cannot write SVG pictures to \(directory): \(error)\n")
                return 1
            }
        }
        let replay = ScriptPlayer(script: script).run()
        switch options.format {
        case .jsonl:
            output(TranscriptFormatter.jsonLines(replay))
        case .text:
            var textOptions = TranscriptFormatter.TextOptions(allRecordingMoves: options.allMoves, ascii: options.ascii)
            if options.pictures {
                let columns = options.columns
                let ascii = options.ascii
                textOptions.picture = { TerminalPicture.render($0, columns: columns, ascii: ascii) }
                textOptions.legend = TerminalPicture.legend(
                    ascii: ascii, scroll: script.scene.scroll != nil, fields: !script.scene.fields.isEmpty,
                    list: script.scene.list != nil)
            }
            output(TranscriptFormatter.text(replay, options: textOptions))
        }
        if let directory = options.svgDirectory {
            do {
                let written = try SVGDirectory.write(replay, to: directory)
                errors("Demo: wrote \(written) SVG picture\(written == 1 ? "" : "s") to \(directory)\n")
            } catch {
                errors("Demo: cannot write SVG pictures to \(directory): \(error)\n")
                return 1
            }
        }
        return 0
    }

    /// Parses the arguments. An option's value may follow it (`--columns 80`)
    /// or be joined to it with `=` (`--columns=80`); `-` is standard input.
    public static func parse(arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var joinedValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                joinedValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func value() throws(UsageError) -> String {
                if let joinedValue { return joinedValue }
                index += 1
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError(description: "\(argument) needs a value")
                }
                return arguments[index]
            }
            func flag() throws(UsageError) {
                if joinedValue != nil { throw UsageError(description: "\(argument) takes no value") }
            }
            if argument.hasPrefix("-") && argument != "-" && Self.option(named: argument) == nil {
                throw UsageError(description: "unknown option '\(arguments[index])'" + Self.suggestion(for: argument))
            }
            switch argument {
            case "-h", "--help":
                try flag()
                options.help = true
            case "--format":
                let name = try value()
                guard let format = Format(rawValue: name) else {
                    throw UsageError(description: "unknown format '\(name)'; use text or jsonl")
                }
                options.format = format
            case "--svg":
                let directory = try value()
                guard !directory.isEmpty else { throw UsageError(description: "--svg needs a folder") }
                options.svgDirectory = directory
            case "--no-pictures":
                try flag()
                options.pictures = false
            case "--ascii":
                try flag()
                options.ascii = true
            case "--columns":
                let text = try value()
                guard let columns = Int(text), (24...200).contains(columns) else {
                    throw UsageError(description: "--columns takes a whole number from 24 to 200, not '\(text)'")
                }
                options.columns = columns
            case "--all-moves":
                try flag()
                options.allMoves = true
            case "--live":
                try flag()
                options.live.terminal = true
            case "--device":
                options.live.devicePath = try value()
            case "--desc":
                options.live.descriptionPath = try value()
            case "--atspi":
                try flag()
                options.atspi = true
            case "--play":
                try flag()
                options.play = true
            case "--verbose":
                try flag()
                options.verbose = true
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    // An option of the table that this switch does not read yet.
                    throw UsageError(description: "the option '\(argument)' is listed but not read yet")
                }
                guard options.scriptPath == nil else {
                    throw UsageError(description: "one script at a time, but got '\(options.scriptPath ?? "")' and '\(argument)'")
                }
                options.scriptPath = argument
            }
            index += 1
        }
        try options.live.validate()
        if options.atspi && options.live.devicePath != nil {
            throw UsageError(description: "--atspi cannot be combined with --device")
        }
        if options.play && !options.atspi {
            throw UsageError(description: "--play replays the script while serving it to screen readers; give --atspi too")
        }
        if options.play && options.live.terminal {
            throw UsageError(description: "--play and --live both drive the scene; choose one")
        }
        if options.verbose && !options.atspi {
            throw UsageError(description: "--verbose logs the AT-SPI requests; give --atspi too")
        }
        return options
    }

    /// Reads a file a script refers to, measuring it first and reading at
    /// most `limit` bytes (one more for a stream, to tell that it is longer).
    @Sendable
    static func readFile(_ path: String, limit: Int) -> GestureScriptParser.FileReadResult {
        switch BoundedFile.read(path: path, limit: limit) {
        case .success(let bytes): .bytes(bytes)
        case .failure(let failure): .failure(failure.description)
        }
    }

    // MARK: Help

    /// An option of the command line, as `--help` lists it; `parse` reads
    /// only the options listed here, so the help cannot leave one out.
    struct OptionHelp: Sendable {
        /// Its names (`-h`, `--help`).
        var names: [String]
        /// What its value is called (`DIR`), nil for a flag.
        var value: String?
        /// What it does.
        var meaning: String

        /// How the help writes it: `--svg DIR`, `-h, --help`.
        var usage: String { names.joined(separator: ", ") + (value.map { " " + $0 } ?? "") }
    }

    /// The options, in the order the help lists them.
    static let options: [OptionHelp] = [
        OptionHelp(names: ["--format"], value: "text|jsonl",
                   meaning: "text (default): a transcript to read, with pictures of the screen whenever the HUD, "
                    + "the selection, a button's highlight or the focus changes; jsonl: one JSON object per event "
                    + "(\"t\", \"event\", ...)"),
        OptionHelp(names: ["--svg"], value: "DIR",
                   meaning: "also write each picture as an SVG file in DIR, with an index.html to view them in a "
                    + "browser (the frame-NNN.svg files of an earlier run are replaced); DIR is checked before "
                    + "anything is replayed"),
        OptionHelp(names: ["--no-pictures"], value: nil, meaning: "leave the terminal pictures out of the transcript"),
        OptionHelp(names: ["--ascii"], value: nil, meaning: "print ASCII characters only (pictures and transcript)"),
        OptionHelp(names: ["--columns"], value: "N", meaning: "width of the terminal pictures (24-200, default 60)"),
        OptionHelp(names: ["--all-moves"], value: nil, meaning: "list every move of a replayed recording"),
        OptionHelp(names: ["--live"], value: nil,
                   meaning: "run the scene in this terminal: press, hold and drag with the mouse; Tab, Shift-Tab, "
                    + "the arrows, Home and End move the keyboard focus, Space and Return press what has it; "
                    + "q quits (then the summary is printed), a toggles accessibility text sizes, r toggles "
                    + "right-to-left. Other keys and typed text are key presses, the keypad's keys arrive as "
                    + "keypad keys (keypad Enter is not Return) and a paste arrives whole, as one paste. "
                    + "Keys that cannot pass: Caps Lock, and keys that the terminal or the "
                    + "desktop keep for themselves (Alt-Tab, F11, Ctrl-Alt keys, and Orca's own modifier "
                    + "when Orca runs); with Num Lock on, many terminals send the keypad's digits as plain digits"),
        OptionHelp(names: ["--device"], value: "PATH",
                   meaning: "read a Linux evdev touchscreen live onto the scene (/dev/input/eventN, or a file or "
                    + "FIFO of 24-byte input_event records), printing as usual"),
        OptionHelp(names: ["--desc"], value: "DESC", meaning: "the device's evemu description, for a file or FIFO"),
        OptionHelp(names: ["--atspi"], value: nil,
                   meaning: "serve the scene to screen readers on the AT-SPI accessibility bus (needs a session "
                    + "bus) until Ctrl-C, printing each selection; with --live, while the terminal drives it"),
        OptionHelp(names: ["--play"], value: nil,
                   meaning: "with --atspi: replay SCRIPT's steps on the real clock while serving, then keep serving"),
        OptionHelp(names: ["--verbose"], value: nil,
                   meaning: "with --atspi: log each request and event on standard error"),
        OptionHelp(names: ["-h", "--help"], value: nil, meaning: "show this help"),
    ]

    /// The option called `name`, if the table has one.
    static func option(named name: String) -> OptionHelp? {
        options.first { $0.names.contains(name) }
    }

    /// "; did you mean '--columns'?" for the option nearest `name` by edit
    /// distance, when one is near enough to be a slip; else nothing.
    static func suggestion(for name: String) -> String {
        let candidates = options.flatMap(\.names).filter { $0.hasPrefix("--") }
        let scored = candidates.map { ($0, editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
        // A slip: at most a third of the name wrong (and never more than 4 edits).
        guard best.1 <= min(4, max(1, best.0.count / 3)) else { return "" }
        return "; did you mean '\(best.0)'?"
    }

    /// The Levenshtein distance between two strings: the fewest
    /// insertions, deletions and substitutions of characters from one to the other.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The width the help is wrapped to.
    static let helpWidth = 80

    /// Rows of two columns: each `term` in the first (`indent` spaces in),
    /// its meaning wrapped beside it from column `column`; a term too long
    /// for its column has its meaning start on the next line.
    static func table(_ rows: [(term: String, meaning: String)], indent: Int, column: Int) -> String {
        var lines: [String] = []
        for (term, meaning) in rows {
            let lead = String(repeating: " ", count: indent) + term
            let wrapped = wrap(meaning, width: helpWidth - column)
            var first = true
            if lead.count + 1 > column {
                lines.append(lead)
                first = false
            }
            for part in wrapped {
                let start = first ? lead + String(repeating: " ", count: column - lead.count) : String(repeating: " ", count: column)
                lines.append(start + part)
                first = false
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The script language's lines, from the parser's own table: scene
    /// lines (up to the first gesture line), then gesture lines.
    static func scriptLines() -> (scene: String, gestures: String) {
        let examples = GestureScriptParser.examples
        let firstGesture = examples.firstIndex { $0.part == .gesture } ?? examples.count
        func rows(_ part: ArraySlice<GestureScriptParser.Example>) -> String {
            table(part.map { ($0.line, $0.meaning) }, indent: 2, column: 37)
        }
        return (rows(examples[..<firstGesture]), rows(examples[firstGesture...]))
    }

    /// The help text: the options, the script language (every line the
    /// parser reads, with every recognizer and key name it knows, from its
    /// own table) and the pictures' key.
    public static var helpText: String {
        let options = table(Self.options.map { ($0.usage, $0.meaning) }, indent: 2, column: 24)
        let script = scriptLines()
        return """
        Demo — replay gesture scripts through InteractionKitLinux and show what happened.

        Usage:
          Demo [SCRIPT] [options]

        With no SCRIPT, replays the built-in scenario (Examples/seed.gesture): a long
        press on a standalone tab bar at an accessibility text size, a slide across
        every tab, and a lift that selects Settings. SCRIPT '-' reads standard input.
        An option's value may follow it or be joined with '=': --columns 80,
        --columns=80.

        Options:
        \(options)

        Exit status: 0 replayed; 1 the script cannot be read or has errors (each is
        printed as FILE:LINE:COLUMN: error: MESSAGE, and nothing is replayed);
        2 usage error.

        The script language (one command a line; '#' starts a comment; times in
        seconds, coordinates in window points). Scene lines come first:

        \(script.scene)

        Gesture lines, in time order:

        \(script.gestures)

        The large content viewer acts only at accessibility text sizes: a long press
        (0.15 s) on a tab shows it large in a HUD, sliding shows the tab under the
        finger, lifting selects it. A tap always selects.

        A button tracks its finger as UIKit's UIControl does: touch down, drag
        exit beyond 70 points of it, drag enter back within them, and a lift inside
        (touch up inside) runs its action; the transcript lists each event. Space or
        Return on the focused button runs its action with no touch event.

        The pictures (printed under the first one too):

        \(TerminalPicture.legend(fields: true))
        """
    }
}

extension String {
    func leftPaddedWithZeros(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
