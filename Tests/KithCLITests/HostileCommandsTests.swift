import Console
import Foundation
import StorageTesting
import Testing

/// Tests/Corpora/hostile-commands.txt: every line is refused cleanly (exit 1 or 2, an `error:` line) and leaves the
/// database as it was.
@Suite("Hostile commands are refused and change nothing")
struct HostileCommandsTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpora/hostile-commands.txt")

    let folder = NSTemporaryDirectory() + "kith-hostile-" + UUID().uuidString

    /// One line of the corpus: the state it runs in and its words, placeholders still in.
    struct Case {
        let lineNumber: Int
        let signedIn: Bool
        let words: [String]
    }

    static func cases() throws -> [Case] {
        var signedIn = true
        var cases: [Case] = []
        let lines = try String(contentsOf: corpus, encoding: .utf8).components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                signedIn = trimmed == "[signed in]"
                continue
            }
            cases.append(Case(lineNumber: index + 1, signedIn: signedIn, words: try Tokenizer.tokenize(trimmed)))
        }
        return cases
    }

    @Test func everyHostileCommandIsRefusedAndChangesNothing() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = try Self.cases()
        #expect(cases.count >= 300)
        let signedIn = folder + "/signed-in.sqlite"
        let signedOut = folder + "/signed-out.sqlite"
        let ids = try await setUp(signedIn)
        #expect(await InProcessKith(home: folder).run(["--db", signedOut, "status"]).status == 0)
        var before = [signedIn: try DatabaseContents(path: signedIn), signedOut: try DatabaseContents(path: signedOut)]

        for testCase in cases {
            let database = testCase.signedIn ? signedIn : signedOut
            let words = testCase.words.map { Self.expand($0, ids: ids) }
            let run = await InProcessKith(home: folder).run(["--db", database] + words)
            let label = "line \(testCase.lineNumber): \(words.joined(separator: " "))"
            #expect(run.status == 1 || run.status == 2, "\(label): exit \(run.status) \(run.output)")
            #expect(
                run.errors.split(separator: "\n").contains { $0.hasPrefix("error: ") }, "\(label): \(run.errors)")
            let after = try DatabaseContents(path: database)
            // A refused sign-in keeps one thing: its guess, counted against DOMAIN.md's limits on guessing.
            let counted: Set<String> = words.first == "login" ? ["identity_rate_limits"] : []
            let earlier = try #require(before[database])
            var changed = Set(after.changedTables(since: earlier)).subtracting(counted)
            // A live session's last use is recorded at most once per 5 minutes, whatever the command does: a run that
            // outlasts that window (a loaded machine) records it once, and that is not the command changing anything.
            if changed.contains("identity_sessions"),
                Self.withoutLastUse(after.tables["identity_sessions"])
                    == Self.withoutLastUse(earlier.tables["identity_sessions"])
            {
                changed.remove("identity_sessions")
            }
            #expect(changed.isEmpty, "\(label) changed \(changed)")
            before[database] = after
        }
    }

    /// Session rows without their `last_used_at`.
    static func withoutLastUse(_ rows: [String]?) -> [String]? {
        rows?.map { $0.replacing(/last_used_at:("[^"]*"|\S+)/, with: "") }
    }

    /// `{name}` replaced by its id, `\u{HEX}` by that scalar.
    static func expand(_ word: String, ids: [String: String]) -> String {
        var text = word
        for (name, id) in ids { text = text.replacingOccurrences(of: "{\(name)}", with: id) }
        while let start = text.range(of: "\\u{"), let end = text[start.upperBound...].firstIndex(of: "}"),
            let value = UInt32(text[start.upperBound..<end], radix: 16), let scalar = Unicode.Scalar(value)
        {
            text.replaceSubrange(start.lowerBound...end, with: String(Character(scalar)))
        }
        return text
    }

    /// Ana and Bea as the corpus header describes them; the ids its placeholders name.
    func setUp(_ database: String) async throws -> [String: String] {
        let kith = InProcessKith(home: folder, environment: ["KITH_PASSWORD": "correct horse battery"])
        let script = """
            signup bea@example.com --first Bea --last Lund --role parent
            household create 'Lund Home'
            member add Tot
            contact add 'Bea Friend'
            circle create Knitting
            shadow create --type personal --name 'Bea Shadow'
            persona switch primary
            profile edit --username bea_l
            signup ana@example.com --first Ana --last Ruiz --role player
            family code
            member add Kid
            contact add Bea --account bea@example.com
            contact add Cal --phone '+1 555 0100'
            circle create Chess --emoji ♟️ --color teal
            circle add Chess Bea Cal
            shadow create --type professional --name 'Night Owl'
            persona switch primary
            profile edit --username ana_r --phone '+1 555 0199' --bio 'Plays chess'
            accounts switch bea@example.com
            request ana@example.com phone --reason 'to call'
            request ana@example.com email
            accounts switch ana@example.com

            """
        let setup = await kith.run(["--db", database, "--json"], input: script)
        try #require(setup.status == 0, "\(setup.errors)")
        let values = try setup.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(values.count == 22)
        func id(_ line: Int, _ key: String) throws -> String { try #require(values[line - 1][key] as? String) }
        func persona(_ line: Int) throws -> String {
            try #require((values[line - 1]["persona"] as? [String: Any])?["profileId"] as? String)
        }
        let allow = await kith.run(["--db", database, "requests", "allow", try id(21, "requestId")])
        try #require(allow.status == 0, "\(allow.errors)")
        let grants = await kith.run(["--db", database, "--json", "grants"])
        let grant = try #require(
            (try JSONSerialization.jsonObject(with: Data(grants.output.utf8)) as? [[String: Any]])?.first)
        return [
            "beaId": try id(1, "accountId"), "beaPrimary": try persona(1), "beaHousehold": try id(2, "householdId"),
            "totId": try id(3, "memberId"), "beaContact": try id(4, "contactId"), "knittingId": try id(5, "circleId"),
            "beaShadow": try id(6, "profileId"), "anaId": try id(9, "accountId"),
            "anaHousehold": try id(10, "familyId"),
            "kidId": try id(11, "memberId"), "requestId": try id(20, "requestId"),
            "grantId": try #require(grant["grantId"] as? String), "uuid": UUID().uuidString.lowercased(),
        ]
    }
}
