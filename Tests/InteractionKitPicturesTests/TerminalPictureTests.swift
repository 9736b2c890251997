import Foundation
import Testing
@testable import InteractionKitPictures
@testable import InteractionKitReplay
import InteractionKitLinux
import InteractionKitTestSupport

/// The lines of a picture (without the empty string after the final newline).
private func lines(_ picture: String) -> [Substring] {
    var result = picture.split(separator: "\n", omittingEmptySubsequences: false)
    if result.last == "" { result.removeLast() }
    return result
}

@Test("Typical frame matches golden") func typicalFrameMatchesGolden() throws {
    let picture = TerminalPicture.render(Fixtures.typical())
    #expect(picture == (try Fixtures.golden("typical-terminal.txt", actual: picture)))
}

@Test("Typical frame in ASCII matches golden") func typicalFrameInASCIIMatchesGolden() throws {
    let picture = TerminalPicture.render(Fixtures.typical(), ascii: true)
    #expect(picture == (try Fixtures.golden("typical-terminal-ascii.txt", actual: picture)))
}

@Test("Typical frame shows everything") func typicalFrameShowsEverything() {
    let picture = TerminalPicture.render(Fixtures.typical())
    let all = lines(picture)
    #expect(all.count == 23)
    #expect(all[0].hasPrefix(" t=0.15s  HUD shows Now Playing"))
    #expect(picture.contains("accessibility-large"))
    #expect(picture.contains("▣ now playing"))
    #expect(picture.contains("╭╮╷ ╭─╮ ╷╷╷"))          // NOW in big letters
    #expect(picture.contains("(Search)"))            // disabled
    #expect(picture.contains("▔▔▔▔"))                // Home selected
    #expect(picture.filter { $0 == "●" }.count == 1) // the finger
    #expect(picture.hasSuffix("\n"))
    #expect(!picture.contains("\u{1B}"))
}

@Test("No HUD") func noHUD() {
    let picture = TerminalPicture.render(Fixtures.typical(hud: false))
    #expect(!picture.contains("╭") && !picture.contains("▣"))
    #expect(picture.contains("Home") && picture.contains("Settings"))
    #expect(picture.contains("●"))
}

@Test("Right to left tabs follow their frames") func rightToLeftTabsFollowTheirFrames() throws {
    let picture = TerminalPicture.render(Fixtures.typical(direction: .rightToLeft, hud: false))
    let all = lines(picture)
    #expect(all[1].contains(" RTL "))
    let titleLine = try #require(all.first { $0.contains("Profile") })
    let home = try #require(titleLine.range(of: "Home"))
    let settings = try #require(titleLine.range(of: "Settings"))
    #expect(settings.lowerBound < home.lowerBound)
    // The selection mark sits under Home, at the right.
    let markLine = try #require(all.first { $0.contains("▔") })
    let mark = try #require(markLine.firstIndex(of: "▔"))
    #expect(markLine.distance(from: markLine.startIndex, to: mark) > 30)
}

@Test("Long title falls back to plain text") func longTitleFallsBackToPlainText() {
    var snapshot = Fixtures.typical()
    snapshot.hud?.title = "Settings"
    let picture = TerminalPicture.render(snapshot)
    #expect(picture.contains("│        Settings        │"))
    snapshot.hud?.title = "Home"
    #expect(TerminalPicture.render(snapshot).contains("╷ ╷ ╭─╮ ╭┬╮ ┌╴"))
    // Wider pictures have room for big letters.
    snapshot.hud?.title = "Settings"
    let wide = TerminalPicture.render(snapshot, columns: 80)
    #expect(wide.contains("╭╴ ┌╴ ╶┬╴ ╶┬╴ ╷ ╭╮╷ ╭─╴ ╭╴"))
    #expect(!wide.contains("│        Settings        │"))
}

@Test("A HUD with only an image or only a title") func hudWithOnlyAnImageOrOnlyATitle() {
    var snapshot = Fixtures.typical()
    snapshot.hud?.title = nil
    let imageOnly = TerminalPicture.render(snapshot)
    #expect(imageOnly.contains("▣ now playing") && !imageOnly.contains("╭╮╷"))
    snapshot.hud?.title = "Home"
    snapshot.hud?.imageName = nil
    let titleOnly = TerminalPicture.render(snapshot)
    #expect(!titleOnly.contains("▣") && titleOnly.contains("╭┬╮"))
}

@Test("Touches outside the window are skipped") func touchesOutsideTheWindowAreSkipped() {
    var snapshot = Fixtures.typical(hud: false)
    snapshot.touches = [TouchSnapshot(id: 1, location: Point(x: -1, y: 10)),
                        TouchSnapshot(id: 2, location: Point(x: 10, y: 900)),
                        TouchSnapshot(id: 3, location: Point(x: .nan, y: 10))]
    #expect(!TerminalPicture.render(snapshot).contains("●"))
}

@Test("Control characters become question marks") func controlCharactersBecomeQuestionMarks() {
    var snapshot = Fixtures.typical(hud: false)
    snapshot.caption = "a\u{7}b\u{1B}[31mc\u{202E}d\r\n"
    let picture = TerminalPicture.render(snapshot)
    #expect(lines(picture)[0].hasPrefix(" t=0.15s  a?b?[31mc?d"))
    #expect(!picture.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
}

