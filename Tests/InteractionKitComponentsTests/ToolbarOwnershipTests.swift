import Testing
import InteractionKitLinux
import InteractionKitTestSupport

/// A toolbar's `buttons` stay a subset of its subviews, as a
/// `UIStackView`'s `arrangedSubviews` do (issue 37, the toolbar regression):
/// a button that leaves the toolbar leaves `buttons`, so a toolbar moved
/// into its own former button is no cycle.
@Suite("Toolbar buttons leave with their view")
@MainActor
struct ToolbarOwnershipTests {
    @Test("A toolbar moved inside its own former button is freed with it")
    func noCycleThroughFormerButton() {
        weak var weakToolbar: Toolbar?
        weak var weakButton: Button?
        do {
            let button = Button(title: "Back")
            let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 200, height: 44), buttons: [button, Button(title: "Share")])
            weakToolbar = toolbar
            weakButton = button
            button.removeFromSuperview()
            #expect(toolbar.buttons.map(\.title) == ["Share"])
            #expect(button.addSubview(toolbar))
        }
        #expect(weakToolbar == nil, "the toolbar is kept alive by a cycle")
        #expect(weakButton == nil)
    }

    @Test("A button moved to another view leaves buttons for good; setting buttons again brings it back")
    func movedAway() {
        let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 200, height: 44),
                              buttons: [Button(title: "Back"), Button(title: "Share")])
        let other = View()
        let back = toolbar.buttons[0]
        other.addSubview(back)
        #expect(toolbar.buttons.map(\.title) == ["Share"])
        // Back into the toolbar as a plain subview, it is not a button again.
        toolbar.addSubview(back)
        #expect(toolbar.buttons.map(\.title) == ["Share"])
        toolbar.buttons = [back] + toolbar.buttons
        #expect(toolbar.buttons.map(\.title) == ["Back", "Share"])
        #expect(back.frame.width == 100)
    }
}
