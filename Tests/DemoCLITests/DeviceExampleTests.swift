import Foundation
import Testing
@testable import DemoCLI
import InteractionKitEvemu
import InteractionKitLive
import InteractionKitTestSupport

/// The runnable `--device` example of the InteractionKitLive module page (Examples/device) and the
/// converter it names (scripts/evemu-to-records.py).
@Suite("Demo --device: the shipped example and the evemu converter")
@MainActor
struct DeviceExampleTests {
    static let events = Repository.file("Examples/device/slide-across-tabs.events")
    static let records = Repository.file("Examples/device/slide-across-tabs.bin")

    /// The records of an evemu text, as the Swift side makes them; a
    /// recording without a description of its own borrows its device's.
    static func swiftRecords(_ url: URL) throws -> [UInt8] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let device = url.lastPathComponent.split(separator: ".").first.map(String.init) ?? ""
        let descriptionURL = url.deletingLastPathComponent().appendingPathComponent(device + ".desc")
        let description = text.contains("\nA: ") ? nil : try String(contentsOf: descriptionURL, encoding: .utf8)
        let recording = try EvemuRecording(
            events: text, eventsFile: url.lastPathComponent, description: description,
            descriptionFile: description == nil ? nil : descriptionURL.lastPathComponent)
        return recording.events.flatMap { EvdevRecord($0).bytes }
    }

    /// Runs the converter with `arguments`; nil when python3 is not installed.
    static func converter(_ arguments: [String]) throws -> (status: Int32, output: Data, errors: String)? {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Repository.file("scripts/evemu-to-records.py").path] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, outputData, String(decoding: errorData, as: UTF8.self))
    }

    @Test("The shipped records are the shipped evemu text, record for record")
    func recordsMatchTheText() throws {
        let shipped = try [UInt8](Data(contentsOf: Self.records))
        #expect(shipped.count == 101 * EvdevRecord.size)
        #expect(shipped == (try Self.swiftRecords(Self.events)))
    }

    @Test("The documented example: a press on Home slid to Settings shows the HUD and selects Settings")
    func readmeExample() {
        let result = runDemo([
            Repository.file("Examples/seed.gesture").path, "--device", Self.records.path,
            "--desc", Self.events.path, "--no-pictures",
        ])
        #expect(result.status == 0)
        #expect(result.errors == "")
        let lines = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("0.150  HUD shows \"Home\" [image: home]"))
        #expect(lines.filter { $0.contains("HUD shows") }.count == 5)
        #expect(lines.contains("1.017  Settings selected (the tab bar's delegate is told)"))
    }

    @Test("The converter gives the Swift side's records for the example and every shipped recording")
    func converterMatches() throws {
        let folder = Repository.examples.appendingPathComponent("recordings")
        let recordings = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".events") }.sorted().map { folder.appendingPathComponent($0) }
        #expect(recordings.count >= 7)
        for url in [Self.events] + recordings {
            guard let result = try Self.converter([url.path]) else { return }  // no python3 here
            #expect(result.status == 0, "\(url.lastPathComponent): \(result.errors)")
            #expect([UInt8](result.output) == (try Self.swiftRecords(url)), "\(url.lastPathComponent)")
        }
    }

    @Test("The converter names the bad line, exits 1, and leaves no output file")
    func converterErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evemu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            ("E: 1.000000 0003 0035 10\nE: 1.5 0003 0035 10\n", "bad.events:2: error: bad timestamp '1.5'"),
            ("E: 2.000000 0003 0035 10\nE: 1.000000 0003 0035 10\n", "bad.events:2: error: timestamp 1.000000 goes backwards"),
            ("N: x\nE: 1.000000 10000 0035 10\n", "bad.events:2: error: event type '10000' is out of range"),
            ("E: 1.000000 0003 0035 4294967296\n", "bad.events:1: error: event value '4294967296' is out of range"),
            ("E: 1.000000 0003 0035\n", "bad.events:1: error: wrong number of fields: expected 4, found 3"),
            ("X: what\n", "bad.events:1: error: unknown line prefix 'X:'"),
        ]
        for (text, message) in cases {
            let input = folder.appendingPathComponent("bad.events")
            try text.write(to: input, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("bad.bin")
            guard let result = try Self.converter([input.path, "-o", output.path]) else { return }
            #expect(result.status == 1)
            #expect(result.errors.contains(message.replacingOccurrences(of: "bad.events", with: input.path)), "\(result.errors)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
        let written = folder.appendingPathComponent("good.bin")
        let good = try Self.converter([Self.events.path, "--output=\(written.path)"])
        #expect(good?.status == 0)
        if good != nil { #expect(try Data(contentsOf: written) == (try Data(contentsOf: Self.records))) }
        #expect(try Self.converter([])?.status == 2)
        #expect(try Self.converter(["a", "b"])?.status == 2)
        #expect(try Self.converter(["--bogus", "a"])?.status == 2)
        #expect(try Self.converter([folder.appendingPathComponent("missing.events").path])?.status == 1)
    }
}
