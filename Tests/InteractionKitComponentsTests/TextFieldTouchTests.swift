import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// T4: text interaction by touch, with recognizers of the field's own that
/// wait for each other (G12) and compete with a scroll view's pan.
@Suite("Text field: taps, the loupe and selection ends by touch (T4)")
@MainActor
struct TextFieldTouchTests {
    let window = Window.phone()
    let button = Button(title: "Go", frame: Rect(x: 20, y: 60, width: 60, height: 30))
    let field = TextField(frame: Rect(x: 20, y: 100, width: 300, height: 30))
    let delegate = FieldDelegate()
    let driver: TouchDriver
    /// Where a cell's middle lies on the field's line: cells of 10 points from x 24.
    static func cell(_ index: Double) -> Point { Point(x: 24 + 10 * index + 5, y: 115) }

    init() throws {
        window.addSubview(field)
        window.addSubview(button)
        field.delegate = delegate
        window.makeKey()
        driver = TouchDriver(window)
        field.text = "hello world"
        #expect(field.becomeFirstResponder())
        delegate.calls.removeAll()
    }

    var selections: [String] { delegate.calls.filter { $0.hasPrefix("selection") } }

    @Test("A single tap waits for the double tap to fail, then snaps the caret to the nearer word edge")
    func singleTapWaits() throws {
        try driver.down(at: Self.cell(7.2))
        try driver.up()
        #expect(field.selectedRange == 11..<11, "nothing yet: a second tap may still come")
        try driver.wait(1)
        #expect(field.selectedRange == 6..<6, "w|orld's nearer edge is its start")
        #expect(selections.count == 1)
    }

    @Test("A double tap selects the word; the single tap on the way never fires")
    func doubleTapSelectsWord() throws {
        try driver.doubleTap(at: Self.cell(8))
        try driver.wait(1)
        #expect(field.selectedRange == 6..<11)
        #expect(selections == ["selection 6..<11"], "one change: no caret placed first")
    }

    @Test("A triple tap selects the whole line; neither the single nor the double tap fires")
    func tripleTapSelectsLine() throws {
        for index in 0..<3 {
            if index > 0 { try driver.wait(0.1) }
            try driver.down(at: Self.cell(2))
            try driver.up()
        }
        try driver.wait(1)
        #expect(field.selectedRange == 0..<11)
        #expect(selections == ["selection 0..<11"])
    }

    @Test("A double tap between words selects the nearest word")
    func doubleTapOnSpace() throws {
        field.text = "ab  cd"
        try driver.doubleTap(at: Self.cell(2.2))
        try driver.wait(1)
        #expect(field.selectedRange == 0..<2)
    }

    @Test("A long press shows the loupe at the finger; moving, the caret follows at grapheme precision; the lift hides it")
    func loupe() throws {
        var told: [String] = []
        field.addLoupeObserver { loupe in
            told.append(loupe.map { "at \(Int($0.point.x)) caret \($0.caretOffset)" } ?? "hidden")
        }
        try driver.down(at: Self.cell(1))
        try driver.wait(0.4)
        #expect(field.loupe == nil)
        try driver.wait(0.2)
        let loupe = try #require(field.loupe)
        #expect(loupe.caretOffset == 1 || loupe.caretOffset == 2)
        #expect(loupe.point == Self.cell(1))
        try driver.move(to: Self.cell(3.9))
        #expect(field.caretOffset == 4)
        #expect(field.loupe?.point == Self.cell(3.9))
        try driver.up()
        #expect(field.loupe == nil)
        #expect(field.caretOffset == 4, "the lift leaves the caret where it was")
        #expect(told.first?.hasPrefix("at 39 caret") == true)
        #expect(told.contains("at 68 caret 4"))
        #expect(told.last == "hidden")
    }

    @Test("A drag from within 22 points of a selection end moves that end, with the loupe; elsewhere it selects nothing new")
    func dragSelectionEnd() throws {
        #expect(field.selectedRange == 11..<11)
        field.selectedRange = 0..<5
        delegate.calls.removeAll()
        // The end at offset 5 is at x 74: start 8 points right of it.
        try driver.down(at: Point(x: 82, y: 115))
        try driver.move(to: Point(x: 100, y: 115))
        try driver.move(to: Point(x: 130, y: 115))
        #expect(field.loupe != nil)
        try driver.up()
        #expect(field.loupe == nil)
        #expect(field.selectedRange == 0..<11)
        // From the middle of a selection (far from both ends), a drag moves no end.
        field.selectedRange = 0..<11
        try driver.wait(1)
        try driver.down(at: Self.cell(5))
        try driver.move(to: Self.cell(9))
        try driver.up()
        #expect(field.selectedRange == 0..<11)
    }

    @Test("A field not being edited has no text interaction: a tap begins editing and leaves the caret at the end")
    func notEditing() throws {
        _ = field.resignFirstResponder()
        #expect(!field.isEditing)
        try driver.tap(at: Self.cell(2))
        #expect(field.isEditing)
        #expect(field.selectedRange == 11..<11)
        // A long press on a field not being edited begins editing too (on the lift), with no loupe.
        _ = field.resignFirstResponder()
        var shown = false
        field.addLoupeObserver { if $0 != nil { shown = true } }
        try driver.longPress(at: Self.cell(2))
        #expect(!shown)
    }
}

@Suite("Text field in a scroll view: a drag scrolls, a loupe that has shown keeps the finger (T4)")
@MainActor
struct TextFieldInScrollViewTests {
    let window = Window.phone()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 400))
    let field = TextField(frame: Rect(x: 20, y: 100, width: 300, height: 30))
    let driver: TouchDriver

    init() {
        scrollView.contentSize = Size(width: 390, height: 2000)
        scrollView.addSubview(field)
        window.addSubview(scrollView)
        window.makeKey()
        driver = TouchDriver(window)
        field.text = "hello world"
        _ = field.becomeFirstResponder()
    }

    @Test("A vertical drag that starts on an editing field scrolls the scroll view, and shows no loupe")
    func dragScrolls() throws {
        var shown = false
        field.addLoupeObserver { if $0 != nil { shown = true } }
        try driver.drag(from: Point(x: 100, y: 115), to: Point(x: 100, y: 15), duration: 0.3)
        #expect(scrollView.contentOffset.y > 50)
        #expect(!shown)
        #expect(field.caretOffset == 11)
    }

    @Test("Once the loupe has shown, moving the finger moves the caret and never scrolls")
    func loupeKeepsTheFinger() throws {
        try driver.down(at: Point(x: 30, y: 115))
        try driver.wait(0.6)
        #expect(field.loupe != nil)
        try driver.move(to: Point(x: 80, y: 60))
        try driver.move(to: Point(x: 90, y: 20))
        #expect(scrollView.contentOffset.y == 0)
        #expect(field.loupe != nil)
        try driver.up()
        #expect(field.loupe == nil)
    }
}
