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
                textOptions.legend = TerminalPicture.legend(ascii: ascii, scroll: script.scene.scroll != nil)
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
                    throw UsageError(description: "unknown option '\(arguments[index])'")
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

    /// The help text.
    public static var helpText: String { """
        Demo — replay gesture scripts through InteractionKitLinux and show what happened.

        Usage:
          Demo [SCRIPT] [options]

        With no SCRIPT, replays the built-in scenario (Examples/seed.gesture): a long
        press on a standalone tab bar at an accessibility text size, a slide across
        every tab, and a lift that selects Settings. SCRIPT '-' reads standard input.
        An option's value may follow it or be joined with '=': --columns 80,
        --columns=80.

        Options:
          --format text|jsonl   text (default): a transcript to read, with pictures of
                                the screen whenever the HUD or the selection changes;
                                jsonl: one JSON object per event ("t", "event", ...)
          --svg DIR             also write each picture as an SVG file in DIR, with an
                                index.html to view them in a browser (the
                                frame-NNN.svg files of an earlier run are replaced)
          --no-pictures         leave the terminal pictures out of the transcript
          --ascii               print ASCII characters only (pictures and transcript)
          --columns N           width of the terminal pictures (24-200, default 60)
          --all-moves           list every move of a replayed recording
          --live                run the scene in this terminal: press, hold and drag
                                with the mouse; Tab, Shift-Tab, the arrows, Home and
                                End move the keyboard focus, Space and Return press
                                what has it; q quits, a toggles accessibility text
                                sizes, r toggles right-to-left
          --device PATH         read a Linux evdev touchscreen live onto the scene
                                (/dev/input/eventN, or a file or FIFO of 24-byte
                                input_event records), printing as usual
          --desc DESC           the device's evemu description, for a file or FIFO
          --atspi               serve the scene to screen readers on the AT-SPI
                                accessibility bus (needs a session bus) until Ctrl-C,
                                printing each selection; with --live, while the
                                terminal drives it
          --play                with --atspi: replay SCRIPT's steps on the real clock
                                while serving, then keep serving
          --verbose             with --atspi: log each request and event on standard
                                error
          -h, --help            show this help

        Exit status: 0 replayed; 1 the script cannot be read or has errors (each is
        printed as FILE:LINE:COLUMN: error: MESSAGE, and nothing is replayed);
        2 usage error.

        The script language (one command a line; '#' starts a comment; times in
        seconds, coordinates in window points). Scene lines come first:

          window 390 844                     the window's size (default 390 844)
          content-size accessibility-large   text size, kebab case (default large):
                                             extra-small small medium large extra-large
                                             extra-extra-large extra-extra-extra-large
                                             accessibility-medium accessibility-large
                                             accessibility-extra-large
                                             accessibility-extra-extra-large
                                             accessibility-extra-extra-extra-large
          layout rtl                         ltr (default) or rtl
          tabbar Home Search "Now Playing"   a standalone tab bar, 49 points high, at
                                             the bottom (quote titles with spaces)
          button Save at 20 100 120 44       a button: title, then x y width height; as many
                                             as you like (above the surface, under the bar)
          disable Search                     disable tabs or buttons by title
          select Home                        the tab selected at the start
          surface tap long-press pan         a full-window view with these recognizers

        Gesture lines, in time order:

          down 40 820                        touch 0 goes down at a point
          down @Home                         ... or at the centre of a tab or a button
          move 350 820 | move @"Now Playing" the finger moves
          wait 0.6                           virtual time passes (a finger held still)
          up | cancel                        the finger lifts, or the system cancels it
          up @Settings                       ... optionally at a new place
          down 10 10 id 1                    'id N' picks touch N (0-9999) for several fingers
          content-size large                 the text size changes mid-gesture
          evemu "drag.events" desc "x.desc"  replay a Linux touchscreen recording (paths
                                             relative to the script; desc is optional)
          key tab | key shift+tab            press and release a key ('at T': at T s
                                             from the start): tab left right up down
                                             home end space return escape pageup
                                             pagedown, a letter or digit; modifiers
                                             shift ctrl alt super joined by '+' (ctrl+s)

        The large content viewer acts only at accessibility text sizes: a long press
        (0.15 s) on a tab shows it large in a HUD, sliding shows the tab under the
        finger, lifting selects it. A tap always selects.

        A button tracks its finger as UIKit's UIControl does: touch down, drag
        exit beyond 70 points of it, drag enter back within them, and a lift inside
        (touch up inside) runs its action; the transcript lists each event.

        The pictures (printed under the first one too):

        \(TerminalPicture.legend())
        """ }
}

extension String {
    func leftPaddedWithZeros(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
