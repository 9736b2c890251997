import Glibc
import InteractionKitLinux
import InteractionKitLive
import InteractionKitPictures
import InteractionKitReplay

/// The live scene behind `Demo --live`, without the terminal: input in,
/// screen text out, so that tests drive it with bytes and a fake clock.
@MainActor
final class LiveSession {
    /// The caption of the live picture: the keys.
    static let caption = "q quit · a text size · r right-to-left"
    /// The narrowest and widest picture drawn, in columns.
    static let pictureColumns = 40...60
    /// The transcript lines kept for scrolling.
    static let maximumLines = 500

    let player: ScriptPlayer
    /// The transcript so far, one line per event, in the transcript's wording.
    private(set) var lines: [String] = []
    /// Whether the person asked to quit.
    private(set) var quit = false
    /// The width of the picture last drawn: mouse cells are read against it.
    private(set) var columns = LiveSession.pictureColumns.upperBound
    private var parser = LiveInputParser()
    /// When the last bytes arrived, for a lone Escape's wait.
    private var lastInputTime = 0.0
    /// What happened, folded in as it happens (the events themselves are not kept).
    private var summary: TranscriptSummary
    private var fingerDown = false
    /// The mouse is one finger: finger 0, as a script's `down` is and as
    /// every transcript names it. A press while it is still down (a release
    /// the terminal lost) lifts it first.
    private static let fingerID = 0
    /// The width the prompt is wrapped to, so that it fits beside the narrowest picture.
    static let promptWidth = 56

    init(script: GestureScript) {
        player = ScriptPlayer(script: script)
        summary = TranscriptSummary(scene: script.scene)
        player.begin()
        for line in Self.prompt(for: script.scene) { append(line) }
    }

    /// What to try on this scene, wrapped for the transcript area: the
    /// first lines the person sees under the picture.
    static func prompt(for scene: GestureScript.Scene) -> [String] {
        var sentences: [String] = []
        if scene.tabTitles != nil {
            if scene.contentSize.isAccessibilityCategory {
                sentences.append("Try it: press and hold a tab: after 0.15 s it shows large in the HUD; "
                    + "drag across the tabs and it follows; release to select. A quick click is a tap.")
            } else {
                sentences.append("Try it: click a tab to select it. Press a for an accessibility text size, "
                    + "then press and hold a tab: it appears large in the HUD.")
            }
        }
        if !scene.buttons.isEmpty {
            sentences.append("Press a button, drag more than 70 points off it and back, and release on it: "
                + "it lets go, takes the finger again, and its action runs.")
        }
        let names = scene.surfaceRecognizers.map(\.rawValue)
        if !names.isEmpty {
            let oneFinger = names.filter { !["two-finger-tap", "two-finger-pan", "pinch", "rotation"].contains($0) }
            var ways: [String] = []
            if oneFinger.contains("tap") { ways.append("click") }
            if oneFinger.contains("double-tap") { ways.append("double-click") }
            if oneFinger.contains("long-press") { ways.append("hold still") }
            if oneFinger.contains(where: { ["pan", "swipe"].contains($0) }) { ways.append("drag") }
            if oneFinger.contains("edge-pan") { ways.append("drag in from an edge") }
            if !oneFinger.isEmpty {
                sentences.append("The surface behind listens for " + oneFinger.joined(separator: ", ") + ": "
                    + (ways.isEmpty ? "touch it" : ways.joined(separator: ", ")) + " anywhere.")
            }
            if oneFinger.count < names.count {
                sentences.append("A mouse is one finger: replay a script for the two-finger gestures.")
            }
        }
        if sentences.isEmpty {
            sentences.append("This scene has nothing to touch: give a script with tabbar, button or surface lines.")
        }
        let hasTabs = scene.tabTitles != nil
        if !scene.fields.isEmpty {
            // A field being edited takes every letter: the one-letter commands work outside it, Ctrl-C anywhere.
            sentences.append("Keys: type in the focused field; Tab moves on; outside a field a text size, "
                + "r right-to-left, q quits.")
        } else if hasTabs || !scene.buttons.isEmpty {
            // Short enough that the prompt and the first focus line fit the 7 lines under the picture of a 30-row terminal.
            sentences.append("Keys: " + (hasTabs ? "Tab, Shift-Tab, the arrows, Home and End" : "Tab and Shift-Tab")
                + " move the focus (the heavy frame); Space or Return presses what has it; "
                + "a text size, r right-to-left, q quits.")
        } else {
            sentences.append("Keys: a text size, r right-to-left, q quits.")
        }
        return sentences.flatMap { wrap($0, width: promptWidth) }.map { "  " + $0 }
    }

