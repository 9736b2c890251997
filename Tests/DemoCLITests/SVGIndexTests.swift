import Foundation
import Testing
@testable import DemoCLI
import InteractionKitPictures
import InteractionKitTestSupport

@Suite("Demo --svg: the index page explains its pictures")
@MainActor
struct SVGIndexTests {
    @Test("The index has a key of its own drawing, one mark a line, then readable pictures with their times")
    func index() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-index-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runDemo(["--svg", folder.path, "--no-pictures"])
        #expect(result.status == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let key = SVGPicture.key()
        #expect(page.contains("<h2>Key</h2>"))
        for entry in key {
            #expect(page.contains("<dt>\(entry.swatch)</dt><dd>\(SVGDirectory.escapeHTML(entry.meaning))</dd>\n"))
        }
        // Not the terminal's key, and not one run-on paragraph.
        #expect(!page.contains("▔▔▔"))
        #expect(page.components(separatedBy: "<dd>").count == key.count + 1)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(SVGDirectory.isFrameName)
        #expect(frames.count >= 5)
        #expect(page.components(separatedBy: "<img ").count == frames.count + 1)
        #expect(page.contains("<a href=\"frame-001.svg\"><img src=\"frame-001.svg\" width=\"390\""))
        #expect(page.contains("<figcaption><b>0.150 s</b> — HUD shows Home</figcaption>"))
        #expect(page.contains("phone screen of 390 × 844 points"))
    }
}
