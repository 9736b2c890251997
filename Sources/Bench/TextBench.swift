// The text model's cases (rule T9): typing into a buffer of 10 000
// characters against one of 10, a word-start lookup in the middle of
// 100 000 characters against 100, and caret moves by a character and by a
// word, which allocate nothing. Counted by callgrind and dhat as
// differences between untimed runs, so that building the text cancels out.
//
//   Bench --text-typing LENGTH KEYS    KEYS typed characters, each undone by a Backspace, at the end of LENGTH characters
//   Bench --text-word LENGTH LOOKUPS   LOOKUPS previous-word-start lookups in the middle of LENGTH characters
//   Bench --text-caret KIND MOVES      MOVES caret moves (KIND: character or word) in the middle of 10 000 characters
//   Bench --text-field LENGTH KEYS     KEYS typed characters and Backspaces sent through Window.send to a field of LENGTH
//   Bench --text-atspi LENGTH CALLS    CALLS AT-SPI GetTextAtOffset (WORD_START) calls in the middle of a label of LENGTH
//   Bench --text-report                runs them under valgrind and checks the targets
import Glibc
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux

@MainActor
enum TextBench {
    /// Words, punctuation and a few non-ASCII clusters, repeated.
    static let pattern = "Lorem ipsum dolor sit amet, café naïve 漢字 don't 3.14 👍🏽 consectetur adipiscing elit. "

    /// A buffer of exactly `length` scalars of `pattern` repeated, ending
    /// where the pattern ends, so that the end looks the same at every
    /// length; the caret at the end.
    static func buffer(length: Int) -> TextEditingBuffer {
        let unit = Array(pattern.unicodeScalars)
        let shift = (unit.count - length % unit.count) % unit.count
        var text = ""
        text.unicodeScalars.append(contentsOf: (0..<length).lazy.map { unit[($0 + shift) % unit.count] })
        return TextEditingBuffer(text)
    }

    /// An offset with the same surroundings at every length of `buffer(length:)`
    /// (inside "dolor"): the last such at or before the middle, or the first.
    static func middle(of length: Int) -> Int {
        let unitCount = pattern.unicodeScalars.count
        let shift = (unitCount - length % unitCount) % unitCount
        var offset = 14 - shift
        while offset < 0 { offset += unitCount }
        while offset + unitCount <= length / 2 { offset += unitCount }
        return offset
    }

