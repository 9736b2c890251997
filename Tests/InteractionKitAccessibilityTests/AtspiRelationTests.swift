import Testing
import InteractionKitAccessibility
import InteractionKitDBus
import InteractionKitLinux

/// Orca 43 counts a page tab's position among its tab list's functional
/// children (`getPositionAndSetSize`: the list's NODE_PARENT_OF targets,
/// else all its children): with a disabled tab, Where Am I said "5 of 5"
/// while Tab and the arrows skipped that tab without a word (issue 33).
@Suite("AT-SPI relations: a tab list with disabled tabs is the node parent of its enabled tabs only")
@MainActor
struct AtspiRelationTests {
    /// The relation set's entries as (type, target paths).
    func relations(_ harness: ExportHarness, _ path: String) throws -> [(UInt32, [String])] {
        let reply = try harness.values(path, AtspiInterface.accessible, "GetRelationSet")
        guard case .array(_, let entries)? = reply.first else { return [] }
        return entries.compactMap { entry in
            guard case .structure(let fields) = entry, case .uint32(let type)? = fields.first,
                  case .array(_, let targets)? = fields.last else { return nil }
            let paths = targets.compactMap { target -> String? in
                guard case .structure(let parts) = target, case .objectPath(let path)? = parts.last else { return nil }
                return path.text
            }
            return (type, paths)
        }
    }

    @Test("All tabs enabled: no relation; one disabled: NODE_PARENT_OF the other four, in order")
    func tabListCountsWhatCanBeReached() throws {
        let harness = ExportHarness()
        let home = try harness.tabPath("Home")
        let list = try #require(try harness.children(try harness.children(harness.frame).first ?? "").first)
        #expect(try relations(harness, list).isEmpty)
        #expect(try relations(harness, home).isEmpty)
        harness.scene.item("Profile").isEnabled = false
        let found = try relations(harness, list)
        #expect(found.count == 1)
        #expect(found.first?.0 == 8, "ATSPI_RELATION_NODE_PARENT_OF")
        let names = try (found.first?.1 ?? []).map { try harness.name($0) }
        #expect(names == ["Home", "Search", "Now Playing", "Settings"])
        harness.scene.item("Profile").isEnabled = true
        #expect(try relations(harness, list).isEmpty)
    }
}