    /// `text` in lines of at most `width` characters, broken between words.
    private static func wrap(_ text: String, width: Int) -> [String] {
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

    /// Handles bytes read from the terminal at virtual time `time`.
    func handle(_ bytes: [UInt8], at time: Double) {
        lastInputTime = time
        for input in parser.feed(bytes) { apply(input, at: time) }
        collectLines()
    }

    /// Lets time pass (timers fire) and collects what happened. An Escape
    /// that arrived alone and stayed alone for ``escapeDelay`` is the Escape key.
    func tick(at time: Double) {
        if parser.isWaitingAfterEscape, time - lastInputTime >= Self.escapeDelay {
            for input in parser.flushEscape() { apply(input, at: time) }
        }
        player.advance(to: time)
        collectLines()
    }

    /// How long a lone Escape waits for the rest of a sequence before it
    /// is the Escape key (a terminal sends a sequence in one write, so
    /// its bytes come together; curses waits as long by default).
    static let escapeDelay = 0.05

    private func apply(_ input: LiveInput, at time: Double) {
        // While a field is being edited its letters are text: q, a and r type.
        if case .key(let character) = input, "qQaArR".contains(character),
           player.window.firstResponder is any TextInputClient, let key = Key(typing: character) {
            player.press(key, at: time, named: key.name ?? String(character))
            return
        }
        switch input {
        case .key("q"), .key("Q"), .key("\u{3}"), .key("\u{4}"):
            quit = true
        case .key("a"), .key("A"):
            player.advance(to: time)
            let accessible = player.window.preferredContentSizeCategory.isAccessibilityCategory
            player.changeContentSize(to: accessible ? .large : .accessibilityLarge)
        case .key("r"), .key("R"):
            player.advance(to: time)
            let rightToLeft = player.window.effectiveLayoutDirection == .rightToLeft
            player.window.semanticLayoutDirection = rightToLeft ? .leftToRight : .rightToLeft
            collectLines()
            note("layout changes to " + (rightToLeft ? "left to right" : "right to left"))
        case .key("\t"):
            press("tab", at: time)
        case .key("\r"), .key("\n"):
            press("return", at: time)
        case .key(" "):
            press("space", at: time)
        case .key("\u{7F}"), .key("\u{8}"):
            press("backspace", at: time)
        case .key("\u{1B}"):
            press("escape", at: time)
        case .key(let character):
            // Any other control character types nothing; text is a key press that types it.
            guard let key = Key(typing: character) else { return }
            player.press(key, at: time, named: key.name ?? String(character))
        case .alt(let character):
            guard let key = Key(typing: character, alternate: true) else { return }
            player.press(key, at: time, named: key.name ?? "alt+" + String(character))
        case .navigation(let key):
            player.press(key.key, at: time, named: key.name)
        case .paste(let text, let bytesLeftOut):
            player.advance(to: time)
            pasteToFirstResponder(text, bytesLeftOut: bytesLeftOut)
        case .press(let column, let row):
            guard let point = point(column: column, row: row, clamped: false) else { return }
            if fingerDown || currentFingerLocation != nil { send(.ended, at: currentFingerLocation ?? point, time: time) }
            fingerDown = true
            send(.began, at: point, time: time)
        case .drag(let column, let row):
            guard fingerDown, let point = point(column: column, row: row, clamped: true) else { return }
            send(.moved, at: point, time: time)
        case .release(let column, let row):
            guard fingerDown, let point = point(column: column, row: row, clamped: true) else { return }
            fingerDown = false
            send(.ended, at: point, time: time)
        }
    }

    /// Presses and releases the key called `name` (as a script's `key` line does) at `time`.
    private func press(_ name: String, at time: Double) {
        guard let key = try? Key(name: name) else { return }
        player.press(key, at: time)
    }

    /// The hook a paste goes through: the text of a bracketed paste,
    /// whole, inserted by the window's first responder when it takes text
    /// (`TextInputClient.insertText(_:)`, as a paste into a text field is
    /// one user edit), and recorded either way: a transcript line says how
    /// much arrived, how it starts and where it went, and `pastes` counts it.
    func pasteToFirstResponder(_ text: String, bytesLeftOut: Int) {
        pastes += 1
        let characters = text.count
        var preview = String(text.prefix(Self.pastePreviewLength)).map { $0.isNewline ? " " : $0 }.map(String.init).joined()
        if characters > Self.pastePreviewLength { preview += "…" }
        let taker = player.window.firstResponder as? any TextInputClient
        note("paste of \(characters) character\(characters == 1 ? "" : "s"): \"\(preview)\""
            + (bytesLeftOut > 0 ? " (\(bytesLeftOut) more bytes past the \(LiveInputParser.maximumPasteBytes)-byte limit left out)" : "")
            + (taker == nil ? " — nothing here takes text" : " — inserted by the first responder"))
        taker?.insertText(text)
    }

    /// How many pastes arrived (see `pasteToFirstResponder`).
    private(set) var pastes = 0
    /// How much of a paste its transcript line shows.
    static let pastePreviewLength = 40

    private var currentFingerLocation: Point? { player.window.touch(withID: Self.fingerID)?.location }

    private func send(_ phase: TouchPhase, at point: Point, time: Double) {
        player.play(TouchInput(id: Self.fingerID, phase: phase, location: point, timestamp: time))
    }

    /// The window point under a 1-based terminal cell; the picture starts at
    /// the top-left cell. Outside the picture: nil, or the nearest cell of
    /// the window when `clamped` (a drag that leaves the picture goes on).
    private func point(column: Int, row: Int, clamped: Bool) -> Point? {
        var line = row - 1
        var cell = column - 1
        if clamped {
            line = min(max(line, 1), TerminalPicture.lineCount - 1)
            cell = min(max(cell, 0), columns - 1)
        }
        return TerminalPicture.windowPoint(column: cell, line: line, of: player.snapshot(caption: ""), columns: columns)
    }

    /// Turns the events recorded since the last call into transcript lines
    /// and folds them into the summary, then has the player forget them:
    /// the session keeps what the screen shows (its last lines) and the
    /// summary, never the whole history.
    private func collectLines() {
        let events = player.replay.events
        guard !events.isEmpty else { return }
        for event in events {
            summary.add(event)
            if let line = TranscriptFormatter.textLine(event) { append(line) }
        }
        player.discardRecorded()
    }

    /// What the session is keeping, in counts: the player's recorded events
    /// and pictures (none between inputs), the transcript lines, and the
    /// bytes the input parser holds (an unfinished sequence, a paste).
    var retained: (events: Int, frames: Int, lines: Int, inputBytes: Int) {
        let replay = player.replay
        return (replay.events.count, replay.frames.count, lines.count, parser.retainedBytes)
    }

    /// The closing line of the session so far, as a replay's transcript ends.
    var summaryLine: String { summary.text }

    /// Adds a line of the Demo's own to the transcript, stamped with the
    /// time, after the lines of the events so far (an AT-SPI log line comes
    /// after the events that caused it).
    func note(_ text: String) {
        collectLines()
        append("  " + NumberFormatting.fixed(player.window.currentTime, decimals: 3).leftPaddedWithSpaces(to: 7) + "  " + text)
    }

    private func append(_ line: String) {
        lines.append(TranscriptFormatter.escapingControlCharacters(line))
        if lines.count > Self.maximumLines { lines.removeFirst(lines.count - Self.maximumLines) }
    }

    /// The whole screen for a terminal of `size`: the picture at the top,
    /// the latest transcript lines under it, or a message when the terminal
    /// is too small for the picture.
    func screen(size: TerminalSize) -> String {
        let minimum = TerminalSize(rows: TerminalPicture.lineCount + 1, columns: Self.pictureColumns.lowerBound)
        guard size.rows >= minimum.rows, size.columns >= minimum.columns else {
            return LiveScreen.tooSmall(size, needs: minimum)
        }
        columns = min(size.columns, Self.pictureColumns.upperBound)
        let picture = TerminalPicture.render(player.snapshot(caption: Self.caption), columns: columns)
        return LiveScreen.compose(picture: picture, lines: lines, size: size)
    }
}

/// Screen text: where each line goes, with the escape sequences that put it there.
enum LiveScreen {
    /// The picture's lines from the top row, then as many of the last
    /// transcript lines as fit, each cut to the width; everything else cleared.
    static func compose(picture: String, lines: [String], size: TerminalSize) -> String {
        var rows = picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last?.isEmpty == true { rows.removeLast() }
        let room = max(0, size.rows - rows.count)
        rows += lines.suffix(room)
        var text = ""
        for (index, row) in rows.prefix(size.rows).enumerated() {
            text += "\u{1B}[\(index + 1);1H" + String(row.prefix(size.columns)) + "\u{1B}[K"
        }
        return text + "\u{1B}[J"
    }

