import InteractionKitPictures
import InteractionKitReplay

/// Prints a replay as it grows — the header, each event's line or JSON
/// object, the pictures — so a live source shows what happens when it
/// happens. Everything printed together is what the batch formatter prints
/// with every recording move listed.
@MainActor
struct TranscriptStream {
    let format: DemoCommand.Format
    let options: DemoCommand.Options
    private var printedEvents = 0
    private var printedFrames = 0
    private var legendPending: Bool

    init(options: DemoCommand.Options) {
        self.options = options
        format = options.format
        legendPending = options.pictures
    }

    /// The opening: the JSON header object, or the transcript's scene description.
    func start(_ script: GestureScript) -> String {
        switch format {
        case .jsonl: return TranscriptFormatter.metaLine(script) + "\n"
        case .text: return TranscriptFormatter.header(script)
        }
    }

    /// What `replay` holds beyond what was printed before.
    mutating func more(_ replay: Replay) -> String {
        var text = ""
        func pictures(upTo eventCount: Int) {
            while printedFrames < replay.frames.count, replay.frames[printedFrames].afterEvent <= eventCount {
                if format == .text && options.pictures {
                    let picture = TerminalPicture.render(
                        replay.frames[printedFrames].snapshot, columns: options.columns, ascii: options.ascii)
                    text += "\n" + indent(picture) + "\n"
                    if legendPending {
                        let scroll = replay.script.scene.scroll != nil
                        text += indent(TerminalPicture.legend(
                            ascii: options.ascii, scroll: scroll, fields: !replay.script.scene.fields.isEmpty,
                            list: replay.script.scene.list != nil)) + "\n"
                        legendPending = false
                    }
                    text += "\n"
                }
                printedFrames += 1
            }
        }
        pictures(upTo: printedEvents)
        while printedEvents < replay.events.count {
            let event = replay.events[printedEvents]
            switch format {
            case .jsonl: text += TranscriptFormatter.jsonLine(event) + "\n"
            case .text: if let line = TranscriptFormatter.textLine(event) { text += line + "\n" }
            }
            printedEvents += 1
            pictures(upTo: printedEvents)
        }
        return finish(text)
    }

    /// The closing line of the text transcript (nothing for JSON lines).
    func end(_ replay: Replay) -> String {
        format == .text ? finish(TranscriptFormatter.closing(replay)) : ""
    }

    private func finish(_ text: String) -> String {
        let escaped = TranscriptFormatter.escapingControlCharacters(text)
        return options.ascii ? TranscriptFormatter.asciiOnly(escaped) : escaped
    }

    private func indent(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }
}
