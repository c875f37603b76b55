import Foundation
import Testing

/// Two `kith` processes on one file at once: joins and failed joins in one, regenerations in the other.
@Suite("Family codes from two processes on one file")
struct FamilyCodesTwoProcessTests {
    let kith = KithOnFile("kith-e2e-family-")

    func sql(_ query: String) async throws -> String {
        let run = try await KithProcess.shell("sqlite3 '\(kith.database)' \"\(query)\"")
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func concurrentJoinsAndRegenerationsLoseNothingAndCountExactly() async throws {
        let setup = try await kith(
            ["--json"],
            input: """
                signup quinn@example.com --first Quinn --last Ray --role player
                family code
                signup pat@example.com --first Pat --last Sun --role player
                family code
                signup ann@example.com --first Ann --last Vo --role parent
                whoami
                """)
        #expect(setup.status == 0, "\(setup.errors)")
        let lines = setup.output.split(separator: "\n")
        try #require(lines.count == 6)
        let quinnCode = try #require(
            (try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])?["code"] as? String)
        let ann = try #require(
            (try JSONSerialization.jsonObject(with: Data(lines[5].utf8)) as? [String: Any])?["accountId"] as? String)

        // Ann: join Quinn's family, then alternate "already a member" and codes that do not exist.
        var joins = ["family join \(quinnCode)"]
        for index in 1..<200 {
            joins.append(
                index.isMultiple(of: 2)
                    ? "family join FAM-ZZ\(String(format: "%04d", index))" : "family join \(quinnCode)")
        }
        let joinScript = joins.joined(separator: "\n")
        let regenerateScript = Array(repeating: "family regenerate --yes --json", count: 200).joined(separator: "\n")

        // Both processes run at once, on the same file.
        async let joinRun = kith(["--account", "ann@example.com", "--keep-going"], input: joinScript)
        async let regenerateRun = kith(["--account", "pat@example.com"], input: regenerateScript)
        let (joined, regenerated) = try await (joinRun, regenerateRun)

        #expect(regenerated.status == 0, "\(regenerated.errors)")
        let codes = regenerated.output.split(separator: "\n")
        #expect(codes.count == 200)
        #expect(Set(codes).count == 200)
        #expect(joined.status == 1)
        for errors in [joined.errors, regenerated.errors] {
            #expect(!errors.contains("database is locked"))
            #expect(!errors.lowercased().contains("busy"))
        }

        // Every attempt is logged once: the 5th "not found" (line 11) locks, the rest are refused.
        let results = try await sql(
            "SELECT result || ' ' || count(*) FROM familycodes_usage_log WHERE account_id = '\(ann)' "
                + "GROUP BY result ORDER BY result")
        #expect(results.split(separator: "\n") == ["already_member 5", "joined 1", "not_found 5", "rate_limited 189"])
        #expect(try await sql("SELECT count(*) FROM familycodes_failures WHERE key LIKE '%\(ann)%'") == "5")
        #expect(try await sql("SELECT count(*) FROM identity_members WHERE member_id = '\(ann)'") == "1")
    }

    @Test func aCodeWithTwoUsesAdmitsExactlyTwoOfSixParentsJoiningFromTwoProcesses() async throws {
        let parents = (1...6).map { "parent\($0)@example.com" }
        let setup = try await kith(
            ["--json"],
            input: (["signup quinn@example.com --first Quinn --last Ray --role player"]
                + parents.map { "signup \($0) --first Pat --last Sun --role parent" }
                + ["accounts switch quinn@example.com", "family regenerate --max-uses 2 --expires 7d --yes"])
                .joined(separator: "\n"))
        #expect(setup.status == 0, "\(setup.errors)")
        let made = try #require(
            try JSONSerialization.jsonObject(with: Data(setup.output.split(separator: "\n").last!.utf8))
                as? [String: Any])
        let code = try #require(made["code"] as? String)
        #expect(made["usesLeft"] as? Int == 2 && made["expiresAt"] is String)

        // Three parents per process, every join at once on one file.
        func script(_ emails: ArraySlice<String>) -> String {
            emails.map { "accounts switch \($0)\nfamily join \(code)" }.joined(separator: "\n")
        }
        async let first = kith(["--keep-going"], input: script(parents[0..<3]))
        async let second = kith(["--keep-going"], input: script(parents[3..<6]))
        let runs = try await [first, second]
        let refusals = runs.flatMap { $0.errors.split(separator: "\n") }
        #expect(refusals.count == 4, "\(refusals)")
        #expect(
            refusals.allSatisfy { $0.hasSuffix("This family code has expired. Ask the player for a new one.") },
            "\(refusals)")

        let results = try await sql(
            "SELECT result || ' ' || count(*) FROM familycodes_usage_log WHERE code = '\(code)' "
                + "GROUP BY result ORDER BY result")
        #expect(results.split(separator: "\n") == ["expired 4", "joined 2"])
        #expect(try await sql("SELECT uses FROM familycodes_codes WHERE code = '\(code)'") == "2")
        let shown = try await kith(["--account", "quinn@example.com", "--json", "family", "code"])
        #expect(
            (try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])?["usesLeft"] as? Int
                == 0)
    }
}
