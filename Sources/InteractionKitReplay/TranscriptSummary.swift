import InteractionKitLinux

/// The closing line of a transcript, built one event at a time: what was
/// selected and pressed, how often the HUD changed, what the surface
/// recognized, where the scroll view rests, what each edited field reads
/// and where the focus ends.
///
/// The batch transcript folds every event of a replay into one; a live
/// session folds each event in as it happens and then forgets the event,
/// so its summary costs the same memory after an hour as after a second:
/// every list it keeps is bounded by the scene (its buttons, its
/// recognizers), apart from the selections, of which it keeps the first
/// and the last few and counts the rest.
///
/// ```swift
/// var summary = TranscriptSummary(scene: replay.script.scene)
/// for event in replay.events { summary.add(event) }
/// print(summary.text)   // "Summary: selected Settings; the HUD changed 5 times."
/// ```
public struct TranscriptSummary: Sendable {
    /// How many selections the summary names at each end of a long run; the ones between are counted.
    public static let namedSelectionsAtEachEnd = 5

    private let scene: GestureScript.Scene
    private var firstSelections: [String] = []
    private var lastSelections: [String] = []
    private var selectionCount = 0
    private var shows = 0
    private var hudVisible = false
    /// Whether the text size was an accessibility size at some point: only then can the HUD show.
    private var viewerCouldShow: Bool
    private var recognized: [(name: String, count: Int)] = []
    private var pressed: [(title: String, count: Int)] = []
    private var rest: Point?
    private var scrolls = 0
    private var zooms = 0
    private var zoomRest: Double?
    private var focus: ReplayEvent.Kind?
    private var keysPressed = false
    /// Each field's last displayed text, in the order the fields first changed (at most the scene's fields).
    private var fieldTexts: [(title: String, text: String)] = []
    /// The list's selected rows as the events left them, and its swipe actions and moves counted.
    private var selectedRows: [Int] = []
    private var swipeActionCount = 0
    private var moveCount = 0
    /// How many events were added.
    public private(set) var eventCount = 0

    /// An empty summary of a replay of `scene`.
    public init(scene: GestureScript.Scene) {
        self.scene = scene
        viewerCouldShow = scene.contentSize.isAccessibilityCategory
    }

    /// Folds one event into the summary.
    public mutating func add(_ event: ReplayEvent) {
        eventCount += 1
        switch event.kind {
        case .focus: focus = event.kind
        case .key: keysPressed = true
        case .scroll: scrolls += 1
        case .scrollEnd(let offset): rest = offset
        case .zoom: zooms += 1
        case .zoomEnd(let scale): zoomRest = scale
        case .contentSize(let category): if category.isAccessibilityCategory { viewerCouldShow = true }
        case .control(let title, .primaryActionTriggered):
            if let index = pressed.firstIndex(where: { $0.title == title }) {
                pressed[index].count += 1
            } else {
                pressed.append((title, 1))
            }
        case .select(let title):
            selectionCount += 1
            let name = title ?? "untitled"
            if firstSelections.count < Self.namedSelectionsAtEachEnd {
                firstSelections.append(name)
            } else {
                lastSelections.append(name)
                if lastSelections.count > Self.namedSelectionsAtEachEnd { lastSelections.removeFirst() }
            }
        case .text(let title, let text, _, _):
            if let index = fieldTexts.firstIndex(where: { $0.title == title }) {
                fieldTexts[index].text = text
            } else {
                fieldTexts.append((title, text))
            }
        case .row(let row, let selected):
            selectedRows.removeAll { $0 == row }
            // Bounded by the scene: a list of one selection at a time keeps at most one.
            if selected && selectedRows.count < 1_000 { selectedRows.append(row) }
        case .swipeAction: swipeActionCount += 1
        case .move: moveCount += 1
        case .hudShow: shows += 1; hudVisible = true
        case .hudHide: hudVisible = false
        case .gesture(let name, let state) where state == .began || (state == .ended && name == "tap"):
            if let index = recognized.firstIndex(where: { $0.name == name }) {
                recognized[index].count += 1
            } else {
                recognized.append((name, 1))
            }
        default: break
        }
    }

    /// The summary line, `Summary: …` ending in a full stop, without a newline.
    public var text: String {
        var parts: [String] = []
        if scene.tabTitles != nil {
            parts.append(selectionCount == 0 ? "nothing selected" : "selected " + selectionsText)
            // At standard text sizes no HUD can show: saying it changed 0 times would only puzzle.
            if viewerCouldShow || shows > 0 {
                parts.append("the HUD changed \(shows) time\(shows == 1 ? "" : "s")" + (hudVisible ? " and is still showing" : ""))
            }
        }
        if !scene.buttons.isEmpty {
            parts.append(pressed.isEmpty
                ? "no button pressed"
                : "pressed " + pressed.map { "\($0.title) ×\($0.count)" }.joined(separator: ", "))
        }
        if scene.scroll != nil {
            parts.append(scrolls == 0 ? "the scroll view did not move"
                : "the scroll view moved on \(scrolls) frame\(scrolls == 1 ? "" : "s")"
                    + (rest.map { " and rests at \(Self.pointText($0))" } ?? ""))
            if scene.scroll?.zoomRange != nil {
                parts.append(zooms == 0 ? "its content did not zoom"
                    : "its content zoomed on \(zooms) frame\(zooms == 1 ? "" : "s")"
                        + (zoomRest.map { " and rests at \(NumberFormatting.json($0, decimals: 2))×" } ?? ""))
            }
        }
        if !scene.surfaceRecognizers.isEmpty {
            let surface = recognized.filter { name, _ in scene.surfaceRecognizers.contains { $0.rawValue == name } }
            parts.append(surface.isEmpty
                ? "the surface recognized nothing"
                : "the surface recognized " + surface.map { "\($0.name) ×\($0.count)" }.joined(separator: ", "))
        }
        if scene.list != nil {
            var list = selectedRows.isEmpty ? "no row selected" : "row " + selectedRows.map(String.init).joined(separator: ", ")
                + " selected"
            if swipeActionCount > 0 { list += ", \(swipeActionCount) swipe action\(swipeActionCount == 1 ? "" : "s") run" }
            if moveCount > 0 { list += ", \(moveCount) row\(moveCount == 1 ? "" : "s") moved" }
            parts.append(list)
        }
        for field in fieldTexts {
            parts.append("\(field.title) reads " + TranscriptFormatter.quoted(TranscriptFormatter.shortened(field.text)))
        }
        // Where the keys left the focus, for a replay that pressed any.
        if keysPressed {
            switch focus {
            case .focus(let title, let kind?)?:
                parts.append("the focus ends on " + (title.map { "\($0) (\(kind.rawValue))" } ?? "a \(kind.rawValue) without a title"))
            default:
                parts.append("nothing has the focus")
            }
        }
        if parts.isEmpty { parts.append("\(eventCount) events") }
        return "Summary: " + parts.joined(separator: "; ") + "."
    }

    /// The selections in order, the middle of a long run counted instead of named.
    private var selectionsText: String {
        let left = selectionCount - firstSelections.count - lastSelections.count
        var names = firstSelections
        if left > 0 { names.append("\(left) more") }
        names += lastSelections
        return names.joined(separator: ", then ") + (left > 0 ? " (\(selectionCount) selections)" : "")
    }

    private static func pointText(_ point: Point) -> String {
        "(\(NumberFormatting.json(point.x, decimals: 2)), \(NumberFormatting.json(point.y, decimals: 2)))"
    }
}
