import InteractionKitLinux
import InteractionKitReplay

/// Draws a ``InteractionKitReplay/SceneSnapshot`` as a standalone SVG document that a browser can
/// show: a picture of the phone screen at that moment.
///
/// What the picture shows, in window points (the `viewBox` is the window
/// with the phone around it: `bezel` points on each side and the
/// `captionBand` above, at negative coordinates):
/// - a light grey rounded "phone" holding the screen: the window's own
///   rectangle, which clips everything drawn on it and is cut by no rounded
///   corner; when the window size is not finite and positive (or absurdly
///   large) the screen is 390 × 844 points;
/// - above the screen, where nothing on it can cover them, the time and
///   caption (in two lines when they need them, cut with `…` past two), and
///   below them in small grey text the content size category (plus
///   "right-to-left" for an RTL scene);
/// - the tab bar as a light grey band; each tab with a small rounded
///   placeholder holding its image name above its centred title; the selected
///   tab tinted with blue text, a disabled tab grey at reduced opacity, the
///   highlighted tab (the one a finger presses) shaded grey;
/// - each button as a white rounded rectangle with a blue outline and its
///   title in blue; a highlighted (pressed) button filled light blue, a
///   disabled one grey at reduced opacity;
/// - the scroll view as a dashed grey outline, its
///   buttons clipped to it where they are now, and a grey scroll indicator
///   along its right edge beside the part of the content that shows;
/// - each finger as a semi-transparent orange circle (r = 22) drawn under
///   the tabs' texts, so a title under a finger stays readable, and its name
///   (`finger 0`, or `finger r0` for a recording's) beside it, above the
///   circle, on top of everything;
/// - a replayed recording's trails (in the picture taken at its end): a
///   coloured line per finger from a dot where it went down to its name
///   where it ended, and the recognizers' last states listed at the top left;
/// - each text field as a white rectangle with a grey outline, its text in
///   a monospaced face (one cell of 10 points a character, as the field's
///   default layout), or its placeholder in grey; while editing, a blue
///   caret or a light blue selection, marked text underlined; the loupe as
///   a round lens above the finger with the text around the caret enlarged;
/// - the keyboard focus as a 3-point indigo ring around the focused item
///   (just inside a tab, just outside a button), over the tabs and
///   buttons and under the HUD;
/// - the HUD as a dark translucent rounded rectangle (rx = 16) at its frame,
///   holding a rounded square at its image frame with the image name inside,
///   and the title in large white bold text (28 points, made smaller for long
///   titles so that about 0.6 × font size per character fits the title frame).
///
/// Texts are XML-escaped (`& < > " '`) with control characters dropped, and
/// cut with `…` when even the smallest font size would not fit. Numbers are
/// written with at most two decimals, never in exponent notation; non-finite
/// numbers are written `0` and magnitudes are clamped to 1 000 000. Elements
/// whose geometry is not finite are left out. One element per line, nested
/// elements indented; the same snapshot always gives the same bytes.
public enum SVGPicture {

    /// The phone's edge around the screen, in points.
    static let bezel = 10.0
    /// The band above the screen that holds the caption: the time and what
    /// happened (two lines at most), then the text size. The screen never
    /// covers it, so a picture on its own always says when and what.
    static let captionBand = 56.0
    /// The radius of the phone's corners. The screen itself is a rectangle,
    /// as the window is: nothing on it is cut by a rounded corner.
    static let phoneCornerRadius = 24.0

