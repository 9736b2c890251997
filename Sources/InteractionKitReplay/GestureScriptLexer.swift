// The script's words: a line's tokens (words, quoted strings, `@` items)
// and the reader that takes a line's arguments one by one, collecting its errors.

extension ParseState {
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
}

/// Reads the arguments of one line and collects its errors.
struct LineReader {
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
    /// The next token if it is of `kind`; else nil, failing with `missing`
    /// at the line's end or `otherKind` at the token.
    mutating func next(_ kind: ScriptToken.Kind, missing: String, otherKind: String) -> ScriptToken? {
        guard let token = next() else {
            fail(at: endColumn, missing)
            return nil
        }
        guard token.kind == kind else {
            fail(at: token.column, otherKind)
            return nil
        }
        return token
    }

    /// A number with the column it starts at.
    typealias Number = (value: Double, column: Int)

    /// `X Y WIDTH HEIGHT`, each named for its errors as `owner` says ("the
    /// list's x"); the first's error ends with `example`.
    mutating func frame(of owner: String, _ example: String) -> (Number, Number, Number, Number)? {
        guard let x = number("\(owner) x, \(example)"), let y = number("\(owner) y"),
              let width = number("\(owner) width"), let height = number("\(owner) height")
        else { return nil }
        return (x, y, width, height)
    }

    /// `at X Y WIDTH HEIGHT` after a title (the word there is `at`: the
    /// title's words ended before it), or an error that names `title`.
    mutating func frame(afterAt title: String, of owner: String, _ example: String) -> (Number, Number, Number, Number)? {
        guard next() != nil else {
            fail(at: endColumn, "expected 'at' after \(title), \(example)")
            return nil
        }
        return frame(of: owner, example)
    }

    mutating func finish() -> Bool {
        guard let extra = peek() else { return true }
        fail(at: extra.column, "unexpected '\(extra.text)' at the end of the line")
        return false
    }
}
