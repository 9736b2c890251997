import InteractionKitLinux

// The gesture lines: touches, waits, keys, typing and the pasteboard.

extension ParseState {
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
        guard let token = line.next(.word, missing: "expected a key name, \(example)",
                                    otherKind: "expected a key name without quotes or '@', \(example)") else { return }
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
        guard let token = line.next(.quoted, missing: "expected the text to type in quotes, \(example)",
                                    otherKind: "the text to type goes in quotes, \(example)") else { return }
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
}
