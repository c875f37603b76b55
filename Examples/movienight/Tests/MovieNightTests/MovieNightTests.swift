import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Movie night as its users run it: the built `movienight` on a file, and the same through `movienight-server`
/// (`movienight --remote`), every command in its own process.
@Suite("Movie night, end to end")
struct MovieNightTests {
    enum Place: String, CaseIterable {
        case file
        case server
    }

    @Test(arguments: Place.allCases)
    func voteAsMaxThenLeaveAndTakeTheVotesAlong(place: Place) async throws {
        let folder = NSTemporaryDirectory() + "movienight-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var server: MovieNightServer?
        defer { server?.stop() }
        let app: MovieNight
        let database: String
        switch place {
        case .file:
            database = folder + "/movienight.sqlite"
            app = MovieNight(place: ["--db", database], home: folder)
        case .server:
            let running = try MovieNightServer(folder: folder)
            server = running
            #expect(await running.waitForHealth(), "movienight-server did not answer /health")
            database = running.database
            app = MovieNight(place: ["--remote", running.url], home: folder)
        }

        // Dana makes the household and Max; Sam joins it with the family code: Dana, Max and a third.
        try expectSuccess(
            app.run(["signup", "dana@example.org", "--first", "Dana", "--last", "Reyes", "--role", "player"]))
        try expectSuccess(app.run(["household", "create", "Reyes"]))
        let max = try json(app.run(["member", "add", "Max", "--json"]))
        let maxId = try #require(max["memberId"] as? String)
        let code = try #require(try json(app.run(["family", "code", "--json"]))["code"] as? String)
        try expectSuccess(
            app.run(["signup", "sam@example.org", "--first", "Sam", "--last", "Reyes", "--role", "parent"]))
        try expectSuccess(app.run(["family", "join", code]))

        // A script as Dana: acting as Max, the vote is Max's and says so; the tally counts every member.
        let script = try app.run(
            [], input: "switch Max\nvote \"Arrival\" up\nvotes\nswitch me\nvote Dune up\n", as: "dana@example.org")
        #expect(script.status == 0, "\(script)")
        #expect(script.output.contains("Voting as Max."), "\(script)")
        #expect(script.output.contains("1 of 3 voted"), "\(script)")
        #expect(try rows(in: database, table: "votes_ballots", mentioning: maxId).count == 1)

        // The export of Dana's account carries her vote and the vote of Max, whom she guards.
        let export = try app.run(["account", "export"], as: "dana@example.org")
        #expect(export.status == 0, "\(export)")
        #expect(export.output.contains("\"votes\""), "\(export)")
        #expect(export.output.contains("Dune") && export.output.contains("Arrival"), "\(export)")

        // Dana is Max's only guardian: her account cannot go until another guardian is added.
        let refused = try app.run(["account", "delete", "--yes"], as: "dana@example.org")
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.errors.contains("Max"), "\(refused)")
        #expect(try rows(in: database, table: "votes_ballots", mentioning: "Dune").count == 1)
        try expectSuccess(app.run(["member", "guardian", "add", "Max", "sam@example.org"], as: "dana@example.org"))
        try expectSuccess(app.run(["account", "delete", "--yes"], as: "dana@example.org"))
        #expect(try rows(in: database, table: "votes_ballots", mentioning: "Dune").isEmpty)
        #expect(try rows(in: database, table: "votes_ballots", mentioning: maxId).count == 1)

        // Sam removes Max: no vote of Max's is left in any table of votes.
        try expectSuccess(app.run(["member", "remove", "Max", "--yes"], as: "sam@example.org"))
        #expect(try rows(in: database, table: "votes_ballots", mentioning: maxId).isEmpty)
        #expect(try rows(in: database, table: "votes_ballots", mentioning: "Arrival").isEmpty)
    }

    @Test(arguments: Place.allCases)
    func aThemeNobodyChoseIsDark(place: Place) async throws {
        let folder = NSTemporaryDirectory() + "movienight-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var server: MovieNightServer?
        defer { server?.stop() }
        let app: MovieNight
        switch place {
        case .file: app = MovieNight(place: ["--db", folder + "/movienight.sqlite"], home: folder)
        case .server:
            let running = try MovieNightServer(folder: folder)
            server = running
            #expect(await running.waitForHealth(), "movienight-server did not answer /health")
            app = MovieNight(place: ["--remote", running.url], home: folder)
        }
        try expectSuccess(app.run(["signup", "dana@example.org", "--first", "Dana", "--last", "Reyes"]))
        #expect(try json(app.run(["prefs", "--json"]))["theme"] as? String == "dark")
        #expect(try json(app.run(["prefs", "theme", "light", "--json"]))["theme"] as? String == "light")
        #expect(try json(app.run(["prefs", "reset", "--json"]))["theme"] as? String == "dark")
    }

    @Test func theAppsNameThemselvesAndOfferTheirOwnFeatures() throws {
        let folder = NSTemporaryDirectory() + "movienight-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = MovieNight(place: [], home: folder)
        let version = try app.run(["version"])
        #expect(version.output == "movienight 0.1.0\n", "\(version)")
        let help = try app.run(["help"])
        #expect(help.output.contains("movienight 0.1.0 (product all)"), "\(help)")
        #expect(help.output.contains("vote TITLE"), "\(help)")
        // Kith's Circles is not part of movie night.
        #expect(!help.output.contains("circles"), "\(help)")
        let unknown = try app.run(["--db", folder + "/x.sqlite", "circles"])
        #expect(unknown.status == 2, "\(unknown)")
    }

    @Test func theServersDocumentListsTheExportPartsOfItsFeaturesAndNoOther() async throws {
        let folder = NSTemporaryDirectory() + "movienight-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try MovieNightServer(folder: folder)
        defer { server.stop() }
        #expect(await server.waitForHealth(), "movienight-server did not answer /health")
        let (body, _) = try await URLSession.shared.data(from: URL(string: server.url + "/openapi.json")!)
        let document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let export = try #require(schemas["ExportDocument"] as? [String: Any])
        let parts = try #require(export["properties"] as? [String: Any])
        #expect(
            Set(parts.keys)
                == ["format", "exportedAt", "subject", "identity", "preferences", "familyCodes", "votes"])
        #expect((parts["votes"] as? [String: String])?["$ref"] == "#/components/schemas/VotesExport")
        #expect(schemas["VotesExport"] != nil && schemas["CirclesExport"] == nil)
        // The error codes: the server's own, and its features' (votes' among them), and no feature's it lacks.
        let error = try #require((schemas["Error"] as? [String: Any])?["properties"] as? [String: Any])
        let codes = try #require((error["error"] as? [String: Any])?["enum"] as? [String])
        #expect(codes.contains("votes.invalid_rating") && codes.contains("identity.invalid_email"))
        #expect(codes.contains("familyCodes.not_found") && codes.contains("forbidden"))
        #expect(!codes.contains { $0.hasPrefix("circles.") || $0.hasPrefix("tokens.") })
        #expect(codes == codes.sorted())
    }

    private func expectSuccess(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
    }

    private func json(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
        return try #require(object as? [String: Any], "\(run)", sourceLocation: sourceLocation)
    }
}
