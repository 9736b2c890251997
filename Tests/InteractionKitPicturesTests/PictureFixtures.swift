import Foundation
@testable import InteractionKitPictures
@testable import InteractionKitReplay
import InteractionKitLinux
import InteractionKitTestSupport

/// Snapshots shared by the tests.
enum Fixtures {
    static let titles = ["Home", "Search", "Now Playing", "Profile", "Settings"]
    static let images = ["house", "magnifyingglass", "now playing", "person", "gear"]

    /// The typical frame: five tabs, HUD showing "Now Playing", one finger on that tab.
    static func typical(direction: LayoutDirection = .leftToRight, hud: Bool = true) -> SceneSnapshot {
        var tabs: [TabSnapshot] = []
        for index in 0..<5 {
            let slot = direction == .leftToRight ? index : 4 - index
            tabs.append(TabSnapshot(
                title: titles[index], imageName: images[index],
                frame: Rect(x: Double(slot) * 78, y: 795, width: 78, height: 49),
                isEnabled: index != 1, isSelected: index == 0))
        }
        return SceneSnapshot(
            time: 0.15,
            caption: hud ? "HUD shows Now Playing" : "Finger down on Now Playing",
            windowSize: Size(width: 390, height: 844),
            layoutDirection: direction,
            contentSize: "accessibility-large",
            tabBarFrame: Rect(x: 0, y: 795, width: 390, height: 49),
            tabs: tabs,
            touches: [TouchSnapshot(id: 1, location: Point(x: 195, y: 819.5))],
            hud: hud ? HUDSnapshot(
                title: "Now Playing", imageName: "now playing",
                frame: Rect(x: 85, y: 312, width: 220, height: 220),
                imageFrame: Rect(x: 129, y: 328, width: 132, height: 132),
                titleFrame: Rect(x: 101, y: 468, width: 188, height: 48)) : nil)
    }

    /// A frame with two buttons (Save pressed, Delete disabled) above a tab
    /// bar whose Search tab a finger presses; no HUD.
    static func buttons() -> SceneSnapshot {
        var tabs: [TabSnapshot] = []
        for index in 0..<3 {
            tabs.append(TabSnapshot(
                title: titles[index], imageName: images[index],
                frame: Rect(x: Double(index) * 130, y: 795, width: 130, height: 49),
                isEnabled: true, isSelected: index == 0, isHighlighted: index == 1))
        }
        return SceneSnapshot(
            time: 0.4, caption: "Save highlighted", windowSize: Size(width: 390, height: 844),
            layoutDirection: .leftToRight, contentSize: "large",
            tabBarFrame: Rect(x: 0, y: 795, width: 390, height: 49), tabs: tabs,
            touches: [TouchSnapshot(id: 0, location: Point(x: 100, y: 480))], hud: nil,
            buttons: [
                ButtonSnapshot(title: "Save", frame: Rect(x: 40, y: 400, width: 120, height: 44),
                               isEnabled: true, isHighlighted: true),
                ButtonSnapshot(title: "Delete", frame: Rect(x: 230, y: 400, width: 120, height: 44),
                               isEnabled: false, isHighlighted: false),
            ])
    }

    /// Three text fields: one being edited with "cats" selected in "cats and dogs",
    /// an empty one showing its placeholder, and a secure one; a loupe over the first when `loupe`.
    static func fields(loupe: Bool = false) -> SceneSnapshot {
        var snapshot = buttons()
        snapshot.buttons = []
        snapshot.touches = loupe ? [TouchSnapshot(id: 0, location: Point(x: 60, y: 222))] : []
        snapshot.caption = "Search reads \"[cats] and dogs\""
        snapshot.fields = [
            FieldSnapshot(name: "Search", frame: Rect(x: 20, y: 200, width: 350, height: 44), text: "cats and dogs",
                          placeholder: "Search", selection: 0..<4, isEditing: true,
                          loupe: loupe ? LoupeSnapshot(point: Point(x: 60, y: 222), text: "cats an", caretIndex: 4) : nil),
            FieldSnapshot(name: "Name", frame: Rect(x: 20, y: 300, width: 350, height: 44), text: "",
                          placeholder: "Your name", selection: 0..<0, isEditing: false),
            FieldSnapshot(name: "PIN", frame: Rect(x: 20, y: 400, width: 350, height: 44), text: "•••",
                          placeholder: nil, selection: 3..<3, marked: 2..<3, isEditing: true),
        ]
        return snapshot
    }