    /// Runs the untimed case named by `arguments`, or returns nil.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.count >= 2 else { return nil }
        switch arguments[1] {
        case "--text-typing":
            guard arguments.count == 4, let length = Int(arguments[2]), let keys = Int(arguments[3]) else { return 2 }
            var buffer = buffer(length: length)
            for _ in 0..<keys {
                buffer.insert("x")
                buffer.delete(.character(.backward))
            }
            precondition(buffer.count == length && buffer.caretOffset == length, "typing and Backspace did not cancel out")
            print("typed and deleted \(keys) characters at the end of \(length)")
            return 0
        case "--text-field":
            guard arguments.count == 4, let length = Int(arguments[2]), let keys = Int(arguments[3]) else { return 2 }
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 100))
            let field = TextField(frame: Rect(x: 0, y: 0, width: 400, height: 30))
            window.addSubview(field)
            window.makeKey()
            field.text = buffer(length: length).text
            precondition(field.becomeFirstResponder() && field.isEditing, "the field did not begin editing")
            let letter = Key(typing: "x")!
            let backspace = Key(keyCode: .keyboardDeleteOrBackspace)
            var time = 0.0
            for _ in 0..<keys {
                for key in [letter, backspace] {
                    time += 0.01
                    window.send(KeyInput(key: key, phase: .began, timestamp: time))
                    window.send(KeyInput(key: key, phase: .ended, timestamp: time))
                }
            }
            precondition(field.text.unicodeScalars.count == length && field.caretOffset == length,
                         "typing and Backspace did not cancel out")
            print("typed and deleted \(keys) characters through the window into a field of \(length)")
            return 0
        case "--text-word":
            guard arguments.count == 4, let length = Int(arguments[2]), let lookups = Int(arguments[3]) else { return 2 }
            let buffer = buffer(length: length)
            let offset = middle(of: length)
            var sum = 0
            for _ in 0..<lookups { sum &+= buffer.previousWordStart(before: offset) }
            let start = buffer.previousWordStart(before: offset)
            precondition(buffer.text(in: start..<(start + 5)) == "dolor", "the lookup did not find the word start")
            precondition(sum == start &* lookups)
            print("looked up \(lookups) word starts in the middle of \(length)")
            return 0
        case "--text-atspi":
            guard arguments.count == 4, let length = Int(arguments[2]), let calls = Int(arguments[3]) else { return 2 }
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 100))
            let label = Label(text: buffer(length: length).text, frame: Rect(x: 0, y: 0, width: 400, height: 20))
            window.addSubview(label)
            let export = AtspiExport(window: window, applicationName: "Bench")
            let call = DBusMessage.methodCall(path: export.tree.path(of: label), interface: AtspiInterface.text,
                                              member: "GetTextAtOffset", destination: ":1.1",
                                              body: [.int32(Int32(middle(of: length))), .uint32(1)])
            var answered = 0
            for _ in 0..<calls {
                if case .reply(let body) = export.reply(to: call), body.first?.string == "dolor " { answered += 1 }
            }
            precondition(answered == calls, "GetTextAtOffset did not read the word")
            print("answered \(calls) GetTextAtOffset calls in the middle of \(length)")
            return 0
        case "--text-caret":
            guard arguments.count == 4, let moves = Int(arguments[3]) else { return 2 }
            let motions: (TextMotion, TextMotion)
            switch arguments[2] {
            case "character": motions = (.character(.forward), .character(.backward))
            case "word": motions = (.word(.forward), .word(.backward))
            default: return 2
            }
            var buffer = buffer(length: 10_000)
            let start = middle(of: 10_000)
            buffer.setCaret(start)
            var moved = 0
            for step in 0..<moves where buffer.move(step % 2 == 0 ? motions.0 : motions.1).caretDidMove {
                moved += 1
            }
            precondition(moved == moves, "a caret move did not move")
            precondition(arguments[2] == "word" || moves % 2 == 1 || buffer.caretOffset == start, "the caret did not come back")
            print("moved the caret \(moves) times by \(arguments[2])")
            return 0
        case "--text-report":
            return report()
        default:
            return nil
        }
    }

    /// The figures under valgrind, or nil when it cannot run.
    struct Figures {
        var typingShort = 0
        var typingLong = 0
        var wordShort = 0
        var wordLong = 0
        var characterMove = 0
        var wordMove = 0
        var characterBlocks = 0.0
        var wordBlocks = 0.0
        var atspiShort = 0
        var atspiLong = 0
        var fieldShort = 0
        var fieldLong = 0
        var commands: [String] = []
    }

    static func figures() -> Figures? {
        let executable = CommandLine.arguments[0]
        func count(_ tool: String, _ arguments: String) -> Int? { ScrollBench.valgrind(tool, executable, arguments) }
        guard system("command -v valgrind >/dev/null 2>&1") == 0,
              let short1 = count("callgrind", "--text-typing 10 1000"), let short2 = count("callgrind", "--text-typing 10 2000"),
              let long1 = count("callgrind", "--text-typing 10000 1000"), let long2 = count("callgrind", "--text-typing 10000 2000"),
              let small1 = count("callgrind", "--text-word 100 1000"), let small2 = count("callgrind", "--text-word 100 2000"),
              let large1 = count("callgrind", "--text-word 100000 1000"), let large2 = count("callgrind", "--text-word 100000 2000"),
              let character1 = count("callgrind", "--text-caret character 2000"),
              let character2 = count("callgrind", "--text-caret character 4000"),
              let word1 = count("callgrind", "--text-caret word 2000"), let word2 = count("callgrind", "--text-caret word 4000"),
              let characterBlocks1 = count("dhat", "--text-caret character 2000"),
              let characterBlocks2 = count("dhat", "--text-caret character 4000"),
              let wordBlocks1 = count("dhat", "--text-caret word 2000"), let wordBlocks2 = count("dhat", "--text-caret word 4000"),
              let atspiSmall1 = count("callgrind", "--text-atspi 100 1000"),
              let atspiSmall2 = count("callgrind", "--text-atspi 100 2000"),
              let atspiLarge1 = count("callgrind", "--text-atspi 100000 1000"),
              let atspiLarge2 = count("callgrind", "--text-atspi 100000 2000"),
              let field1 = count("callgrind", "--text-field 10 500"), let field2 = count("callgrind", "--text-field 10 1000"),
              let fieldLong1 = count("callgrind", "--text-field 10000 500"),
              let fieldLong2 = count("callgrind", "--text-field 10000 1000")
        else { return nil }
        var figures = Figures()
        figures.typingShort = (short2 - short1) / 1_000
        figures.typingLong = (long2 - long1) / 1_000
        figures.wordShort = (small2 - small1) / 1_000
        figures.wordLong = (large2 - large1) / 1_000
        figures.characterMove = (character2 - character1) / 2_000
        figures.wordMove = (word2 - word1) / 2_000
        figures.characterBlocks = Double(characterBlocks2 - characterBlocks1) / 2_000
        figures.wordBlocks = Double(wordBlocks2 - wordBlocks1) / 2_000
        figures.atspiShort = (atspiSmall2 - atspiSmall1) / 1_000
        figures.atspiLong = (atspiLarge2 - atspiLarge1) / 1_000
        figures.fieldShort = (field2 - field1) / 500
        figures.fieldLong = (fieldLong2 - fieldLong1) / 500
        figures.commands = [
            "valgrind --tool=callgrind \(executable) --text-typing L K, K = 1000, 2000: L = 10: (\(short2) - \(short1)) / 1000, "
                + "L = 10000: (\(long2) - \(long1)) / 1000",
            "valgrind --tool=callgrind \(executable) --text-word L N, N = 1000, 2000: L = 100: (\(small2) - \(small1)) / 1000, "
                + "L = 100000: (\(large2) - \(large1)) / 1000",
            "valgrind --tool=callgrind|dhat \(executable) --text-caret character|word M, M = 2000, 4000: "
                + "character (\(character2) - \(character1)) / 2000, word (\(word2) - \(word1)) / 2000; "
                + "blocks character (\(characterBlocks2) - \(characterBlocks1)), word (\(wordBlocks2) - \(wordBlocks1))",
            "valgrind --tool=callgrind \(executable) --text-atspi L N, N = 1000, 2000: L = 100: "
                + "(\(atspiSmall2) - \(atspiSmall1)) / 1000, L = 100000: (\(atspiLarge2) - \(atspiLarge1)) / 1000",
            "valgrind --tool=callgrind \(executable) --text-field L K, K = 500, 1000: L = 10: (\(field2) - \(field1)) / 500, "
                + "L = 10000: (\(fieldLong2) - \(fieldLong1)) / 500",
        ]
        return figures
    }

    /// `Bench --text-report`: the instructions and heap blocks of the text model; 1 when a target is missed.
    static func report() -> Int32 {
        guard let figures = figures() else {
            print("text: valgrind is not installed; instructions and allocations not counted")
            return 0
        }
        for command in figures.commands { print(command) }
        let typingRatio = Double(figures.typingLong) / Double(max(1, figures.typingShort))
        let wordRatio = Double(figures.wordLong) / Double(max(1, figures.wordShort))
        print("text typing (a character and its Backspace, at the end): \(figures.typingLong) instructions in 10000 characters, "
            + "\(figures.typingShort) in 10; ratio \((typingRatio * 100).rounded() / 100)×")
        print("text word-start lookup in the middle: \(figures.wordLong) instructions in 100000 characters, "
            + "\(figures.wordShort) in 100; ratio \((wordRatio * 100).rounded() / 100)×")
        print("text caret move: \(figures.characterMove) instructions by a character, \(figures.wordMove) by a word; "
            + "heap blocks \(figures.characterBlocks) and \(figures.wordBlocks) per move")
        let atspiRatio = Double(figures.atspiLong) / Double(max(1, figures.atspiShort))
        print("AT-SPI GetTextAtOffset (WORD_START) in the middle: \(figures.atspiLong) instructions in 100000 characters, "
            + "\(figures.atspiShort) in 100; ratio \((atspiRatio * 100).rounded() / 100)×")
        let fieldRatio = Double(figures.fieldLong) / Double(max(1, figures.fieldShort))
        print("text field typing through Window.send (a key and a Backspace, at the end): \(figures.fieldLong) instructions "
            + "in 10000 characters, \(figures.fieldShort) in 10; ratio \((fieldRatio * 100).rounded() / 100)×")
        let met = typingRatio <= 1.5 && fieldRatio <= 1.5 && wordRatio <= 2 && atspiRatio <= 2 && figures.characterBlocks == 0
            && figures.wordBlocks == 0
        print(met ? "text targets met (typing ≤ 1.5× in the buffer and through a field, word lookup ≤ 2×, GetTextAtOffset ≤ 2×, 0 blocks per caret move)"
            : "text targets MISSED")
        return met ? 0 : 1
    }
}
