import Foundation
import PostgresStorageTesting
import Testing

/// `kith-server --database` with a password in any form libpq reads: the "serving from PostgreSQL" line names the
/// database but the password appears nowhere in the server's output. The test cluster trusts local connections, so
/// the password is accepted and ignored, as a real one would be used.
@Suite("kith-server never logs the database password")
struct DatabasePasswordLogTests {
    @Test func noFormOfTheDatabasePasswordReachesTheLog() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let components = try #require(URLComponents(string: url))
        let query = components.queryItems ?? []
        let host = try #require(query.first { $0.name == "host" }?.value)
        let user = try #require(components.user)
        let options = try #require(query.first { $0.name == "options" }?.value)
        let secret = "Sekr3tPassw0rd"
        let forms = [
            url + "&password=\(secret)",
            "host=\(host) dbname=kith user=\(user) password=\(secret) options='\(options)'",
            "host=\(host) dbname=kith user=\(user) password = '\(secret)' options='\(options)'",
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kith-pwlog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for form in forms {
            let server = try await KithServerProcess.start(in: folder.path, databaseURL: form)
            server.stop()
            let log = try String(contentsOfFile: server.log, encoding: .utf8)
            #expect(log.contains("serving from PostgreSQL"), "\(log)")
            #expect(log.contains("host=\(host)"), "\(log)")
            #expect(!log.contains(secret), "\(form) leaked: \(log)")
        }
    }
}