    /// The typical frame without the HUD, with the keyboard focus on `focus`: a tab (Profile), a
    /// button (Save, above the tab bar) or a button in a scroll view (Row 2, on one line).
    static func focused(_ focus: FocusKind) -> SceneSnapshot {
        var snapshot = typical(hud: false)
        snapshot.touches = []
        snapshot.caption = "focus on " + (focus == .tab ? "Profile" : focus == .button ? "Save" : "Row 2")
        let scroll = Rect(x: 0, y: 60, width: 390, height: 300)
        snapshot.buttons = [ButtonSnapshot(title: "Save", frame: Rect(x: 135, y: 600, width: 120, height: 44),
                                           isEnabled: true, isHighlighted: false)]
        snapshot.scroll = ScrollSnapshot(frame: scroll, contentOffset: .zero, contentSize: Size(width: 390, height: 900))
        for row in 0..<4 {
            snapshot.buttons.append(ButtonSnapshot(title: "Row \(row)", frame: Rect(x: 0, y: 60 + Double(row) * 60, width: 390, height: 60),
                                                   isEnabled: true, isHighlighted: false, clip: scroll))
        }
        switch focus {
        case .tab: snapshot.focus = FocusSnapshot(title: "Profile", kind: .tab, frame: snapshot.tabs[3].frame)
        case .button: snapshot.focus = FocusSnapshot(title: "Save", kind: .button, frame: snapshot.buttons[0].frame)
        case .view:
            snapshot.focus = FocusSnapshot(title: "Row 2", kind: .button, frame: snapshot.buttons[3].frame, clip: scroll)
        }
        return snapshot
    }

    static let weirdTitles: [String?] = [
        nil, "", "   ", "<script>&\"'</script>", "🎉🇺🇦👩‍👩‍👧 Party", "e\u{301}te\u{301}", "שלום עולם",
        "Tab\u{0}\u{7}\u{1B}[31mred\r\n\t", "\u{202E}evil\u{200B}", "\u{301}lonely",
        String(repeating: "Supercalifragilistic ", count: 60), "\u{FFFF}\u{FFFE}x", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    ]

    static let weirdNumbers: [Double] = [
        .nan, .infinity, -.infinity, 1e308, -1e308, .greatestFiniteMagnitude, -0.0, 0,
        .leastNonzeroMagnitude, 1e15, -1e15, Double(Int.max), Double(Int.min), 3.999999, -2.005,
    ]

    /// A collection of hostile snapshots.
    static func hostile() -> [SceneSnapshot] {
        var result: [SceneSnapshot] = []
        let sizes = [Size(width: 0, height: 0), Size(width: .nan, height: 844), Size(width: -390, height: -844),
                     Size(width: 1e300, height: 1e300), Size(width: 1, height: 1), Size(width: 390, height: 844),
                     Size(width: .infinity, height: 5)]
        for (sizeIndex, size) in sizes.enumerated() {
            for (numberIndex, number) in weirdNumbers.enumerated() {
                let title = weirdTitles[(sizeIndex + numberIndex) % weirdTitles.count]
                let other = weirdTitles[(sizeIndex * 3 + numberIndex + 1) % weirdTitles.count]
                let frame = Rect(x: number, y: -number, width: number, height: number)
                let tabCount = [0, 1, 5, 50][(sizeIndex + numberIndex) % 4]
                var tabs: [TabSnapshot] = []
                for index in 0..<tabCount {
                    tabs.append(TabSnapshot(
                        title: index % 3 == 0 ? title : other, imageName: index % 2 == 0 ? other : nil,
                        frame: index % 7 == 3 ? frame : Rect(x: Double(index) * 7.8, y: 795, width: 7.8, height: 49),
                        isEnabled: index % 2 == 0, isSelected: index % 5 == 1, isHighlighted: index % 3 == 1))
                }
                // Buttons of every weird size and place, pressed or not.
                var buttons: [ButtonSnapshot] = []
                for index in 0..<(numberIndex % 4) {
                    let buttonTitle: String = (index % 2 == 0 ? title : other) ?? ""
                    let buttonFrame: Rect = index == 1
                        ? frame : Rect(x: 10 * Double(index), y: number, width: 1e-9, height: 44)
                    buttons.append(ButtonSnapshot(
                        title: buttonTitle, frame: buttonFrame, isEnabled: index != 2, isHighlighted: index % 2 == 0))
                }
                result.append(SceneSnapshot(
                    time: number, caption: title ?? "",
                    windowSize: size,
                    layoutDirection: numberIndex % 2 == 0 ? .leftToRight : .rightToLeft,
                    contentSize: other ?? "",
                    tabBarFrame: numberIndex % 3 == 0 ? nil : frame,
                    tabs: tabs,
                    touches: [TouchSnapshot(id: Int.min, location: Point(x: number, y: number)),
                              TouchSnapshot(id: Int.max, location: Point(x: 10, y: 10)),
                              TouchSnapshot(id: 3, location: Point(x: -number, y: 1e9))],
                    hud: numberIndex % 4 == 3 ? nil : HUDSnapshot(
                        title: other, imageName: title, frame: frame,
                        imageFrame: numberIndex % 2 == 0 ? frame : nil,
                        titleFrame: numberIndex % 3 == 0 ? nil : frame),
                    buttons: buttons,
                    // A focus ring of every kind around every weird frame, clipped or not.
                    focus: numberIndex % 3 == 2 ? nil : FocusSnapshot(
                        title: other, kind: [FocusKind.tab, .button, .view][(sizeIndex + numberIndex) % 3],
                        frame: numberIndex % 2 == 0 ? frame : Rect(x: 10, y: number, width: number, height: 44),
                        clip: sizeIndex % 2 == 0 ? nil : frame)))
            }
        }
        return result
    }

    /// The golden picture `name`, rewritten from `actual` when updating.
    static func golden(_ name: String, actual: String) throws -> String {
        try Golden.contents("pictures/" + name, actual: actual)
    }
}
