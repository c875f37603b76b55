import Foundation
import Testing

@Suite("kith events on the local file")
struct EventsCommandLineTests {
    @Test func anEmptyLogPrintsNothingAndAMalformedCursorIsRefusedWithExitOne() async throws {
        let folder = NSTemporaryDirectory() + "kith-events-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let kith = InProcessKith(home: folder)
        let database = folder + "/kith.sqlite"
        let empty = await kith.run(["--db", database, "events"])
        #expect(empty.status == 0, "\(empty.errors)")
        #expect(empty.output.isEmpty)
        let json = await kith.run(["--db", database, "--json", "events"])
        #expect(json.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        let refused = await kith.run(["--db", database, "events", "--after", "0.x"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("0.x is not an event cursor"), "\(refused.errors)")
    }
}
