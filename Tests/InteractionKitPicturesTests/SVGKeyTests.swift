import Testing
@testable import InteractionKitPictures
import InteractionKitLinux

@Suite("The SVG pictures' key")
struct SVGKeyTests {
    /// The `#rrggbb` colours in `text`.
    static func colours(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var characters = Array(text)[...]
        while let hash = characters.firstIndex(of: "#") {
            let digits = characters[(hash + 1)...].prefix(6)
            if digits.count == 6 && digits.allSatisfy(\.isHexDigit) { found.insert("#" + String(digits)) }
            characters = characters[(hash + 1)...]
        }
        return found
    }

    @Test("Each mark is a small SVG of its own with a sentence, and the marks differ")
    func entries() {
        let key = SVGPicture.key()
        #expect(key.count >= 10)
        for entry in key {
            #expect(entry.swatch.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120 48\""))
            #expect(entry.swatch.hasSuffix("</svg>"))
            #expect(entry.meaning.hasSuffix("."))
            #expect(!entry.meaning.contains("▔") && !entry.meaning.contains("░"), "the terminal's characters")
        }
        #expect(Set(key.map(\.swatch)).count == key.count)
        #expect(key.contains { $0.meaning.contains("HUD") })
        #expect(key.contains { $0.meaning.hasPrefix("A pressed button") })
        #expect(key.contains { $0.meaning.hasPrefix("The keyboard focus: a 3-point") })
    }

    @Test("Every colour the key shows is one the pictures draw with")
    func coloursMatchThePictures() {
        let pictures = SVGPicture.render(Fixtures.typical()) + SVGPicture.render(Fixtures.buttons())
            + SVGPicture.render(Fixtures.focused(.tab)) + SVGPicture.render(Fixtures.fields(loupe: true))
        let drawn = Self.colours(pictures)
        // The swatch's own frame is the only colour of the key's alone.
        let shown = Self.colours(SVGPicture.key().map(\.swatch).joined()).subtracting(["#d1d1d6"])
        #expect(shown.subtracting(drawn).isEmpty, "colours the pictures never draw: \(shown.subtracting(drawn).sorted())")
        #expect(shown.count >= 10)
    }
}