    /// Renders `snapshot` as an SVG document (UTF-8 text, final newline).
    public static func render(_ snapshot: SceneSnapshot) -> String {
        var writer = SceneSVGWriter()
        let (width, height) = S.drawableWindowSize(snapshot.windowSize)
        // Window points throughout: the phone and its caption band lie outside the window's rectangle.
        let left = -bezel, top = -(bezel + captionBand)
        let totalWidth = width + 2 * bezel, totalHeight = height + 2 * bezel + captionBand
        writer.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"),
            ("viewBox", "\(S.decimal(left)) \(S.decimal(top)) \(S.decimal(totalWidth)) \(S.decimal(totalHeight))"),
            ("width", S.decimal(totalWidth)), ("height", S.decimal(totalHeight)),
        ])
        let heading = headingText(snapshot)
        writer.leaf("title", [], text: heading)

        // The phone, the caption band in it, and the screen: the window's
        // rectangle, which clips everything drawn on it.
        writer.leaf("rect", [
            ("x", S.decimal(left + 0.5)), ("y", S.decimal(top + 0.5)),
            ("width", S.decimal(totalWidth - 1)), ("height", S.decimal(totalHeight - 1)),
            ("rx", S.decimal(min(phoneCornerRadius, totalWidth / 8, totalHeight / 8))),
            ("fill", "#f2f2f7"), ("stroke", "#48484a"), ("stroke-width", "1"),
        ])
        let screen: [(String, String)] = [("x", "0"), ("y", "0"), ("width", S.decimal(width)), ("height", S.decimal(height))]
        writer.open("defs", [])
        writer.open("clipPath", [("id", "screen")])
        writer.leaf("rect", screen)
        writer.close("clipPath")
        writer.close("defs")
        drawCaption(snapshot, heading: heading, width: totalWidth, top: top, into: &writer)
        writer.leaf("rect", screen + [("fill", "#fbfbfd")])
        writer.open("g", [("clip-path", "url(#screen)")])

        if !snapshot.gestures.isEmpty { drawGestures(snapshot.gestures, width: width, into: &writer) }
        if let scroll = snapshot.scroll { drawScroll(scroll, buttons: snapshot.buttons, into: &writer) }
        drawButtons(snapshot.buttons.filter { $0.clip == nil }, into: &writer)
        if let list = snapshot.list { drawList(list, into: &writer) }
        drawFields(snapshot.fields, into: &writer)
        // Fingers go under the tabs' texts (a title stays readable under a
        // finger), their names beside them on top of everything.
        drawTabBar(snapshot, into: &writer, band: true)
        drawTrails(snapshot, into: &writer)
        drawTouches(snapshot, into: &writer, labels: false)
        drawTabBar(snapshot, into: &writer, band: false)
        if let focus = snapshot.focus { drawFocus(focus, hasScroll: snapshot.scroll != nil, into: &writer) }
        drawLoupes(snapshot.fields, into: &writer)
        if let hud = snapshot.hud { drawHUD(hud, into: &writer) }
        drawTouches(snapshot, into: &writer, labels: true)
        writer.close("g")
        writer.leaf("rect", screen + [("fill", "none"), ("stroke", "#8e8e93"), ("stroke-width", "0.5")])

        writer.close("svg")
        return writer.output
    }

    /// The caption in the band above the screen: the heading in one or two
    /// lines (cut with `…` past two), then the text size and the direction in grey.
    static func drawCaption(_ snapshot: SceneSnapshot, heading: String, width: Double, top: Double,
                            into writer: inout SceneSVGWriter) {
        let captionSize = 13.0
        let room = width - 24
        let lines = wrapped(heading, width: room, size: captionSize, maximumLines: 2)
        var details = S.cleaned(snapshot.contentSize)
        if snapshot.layoutDirection == .rightToLeft {
            details += details.isEmpty ? "right-to-left" : " · right-to-left"
        }
        if snapshot.touchesLeftOut > 0 {
            let more = snapshot.touchesLeftOut
            details += (details.isEmpty ? "" : " · ") + "+\(more) finger\(more == 1 ? "" : "s") not drawn"
        }
        let centre = width / 2 - bezel
        var y = top + bezel + (lines.count > 1 ? 17 : 25)
        writer.open("g", [("id", "caption")])
        for line in lines {
            writer.leaf("text", textAttributes(x: centre, y: y, size: captionSize, fill: "#1c1c1e", weight: "600"), text: line)
            y += 16
        }
        if !details.isEmpty {
            writer.leaf("text", textAttributes(x: centre, y: y, size: 10, fill: "#8e8e93"),
                        text: fitted(details, width: room, size: 10).text)
        }
        writer.close("g")
    }

    /// `text` in at most `maximumLines` lines that fit `width` points at font
    /// `size`, broken between words (a word too long for a line is cut), the
    /// last line cut with `…` when the text goes on.
    static func wrapped(_ text: String, width: Double, size: Double, maximumLines: Int) -> [String] {
        let perCharacter = size * characterWidth
        let capacity = perCharacter > 0 && width.isFinite ? S.clampedInt(width / perCharacter + 1e-6, 0, S.textLimit, nanValue: 0) : 0
        guard capacity > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        while !words.isEmpty {
            let word = words.removeFirst()
            let candidate = current.isEmpty ? word : current + " " + word
            if candidate.count <= capacity {
                current = candidate
                continue
            }
            if current.isEmpty {
                // One word longer than a line: it is cut.
                current = String(word.prefix(capacity - 1)) + "…"
            } else {
                words.insert(word, at: 0)
            }
            if lines.count == maximumLines - 1 { break }
            lines.append(current)
            current = ""
        }
        let rest = words.joined(separator: " ")
        if !rest.isEmpty {
            current = fitted(current.isEmpty ? rest : current + " " + rest, width: width, size: size).text
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    typealias S = SceneRenderSupport

    /// The caption line: time and caption.
    static func headingText(_ snapshot: SceneSnapshot) -> String {
        let time = S.fixedSeconds(snapshot.time).map { "t=\($0)s" } ?? "t=?"
        let caption = S.cleaned(snapshot.caption)
        return caption.isEmpty ? time : time + " · " + caption
    }

    /// Estimated advance of one character, as a fraction of the font size.
    static let characterWidth = 0.6

    /// `text` cut (with `…`) so that it fits `width` points at font `size`.
    static func fitted(_ text: String, width: Double, size: Double) -> (text: String, size: Double) {
        let characters = Array(text)
        let perCharacter = size * characterWidth
        let capacity = perCharacter > 0 && width.isFinite
            ? S.clampedInt(width / perCharacter + 1e-6, 0, S.textLimit, nanValue: 0) : 0
        if characters.count <= capacity { return (text, size) }
        if capacity <= 0 { return ("", size) }
        return (String(characters.prefix(capacity - 1)) + "…", size)
    }

    /// `text` at the largest font size up to `maximum` (and at least
    /// `minimum`) that fits `width` points, cut with `…` if even the minimum
    /// does not fit.
    static func shrunk(_ text: String, width: Double, maximum: Double, minimum: Double) -> (text: String, size: Double) {
        let count = Double(text.count)
        guard count > 0 else { return ("", maximum) }
        let ideal = width.isFinite && width > 0 ? width / (characterWidth * count) : minimum
        let size = min(maximum, max(minimum, ideal))
        return fitted(text, width: width, size: size)
    }

    /// Attributes of a centred text element.
    static func textAttributes(x: Double, y: Double, size: Double, fill: String,
                               weight: String? = nil) -> [(String, String)] {
        var attributes: [(String, String)] = [
            ("x", S.decimal(x)), ("y", S.decimal(y)),
            ("text-anchor", "middle"), ("font-family", "sans-serif"),
            ("font-size", S.decimal(size)),
        ]
        if let weight { attributes.append(("font-weight", weight)) }
        attributes.append(("fill", fill))
        return attributes
    }

    /// Attributes placing a rectangle at `rect` (normalised, so never a negative size).
    static func rectAttributes(_ rect: Rect) -> [(String, String)] {
        [("x", S.decimal(rect.minX)), ("y", S.decimal(rect.minY)),
         ("width", S.decimal(rect.width)), ("height", S.decimal(rect.height))]
    }

    /// The tab bar's band (`band`), or its tabs drawn over it.
    static func drawTabBar(_ snapshot: SceneSnapshot, into writer: inout SceneSVGWriter, band drawsBand: Bool) {
        let tabs = snapshot.tabs.filter { S.isFinite($0.frame) }
        let band = snapshot.tabBarFrame.flatMap { S.isFinite($0) ? $0 : nil }
        guard band != nil || !tabs.isEmpty else { return }
        if drawsBand {
            guard let band else { return }
            writer.open("g", [("id", "tab-bar")])
            writer.leaf("rect", rectAttributes(band) + [("fill", "#ececf1")])
            writer.leaf("line", [
                ("x1", S.decimal(band.minX)), ("y1", S.decimal(band.minY)),
                ("x2", S.decimal(band.maxX)), ("y2", S.decimal(band.minY)),
                ("stroke", "#c7c7cc"), ("stroke-width", "0.5"),
            ])
            writer.close("g")
            return
        }
        writer.open("g", [("id", "tabs")])
        for (index, tab) in tabs.enumerated() {
            drawTab(tab, number: index + 1, into: &writer)
        }
        writer.close("g")
    }

    /// Colours of trails, one per finger in turn.
    static let trailColours = ["#ff9500", "#34c759", "#af52de", "#ff2d55", "#5ac8fa", "#a2845e"]

    /// Each finger's path as a line, with a dot where it started and its name where it ended.
    static func drawTrails(_ snapshot: SceneSnapshot, into writer: inout SceneSVGWriter) {
        let trails = snapshot.trails.prefix(ScriptPlayer.maximumTrails)
        guard !trails.isEmpty else { return }
        writer.open("g", [("id", "trails")])
        for (index, trail) in trails.enumerated() {
            let points = trail.points.prefix(TrailSnapshot.maximumPoints).filter { $0.x.isFinite && $0.y.isFinite }
            guard let first = points.first, let last = points.last else { continue }
            let colour = trailColours[index % trailColours.count]
            writer.leaf("polyline", [
                ("points", points.map { S.decimal($0.x) + "," + S.decimal($0.y) }.joined(separator: " ")),
                ("fill", "none"), ("stroke", colour), ("stroke-width", "3"), ("stroke-opacity", "0.8"),
                ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
            ])
            writer.leaf("circle", [("cx", S.decimal(first.x)), ("cy", S.decimal(first.y)), ("r", "4"), ("fill", colour)])
            var label = textAttributes(x: last.x + 8, y: last.y + 4, size: 11, fill: colour, weight: "bold")
            label[2] = ("text-anchor", "start")
            writer.leaf("text", label, text: TranscriptFormatter.fingerName(trail.id) + (trail.isDown ? "" : " lifted"))
        }
        writer.close("g")
    }

    /// The recognizers' last states, one a line under the caption.
    static func drawGestures(_ gestures: [GestureSnapshot], width: Double, into writer: inout SceneSVGWriter) {
        writer.open("g", [("id", "gestures")])
        for (index, gesture) in gestures.prefix(12).enumerated() {
            var text = S.cleaned(gesture.name) + ": " + (gesture.lastState.map { "\($0)" } ?? "nothing yet")
            if gesture.recognizedCount > 0 { text += ", recognized ×\(gesture.recognizedCount)" }
            var attributes = textAttributes(x: 20, y: 70 + 15 * Double(index), size: 11, fill: "#3a3a3c")
            attributes[2] = ("text-anchor", "start")
            writer.leaf("text", attributes, text: fitted(text, width: width - 40, size: 11).text)
        }
        writer.close("g")
    }

    static func drawTab(_ tab: TabSnapshot, number: Int, into writer: inout SceneSVGWriter) {
        let frame = tab.frame
        let colour = !tab.isEnabled ? "#8e8e93" : (tab.isSelected ? "#007aff" : "#3a3a3c")
        var groupAttributes: [(String, String)] = [("id", "tab-\(number)")]
        if !tab.isEnabled { groupAttributes.append(("opacity", "0.4")) }
        writer.open("g", groupAttributes)

        // Scale the tab's content with its height (49 points is the usual).
        let scale = min(max(frame.height / 49, 0.2), 2)
        if tab.isHighlighted {
            let inset = min(2, frame.width / 4, frame.height / 4)
            let shade = Rect(x: frame.minX + inset, y: frame.minY + inset,
                             width: frame.width - 2 * inset, height: frame.height - 2 * inset)
            writer.leaf("rect", rectAttributes(shade) + [
                ("rx", S.decimal(8 * scale)), ("fill", "#3a3a3c"), ("fill-opacity", "0.16"),
            ])
        }
        if tab.isSelected {
            let inset = min(2, frame.width / 4, frame.height / 4)
            let tint = Rect(x: frame.minX + inset, y: frame.minY + inset,
                            width: frame.width - 2 * inset, height: frame.height - 2 * inset)
            writer.leaf("rect", rectAttributes(tint) + [
                ("rx", S.decimal(8 * scale)), ("fill", "#007aff"), ("fill-opacity", "0.12"),
            ])
        }
        if let imageName = tab.imageName {
            let name = S.cleaned(imageName)
            let nameSize = 7.5 * scale
            let wanted = Double(name.count) * characterWidth * nameSize + 8 * scale
            let boxWidth = min(max(wanted, 20 * scale), max(frame.width - 8 * scale, 0))
            let box = Rect(x: frame.midX - boxWidth / 2, y: frame.minY + 5 * scale,
                           width: boxWidth, height: 20 * scale)
            writer.leaf("rect", rectAttributes(box) + [
                ("rx", S.decimal(5 * scale)), ("fill", "none"),
                ("stroke", colour), ("stroke-width", S.decimal(1.2 * scale)),
            ])
            let label = fitted(name, width: boxWidth - 4 * scale, size: nameSize)
            if !label.text.isEmpty {
                writer.leaf("text", textAttributes(x: frame.midX, y: box.midY + 0.35 * nameSize,
                                                   size: nameSize, fill: colour),
                            text: label.text)
            }
        }
        if let title = tab.title {
            let size = 10.5 * scale
            let label = fitted(S.cleaned(title), width: frame.width - 4 * scale, size: size)
            if !label.text.isEmpty {
                writer.leaf("text", textAttributes(x: frame.midX, y: frame.minY + 40 * scale, size: size,
                                                   fill: colour, weight: tab.isSelected ? "600" : nil),
                            text: label.text)
            }
        }
        writer.close("g")
    }

    /// The scroll view: its buttons clipped to it, its outline, its indicator.
    static func drawScroll(_ scroll: ScrollSnapshot, buttons: [ButtonSnapshot], into writer: inout SceneSVGWriter) {
        let frame = scroll.frame
        guard S.isFinite(frame) else { return }
        writer.open("defs", [])
        writer.open("clipPath", [("id", "scroll-view")])
        writer.leaf("rect", rectAttributes(frame))
        writer.close("clipPath")
        writer.close("defs")
        drawButtons(buttons.filter { $0.clip != nil }, into: &writer, id: "scroll-buttons", clip: "url(#scroll-view)")
        writer.leaf("rect", rectAttributes(frame) + [
            ("fill", "none"), ("stroke", "#8e8e93"), ("stroke-width", "1"), ("stroke-dasharray", "4 3"),
        ])
        let height = scroll.contentSize.height, offset = scroll.contentOffset.y
        guard height.isFinite, height > frame.height, offset.isFinite else { return }
        // How far down the content shows (0 at the top, 1 at the end), and how much of it.
        let position = min(max(offset / (height - frame.height), 0), 1)
        let length = min(frame.height, max(8, frame.height / height * frame.height))
        writer.leaf("rect", [
            ("id", "scroll-indicator"),
            ("x", S.decimal(frame.maxX - 5)), ("y", S.decimal(frame.minY + position * (frame.height - length))),
            ("width", "3"), ("height", S.decimal(length)), ("rx", "1.5"), ("fill", "#8e8e93"), ("opacity", "0.7"),
        ])
    }

    /// The buttons, in order (a later one over an earlier one), in a group
    /// (`id`), clipped when `clip` names a clip path.
    static func drawButtons(_ buttons: [ButtonSnapshot], into writer: inout SceneSVGWriter, id: String = "buttons",
                            clip: String? = nil) {
        let drawn = buttons.prefix(GestureScriptParser.maximumButtons).filter { S.isFinite($0.frame) }
        guard !drawn.isEmpty else { return }
        writer.open("g", [("id", id)] + (clip.map { [("clip-path", $0)] } ?? []))
        for (index, button) in drawn.enumerated() {
            let frame = button.frame
            let colour = button.isEnabled ? "#007aff" : "#8e8e93"
            var group: [(String, String)] = [("id", (clip == nil ? "button-" : "scroll-button-") + "\(index + 1)")]
            if !button.isEnabled { group.append(("opacity", "0.4")) }
            writer.open("g", group)
            writer.leaf("rect", rectAttributes(frame) + [
                ("rx", S.decimal(min(10, frame.width / 4, frame.height / 4))),
                ("fill", button.isHighlighted ? "#cce4ff" : "#ffffff"),
                ("stroke", colour), ("stroke-width", button.isHighlighted ? "2.5" : "1.5"),
            ])
            let label = shrunk(S.cleaned(button.title), width: frame.width - 8, maximum: 15, minimum: 7)
            if !label.text.isEmpty {
                writer.leaf("text", textAttributes(x: frame.midX, y: frame.midY + 0.35 * label.size, size: label.size,
                                                   fill: button.isHighlighted ? "#004a99" : colour, weight: "600"),
                            text: label.text)
            }
            writer.close("g")
        }
        writer.close("g")
    }

    /// The list: a white band with a grey outline, each row that shows a
    /// line of its own with a separator under it, a selected row grey, a
    /// highlighted one lighter, a dragged one raised with a shadow, and
    /// revealed swipe actions as red (Delete) or grey buttons at its end.
    static func drawList(_ list: ListSnapshot, into writer: inout SceneSVGWriter) {
        guard S.isFinite(list.frame) else { return }
        writer.open("g", [("id", "list")])
        writer.open("clipPath", [("id", "list-clip")])
        writer.leaf("rect", rectAttributes(list.frame))
        writer.close("clipPath")
        writer.leaf("rect", rectAttributes(list.frame) + [("fill", "#ffffff"), ("stroke", "#8e8e93"), ("stroke-width", "1")])
        writer.open("g", [("clip-path", "url(#list-clip)")])
        // A dragged row is drawn last, over the rows it passes.
        for row in list.rows.filter({ !$0.isDragged }) + list.rows.filter(\.isDragged) where S.isFinite(row.frame) {
            let frame = row.frame
            let fill = row.isDragged ? "#f2f2f7" : row.isSelected ? "#d1d1d6" : row.isHighlighted ? "#e5e5ea" : "#ffffff"
            writer.leaf("rect", rectAttributes(frame) + [("fill", fill)]
                + (row.isDragged ? [("stroke", "#3a3a3c"), ("stroke-width", "1.5")] : []))
            if row.isFocused {
                writer.leaf("rect", rectAttributes(Rect(x: frame.minX + 1.5, y: frame.minY + 1.5, width: frame.width - 3,
                                                        height: frame.height - 3))
                    + [("rx", "4"), ("fill", "none"), ("stroke", focusColour), ("stroke-width", "3")])
            }
            writer.leaf("line", [
                ("x1", S.decimal(frame.minX + 16)), ("y1", S.decimal(frame.maxY - 0.25)),
                ("x2", S.decimal(frame.maxX)), ("y2", S.decimal(frame.maxY - 0.25)),
                ("stroke", "#c6c6c8"), ("stroke-width", "0.5"),
            ])
            let size = min(17, max(7, frame.height * 0.4))
            writer.leaf("text", [("x", S.decimal(frame.minX + 16)), ("y", S.decimal(frame.midY + 0.35 * size)),
                                 ("font-family", "sans-serif"), ("font-size", S.decimal(size)), ("fill", "#1c1c1e")],
                        text: fitted(S.cleaned(row.title), width: frame.width - 24, size: size).text)
            if let actions = row.actionsFrame, S.isFinite(actions), !row.revealedActions.isEmpty {
                let each = actions.width / Double(row.revealedActions.count)
                for (index, title) in row.revealedActions.enumerated() {
                    let button = Rect(x: actions.minX + Double(index) * each, y: actions.minY, width: each, height: actions.height)
                    writer.leaf("rect", rectAttributes(button) + [("fill", title == "Delete" ? "#ff3b30" : "#8e8e93")])
                    writer.leaf("text", textAttributes(x: button.midX, y: button.midY + 0.35 * 13, size: 13, fill: "#ffffff",
                                                       weight: "600"),
                                text: fitted(S.cleaned(title), width: each - 4, size: 13).text)
                }
            }
        }
        writer.close("g")
        writer.close("g")
    }

    /// One cell of a field's text, in points: the default `MonospaceTextLayout`'s.
    static let fieldCell = 10.0
    /// A field's text inset, as `TextField.textInset`.
    static let fieldInset = 4.0

    /// The text fields, each clipped to its frame; the text scrolled so the caret shows.
    static func drawFields(_ fields: [FieldSnapshot], into writer: inout SceneSVGWriter) {
        let drawn = fields.prefix(GestureScriptParser.maximumFields).filter { S.isFinite($0.frame) }
        guard !drawn.isEmpty else { return }
        writer.open("g", [("id", "fields")])
        for (index, field) in drawn.enumerated() {
            let frame = field.frame
            let id = "field-\(index + 1)"
            var group: [(String, String)] = [("id", id)]
            if !field.isEnabled { group.append(("opacity", "0.4")) }
            writer.open("g", group)
            writer.open("clipPath", [("id", id + "-clip")])
            writer.leaf("rect", rectAttributes(frame))
            writer.close("clipPath")
            writer.leaf("rect", rectAttributes(frame) + [
                ("rx", S.decimal(min(6, frame.width / 4, frame.height / 4))), ("fill", "#ffffff"),
                ("stroke", field.isEditing ? "#007aff" : "#8e8e93"), ("stroke-width", "1.5"),
            ])
            let size = fieldCell / characterWidth
            let baseline = frame.midY + 0.35 * size
            writer.open("g", [("clip-path", "url(#\(id)-clip)")])
            let characters = Array(field.text)
            if characters.isEmpty, let placeholder = field.placeholder, !placeholder.isEmpty {
                writer.leaf("text", fieldTextAttributes(x: frame.minX + fieldInset, y: baseline, size: size, fill: "#8e8e93"),
                            text: S.cleaned(placeholder))
            }
            if !characters.isEmpty || field.isEditing {
                // Graphemes before each scalar offset: the cells a caret or a selection end sits after.
                func cells(_ offset: Int) -> Double {
                    Double(String(String.UnicodeScalarView(field.text.unicodeScalars.prefix(max(0, offset)))).count)
                }
                let caretCells = cells(field.selection.upperBound)
                let room = frame.width - 2 * fieldInset
                let shift = max(0, caretCells * fieldCell - room + 2)
                let x0 = frame.minX + fieldInset - shift
                if field.isEditing && !field.selection.isEmpty {
                    let start = cells(field.selection.lowerBound)
                    writer.leaf("rect", rectAttributes(Rect(
                        x: x0 + start * fieldCell, y: frame.midY - size * 0.6,
                        width: (caretCells - start) * fieldCell, height: size * 1.2)) + [("fill", "#b3d7ff")])
                }
                if let marked = field.marked {
                    let start = cells(marked.lowerBound), end = cells(marked.upperBound)
                    writer.leaf("line", [
                        ("x1", S.decimal(x0 + start * fieldCell)), ("y1", S.decimal(baseline + 3)),
                        ("x2", S.decimal(x0 + end * fieldCell)), ("y2", S.decimal(baseline + 3)),
                        ("stroke", "#1c1c1e"), ("stroke-width", "1"),
                    ])
                }
                if !characters.isEmpty {
                    writer.leaf("text", fieldTextAttributes(x: x0, y: baseline, size: size, fill: "#1c1c1e"),
                                text: S.cleaned(field.text))
                }
                if field.isEditing && field.selection.isEmpty {
                    writer.leaf("rect", rectAttributes(Rect(
                        x: x0 + caretCells * fieldCell - 1, y: frame.midY - size * 0.6, width: 2, height: size * 1.2))
                        + [("fill", "#007aff")])
                }
            }
            writer.close("g")
            writer.close("g")
        }
        writer.close("g")
    }

    /// Attributes of a field's text: left-aligned, monospaced.
    static func fieldTextAttributes(x: Double, y: Double, size: Double, fill: String) -> [(String, String)] {
        [("x", S.decimal(x)), ("y", S.decimal(y)), ("font-family", "monospace"), ("font-size", S.decimal(size)),
         ("xml:space", "preserve"), ("fill", fill)]
    }

    /// Each loupe: a round lens above its finger, the text around the caret at twice the size.
    static func drawLoupes(_ fields: [FieldSnapshot], into writer: inout SceneSVGWriter) {
        for field in fields.prefix(GestureScriptParser.maximumFields) {
            guard let loupe = field.loupe, loupe.point.x.isFinite, loupe.point.y.isFinite else { continue }
            let radius = 40.0
            let centre = Point(x: loupe.point.x, y: loupe.point.y - radius - 24)
            let size = 2 * fieldCell / characterWidth
            let characters = Array(loupe.text)
            let caret = Double(min(max(0, loupe.caretIndex), characters.count))
            let x0 = centre.x - caret * 2 * fieldCell
            writer.open("g", [("id", "loupe")])
            writer.open("clipPath", [("id", "loupe-clip")])
            writer.leaf("circle", [("cx", S.decimal(centre.x)), ("cy", S.decimal(centre.y)), ("r", S.decimal(radius))])
            writer.close("clipPath")
            writer.leaf("circle", [
                ("cx", S.decimal(centre.x)), ("cy", S.decimal(centre.y)), ("r", S.decimal(radius)),
                ("fill", "#ffffff"), ("stroke", "#3a3a3c"), ("stroke-width", "1.5"),
            ])
            writer.open("g", [("clip-path", "url(#loupe-clip)")])
            writer.leaf("text", fieldTextAttributes(x: x0, y: centre.y + 0.35 * size, size: size, fill: "#1c1c1e"),
                        text: S.cleaned(loupe.text))
            writer.leaf("rect", rectAttributes(Rect(x: centre.x - 1.5, y: centre.y - size * 0.6, width: 3, height: size * 1.2))
                + [("fill", "#007aff")])
            writer.close("g")
            writer.close("g")
        }
    }

    /// The colour of the focus ring: indigo, apart from the blue of a selection and a button.
    static let focusColour = "#5856d6"

    /// The focus ring: a 3-point indigo outline around the focused item,
    /// just outside a button or a view, just inside a tab (tabs touch each
    /// other and the screen's edge); a button in the scroll view's ring is
    /// clipped to the scroll view.
    static func drawFocus(_ focus: FocusSnapshot, hasScroll: Bool, into writer: inout SceneSVGWriter) {
        let frame = focus.frame
        guard S.isFinite(frame) else { return }
        let ring: Rect
        let radius: Double
        if focus.kind == .tab {
            let inset = min(1.5, frame.width / 4, frame.height / 4)
            ring = Rect(x: frame.minX + inset, y: frame.minY + inset,
                        width: frame.width - 2 * inset, height: frame.height - 2 * inset)
            radius = min(8, ring.width / 4, ring.height / 4)
        } else {
            ring = Rect(x: frame.minX - 3.5, y: frame.minY - 3.5, width: frame.width + 7, height: frame.height + 7)
            radius = min(10, frame.width / 4, frame.height / 4) + 3.5
        }
        var group: [(String, String)] = [("id", "focus")]
        if focus.clip != nil && hasScroll { group.append(("clip-path", "url(#scroll-view)")) }
        writer.open("g", group)
        writer.leaf("rect", rectAttributes(ring) + [
            ("rx", S.decimal(max(0, radius))), ("fill", "none"), ("stroke", focusColour), ("stroke-width", "3"),
        ])
        writer.close("g")
    }

    static func drawHUD(_ hud: HUDSnapshot, into writer: inout SceneSVGWriter) {
        let frame = hud.frame
        guard S.isFinite(frame) else { return }
        writer.open("g", [("id", "hud")])
        writer.leaf("rect", rectAttributes(frame) + [
            ("rx", "16"), ("fill", "#1c1c1e"), ("fill-opacity", "0.85"),
        ])
        if let imageName = hud.imageName {
            let imageFrame = hud.imageFrame.flatMap { S.isFinite($0) ? $0 : nil }
                ?? Rect(x: frame.midX - frame.width * 0.3, y: frame.minY + frame.height * 0.07,
                        width: frame.width * 0.6, height: frame.width * 0.6)
            writer.leaf("rect", rectAttributes(imageFrame) + [
                ("rx", S.decimal(min(20, imageFrame.width / 5, imageFrame.height / 5))),
                ("fill", "#ffffff"), ("fill-opacity", "0.14"),
                ("stroke", "#ffffff"), ("stroke-opacity", "0.7"), ("stroke-width", "1.5"),
            ])
            let label = shrunk(S.cleaned(imageName), width: imageFrame.width - 12, maximum: 15, minimum: 7)
            if !label.text.isEmpty {
                writer.leaf("text", textAttributes(x: imageFrame.midX, y: imageFrame.midY + 0.35 * label.size,
                                                   size: label.size, fill: "#ffffff"),
                            text: label.text)
            }
        }
        if let title = hud.title {
            let titleFrame = hud.titleFrame.flatMap { S.isFinite($0) ? $0 : nil }
                ?? Rect(x: frame.minX + 16, y: frame.maxY - frame.height * 0.3,
                        width: frame.width - 32, height: frame.height * 0.22)
            let label = shrunk(S.cleaned(title), width: titleFrame.width, maximum: 28, minimum: 9)
            if !label.text.isEmpty {
                writer.leaf("text", textAttributes(x: titleFrame.midX, y: titleFrame.midY + 0.35 * label.size,
                                                   size: label.size, fill: "#ffffff", weight: "bold"),
                            text: label.text)
            }
        }
        writer.close("g")
    }

    /// The fingers: circles (under the tabs' texts), or their names beside them (on top).
    static func drawTouches(_ snapshot: SceneSnapshot, into writer: inout SceneSVGWriter, labels: Bool) {
        let touches = snapshot.touches.filter { $0.location.x.isFinite && $0.location.y.isFinite }
        guard !touches.isEmpty else { return }
        writer.open("g", [("id", labels ? "finger-names" : "touches")])
        for touch in touches {
            let x = touch.location.x, y = touch.location.y
            if labels {
                // Above the circle (below it near the top edge), clear of the tab's title.
                let labelY = y < 60 ? y + 36 : y - 26
                writer.leaf("text", textAttributes(x: x, y: labelY, size: 11, fill: "#7a3e00", weight: "bold"),
                            text: "finger " + TranscriptFormatter.fingerName(touch.id))
            } else {
                writer.leaf("circle", [
                    ("cx", S.decimal(x)), ("cy", S.decimal(y)), ("r", "22"),
                    ("fill", "#ff9500"), ("fill-opacity", "0.3"),
                    ("stroke", "#ff9500"), ("stroke-opacity", "0.9"), ("stroke-width", "1.5"),
                ])
            }
        }
        writer.close("g")
    }
}

/// Builds an indented XML document, one element per line.
struct SceneSVGWriter {
    private(set) var output = ""
    private var depth = 0

    private func indentation() -> String { String(repeating: "  ", count: depth) }

    private static func attributeText(_ attributes: [(String, String)]) -> String {
        var text = ""
        for (name, value) in attributes {
            // Attribute values are the writer's own (numbers, a trail's
            // points, ids), never a title: not cut at the text limit.
            text += " " + name + "=\"" + SceneRenderSupport.xmlEscaped(value, limit: Int.max) + "\""
        }
        return text
    }

    /// Writes an opening tag and indents what follows.
    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        output += indentation() + "<" + name + SceneSVGWriter.attributeText(attributes) + ">\n"
        depth += 1
    }

    /// Writes a closing tag, undoing one level of indentation.
    mutating func close(_ name: String) {
        depth = max(0, depth - 1)
        output += indentation() + "</" + name + ">\n"
    }

    /// Writes a complete element on one line: empty (`<rect … />`) without
    /// text, or with the text (escaped here) between its tags.
    mutating func leaf(_ name: String, _ attributes: [(String, String)], text: String? = nil) {
        output += indentation() + "<" + name + SceneSVGWriter.attributeText(attributes)
        if let text {
            output += ">" + SceneRenderSupport.xmlEscaped(text) + "</" + name + ">\n"
        } else {
            output += "/>\n"
        }
    }
}

