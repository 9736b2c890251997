import Testing
@testable import InteractionKitReplay
import InteractionKitLinux

/// The player keeps nothing alive once a replay is done.
@Suite("Player memory")
@MainActor
struct PlayerMemoryTests {
    @Test("A replayed script leaves nothing behind")
    func player() throws {
        weak var window: Window?
        weak var tabBar: TabBar?
        do {
            let script = try GestureScriptParser(file: "memory").parse("""
                content-size accessibility-large
                tabbar A B C
                surface tap long-press pan
                down @A
                wait 0.5
                move @C
                """)
            let player = ScriptPlayer(script: script)
            _ = player.run()
            window = player.window
            tabBar = player.tabBar
        }
        #expect(window == nil)
        #expect(tabBar == nil)
    }
}
