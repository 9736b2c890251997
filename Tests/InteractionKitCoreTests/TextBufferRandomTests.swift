import Testing
import InteractionKitCore
import InteractionKitTestSupport

@Suite("Random edits on random scalar soups never trap and keep the buffer's invariants")
struct TextBufferRandomTests {
    /// An offset a hostile caller might send: in range, at the edges, just past them, or far out.
    static func hostileOffset(_ count: Int, using generator: inout SplitMix64) -> Int {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: Int.min
        case 1: Int.max
        case 2: -Int.random(in: 1...3, using: &generator)
        case 3: count + Int.random(in: 1...3, using: &generator)
        default: Int.random(in: 0...max(count, 0), using: &generator)
        }
    }

    static func soupText(using generator: inout SplitMix64) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: TextSoup.scalars(count: Int.random(in: 0...4, using: &generator), using: &generator))
        return text
    }

    static let motions: [TextMotion] = [
        .character(.backward), .character(.forward), .word(.backward), .word(.forward), .edge(.backward), .edge(.forward),
    ]

    /// One random operation, as a name (for failure messages) and its result.
    static func randomOperation(on buffer: inout TextEditingBuffer, using generator: inout SplitMix64) -> (String, TextEditingChange) {
        let count = buffer.count
        let a = hostileOffset(count, using: &generator)
        let b = hostileOffset(count, using: &generator)
        let motion = motions[Int.random(in: 0..<motions.count, using: &generator)]
        let text = soupText(using: &generator)
        switch Int.random(in: 0..<13, using: &generator) {
        case 0: return ("select(anchor: \(a), caret: \(b))", buffer.select(anchor: a, caret: b))
        case 1: return ("setCaret(\(a))", buffer.setCaret(a))
        case 2: return ("move(\(motion))", buffer.move(motion))
        case 3: return ("move(\(motion), extending)", buffer.move(motion, extendingSelection: true))
        case 4: return ("insert(\(TextSoup.hex(Array(text.unicodeScalars))))", buffer.insert(text))
        case 5: return ("delete(\(motion))", buffer.delete(motion))
        case 6:
            let range = min(a, b)..<max(a, b)
            return ("replace(\(range))", buffer.replace(range, with: text))
        case 7: return ("selectAll", buffer.selectAll())
        case 8:
            let relative = min(a, b)..<max(a, b)
            return ("setMarkedText(\(relative))", buffer.setMarkedText(text, selectedRange: relative))
        case 9: return ("unmarkText", buffer.unmarkText())
        case 10: return ("cancelMarkedText", buffer.cancelMarkedText())
        case 11: return ("collapse", buffer.collapseSelection(toward: a % 2 == 0 ? .backward : .forward))
        default: return ("setText", buffer.setText(text))
        }
    }

    @Test("Invariants hold after every operation, and each change record says exactly what changed", arguments: 0..<8)
    func randomEdits(seed: UInt64) {
        var generator = SplitMix64(seed: 1_000 + seed)
        for _ in 0..<60 {
            var buffer = TextEditingBuffer(Self.soupText(using: &generator))
            for step in 0..<40 {
                let before = buffer
                let (name, change) = Self.randomOperation(on: &buffer, using: &generator)
                let context = "step \(step) \(name) on \(TextSoup.hex(Array(before.text.unicodeScalars)))"
                let scalars = Array(buffer.text.unicodeScalars)
                let boundaries = referenceClusterBoundaries(scalars)
                #expect(buffer.count == scalars.count, "\(context)")
                for end in [buffer.selection.anchor, buffer.selection.caret] {
                    #expect(end >= 0 && end <= buffer.count, "\(context): \(end) out of the text")
                    #expect(boundaries.contains(end), "\(context): \(end) inside a cluster")
                }
                if let marked = buffer.markedRange {
                    #expect(marked.lowerBound >= 0 && marked.upperBound <= buffer.count, "\(context): marked \(marked)")
                }
                // The record: the old selection and marked range, then the replacement applied to the old text.
                #expect(change.oldSelection == before.selection, "\(context)")
                #expect(change.newSelection == buffer.selection, "\(context)")
                #expect(change.oldMarkedRange == before.markedRange && change.newMarkedRange == buffer.markedRange, "\(context)")
                var expected = Array(before.text.unicodeScalars)
                if let replacement = change.replacement {
                    #expect(String(String.UnicodeScalarView(expected[replacement.range])) == replacement.removedText, "\(context)")
                    expected.replaceSubrange(replacement.range, with: replacement.insertedText.unicodeScalars)
                    #expect(replacement.insertedCount == replacement.insertedText.unicodeScalars.count, "\(context)")
                }
                #expect(expected == scalars, "\(context): the text changed otherwise than the record says")
            }
        }
    }

    @Test("Every lookup on random soups with hostile offsets stays in the text and on cluster boundaries")
    func randomLookups() {
        var generator = SplitMix64(seed: 77)
        for _ in 0..<300 {
            let scalars = TextSoup.scalars(count: Int.random(in: 0...20, using: &generator), using: &generator)
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let buffer = TextEditingBuffer(text)
            let boundaries = referenceClusterBoundaries(scalars)
            for _ in 0..<10 {
                let offset = Self.hostileOffset(scalars.count, using: &generator)
                let context = "\(TextSoup.hex(scalars)) at \(offset)"
                let results = [
                    buffer.clampedOffset(offset), buffer.graphemeBoundary(before: offset), buffer.graphemeBoundary(after: offset),
                    buffer.previousWordStart(before: offset), buffer.nextWordEnd(after: offset),
                    buffer.nextWordStart(after: offset), buffer.previousWordEnd(before: offset),
                ]
                for result in results {
                    #expect(boundaries.contains(result), "\(context): \(results)")
                }
                for granularity in TextGranularity.allCases {
                    guard let range = buffer.range(enclosing: offset, granularity: granularity) else { continue }
                    #expect(boundaries.contains(range.lowerBound) && boundaries.contains(range.upperBound),
                            "\(context): \(granularity) \(range)")
                }
            }
        }
    }
}
