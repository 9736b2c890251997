import Foundation
import Testing
import InteractionKitTestSupport

/// The excerpts of the Demo's output in README.md and the DocC articles
/// (`Sources/*/*.docc/*.md`) are golden: each marked one is compared with
/// what the built Demo prints for the command its marker names, so the
/// documentation cannot lag the Demo (issue 38).
///
/// The marker format, for whoever edits README.md or an article:
///
/// - An excerpt is a fenced code block whose opening fence (```` ``` ````)
///   is on the line right after an HTML comment
///   `<!-- demo-output: swift run Demo ARGUMENTS -->`. ARGUMENTS are the
///   Demo's arguments, split at spaces (a "double-quoted" argument may
///   hold spaces); paths are relative to the repository's root, where the
///   Demo runs. Only standard output is compared.
/// - A line of the block that starts with `$ ` shows the command: it must
///   be `$ swift run Demo ARGUMENTS`, the marker's command, and is not output.
/// - A line that is only `…` stands for output left out (any number of
///   lines, none included). The runs of lines between them must each
///   appear in the output as they are, one after the other, in the
///   block's order.
/// - Each line is compared without its trailing spaces, and a run may be
///   shifted left as a whole: a document may show the transcript's
///   pictures without the four spaces they are indented by.
///
/// An unmarked block is not checked; a marker not followed by a block, or
/// a block that does not match, fails with the document's path and line.
@Suite("Excerpts of the Demo's output in README.md and the DocC articles")
struct ReadmeExcerptTests {
    /// One marked block of a document.
    struct Excerpt: CustomStringConvertible {
        var file = "README.md"
        var line: Int
        var arguments: [String]
        var lines: [String]
        var description: String { "\(file):\(line): swift run Demo \(arguments.joined(separator: " "))" }
    }

    static let markerPrefix = "<!-- demo-output: swift run Demo"

