/// The built-in script `swift run Demo` replays with no arguments: the
/// forum thread's scenario. It is `Examples/seed.gesture`, kept identical by a test.
enum BuiltInScript {
    /// The name used in diagnostics and the transcript.
    static let name = "seed.gesture (built in)"

    /// The script's text.
    static let text = """
        # The forum thread's scenario: a standalone tab bar, accessibility text size.
        # Long-press Home, slide across every tab to Settings, lift.
        window 390 844
        content-size accessibility-large
        tabbar Home Search "Now Playing" Profile Settings
        field Search at 20 735 350 44 placeholder "Search"   # the keyboard focus starts here
        select Home

        down @Home
        wait 0.6               # held still: the large content viewer shows Home at 0.15 s
        move 117 819.5         # over Search
        wait 0.1
        move 195 819.5         # over Now Playing
        wait 0.1
        move 273 819.5         # over Profile
        wait 0.1
        move @Settings
        wait 0.1
        up                     # lifting selects Settings

        """
}
