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

    /// Circles, first part: Sam and Dana; Dana's contacts, circles and matrix, view-as, a shadow and her personas;
    /// then Sam looks at Dana and asks for her bio (the last line prints the request's id).
    static let circles = """
        signup sam@example.com --first Sam --last Ray
        signup dana@example.com --first Dana --last Lee
        profile edit --username dana_r --phone '+1 555 0100' --bio 'Reads a lot'
        contact add 'Sam Ray' --account sam@example.com
        circle create 'Book Club' --emoji 📚 --color green
        circle add Family 'Sam Ray'
        contacts
        circles
        access set bio Family ask
        access set bio Contacts ask
        access set phone Family deny
        access
        access save
        view-as 'Sam Ray'
        shadow create --type professional --name 'Dana at Work' --circles 'Book Club'
        whoami
        personas
        persona switch primary
        whoami
        accounts switch sam@example.com
        look @dana_r
        request @dana_r bio --reason 'For the party'
        """

    /// Circles, second part: Dana allows the request (`ID`) and Sam sees her bio.
    static func circlesAllow(_ requestId: String) -> String {
        """
        accounts switch dana@example.com
        requests
        requests allow \(requestId)
        grants
        accounts switch sam@example.com
        look @dana_r
        """
    }

    /// The seeds' last details (DOMAIN.md "Seed fidelity"): a parent without a family, the profiles hint, a contact
    /// added twice, the primary's last use and the stats row.
    static let seedDetails = """
        signup pat@example.com --first Pat --last Lee --role parent
        family
        profiles
        household create 'Lee Family'
        member add Max
        profiles
        contact add 'Sam Ray'
        circle add Friends 'Sam Ray'
        circle add Friends 'Sam Ray'
        personas
        profile show
        whoami
        """

    /// The same account's JSON after `seedDetails`: its sign-up time, the personas and the stats of both commands.
    static let seedDetailsJSON = """
        whoami
        personas
        profile show
        """

    // MARK: - What they print

    /// The JSON object `text` holds (a `--json` line); an issue when it holds anything else.
    static func object(_ text: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The JSON array of objects `text` holds (a `--json` line); an issue when it holds anything else.
    static func array(_ text: some StringProtocol) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// Checks the `identity` script's JSON Lines against CLI.md's contract.
    static func checkIdentity(_ run: KithProcess.Result) throws {
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 9)

        let ben = try object(lines[1])
        #expect(ben["email"] as? String == "ben@example.com")
        #expect(ben["role"] as? String == "member")

        let accounts = try array(lines[2])
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

    /// Checks the `circles` script's JSON Lines and returns the request's id.
    static func checkCircles(_ run: KithProcess.Result) throws -> String {
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 22)

        let contacts = try array(lines[6])
        #expect(contacts.map { $0["displayName"] as? String } == ["Sam Ray"])
        #expect(contacts.first?["circles"] as? [String] == ["Family"])
        let circles = try array(lines[7])
        #expect(
            circles.map { $0["name"] as? String } == [
                "Contacts", "Public", "Family", "Friends", "Colleagues", "Book Club",
            ])

        let staged = try object(lines[11])
        #expect(staged["unsaved"] as? Bool == true)
        let saved = try object(lines[12])
        #expect(saved["unsaved"] as? Bool == false)

        let preview = try #require(try object(lines[13])["fields"] as? [String: Any])
        #expect(preview["phone"] is NSNull)
        #expect(preview["bio"] is NSNull)
        #expect(preview["displayName"] as? String == "Dana Lee")

        let shadowPersona = try #require(try object(lines[15])["persona"] as? [String: Any])
        #expect(shadowPersona["type"] as? String == "professional")
        #expect(shadowPersona["displayName"] as? String == "Dana at Work")
        let personas = try array(lines[16])
        #expect(personas.map { $0["displayName"] as? String } == ["Dana Lee", "Dana at Work"])
        let primaryPersona = try #require(try object(lines[18])["persona"] as? [String: Any])
        #expect(primaryPersona["type"] as? String == "primary")
        #expect(primaryPersona["displayName"] as? String == "Dana Lee")

        let look = try object(lines[20])
        #expect((look["ask"] as? [String])?.contains("bio") == true)
        #expect((look["fields"] as? [String: Any])?["phone"] is NSNull)
        return try #require(try object(lines[21])["requestId"] as? String)
    }

    /// Checks the `circlesAllow` script's JSON Lines: the request, its grant, and the bio Sam now sees.
    static func checkCirclesAllow(_ run: KithProcess.Result) throws {
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 6)
        let requests = try array(lines[1])
        #expect(requests.map { $0["field"] as? String } == ["bio"])
        #expect(requests.first?["reason"] as? String == "For the party")
        let grant = try object(lines[2])
        #expect(grant["field"] as? String == "bio")
        #expect((grant["to"] as? [String: Any])?["displayName"] as? String == "Sam Ray")
        let look = try #require(try object(lines[5])["fields"] as? [String: Any])
        #expect(look["bio"] as? String == "Reads a lot")
    }

    /// Checks the `seedDetails` script's human output.
    static func checkSeedDetails(_ run: KithProcess.Result) throws {
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("Join a family with `family join CODE`, the code a player shared."), "\(run.output)")
        #expect(lines.filter { $0 == "Add a family member: `member add NAME`" }.count == 2, "\(run.output)")
        #expect(lines.filter { $0 == "Sam Ray is already in Friends" }.count == 1, "\(run.output)")
        let primary = try #require(lines.first { $0.contains("Primary") && $0.contains("Pat Lee") })
        #expect(!primary.contains("never"), "\(primary)")
        #expect(lines.filter { $0.contains("1 contact · 5 circles") }.count == 2, "\(run.output)")
    }

    /// Checks the `seedDetailsJSON` script's JSON Lines: the primary last used at sign-up, and the stats.
    static func checkSeedDetailsJSON(_ run: KithProcess.Result) throws {
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 3)
        let whoami = try object(lines[0])
        let personas = try array(lines[1])
        #expect(personas.first?["type"] as? String == "primary")
        #expect(personas.first?["lastUsed"] as? String == whoami["createdAt"] as? String)
        for value in [whoami, try object(lines[2])] {
            let stats = value["stats"] as? [String: Any]
            #expect(stats?["contacts"] as? Int == 1)
            #expect(stats?["circles"] as? Int == 5)
        }
    }

    // MARK: - Comparing two runs

    /// The JSON Lines with ids and timestamps replaced by placeholders numbered in order of appearance, so two
    /// runs compare equal exactly when they printed the same shapes and values (and the same id relations).
    static func normalized(_ output: String) throws -> [String] {
        var names: [String: String] = [:]
        func normalize(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]:
                // Keys in sorted order, so ids are numbered the same way in both runs.
                var result: [String: Any] = [:]
                for key in object.keys.sorted() {
                    // Ids as keys (the matrix's circles) are named as ids elsewhere in the run.
                    let name = isIdentifier(key) ? normalize(key) as? String ?? key : key
                    result[name] = normalize(object[key]!)
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
