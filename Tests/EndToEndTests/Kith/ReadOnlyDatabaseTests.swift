import Foundation
import Testing

/// A database file kith cannot save to: a clear sentence naming the file and the cause, exit 1, and nothing
/// written, neither to the file nor beside it (no -wal, no -shm).
@Suite("A read-only database file")
struct ReadOnlyDatabaseTests {
    let folder = makeTemporaryFolder("kith-readonly-")

    @Test func contactAddExitsOneWithASentenceAndTheFileUnchanged() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/k.sqlite"
        let signUp = try await KithProcess.run(
            ["--db", database, "signup", "ro@example.com", "--first", "Ro", "--last", "Lee"],
            environment: ["KITH_PASSWORD": "correct horse"])
        #expect(signUp.status == 0, "\(signUp.errors)")
        // Marked read-only by its owner: refused for every user, root too (root passes the permission check).
        #expect(chmod(database, 0o400) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()

        for input in [Data(), Data("contact add Eve\n".utf8)] {
            let add = try await KithProcess.run(
                input.isEmpty ? ["--db", database, "contact", "add", "Eve"] : ["--db", database], input: input)
            #expect(add.status == 1)
            #expect(add.errors == "error: The database \(database) is read-only: kith cannot save to it\n")
            #expect(add.output.isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == beside)
    }
}
