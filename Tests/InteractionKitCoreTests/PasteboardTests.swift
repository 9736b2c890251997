import Testing
import InteractionKitCore

@Suite("A window's pasteboard")
@MainActor
struct PasteboardTests {
    @Test("A new window has its own empty pasteboard, the same one each time it is read")
    func ownPasteboard() {
        let first = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(first.pasteboard.string == nil)
        first.pasteboard.string = "copied"
        #expect(first.pasteboard.string == "copied")
        #expect(first.pasteboard === first.pasteboard)
        #expect(second.pasteboard.string == nil)
    }

    @Test("Windows can share one pasteboard; each set of its string counts a change")
    func sharedPasteboard() {
        let shared = Pasteboard()
        let first = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        first.pasteboard = shared
        second.pasteboard = shared
        #expect(shared.changeCount == 0)
        first.pasteboard.string = "hello"
        #expect(second.pasteboard.string == "hello")
        second.pasteboard.string = nil
        #expect(shared.changeCount == 2 && first.pasteboard.string == nil)
        #expect(Pasteboard(string: "x").string == "x")
    }
}
