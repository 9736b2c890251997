import InteractionKitLinux

extension GestureScriptParser {
    /// Where in a script a command may stand.
    public enum Part: Hashable, Sendable {
        /// Among the scene lines, before the first gesture line.
        case scene
        /// Among the gesture lines; the first one ends the scene.
        case gesture
        /// In either: in the scene it sets the start, among the gestures it changes it then (`content-size`).
        case either
    }

    /// One example line of the script language, with what it does: a row of
    /// `Demo --help`'s table.
    public struct Example: Hashable, Sendable {
        /// The command the line starts with (`button`).
        public var command: String
        /// Where the command may stand.
        public var part: Part
        /// The line as a script writes it (`button Save at 20 100 120 44`).
        public var line: String
        /// What it does, in a sentence or two.
        public var meaning: String
    }

    /// The commands the parser reads, each with where it may stand, in the
    /// order the help lists them. The parser takes its command names from
    /// here: a command not listed is unknown.
    public static let commands: [(name: String, part: Part)] = {
        var seen: [(name: String, part: Part)] = []
        for example in examples where !seen.contains(where: { $0.name == example.command }) {
            seen.append((example.command, example.part))
        }
        return seen
    }()

    /// Every form of line the parser reads, scene lines first, each with
    /// an example and its meaning: `Demo --help` prints this table, so a
    /// new command or form is added here once and shows there.
    ///
    /// Read in order, the examples make one valid script (a test parses
    /// them as one, reading any recording it names from the examples'
    /// recordings), so none can show a form the parser refuses.
    public static let examples: [Example] = [
        Example(command: "window", part: .scene, line: "window 390 844",
                meaning: "the window's size (default 390 844)"),
        Example(command: "content-size", part: .either, line: "content-size accessibility-large",
                meaning: "the text size, in kebab case (default large): "
                    + ContentSizeCategory.allCases.map(\.scriptName).joined(separator: " ")
                    + "; among the gesture lines it changes the size then"),
        Example(command: "layout", part: .scene, line: "layout rtl",
                meaning: "ltr (default) or rtl"),
        Example(command: "tabbar", part: .scene, line: "tabbar Home Search \"Now Playing\"",
                meaning: "a standalone tab bar, \(NumberFormatting.json(tabBarHeight)) points high, at the bottom "
                    + "(quote titles with spaces)"),
        Example(command: "button", part: .scene, line: "button Save at 20 100 120 44",
                meaning: "a button: its title, then x y width height; up to \(maximumButtons) "
                    + "(above the surface and the scroll view, under the bar)"),
        Example(command: "scroll", part: .scene, line: "scroll 0 160 390 600 content 390 3000",
                meaning: "a scroll view: x y width height, then its content's width and height; "
                    + "'paging' at the end pages it; 'refresh SECONDS' gives it a pull-to-refresh control "
                    + "whose refresh lasts that long; 'zoom MIN MAX' lets two fingers zoom its content "
                    + "between those scales"),
        Example(command: "button", part: .scene, line: "button Row 7 at 0 420 390 60 in scroll",
                meaning: "a button in the scroll view, placed in its content's coordinates"),
        Example(command: "list", part: .scene, line: "list 0 100 390 50 rows 30 swipe \"Delete\" reorder",
                meaning: "a list (a table view): x y width height, then its rows (Row 1 … Row N, up to "
                    + "\(maximumListRows)); 'height H' sets theirs (44), 'swipe \"A\" …' names each row's "
                    + "trailing swipe actions (Delete deletes), 'reorder' lets a long press move rows"),
        Example(command: "field", part: .scene, line: "field Name at 20 40 350 44 placeholder \"Your name\"",
                meaning: "a text field: its name, then x y width height; 'placeholder \"TEXT\"' and 'secure' "
                    + "(bullets for its characters) may follow; up to \(maximumFields)"),
        Example(command: "disable", part: .scene, line: "disable Search",
                meaning: "disable tabs, buttons or fields by title"),
        Example(command: "select", part: .scene, line: "select Home",
                meaning: "the tab selected at the start"),
        Example(command: "surface", part: .scene, line: "surface tap long-press pan",
                meaning: "a full-window view behind everything with these recognizers: "
                    + GestureScript.SurfaceRecognizer.allCases.map(\.rawValue).joined(separator: " ")),
        Example(command: "down", part: .gesture, line: "down @Home",
                meaning: "touch 0 goes down at the centre of a tab or a button, or at a point: down 40 820"),
        Example(command: "move", part: .gesture, line: "move 350 820",
                meaning: "the finger moves to a point, or to a tab or a button: move @\"Now Playing\""),
        Example(command: "up", part: .gesture, line: "up",
                meaning: "the finger lifts"),
        Example(command: "down", part: .gesture, line: "down 140 400 id 1 and 260 400 id 2",
                meaning: "'id N' picks touch N (0-\(maximumTouchID)); 'and' joins fingers at one instant "
                    + "(in move, up and cancel lines too)"),
        Example(command: "cancel", part: .gesture, line: "cancel id 1",
                meaning: "the system cancels a touch (no tap, no selection)"),
        Example(command: "wait", part: .gesture, line: "wait 0.6",
                meaning: "virtual time passes (a finger held still)"),
        Example(command: "up", part: .gesture, line: "up @Search id 2",
                meaning: "'up' and 'cancel' may say where the finger is then"),
        Example(command: "content-size", part: .either, line: "content-size large",
                meaning: "the text size changes mid-gesture"),
        Example(command: "evemu", part: .gesture, line: "evemu \"drag.events\" desc \"drag.desc\"",
                meaning: "replay a Linux touchscreen recording (paths relative to the script; desc is optional)"),
        Example(command: "key", part: .gesture, line: "key shift+tab",
                meaning: "press and release a key: " + Key.keyNames.joined(separator: " ")
                    + ", a letter or a digit; after modifiers " + Key.modifierNames.joined(separator: " ")
                    + " joined by '+' (ctrl+s)"),
        Example(command: "key", part: .gesture, line: "key return at 60",
                meaning: "... at 60 s from the start (not before the script's time there)"),
        Example(command: "type", part: .gesture, line: "type \"café \\\"ok\\\"\"",
                meaning: "type text into what has the keys: each character a key press and release, "
                    + "\(NumberFormatting.json(GestureScript.typingInterval * 1000)) ms apart ('at T' may follow); "
                    + "\\\" and \\\\ write a quote and a backslash"),
        Example(command: "pasteboard", part: .gesture, line: "pasteboard \"hello\"",
                meaning: "the window's pasteboard holds this text (ctrl+v pastes it)"),
    ]
}
