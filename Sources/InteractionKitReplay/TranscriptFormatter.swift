import InteractionKitEvemu
import InteractionKitLinux

/// Turns a replay into text: a transcript a person can read, or JSON lines
/// a program can.
public enum TranscriptFormatter {
    // MARK: JSON lines

    /// The version of the JSON-lines schema, written in the `meta` header
    /// line. It changes when a field is removed, renamed or changes type;
    /// adding an event kind or a field does not change it.
    public static let jsonSchemaVersion = 1

    /// The replay as JSON lines: a header object, then one object per
    /// event, one per line.
    ///
    /// The first line is `{"event":"meta","schema":1,"script":"…"}`; every
    /// other object has `t` (seconds) and `event`:
    ///
    /// ```
    /// {"event":"meta","schema":1,"script":"seed.gesture"}
    /// {"t":0,"event":"touch","finger":"0","phase":"began","x":39,"y":819.5,"item":"Home"}
    /// {"t":0.15,"event":"gesture","name":"large-content-viewer","state":"began"}
    /// {"t":0.15,"event":"hud.show","title":"Home","image":"home"}
    /// {"t":1.2,"event":"hud.hide"}
    /// {"t":1.2,"event":"select","title":"Settings"}
    /// ```
    ///
    /// A script's buttons add `control` (`title`, `control`: the
    /// `ControlEvents` name, as `touchUpInside`) and `highlight` (`title`,
    /// `highlighted`: true or false):
    ///
    /// ```
    /// {"t":0,"event":"highlight","title":"Save","highlighted":true}
    /// {"t":0,"event":"control","title":"Save","control":"touchDown"}
    /// ```
    ///
    /// A script's scroll view adds `scroll` (`x`, `y`: the content offset,
    /// at most once per frame that moved, 60 a second) and `scroll.end`
    /// (`x`, `y`: where it rests), and, when it zooms, `zoom` and
    /// `zoom.end` (`scale`, likewise):
    ///
    /// ```
    /// {"t":0.117,"event":"scroll","x":0,"y":130.25}
    /// {"t":2.8,"event":"scroll.end","x":0,"y":707.4}
    /// {"t":0.15,"event":"zoom","scale":1.482}
    /// ```
    ///
    /// Other events: `content-size` (`category`), `recording` (`file`,
    /// `device`, `contacts`, `duration`) and `rejected` (`reason`). The
    /// "Transcripts" article's table (InteractionKitReplay.docc) lists every field with its type; a test
    /// holds this output to it.
    public static func jsonLines(_ replay: Replay) -> String {
        var output = metaLine(replay.script) + "\n"
        for event in replay.events {
            output += jsonLine(event)
            output += "\n"
        }
        return output
    }

    /// The header object of the JSON lines, without a newline: the schema
    /// version and the script's name.
    public static func metaLine(_ script: GestureScript) -> String {
        "{\"event\":\"meta\",\"schema\":\(jsonSchemaVersion),\"script\":\(quoted(script.file))}"
    }