@Test("Every line has the same width", arguments: [Int.min, -5, 0, 24, 31, 48, 100, 200, 1000, Int.max]) func everyLineHasTheSameWidth(columns: Int) {
    let expected = min(max(columns, 24), 200)
    for ascii in [false, true] {
        for snapshot in [Fixtures.typical(), Fixtures.typical(direction: .rightToLeft, hud: false)] {
            let all = lines(TerminalPicture.render(snapshot, columns: columns, ascii: ascii))
            #expect(all.count == 23)
            #expect(all.allSatisfy { $0.count == expected })
        }
    }
}

@Test("ASCII mode is pure ASCII") func asciiModeIsPureASCII() {
    for snapshot in [Fixtures.typical()] + Fixtures.hostile() {
        let picture = TerminalPicture.render(snapshot, columns: 60, ascii: true)
        #expect(picture.unicodeScalars.allSatisfy { $0.value < 0x80 })
    }
    #expect(TerminalPicture.legend(ascii: true).unicodeScalars.allSatisfy { $0.value < 0x80 })
}

@Test("Hostile snapshots do not trap") func hostileSnapshotsDoNotTrap() {
    for snapshot in Fixtures.hostile() {
        for columns in [24, 48, 133] {
            let picture = TerminalPicture.render(snapshot, columns: columns)
            let all = lines(picture)
            #expect(all.count == 23)
            #expect(all.allSatisfy { $0.count == columns })
            #expect(picture.hasSuffix("\n"))
            #expect(!picture.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(TerminalPicture.render(snapshot, columns: columns) == picture)
        }
    }
}

@Test("Fifty tabs and empty scenes") func fiftyTabsAndEmptyScenes() {
    var snapshot = Fixtures.typical()
    snapshot.tabs = (0..<50).map {
        TabSnapshot(title: "Tab \($0)", imageName: "icon\($0)",
                    frame: Rect(x: Double($0) * 7.8, y: 795, width: 7.8, height: 49),
                    isEnabled: $0 % 3 != 0, isSelected: $0 == 7)
    }
    for columns in [24, 48, 200] {
        #expect(lines(TerminalPicture.render(snapshot, columns: columns)).allSatisfy { $0.count == columns })
    }
    let empty = SceneSnapshot(time: 0, caption: "", windowSize: Size(width: 0, height: 0),
                              layoutDirection: .leftToRight, contentSize: "", tabBarFrame: nil,
                              tabs: [], touches: [], hud: nil)
    let picture = TerminalPicture.render(empty)
    #expect(lines(picture).count == 23)
    #expect(lines(picture)[0].hasPrefix(" t=0.00s"))
}

@Test("Block font glyphs are well formed") func blockFontGlyphsAreWellFormed() {
    for (character, rows) in SceneBlockFont.glyphs {
        #expect(rows.count == SceneBlockFont.height, "\(character)")
        #expect(Set(rows.map(\.count)).count == 1, "\(character)")
        for row in rows {
            for cell in row {
                #expect(cell == " " || cell == "·" || SceneBlockFont.asciiStandIns[cell] != nil, "\(character)")
            }
        }
    }
    for character in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" {
        #expect(SceneBlockFont.glyph(for: character) != nil)
    }
    #expect(SceneBlockFont.width(of: Array("NOW")) == 11)
    #expect(SceneBlockFont.render(Array("é"), ascii: false) == nil)
}

@Suite("Terminal pictures of buttons and pressed tabs")
struct TerminalButtonPictureTests {
    @Test("A button is a box with its title; pressed, its blank cells are shaded; disabled, its title is in parentheses")
    func buttons() throws {
        let picture = TerminalPicture.render(Fixtures.buttons(), columns: 48)
        let all = lines(picture)
        #expect(all.count == TerminalPicture.lineCount)
        #expect(all.allSatisfy { $0.count == 48 })
        #expect(picture.contains("┌─────────────┐"))
        #expect(picture.contains("│░░░░Save░░░░░│"))
        #expect(picture.contains("│  (Delete)   │"))
        #expect(picture.filter { $0 == "●" }.count == 1)
        let ascii = TerminalPicture.render(Fixtures.buttons(), columns: 48, ascii: true)
        #expect(ascii.contains("|::::Save:::::|"))
        #expect(ascii.allSatisfy { $0.isASCII })
    }

    @Test("The pressed tab has its blank cells shaded; the others stay blank")
    func pressedTab() throws {
        let picture = TerminalPicture.render(Fixtures.buttons(), columns: 48)
        let all = lines(picture)
        // Search's cell on the title line, and the selection line under Home.
        #expect(all[all.count - 3].contains("│░░░░Search░░░░░│"))
        #expect(all[all.count - 2].contains("│░░░░░░░░░░░░░░░│"))
        #expect(all[all.count - 2].contains("▔▔▔▔"))
        #expect(!all[all.count - 3].contains("░Home"))
    }

    @Test("A button too small for a title still gets three lines and three columns, inside the window")
    func tinyButton() throws {
        var snapshot = Fixtures.buttons()
        snapshot.buttons = [ButtonSnapshot(title: "X", frame: Rect(x: 0, y: 0, width: 1, height: 1),
                                           isEnabled: true, isHighlighted: false)]
        let all = lines(TerminalPicture.render(snapshot, columns: 48))
        #expect(all[2].hasPrefix("│┌─┐"))
        #expect(all[3].hasPrefix("││X│"))
        #expect(all[4].hasPrefix("│└─┘"))
    }

    @Test("The legend names the pressed shade")
    func legend() {
        #expect(TerminalPicture.legend().contains("░░░ pressed"))
        #expect(TerminalPicture.legend(ascii: true).contains("::: pressed"))
    }
}
