import Testing
@testable import InteractionKitReplay
import InteractionKitEvemu
import InteractionKitLinux

@Suite("The button scene line")
struct ButtonSceneLineTests {
    @Test("Buttons with a word or a quoted title parse in order, and @Title targets them")
    func goodLines() throws {
        let script = try parseScript("""
            button Save at 20 100 120 44
            button "Save draft" at 20.5 200 150 44   # a title with a space
            tabbar Home Search
            disable "Save draft" Search
            down @Save
            move @"Save draft"
            up @Home
            """)
        #expect(script.scene.buttons == [
            GestureScript.SceneButton(title: "Save", frame: Rect(x: 20, y: 100, width: 120, height: 44)),
            GestureScript.SceneButton(
                title: "Save draft", frame: Rect(x: 20.5, y: 200, width: 150, height: 44), isEnabled: false),
        ])
        #expect(script.scene.disabledTabs == ["Search"])
        #expect(script.steps.map(\.action) == [
            .down(id: 0, at: .item("Save")), .move(id: 0, to: .item("Save draft")), .up(id: 0, at: .item("Home")),
        ])
    }

    @Test("A button may touch the window's edges and sit just above the tab bar; the window line may come later")
    func edges() throws {
        let script = try parseScript("button A at 0 0 100 50\nbutton B at 0 0 200 751\ntabbar T\nwindow 200 800\ndown @A\nup\n")
        #expect(script.scene.buttons.map(\.title) == ["A", "B"])
        #expect(script.scene.windowSize == Size(width: 200, height: 800))
    }

    @Test("Missing parts are errors that show the line's shape; sizes must be finite and positive, coordinates finite",
          arguments: [
              // Missing parts: the error shows the line's shape.
              ("button", "1:7: expected the button's title, then 'at X Y WIDTH HEIGHT', as in: button Save at 20 100 120 44"),
              ("button Save", "1:12: expected 'at' after the button's title, as in: button Save at 20 100 120 44"),
              ("button Save draft", "1:18: expected 'at' after the button's title, as in: button Save at 20 100 120 44"),
              ("button at 1 2 3 4", "1:8: expected the button's title before 'at', as in: button Save at 20 100 120 44"),
              ("button \"\" at 1 2 3 4", "1:8: a button needs a title that is not empty, as in: button Save at 20 100 120 44"),
              ("button @Save at 1 2 3 4", "1:8: a button's title is written without '@' here, as in: button Save at 20 100 120 44"),
              ("button Save at 1 2 3", "1:21: expected the button's height"),
              ("button Save at 1 2 3 4 5", "1:24: unexpected '5' at the end of the line"),
              // Bad numbers: sizes finite and positive, coordinates finite.
              ("button Save at 1 2 0 4", "1:20: a button's width must be positive"),
              ("button Save at 1 2 3 -4", "1:22: a button's height must be positive"),
              ("button Save at 1 2 inf 4", "1:20: 'inf' is not a finite number"),
              ("button Save at nan 2 3 4", "1:16: 'nan' is not a finite number"),
              ("button Save at 1 y 3 4", "1:18: expected the button's y, found 'y'"),
          ])
    func malformedLine(script: String, error: String) {
        #expect(firstScriptError(script) == error)
    }

    @Test("A button outside the window or over the tab bar is an error on its line, once the scene is known")
    func placement() {
        #expect(scriptErrors("button Save at 300 100 120 44\ndown 1 1") == [
            "1:16: the button 'Save' does not fit in the 390 × 844 window; its frame must lie inside it",
        ])
        #expect(firstScriptError("button Save at -1 100 120 44") == "1:16: the button 'Save' does not fit in the 390 × 844 window; "
            + "its frame must lie inside it")
        #expect(firstScriptError("button Save at 0 0 1e308 1e308") == "1:16: the button 'Save' does not fit in the 390 × 844 window; "
            + "its frame must lie inside it")
        #expect(firstScriptError("button Save at 10 100 120 44\nwindow 100 100") == "1:16: the button 'Save' does not fit in the "
            + "100 × 100 window; its frame must lie inside it")
        #expect(firstScriptError("button Save at 10 780 120 44\ntabbar A B") == "1:16: the button 'Save' overlaps the tab bar "
            + "(from y 795 down); move it above")
        // The scene's errors come before those of the gesture lines after it.
        #expect(scriptErrors("button Save at 10 780 120 44\ntabbar A\ndown @Nope") == [
            "1:16: the button 'Save' overlaps the tab bar (from y 795 down); move it above",
            "3:6: unknown tab or button 'Nope'; the tabs are: A; the buttons are: Save",
        ])
    }

    @Test("Titles must be distinct among buttons and tabs, so that @Title names one thing")
    func distinctTitles() {
        #expect(firstScriptError("button Save at 1 1 10 10\nbutton Save at 100 100 10 10") == "2:8: a button titled 'Save' is already "
            + "on line 1; titles must be distinct so that @Save names one button")
        #expect(firstScriptError("tabbar Home\nbutton Home at 1 1 10 10") == "2:8: the button 'Home' has the title of a tab; titles "
            + "must be distinct so that @Home names one thing")
        #expect(firstScriptError("button \"Now Playing\" at 1 1 10 10\ntabbar \"Now Playing\"") == "2:8: the tab 'Now Playing' has the "
            + "title of the button on line 1; titles must be distinct so that @\"Now Playing\" names one thing")
    }

    @Test("Overlapping buttons are allowed: the later one lies above")
    func overlapping() throws {
        let script = try parseScript("button A at 10 10 100 100\nbutton B at 50 50 100 100\n")
        #expect(script.scene.buttons.map(\.title) == ["A", "B"])
    }

    @Test("Naming buttons: disable and @ know them, select does not, and unknown names list them")
    func naming() {
        #expect(firstScriptError("button Save at 1 1 10 10\nselect Save") == "2:8: 'Save' is a button; 'select' names the tab "
            + "selected at the start")
        #expect(firstScriptError("button Save at 1 1 10 10\ndisable Load") == "2:9: unknown tab or button 'Load'; the buttons are: Save")
        #expect(firstScriptError("button Save at 1 1 10 10\ndisable") == "2:8: expected the title of a tab or a button to disable")
        #expect(firstScriptError("down @Save\nup") == "1:6: there is no tab bar; add a 'tabbar' line before naming tabs")
        #expect(firstScriptError("down 1 1\nbutton Save at 1 1 10 10") == "2:1: 'button' describes the scene, so it must come before "
            + "the first gesture line")
        var many = ""
        for index in 0..<12 { many += "button B\(index) at \(index * 20) 0 10 10\n" }
        #expect(firstScriptError(many + "down @X") == "13:6: unknown tab or button 'X'; the buttons are: B0, B1, B2, B3, B4, B5, B6, "
            + "B7, B8, B9 and 2 more")
    }

    @Test("A scene has at most 100 buttons")
    func limit() {
        var text = ""
        for index in 0...GestureScriptParser.maximumButtons { text += "button B\(index) at 0 0 1 1\n" }
        #expect(scriptErrors(text) == ["101:1: the scene has more than 100 buttons"])
    }
}