    /// The JSON object of one event, without a newline.
    public static func jsonLine(_ event: ReplayEvent) -> String {
        var fields: [(String, String)] = [("t", number(event.time))]
        switch event.kind {
        case .touch(let id, let phase, let location, let item):
            fields += [
                ("event", quoted("touch")), ("finger", quoted(fingerName(id))), ("phase", quoted(name(of: phase))),
                ("x", number(location.x, decimals: 3)),
                ("y", number(location.y, decimals: 3)),
                ("item", item.map(quoted) ?? "null"),
            ]
        case .gesture(let name, let state):
            fields += [("event", quoted("gesture")), ("name", quoted(name)), ("state", quoted(state.description))]
            // A measure that is not finite is left out, as the schema allows ("number or absent").
            switch event.measure {
            case .scale(let scale) where scale.isFinite:
                fields.append(("scale", NumberFormatting.json(scale, decimals: 4)))
            case .rotation(let radians) where radians.isFinite:
                fields.append(("rotation", NumberFormatting.json(radians, decimals: 4)))
            case .scale, .rotation, nil:
                break
            }
        case .hudShow(let title, let image):
            fields += [
                ("event", quoted("hud.show")), ("title", title.map(quoted) ?? "null"),
                ("image", image.map(quoted) ?? "null"),
            ]
        case .hudHide:
            fields += [("event", quoted("hud.hide"))]
        case .select(let title):
            fields += [("event", quoted("select")), ("title", title.map(quoted) ?? "null")]
        case .control(let title, let control):
            fields += [("event", quoted("control")), ("title", quoted(title)), ("control", quoted(name(of: control)))]
        case .highlight(let title, let isHighlighted):
            fields += [("event", quoted("highlight")), ("title", quoted(title)), ("highlighted", String(isHighlighted))]
        case .contentSize(let category):
            fields += [("event", quoted("content-size")), ("category", quoted(category.scriptName))]
        case .recording(let file, let device, let contacts, let duration):
            fields += [
                ("event", quoted("recording")), ("file", quoted(file)), ("device", quoted(device)),
                ("contacts", String(contacts)), ("duration", number(duration)),
            ]
        case .rejected(let error):
            fields += [("event", quoted("rejected")), ("reason", quoted(reason(error)))]
        case .scroll(let offset):
            fields += [("event", quoted("scroll")), ("x", NumberFormatting.json(offset.x, decimals: 3)),
                       ("y", NumberFormatting.json(offset.y, decimals: 3))]
        case .key(let name):
            fields += [("event", quoted("key")), ("key", quoted(name))]
        case .focus(let title, let kind):
            fields += [("event", quoted("focus")), ("title", kind == nil ? "null" : title.map(quoted) ?? "null"),
                       ("kind", kind.map { quoted($0.rawValue) } ?? "null")]
        case .scrollEnd(let offset):
            fields += [("event", quoted("scroll.end")), ("x", NumberFormatting.json(offset.x, decimals: 3)),
                       ("y", NumberFormatting.json(offset.y, decimals: 3))]
        case .refresh:
            fields += [("event", quoted("refresh"))]
        case .refreshEnd:
            fields += [("event", quoted("refresh.end"))]
        case .zoom(let scale):
            fields += [("event", quoted("zoom")), ("scale", NumberFormatting.json(scale, decimals: 3))]
        case .zoomEnd(let scale):
            fields += [("event", quoted("zoom.end")), ("scale", NumberFormatting.json(scale, decimals: 3))]
        case .editing(let title, let began):
            fields += [("event", quoted("editing")), ("title", quoted(title)), ("phase", quoted(began ? "began" : "ended"))]
        case .text(let title, let text, let selection, let marked):
            fields += [("event", quoted("text")), ("title", quoted(title)), ("text", quoted(text)),
                       ("selection", "[\(selection.lowerBound),\(selection.upperBound)]")]
            if let marked { fields.append(("marked", "[\(marked.lowerBound),\(marked.upperBound)]")) }
        case .row(let row, let selected):
            fields += [("event", quoted("row")), ("row", String(row)), ("phase", quoted(selected ? "selected" : "deselected"))]
        case .swipeAction(let row, let title):
            fields += [("event", quoted("swipe-action")), ("row", String(row)), ("title", quoted(title))]
        case .move(let from, let to):
            fields += [("event", quoted("move")), ("from", String(from)), ("to", String(to))]
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A field the schema says is a number, always one: JSON has no NaN or
    /// infinity (`NumberFormatting.json` would write `null`), so an infinite
    /// value is clamped to the largest finite double of its sign and NaN is
    /// written as 0. (The player records finite values; this holds for any
    /// replay a caller builds.)
    static func number(_ value: Double, decimals: Int = 6) -> String {
        let finite = value.isNaN ? 0 : min(max(value, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
        return NumberFormatting.json(finite, decimals: decimals)
    }

    /// The name of a finger in transcripts and JSON lines: a script's touch
    /// `id N` is `"N"`; a replayed recording's fingers are `"r0"`, `"r1"`, …
    /// (their touch ids start at ``GestureScriptParser/recordingTouchIDBase``).
    public static func fingerName(_ id: Int) -> String {
        let base = GestureScriptParser.recordingTouchIDBase
        return id >= base ? "r\(id - base)" : String(id)
    }

    /// A string as a JSON string literal, escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The script name of a touch phase.
    public static func name(of phase: TouchPhase) -> String {
        switch phase {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    /// The name of a control event in JSON lines: the `ControlEvents`
    /// member's name (`touchUpInside`); several are joined with `+`.
    public static func name(of events: ControlEvents) -> String {
        events.names.joined(separator: "+")
    }

    /// Why the window refused a sample, naming the finger as transcripts do.
    static func reason(_ error: TouchInputError) -> String {
        switch error {
        case .touchNotDown(let id): "finger \(fingerName(id)) is not down"
        case .touchAlreadyDown(let id): "finger \(fingerName(id)) is already down"
        case .nonFiniteLocation(let id): "finger \(fingerName(id)) has a non-finite location"
        case .tooManyTouches(let id, let limit): "finger \(fingerName(id)) cannot go down: \(limit) fingers are already down"
        case .tooManyQueued(let id): "finger \(fingerName(id)) was sent while too many inputs were waiting"
        }
    }

    // MARK: Human transcript

    /// Options for the human transcript.
    public struct TextOptions: Sendable {
        /// Draws a picture of the scene; nil leaves pictures out.
        public var picture: (@Sendable (SceneSnapshot) -> String)?
        /// Whether to print every move of a recording's fingers (else only the first and last of each finger).
        public var allRecordingMoves = false
        /// A key to the pictures' symbols, printed once, under the first picture.
        public var legend: String?
        /// Whether the transcript is ASCII only: its own symbols are written
        /// in ASCII (`-` for `—`, `x` for `×`) and any other non-ASCII
        /// character, of a title for instance, as `\u{E9}`.
        public var ascii = false

        /// Options with no pictures.
        public init(
            picture: (@Sendable (SceneSnapshot) -> String)? = nil, allRecordingMoves: Bool = false, ascii: Bool = false,
            legend: String? = nil
        ) {
            self.picture = picture
            self.allRecordingMoves = allRecordingMoves
            self.ascii = ascii
            self.legend = legend
        }
    }

    /// A transcript a person can read without knowing the code: the scene,
    /// then one line per thing that happened, with pictures of the screen
    /// when the HUD or the selection changes. Gestures' `changed` states are
    /// left out (each follows a touch line), and of a run of scroll moves
    /// only the first and the last are listed; JSON lines keep them all.
    public static func text(_ replay: Replay, options: TextOptions = TextOptions()) -> String {
        var output = sceneDescription(replay.script)
        var framesByEvent: [Int: [ReplayFrame]] = [:]
        for frame in replay.frames { framesByEvent[frame.afterEvent, default: []].append(frame) }
        let hiddenMoves = (options.allRecordingMoves ? [] : thinnedRecordingMoves(replay.events))
            .union(thinnedScrolls(replay.events))
        var legend = options.legend
        let skippedScrolls = scrollRunLengths(replay.events)
        func pictures(after index: Int) {
            guard let picture = options.picture else { return }
            for frame in framesByEvent[index] ?? [] {
                output += "\n" + indent(picture(frame.snapshot)) + "\n"
                if let key = legend {
                    output += indent(key) + "\n"
                    legend = nil
                }
                output += "\n"
            }
        }
        pictures(after: 0)
        for (index, event) in replay.events.enumerated() {
            if hiddenMoves.contains(index) { continue }
            if var line = textLine(event, listsAllMoves: options.allRecordingMoves) {
                if let (skipped, motion) = skippedScrolls[index] {
                    line += " (after \(skipped) more frame\(skipped == 1 ? "" : "s") of \(motion), not listed)"
                }
                output += line + "\n"
            }
            pictures(after: index + 1)
        }
        output += summary(replay)
        if replay.framesLeftOut > 0 {
            output += "(\(replay.framesLeftOut) more picture\(replay.framesLeftOut == 1 ? " was" : "s were") not taken: "
                + "a replay keeps at most \(ScriptPlayer.maximumFrames) pictures and "
                + "\(ScriptPlayer.maximumSnapshotElements) tabs, fingers and trail points in them.)\n"
        }
        output = escapingControlCharacters(output)
        return options.ascii ? asciiOnly(output) : output
    }

    /// `text` with every control character but the line feed written as a
    /// Swift escape (`\u{1B}`), so that text from a script or a recording
    /// (a tab title with an escape sequence, say) cannot drive the terminal
    /// it is printed on: C0 controls, DEL and the C1 controls (`\u{9B}` is
    /// a control sequence introducer to some terminals).
    public static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n") || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// `text` with every non-ASCII character written in ASCII: the
    /// transcript's own symbols as their usual ASCII stand-ins, anything
    /// else as a Swift escape (`\u{E9}`).
    public static func asciiOnly(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "—", "–": result += "-"
            case "×": result += "x"
            case "…": result += "..."
            case "‘", "’": result += "'"
            case "“", "”": result += "\""
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// The transcript's line for one event (time, then what happened),
    /// without a newline and with no escaping; nil for the events the human
    /// transcript leaves out (a gesture's `changed`: the touch lines tell it).
    /// What a live display prints as events happen.
    public static func textLine(_ event: ReplayEvent, listsAllMoves: Bool = true) -> String? {
        if case .gesture(_, .changed) = event.kind, event.measure == nil { return nil }
        return "  " + NumberFormatting.fixed(event.time, decimals: 3).leftPadded(to: 7) + "  "
            + describe(event.kind, listsAllMoves: listsAllMoves) + measured(event.measure)
    }

    /// The transcript's opening: the script's name and its scene, ending in a blank line.
    public static func header(_ script: GestureScript) -> String {
        sceneDescription(script)
    }

    /// The transcript's closing line: what was selected, how often the HUD
    /// changed (when a HUD could show), what was pressed and recognized.
    public static func closing(_ replay: Replay) -> String {
        summary(replay)
    }

    private static func sceneDescription(_ script: GestureScript) -> String {
        let scene = script.scene
        var lines: [String] = []
        lines.append("Replaying \(script.file)")
        let size = "\(NumberFormatting.json(scene.windowSize.width)) × \(NumberFormatting.json(scene.windowSize.height))"
        let direction = scene.layoutDirection == .rightToLeft ? "right to left" : "left to right"
        let viewer = scene.contentSize.isAccessibilityCategory
            ? "an accessibility size: the large content viewer is on"
            : "not an accessibility size: the large content viewer is off"
        lines.append("Scene: a \(size) window, laid out \(direction); text size \(scene.contentSize.scriptName) (\(viewer)).")
        if let titles = scene.tabTitles {
            let tabs = titles.map { title -> String in
                var text = title
                if scene.selectedTab == title { text += " (selected)" }
                if scene.disabledTabs.contains(title) { text += " (disabled)" }
                return text
            }
            lines.append("Tab bar at the bottom: " + tabs.joined(separator: " | "))
        }
        if !scene.buttons.isEmpty {
            let buttons = scene.buttons.map { button -> String in
                let frame = button.frame
                var text = "\(button.title) at (\(NumberFormatting.json(frame.minX)), \(NumberFormatting.json(frame.minY))), "
                    + "\(NumberFormatting.json(frame.width)) × \(NumberFormatting.json(frame.height))"
                if button.isInScroll { text += " in scroll" }
                if !button.isEnabled { text += " (disabled)" }
                return text
            }
            lines += wrapped(buttons, after: buttons.count == 1 ? "Button: " : "Buttons: ", separator: " | ")
        }
        if !scene.fields.isEmpty {
            let fields = scene.fields.map { field -> String in
                let frame = field.frame
                var text = "\(field.name) at (\(NumberFormatting.json(frame.minX)), \(NumberFormatting.json(frame.minY))), "
                    + "\(NumberFormatting.json(frame.width)) × \(NumberFormatting.json(frame.height))"
                if let placeholder = field.placeholder { text += ", placeholder " + quoted(placeholder) }
                if field.isSecure { text += " (secure)" }
                if !field.isEnabled { text += " (disabled)" }
                return text
            }
            lines += wrapped(fields, after: fields.count == 1 ? "Text field: " : "Text fields: ", separator: " | ")
        }
        if let list = scene.list {
            let frame = list.frame
            lines.append("List at (\(NumberFormatting.json(frame.minX)), \(NumberFormatting.json(frame.minY))), "
                + "\(NumberFormatting.json(frame.width)) × \(NumberFormatting.json(frame.height)): \(list.rowCount) "
                + "row\(list.rowCount == 1 ? "" : "s") \(NumberFormatting.json(list.rowHeight)) points high"
                + (list.swipeActions.isEmpty ? "" : "; swipe actions " + list.swipeActions.joined(separator: ", "))
                + (list.reorders ? "; editing: a long press moves a row" : ""))
        }
        if let scroll = scene.scroll {
            let frame = scroll.frame
            lines.append("Scroll view at (\(NumberFormatting.json(frame.minX)), \(NumberFormatting.json(frame.minY))), "
                + "\(NumberFormatting.json(frame.width)) × \(NumberFormatting.json(frame.height)), holding content "
                + "\(NumberFormatting.json(scroll.contentSize.width)) × \(NumberFormatting.json(scroll.contentSize.height))"
                + (scroll.isPagingEnabled ? ", paging" : "")
                + (scroll.refreshDuration.map { "; pull to refresh, a refresh lasting \(NumberFormatting.json($0)) s" } ?? "")
                + (scroll.zoomRange.map {
                    "; its content zooms from \(NumberFormatting.json($0.lowerBound))× to \(NumberFormatting.json($0.upperBound))×"
                } ?? "")
                + (scene.buttons.contains(where: \.isInScroll) ? " (its buttons are placed in the content)" : ""))
        }
        if !scene.surfaceRecognizers.isEmpty {
            lines.append("Surface behind everything, recognizing: "
                + scene.surfaceRecognizers.map(\.rawValue).joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The widest a line of the scene's description grows by a list (the
    /// buttons of a long scroll view): a longer list goes one item a line.
    static let listLineWidth = 80

    /// `items` after `lead`, joined by `separator`, on one line when that
    /// line is at most ``listLineWidth`` characters; else `lead` alone, then
    /// one item a line, indented by two spaces.
    private static func wrapped(_ items: [String], after lead: String, separator: String) -> [String] {
        let single = lead + items.joined(separator: separator)
        if single.count <= listLineWidth || items.count < 2 { return [single] }
        var heading = lead
        while heading.last == " " { heading.removeLast() }
        return [heading] + items.map { "  " + $0 }
    }

    /// The indices of a recording's moves that the human transcript leaves
    /// out: all but the first and the last move of each finger.
    private static func thinnedRecordingMoves(_ events: [ReplayEvent]) -> Set<Int> {
        var movesByTouch: [Int: [Int]] = [:]
        for (index, event) in events.enumerated() {
            guard case .touch(let id, .moved, _, _) = event.kind, id >= GestureScriptParser.recordingTouchIDBase else {
                continue
            }
            movesByTouch[id, default: []].append(index)
        }
        var hidden: Set<Int> = []
        for indices in movesByTouch.values where indices.count > 2 {
            hidden.formUnion(indices.dropFirst().dropLast())
        }
        return hidden
    }

    /// The indices of scroll and zoom moves the human transcript leaves
    /// out: in each run of `scroll` and `zoom` events with nothing else
    /// between them, all but the first and the last of each kind.
    private static func thinnedScrolls(_ events: [ReplayEvent]) -> Set<Int> {
        var hidden: Set<Int> = []
        for run in motionRuns(events) where run.indices.count > 2 {
            hidden.formUnion(run.indices.dropFirst().dropLast())
        }
        return hidden
    }

    /// For the last event of each kind in a run of more than two of that
    /// kind, how many were left out before it, and what they were ("scrolling", "zooming").
    private static func scrollRunLengths(_ events: [ReplayEvent]) -> [Int: (Int, String)] {
        var lengths: [Int: (Int, String)] = [:]
        for run in motionRuns(events) where run.indices.count > 2 {
            lengths[run.indices[run.indices.count - 1]] = (run.indices.count - 2, run.motion)
        }
        return lengths
    }

    /// Each kind's indices in each run of consecutive `scroll` and `zoom`
    /// events (the two alternate while a pinch zooms and scrolls).
    private static func motionRuns(_ events: [ReplayEvent]) -> [(motion: String, indices: [Int])] {
        var runs: [(motion: String, indices: [Int])] = []
        var scrolls: [Int] = [], zooms: [Int] = []
        func close() {
            if !scrolls.isEmpty { runs.append(("scrolling", scrolls)) }
            if !zooms.isEmpty { runs.append(("zooming", zooms)) }
            scrolls = []
            zooms = []
        }
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .scroll: scrolls.append(index)
            case .zoom: zooms.append(index)
            default: close()
            }
        }
        close()
        return runs
    }

    /// A pinch's scale or a rotation's turn, readably: " (scale 1.25×)", " (rotation 15.0° clockwise)".
    private static func measured(_ measure: GestureMeasure?) -> String {
        switch measure {
        case .scale(let scale):
            return " (scale \(NumberFormatting.fixed(scale, decimals: 3))×)"
        case .rotation(let radians):
            let degrees = radians * 180 / Double.pi
            let way = degrees > 0 ? " clockwise" : degrees < 0 ? " counterclockwise" : ""
            return " (rotation \(NumberFormatting.fixed(abs(degrees), decimals: 1))°\(way))"
        case nil:
            return ""
        }
    }

    private static func describe(_ kind: ReplayEvent.Kind, listsAllMoves: Bool) -> String {
        switch kind {
        case .touch(let id, let phase, let location, let item):
            let point = "(\(NumberFormatting.json(location.x, decimals: 2)), \(NumberFormatting.json(location.y, decimals: 2)))"
            let finger = "finger \(fingerName(id))"
            let place = item.map { " over \($0)" } ?? ""
            switch phase {
            case .began: return "\(finger) down at \(point)\(place)"
            case .moved, .stationary: return "\(finger) moves to \(point)\(place)"
            case .ended: return "\(finger) lifts at \(point)\(place)"
            case .cancelled: return "\(finger) cancelled by the system at \(point)\(place)"
            }
        case .gesture(let name, let state):
            return "\(name) \(state)" + (gloss(name: name, state: state).map { " — \($0)" } ?? "")
        case .hudShow(let title, let image):
            let what = title.map { "\"\($0)\"" } ?? "an item without a title"
            return "HUD shows \(what)" + (image.map { " [image: \($0)]" } ?? "")
        case .hudHide:
            return "HUD hidden"
        case .select(let title):
            return "\(title ?? "a tab without a title") selected (the tab bar's delegate is told)"
        case .control(let title, let control):
            return "\(title): " + phrase(for: control)
        case .highlight(let title, let isHighlighted):
            return isHighlighted ? "\(title) highlighted" : "\(title) no longer highlighted"
        case .contentSize(let category):
            let viewer = category.isAccessibilityCategory ? "the large content viewer is on" : "the large content viewer is off"
            return "text size changes to \(category.scriptName) (\(viewer))"
        case .recording(let file, let device, let contacts, let duration):
            return "replaying \(file) (\(device)): \(contacts) finger\(contacts == 1 ? "" : "s") over "
                + NumberFormatting.fixed(duration, decimals: 3) + " s"
                + (listsAllMoves ? "" : "; moves between a finger's first and last are not listed")
        case .rejected(let error):
            return "the window refused a sample: \(reason(error))"
        case .scroll(let offset):
            return "content scrolls to \(pointText(offset))"
        case .scrollEnd(let offset):
            return "scroll rests at \(pointText(offset))"
        case .refresh:
            return "refresh begins"
        case .refreshEnd:
            return "refresh ends"
        case .zoom(let scale):
            return "content zooms to \(NumberFormatting.json(scale, decimals: 2))×"
        case .zoomEnd(let scale):
            return "zoom rests at \(NumberFormatting.json(scale, decimals: 2))×"
        case .key(let name):
            return "key \(name)"
        case .focus(let title, let kind):
            guard let kind else { return "focus leaves the window" }
            return "focus moves to " + (title.map { "\($0) (\(kind.rawValue))" } ?? "a \(kind.rawValue) without a title")
        case .editing(let title, let began):
            return "editing \(began ? "begins" : "ends") in \(title)"
        case .text(let title, let text, let selection, let marked):
            return "\(title) reads " + quoted(shortened(markedUp(text, selection: selection, marked: marked)))
        case .row(let row, let selected):
            return "row \(row) \(selected ? "selected" : "deselected")"
        case .swipeAction(let row, let title):
            return "swipe action \(title) on row \(row)"
        case .move(let from, let to):
            return "row \(from) moves to \(to)"
        }
    }

    /// The most characters of a field's text a human transcript line shows:
    /// a longer text (a paste of a megabyte) shows the part around the caret.
    public static let maximumTextShown = 120

    /// `text` cut to ``maximumTextShown`` characters around its caret (or
    /// its selection's end), with `…` where it was cut.
    static func shortened(_ text: String) -> String {
        guard text.count > maximumTextShown else { return text }
        let characters = Array(text)
        let caret = characters.firstIndex(where: { $0 == "|" || $0 == "]" }) ?? characters.count - 1
        let start = max(0, min(characters.count - maximumTextShown, caret - maximumTextShown / 2))
        let end = min(characters.count, start + maximumTextShown)
        return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
    }

    /// A field's text with its caret as `|`, a selection in `[` `]` and
    /// marked text in `{` `}`, as the `text` events show it: "ca|t", "[cat]", "{ka}|".
    public static func markedUp(_ text: String, selection: Range<Int>, marked: Range<Int>?) -> String {
        var marks: [Int: String] = [:]
        func add(_ offset: Int, _ mark: String, before: Bool) {
            marks[offset] = before ? mark + (marks[offset] ?? "") : (marks[offset] ?? "") + mark
        }
        if let marked {
            add(marked.lowerBound, "{", before: false)
            add(marked.upperBound, "}", before: true)
        }
        if selection.isEmpty {
            add(selection.lowerBound, "|", before: false)
        } else {
            add(selection.lowerBound, "[", before: false)
            add(selection.upperBound, "]", before: true)
        }
        var result = ""
        var offset = 0
        for scalar in text.unicodeScalars {
            if let mark = marks[offset] { result += mark }
            result.unicodeScalars.append(scalar)
            offset += 1
        }
        if let mark = marks[offset] { result += mark }
        return result
    }

    /// A content offset as the transcript writes it: "(0, 130.25)".
    private static func pointText(_ point: Point) -> String {
        "(\(NumberFormatting.json(point.x, decimals: 2)), \(NumberFormatting.json(point.y, decimals: 2)))"
    }

    /// A control event in words, for the human transcript.
    private static func phrase(for control: ControlEvents) -> String {
        let margin = NumberFormatting.json(GestureConstants.controlTrackingMargin)
        switch control {
        case .touchDown: return "touch down"
        case .touchDownRepeat: return "touch down repeat (a quick second tap)"
        case .touchDragInside: return "drag inside (again on every move inside; listed once)"
        case .touchDragOutside: return "drag outside (again on every move outside; listed once)"
        case .touchDragEnter: return "drag enter — back within \(margin) points of it: lifting here presses it"
        case .touchDragExit: return "drag exit — more than \(margin) points away: lifting here would not press it"
        case .touchUpInside: return "touch up inside"
        case .touchUpOutside: return "touch up outside — no action"
        case .touchCancel: return "touch cancelled — no action"
        case .valueChanged: return "value changed"
        case .primaryActionTriggered: return "primary action triggered — the button's action runs"
        default: return name(of: control)
        }
    }

    /// A short explanation of a state change, for the recognizers the player watches.
    private static func gloss(name: String, state: GestureRecognizer.State) -> String? {
        switch (name, state) {
        case ("large-content-viewer", .began): "a long press on an item: the large content viewer takes over"
        case ("large-content-viewer", .ended): "the finger lifted: the viewer ends on what is under it"
        case ("large-content-viewer", .cancelled): "the gesture was called off: nothing is selected"
        case ("large-content-viewer", .failed): "not a large-content gesture"
        case (_, .changed): nil
        default: nil
        }
    }

    private static func summary(_ replay: Replay) -> String {
        var summary = TranscriptSummary(scene: replay.script.scene)
        for event in replay.events { summary.add(event) }
        return "\n" + summary.text + "\n"
    }

    private static func indent(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }
}

extension String {
    /// The string with spaces in front, up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
