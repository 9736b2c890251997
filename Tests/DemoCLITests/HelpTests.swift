import Foundation
import Testing
@testable import DemoCLI
import InteractionKitLinux
import InteractionKitReplay
import InteractionKitPictures
import InteractionKitTestSupport

/// `Demo --help` is generated from the parser's and the command line's own
/// tables (issue 38): it lists every line and name the parser accepts and
/// every option `parse` reads, so neither can drift from the help.
@Suite("--help from the tables")
@MainActor
struct HelpTests {
    @Test("The help's example lines, read in order, are one script the parser accepts: no line shows a form it refuses")
    func examplesParse() throws {
        let text = GestureScriptParser.examples.map(\.line).joined(separator: "\n")
        let recording = Repository.examples.appendingPathComponent("recordings/EP0430M09.1-finger-drag-up-down.events").path
        let description = Repository.examples.appendingPathComponent("recordings/QUANTA OpticalTouchScreen.desc").path
        // The examples' recording names stand for real ones of Examples/recordings.
        let reader: GestureScriptParser.FileReader = { path, limit in
            DemoCommand.readFile(path.hasSuffix(".desc") ? description : recording, limit: limit)
        }
        do {
            let script = try GestureScriptParser(file: "help.gesture", reader: reader).parse(text)
            #expect(script.steps.count >= GestureScriptParser.examples.filter { $0.part == .gesture }.count)
        } catch {
            Issue.record("the help's examples do not parse:\n\(error.description)")
        }
        // Every command the parser reads has an example, and every example's command is one it reads.
        #expect(Set(GestureScriptParser.examples.map(\.command)) == Set(GestureScriptParser.commands.map(\.name)))
    }

    @Test("The help lists every example line, every recognizer, key, modifier and text size the parser accepts, and every option")
    func helpListsEverything() {
        let help = DemoCommand.helpText
        // Names may be wrapped onto the next line: compare the words.
        let words = Set(help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," || $0 == ";" || $0 == ":" }).map(String.init))
        for example in GestureScriptParser.examples { #expect(help.contains(example.line), "\(example.line)") }
        for recognizer in GestureScript.SurfaceRecognizer.allCases { #expect(words.contains(recognizer.rawValue), "\(recognizer)") }
        for key in Key.keyNames { #expect(words.contains(key), "key \(key)") }
        for modifier in Key.modifierNames { #expect(words.contains(modifier), "modifier \(modifier)") }
        for size in ContentSizeCategory.allCases { #expect(words.contains(size.scriptName), "\(size.scriptName)") }
        for option in DemoCommand.options { #expect(help.contains("  " + option.usage), "\(option.usage)") }
        // The lines the newcomer missed (issue 38).
        #expect(help.contains("scroll 0 160 390 600 content 390 3000"))
        #expect(help.contains("button Row 7 at 0 420 390 60 in scroll"))
    }

    @Test("The help's tables fit 80 columns")
    func width() {
        // The pictures' key at the end is the transcript's own, printed as it is.
        let tables = DemoCommand.helpText.components(separatedBy: TerminalPicture.legend())[0]
        let tableLines = tables.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(tableLines.allSatisfy { $0.count <= DemoCommand.helpWidth }, "\(tableLines.filter { $0.count > DemoCommand.helpWidth })")
    }

    @Test("Every option of the table is one parse reads: none is unknown or listed without being read")
    func everyOptionRead() {
        for option in DemoCommand.options {
            for name in option.names {
                var arguments = [name]
                if option.value != nil { arguments.append(name == "--format" ? "jsonl" : name == "--columns" ? "80" : "x") }
                do {
                    _ = try DemoCommand.parse(arguments: arguments)
                } catch {
                    // Some options need others (--desc a --device, --play --atspi): that is not "unknown".
                    #expect(!error.description.contains("unknown option") && !error.description.contains("not read yet"),
                            "\(arguments): \(error.description)")
                }
            }
        }
    }

    @Test("An unknown option suggests the nearest one; one far from every option suggests nothing",
          arguments: [("--colums", "--columns"), ("--livee", "--live"), ("--fromat", "--format"), ("--svgs", "--svg"),
                      ("--no-picture", "--no-pictures"), ("--all-move", "--all-moves"), ("-help", "--help")])
    func suggestion(typo: String, nearest: String) {
        let result = runDemo([typo])
        #expect(result.status == 2)
        #expect(result.errors.contains("unknown option '\(typo)'; did you mean '\(nearest)'?"), "\(result.errors)")
    }

    @Test("A name far from every option gets no suggestion")
    func noSuggestion() {
        let result = runDemo(["--zebra-crossing"])
        #expect(result.status == 2)
        #expect(result.errors.contains("unknown option '--zebra-crossing'\n"))
        #expect(DemoCommand.editDistance("kitten", "sitting") == 3)
        #expect(DemoCommand.editDistance("", "abc") == 3)
        #expect(DemoCommand.editDistance("same", "same") == 0)
    }
}
