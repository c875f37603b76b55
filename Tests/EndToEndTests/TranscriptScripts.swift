import Foundation
import Testing

/// The scripts the end-to-end tests run, and what each must print: the same in local mode (`--db`) and
/// through a `kith-server` (`--remote`), so both modes are held to one transcript.
enum TranscriptScripts {
    /// Two accounts, the switcher, a household and two managed members.
    static let identity = """
        signup ana@example.com --first Ana --last Lee --role player
        signup ben@example.com --first Ben --last Lee
        accounts
        accounts switch ana@example.com
        whoami
        household create "Lee Family"
        member add Max
        member add Mia --avatar fox
        household
        """

    /// Dana, a household, and Max whom she guards (the third line prints Max's id).
    static let actingSetUp = """
        signup dana@example.com --first Dana --last Lee
        household create "Lee Family"
        member add Max
        """

    /// Acting as Max, his preferences, and back.
    static let acting = """
        switch Max
        whoami
        prefs theme dark
        prefs
        switch me
        whoami
        prefs
        """

    // MARK: - What they print

    static func object(_ text: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Checks the `identity` script's JSON Lines against CLI.md's contract.
    static func checkIdentity(_ run: KithProcess.Result) throws {
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 9)

        let ben = try object(lines[1])
        #expect(ben["email"] as? String == "ben@example.com")
        #expect(ben["role"] as? String == "member")

        let accounts = try #require(try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [[String: Any]])
        #expect(accounts.map { $0["email"] as? String } == ["ben@example.com", "ana@example.com"])
        for account in accounts {
            for key in [
                "accountId", "email", "displayName", "accountType", "authMethod", "lastUsed", "current", "sessionLive",
            ] {
                #expect(account[key] != nil, "accounts lacks \(key)")
            }
        }
        #expect(accounts[0]["current"] as? Bool == true)

        let whoami = try object(lines[4])
        #expect(whoami["email"] as? String == "ana@example.com")
        #expect(whoami["firstName"] as? String == "Ana")
        #expect(whoami["lastName"] as? String == "Lee")
        #expect(whoami["role"] as? String == "player")
        #expect(whoami["actingAs"] is NSNull)
        let persona = try #require(whoami["persona"] as? [String: Any])
        #expect(persona["type"] as? String == "primary")
        #expect(whoami["accountId"] is String)

        let max = try object(lines[6])
        #expect((max["memberId"] as? String)?.hasPrefix("managed_") == true)
        #expect(max["displayName"] as? String == "Max")

        let household = try object(lines[8])
        #expect(household["name"] as? String == "Lee Family")
        #expect(household["ownerAccountId"] as? String == whoami["accountId"] as? String)
        let members = try #require(household["members"] as? [[String: Any]])
        #expect(members.count == 3)
        for member in members {
            for key in ["memberId", "displayName", "kind", "role", "guardianAccountIds", "addedAt"] {
                #expect(member[key] != nil, "a member lacks \(key)")
            }
        }
        let managed = members.filter { $0["kind"] as? String == "managed" }
        #expect(managed.count == 2)
        let anaId = try #require(whoami["accountId"] as? String)
        #expect(managed.allSatisfy { ($0["guardianAccountIds"] as? [String]) == [anaId] })
    }

    /// Max's id from the `actingSetUp` script's output.
    static func maxId(_ run: KithProcess.Result) throws -> String {
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 3)
        return try #require(try object(lines[2])["memberId"] as? String)
    }

    /// Checks the `acting` script's JSON Lines: acting as Max, his theme, and back to Dana's own.
    static func checkActing(_ run: KithProcess.Result, max: String) throws {
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 7)

        let acting = try object(lines[1])
        let actingAs = try #require(acting["actingAs"] as? [String: Any])
        #expect(actingAs["memberId"] as? String == max)
        #expect(actingAs["displayName"] as? String == "Max")
        #expect(acting["email"] as? String == "dana@example.com")

        let maxPrefs = try object(lines[3])
        #expect(maxPrefs["memberId"] as? String == max)
        #expect(maxPrefs["theme"] as? String == "dark")
        #expect(maxPrefs["fontSizeOffset"] as? Int == 0)
        #expect(maxPrefs["effectiveTheme"] as? String == "dark")

        let back = try object(lines[5])
        #expect(back["actingAs"] is NSNull)
        let danaPrefs = try object(lines[6])
        #expect(danaPrefs["memberId"] as? String == back["accountId"] as? String)
        #expect(danaPrefs["theme"] as? String == "system")
    }

    // MARK: - Comparing two runs

    /// The JSON Lines with ids and timestamps replaced by placeholders numbered in order of appearance, so two
    /// runs compare equal exactly when they printed the same shapes and values (and the same id relations).
    /// A persona's `profileId` is replaced whole (see below).
    static func normalized(_ output: String) throws -> [String] {
        var names: [String: String] = [:]
        func normalize(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]:
                // Keys in sorted order, so ids are numbered the same way in both runs.
                var result: [String: Any] = [:]
                for key in object.keys.sorted() {
                    // The persona's profile is a Circles id locally; with --remote (no Circles over HTTP yet) it is
                    // the primary profile, whose id is the account's. Both are the primary: its id is set aside.
                    result[key] = key == "profileId" ? "<profile>" : normalize(object[key]!)
                }
                return result
            case let array as [Any]: return array.map(normalize)
            case let text as String:
                if isIdentifier(text) {
                    if let name = names[text] { return name }
                    let name = "<id \(names.count + 1)>"
                    names[text] = name
                    return name
                }
                return (try? Date.ISO8601FormatStyle().parse(text)) != nil ? "<date>" : text
            default: return value
            }
        }
        return try output.split(separator: "\n").map { line in
            let value = normalize(try JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed))
            let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Expects two runs' JSON Lines to be the same once ids and timestamps are set aside, line by line.
    static func expectSameResults(_ remote: String, _ local: String) throws {
        let remoteLines = try normalized(remote)
        let localLines = try normalized(local)
        #expect(remoteLines.count == localLines.count)
        for (remoteLine, localLine) in zip(remoteLines, localLines) {
            #expect(remoteLine == localLine)
        }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        let bare = text.hasPrefix("managed_") ? String(text.dropFirst("managed_".count)) : text
        return UUID(uuidString: bare) != nil
    }
}