    /// A clear message instead of a picture that would not fit.
    static func tooSmall(_ size: TerminalSize, needs minimum: TerminalSize) -> String {
        let words = "The terminal is \(size.columns)×\(size.rows); the live Demo needs at least "
            + "\(minimum.columns)×\(minimum.rows). Make the window larger, or press q to quit."
        var rows: [String] = []
        var current = ""
        for word in words.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > size.columns {
                rows.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        rows.append(current)
        var text = "\u{1B}[H\u{1B}[2J"
        for (index, row) in rows.prefix(size.rows).enumerated() {
            text += "\u{1B}[\(index + 1);1H" + String(row.prefix(size.columns))
        }
        return text
    }
}

/// `Demo --live [SCRIPT]`: the scene in this terminal, on the real clock,
/// with the mouse.
@MainActor
enum LiveMode {
    /// Runs until `q`, Ctrl-C, SIGTERM, SIGHUP or an error, and restores the terminal in each case.
    ///
    /// With `serving` (`--atspi --live`), the scene is also served to screen
    /// readers (status 1 when it cannot be registered); the bus going away
    /// ends the session, and a signal ends it with status 0, as for
    /// `--atspi` alone. With `verbose`, the AT-SPI log goes into the transcript.
    ///
    /// Once the terminal is back as it was, the session's summary goes to
    /// `output` (the transcript's closing line), so leaving leaves a trace.
    static func run(
        script: GestureScript, output: (String) -> Void, errors: (String) -> Void, serving: Bool = false,
        verbose: Bool = false
    ) -> Int32 {
        let terminal = Terminal()
        guard terminal.isTerminal else {
            errors("Demo: --live needs a terminal on standard input and output\n")
            return 1
        }
        let session = LiveSession(script: script)
        var server: AtspiServer?
        if serving {
            guard let started = AtspiServer.start(window: session.player.window, errors: errors) else { return 1 }
            server = started
        }
        defer { server?.close() }
        guard let signals = SignalPipe() else {
            errors("Demo: --live cannot watch for signals: \(String(cString: strerror(errno)))\n")
            return 1
        }
        defer { signals.restore() }
        guard terminal.enter() else {
            errors("Demo: --live cannot put the terminal in raw mode: \(String(cString: strerror(errno)))\n")
            return 1
        }
        let loop = LiveRunLoop(window: session.player.window)
        server?.attach(to: loop)
        if verbose { server?.log = { [weak session] line in session?.note(line) } }
        var status: Int32 = 0
        var drawn = ""
        func draw() {
            let screen = session.screen(size: terminal.size() ?? TerminalSize(rows: 24, columns: 80))
            if screen != drawn {
                terminal.write(screen)
                drawn = screen
            }
        }
        loop.watch(terminal.input) { descriptor in
            var bytes = [UInt8](repeating: 0, count: 256)
            let count = read(descriptor, &bytes, bytes.count)
            if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
                loop.stop()  // the terminal went away
                return
            }
            if count > 0 { session.handle(Array(bytes[0..<count]), at: loop.now) }
            if session.quit { loop.stop() }
        }
        loop.watch(signals.readEnd) { _ in
            if let number = signals.drain().first { status = server == nil ? 128 + number : 0 }
            loop.stop()
        }
        loop.afterEachTurn = {
            session.tick(at: loop.now)
            server?.flush()
            draw()
        }
        draw()
        var failure: LiveError?
        while !loop.isStopped {
            do {
                // A quarter second at most, so the clock and a resized terminal show.
                try loop.runOnce(limit: 0.25)
            } catch {
                failure = error
                break
            }
        }
        terminal.leave()
        output(Self.farewell(session, script: script, seconds: loop.now))
        if let failure {
            errors("Demo: --live: \(failure)\n")
            return 1
        }
        if case .failed(let reason)? = server?.end {
            errors("Demo: --atspi: \(reason)\n")
            return 1
        }
        return status
    }
}

extension LiveMode {
    /// What the terminal shows after the session: which scene ran, for how
    /// long, and the transcript's summary line.
    static func farewell(_ session: LiveSession, script: GestureScript, seconds: Double) -> String {
        let time = NumberFormatting.fixed(max(0, seconds), decimals: 1)
        return TranscriptFormatter.escapingControlCharacters(
            "Live session of \(script.file): \(time) s.\n\(session.summaryLine)\n")
    }
}

extension String {
    func leftPaddedWithSpaces(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