    /// README.md and every DocC article, as paths from the repository's root.
    static func documents() throws -> [String] {
        var paths = ["README.md"]
        let sources = Repository.file("Sources")
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let folder = sources.appendingPathComponent(target)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for catalog in entries.sorted() where catalog.hasSuffix(".docc") {
                let articles = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(catalog).path)
                for article in articles.sorted() where article.hasSuffix(".md") {
                    paths.append("Sources/\(target)/\(catalog)/\(article)")
                }
            }
        }
        return paths
    }

    /// Every marked excerpt of README.md and the DocC articles.
    static func excerpts() throws -> [Excerpt] {
        try documents().flatMap { try excerpts(in: $0) }
    }

    /// Every marked excerpt of one document.
    static func excerpts(in file: String) throws -> [Excerpt] {
        let text = try String(contentsOf: Repository.file(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var excerpts: [Excerpt] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix(markerPrefix), line.hasSuffix("-->") else {
                index += 1
                continue
            }
            let command = String(line.dropFirst(markerPrefix.count).dropLast(3)).trimmingCharacters(in: .whitespaces)
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("```") else {
                Issue.record("\(file):\(index + 1): a demo-output marker must be followed by a fenced block")
                index += 1
                continue
            }
            var body: [String] = []
            var end = index + 2
            while end < lines.count, !lines[end].hasPrefix("```") {
                body.append(lines[end])
                end += 1
            }
            excerpts.append(Excerpt(file: file, line: index + 1, arguments: splitArguments(command), lines: body))
            index = end + 1
        }
        return excerpts
    }

    /// Arguments split at spaces, a double-quoted one kept whole.
    static func splitArguments(_ text: String) -> [String] {
        var arguments: [String] = []
        var current = ""
        var quoted = false
        var any = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                any = true
            } else if character == " " && !quoted {
                if any || !current.isEmpty { arguments.append(current) }
                current = ""
                any = false
            } else {
                current.append(character)
            }
        }
        if any || !current.isEmpty { arguments.append(current) }
        return arguments
    }

    /// What the built Demo prints on standard output for `arguments`, run from the repository's root.
    static func demoOutput(_ arguments: [String]) throws -> String? {
        guard let demo = LivePseudoTerminalTests.demoBinary else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: demo)
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = "detect_leaks=0"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Why `excerpt` does not match `output`, or nil when it does.
    static func mismatch(_ excerpt: Excerpt, output: String) -> String? {
        let actual = output.components(separatedBy: "\n").map(trimmedRight)
        var runs: [[String]] = [[]]
        for line in excerpt.lines {
            if line.hasPrefix("$ ") {
                let shown = "$ swift run Demo" + excerpt.arguments.map { " " + $0 }.joined()
                if line != shown { return "it shows '\(line)', but its marker runs '\(shown)'" }
                continue
            }
            if line.trimmingCharacters(in: .whitespaces) == "…" {
                runs.append([])
            } else {
                runs[runs.count - 1].append(trimmedRight(line))
            }
        }
        var cursor = 0
        for run in runs where !run.isEmpty {
            guard let found = find(run, in: actual, from: cursor) else {
                return "these lines are not in the output (after line \(cursor) of it), in this order:\n"
                    + run.joined(separator: "\n")
            }
            cursor = found
        }
        return nil
    }

    /// Where `run` appears in `lines` at or after `start`, all its lines
    /// shifted by the same indentation: the index after it, or nil.
    static func find(_ run: [String], in lines: [String], from start: Int) -> Int? {
        guard run.count <= lines.count else { return nil }
        var index = start
        while index + run.count <= lines.count {
            if let shift = indentation(of: run, at: index, in: lines) { _ = shift; return index + run.count }
            index += 1
        }
        return nil
    }

    /// The spaces that `lines[at...]` have in front of `run`'s lines, if the same for all of them.
    static func indentation(of run: [String], at start: Int, in lines: [String]) -> Int? {
        var shift: Int?
        for (offset, expected) in run.enumerated() {
            let line = lines[start + offset]
            if expected.isEmpty {
                guard line.isEmpty else { return nil }
                continue
            }
            guard line.hasSuffix(expected) else { return nil }
            let prefix = line.dropLast(expected.count)
            guard prefix.allSatisfy({ $0 == " " }) else { return nil }
            if let shift, shift != prefix.count { return nil }
            shift = prefix.count
        }
        return shift ?? 0
    }

    static func trimmedRight(_ line: String) -> String {
        var text = Substring(line)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }

    @Test("Every marked excerpt of README.md and the DocC articles is what the Demo prints for its command")
    func excerptsMatch() throws {
        let excerpts = try Self.excerpts()
        #expect(excerpts.count >= 7, "the documents' demo-output markers")
        #expect(excerpts.contains { $0.file == "README.md" }, "README.md shows the Demo's output")
        guard try Self.demoOutput(["--help"]) != nil else {
            print("skipped: no Demo binary next to the test bundle (run 'swift build' first)")
            return
        }
        for excerpt in excerpts {
            let output = try #require(try Self.demoOutput(excerpt.arguments))
            if let problem = Self.mismatch(excerpt, output: output) {
                Issue.record("\(excerpt): \(problem)")
            }
        }
    }

    @Test("The matcher: runs in order, a common shift, trailing spaces ignored; a missing, reordered or shown-wrong excerpt fails")
    func matcher() {
        let output = "head\n    a  \n    b\n\nc\n    d\nend\n"
        func excerpt(_ lines: [String], arguments: [String] = ["--x"]) -> Excerpt {
            Excerpt(line: 1, arguments: arguments, lines: lines)
        }
        #expect(Self.mismatch(excerpt(["a", "b"]), output: output) == nil)
        #expect(Self.mismatch(excerpt(["    a", "    b", "", "c"]), output: output) == nil)
        #expect(Self.mismatch(excerpt(["$ swift run Demo --x", "a", "…", "c", "…", "d"]), output: output) == nil)
        #expect(Self.mismatch(excerpt(["a", "c"]), output: output) != nil, "not one after the other")
        #expect(Self.mismatch(excerpt(["d", "…", "a"]), output: output) != nil, "out of order")
        #expect(Self.mismatch(excerpt(["a", "  b"]), output: output) != nil, "shifted unevenly")
        #expect(Self.mismatch(excerpt(["$ swift run Demo --y", "a"]), output: output) != nil, "another command shown")
        #expect(Self.splitArguments("Examples/a.gesture --svg \"my frames\" -") == ["Examples/a.gesture", "--svg", "my frames", "-"])
    }
}