// MARK: The key

extension SVGPicture {
    /// One entry of the pictures' key: a small drawing in the pictures' own
    /// colours and shapes, and a sentence saying what it stands for.
    public struct KeyEntry: Hashable, Sendable {
        /// An inline SVG element (`<svg …>…</svg>`, 120 × 48 points) showing the mark;
        /// hidden from screen readers, as the meaning beside it says it in words.
        public var swatch: String
        /// What the mark means, in a sentence.
        public var meaning: String
    }

    /// The key to what ``render(_:)`` draws, one mark a line, for the index
    /// page next to the pictures (the terminal pictures have their own, in
    /// `TerminalPicture.legend()`).
    public static func key() -> [KeyEntry] {
        func swatch(_ body: String) -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120 48\" width=\"120\" height=\"48\" aria-hidden=\"true\">"
                + "<rect x=\"0.5\" y=\"0.5\" width=\"119\" height=\"47\" rx=\"6\" fill=\"#fbfbfd\" stroke=\"#d1d1d6\"/>"
                + body + "</svg>"
        }
        func text(_ x: Double, _ y: Double, _ size: Double, _ fill: String, _ words: String, bold: Bool = false) -> String {
            "<text x=\"\(S.decimal(x))\" y=\"\(S.decimal(y))\" text-anchor=\"middle\" font-family=\"sans-serif\" "
                + "font-size=\"\(S.decimal(size))\"" + (bold ? " font-weight=\"600\"" : "") + " fill=\"\(fill)\">"
                + S.xmlEscaped(words) + "</text>"
        }
        /// A tab of the bar, 78 × 44, as `drawTab` draws one.
        func tab(colour: String, extra: String = "", bold: Bool = false, group: String = "") -> String {
            "<rect x=\"1\" y=\"2\" width=\"118\" height=\"44\" fill=\"#ececf1\"/>"
                + "<g\(group)>" + extra
                + "<rect x=\"42\" y=\"6\" width=\"36\" height=\"18\" rx=\"5\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.2\"/>"
                + text(60, 18, 7.5, colour, "home") + text(60, 39, 10.5, colour, "Home", bold: bold) + "</g>"
        }
        let finger = "<circle cx=\"60\" cy=\"30\" r=\"14\" fill=\"#ff9500\" fill-opacity=\"0.3\" stroke=\"#ff9500\" "
            + "stroke-opacity=\"0.9\" stroke-width=\"1.5\"/>" + text(60, 12, 10, "#7a3e00", "finger 0", bold: true)
        let button = { (fill: String, stroke: String, width: String, label: String) in
            "<rect x=\"20\" y=\"10\" width=\"80\" height=\"28\" rx=\"7\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"/>"
                + text(60, 28.5, 13, label, "Save", bold: true)
        }
        let hud = "<rect x=\"22\" y=\"3\" width=\"76\" height=\"42\" rx=\"10\" fill=\"#1c1c1e\" fill-opacity=\"0.85\"/>"
            + "<rect x=\"48\" y=\"7\" width=\"24\" height=\"16\" rx=\"4\" fill=\"#ffffff\" fill-opacity=\"0.14\" "
            + "stroke=\"#ffffff\" stroke-opacity=\"0.7\" stroke-width=\"1\"/>" + text(60, 40, 13, "#ffffff", "Home", bold: true)
        let trail = "<polyline points=\"14,36 40,30 70,18 92,14\" fill=\"none\" stroke=\"#ff9500\" stroke-width=\"3\" "
            + "stroke-opacity=\"0.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
            + "<circle cx=\"14\" cy=\"36\" r=\"4\" fill=\"#ff9500\"/>"
            + "<text x=\"70\" y=\"40\" font-family=\"sans-serif\" font-size=\"10\" font-weight=\"bold\" fill=\"#ff9500\">r0 lifted</text>"
        let caption = text(60, 20, 11, "#1c1c1e", "t=0.15s · HUD", bold: true) + text(60, 36, 9, "#8e8e93", "accessibility-large")
        let states = "<text x=\"8\" y=\"20\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#3a3a3c\">pan: ended,</text>"
            + "<text x=\"8\" y=\"34\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#3a3a3c\">recognized ×8</text>"
        return [
            KeyEntry(swatch: swatch(caption),
                     meaning: "At the top: the time of the picture and what just happened; under it, in grey, the text size "
                        + "(and right-to-left for a mirrored scene)."),
            KeyEntry(swatch: swatch(finger),
                     meaning: "A finger on the screen, named as in the transcript: finger 0 for a script's, finger r0 for a "
                        + "recording's. The circle lies under the tab titles, so a title under a finger stays readable."),
            KeyEntry(swatch: swatch(tab(colour: "#3a3a3c")),
                     meaning: "A tab of the tab bar (the grey band at the bottom): its image, a box holding the image's name, "
                        + "above its title."),
            KeyEntry(swatch: swatch(tab(colour: "#007aff",
                                        extra: "<rect x=\"22\" y=\"4\" width=\"76\" height=\"40\" rx=\"8\" fill=\"#007aff\" fill-opacity=\"0.12\"/>",
                                        bold: true)),
                     meaning: "The selected tab: tinted, in blue."),
            KeyEntry(swatch: swatch(tab(colour: "#3a3a3c",
                                        extra: "<rect x=\"22\" y=\"4\" width=\"76\" height=\"40\" rx=\"8\" fill=\"#3a3a3c\" fill-opacity=\"0.16\"/>")),
                     meaning: "The pressed tab: shaded grey while a finger that went down on it is still down within reach."),
            KeyEntry(swatch: swatch(tab(colour: "#8e8e93", group: " opacity=\"0.4\"")),
                     meaning: "A disabled tab (or button): faded grey. It never shows in the HUD and is never selected."),
            KeyEntry(swatch: swatch(button("#ffffff", "#007aff", "1.5", "#007aff")),
                     meaning: "A button: white, outlined and titled in blue."),
            KeyEntry(swatch: swatch(button("#cce4ff", "#007aff", "2.5", "#004a99")),
                     meaning: "A pressed button: filled light blue while its finger is within 70 points of it."),
            KeyEntry(swatch: swatch(tab(colour: "#007aff",
                                        extra: "<rect x=\"22\" y=\"4\" width=\"76\" height=\"40\" rx=\"8\" fill=\"#007aff\" fill-opacity=\"0.12\"/>"
                                            + "<rect x=\"20.5\" y=\"3.5\" width=\"79\" height=\"41\" rx=\"8\" fill=\"none\" "
                                            + "stroke=\"\(focusColour)\" stroke-width=\"3\"/>",
                                        bold: true)),
                     meaning: "The keyboard focus: a 3-point indigo ring around the item Tab, Shift-Tab and the arrows "
                        + "move to, and that Space or Return activates (here on the selected tab; around a button it "
                        + "lies just outside)."),
            KeyEntry(swatch: swatch("<rect x=\"8\" y=\"12\" width=\"104\" height=\"24\" rx=\"5\" fill=\"#ffffff\" "
                                    + "stroke=\"#007aff\" stroke-width=\"1.5\"/>"
                                    + "<rect x=\"12\" y=\"16\" width=\"20\" height=\"16\" fill=\"#b3d7ff\"/>"
                                    + "<text x=\"12\" y=\"29\" font-family=\"monospace\" font-size=\"16.67\" fill=\"#1c1c1e\">cat</text>"
                                    + "<rect x=\"41\" y=\"16\" width=\"2\" height=\"16\" fill=\"#007aff\"/>"),
                     meaning: "A text field being edited (blue outline): its text, a selection in light blue, the caret in "
                        + "blue; empty, its placeholder in grey. Above a held finger, a round lens (the "
                        + "loupe) shows the text under it enlarged."),
            KeyEntry(swatch: swatch(hud),
                     meaning: "The large content viewer's HUD (heads-up display): the item under a held finger, its image "
                        + "and its title in large type, shown at accessibility text sizes."),
            KeyEntry(swatch: swatch(trail),
                     meaning: "In a replayed recording's last picture: each finger's path, from a dot where it went down "
                        + "to its name where it lifted."),
            KeyEntry(swatch: swatch(states),
                     meaning: "In that last picture too, at the top left: each recognizer's last state and how often it recognized."),
        ]
    }
}
