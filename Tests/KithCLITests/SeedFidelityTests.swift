import Console
import Foundation
import Testing

@testable import KithCLI

/// DOMAIN.md's "Seed fidelity" rules, run in-process on a temporary database file: what a user of the seeds' apps
/// would notice.
@Suite("Seed fidelity, in-process")
struct SeedFidelityTests {
    let folder = NSTemporaryDirectory() + "kith-seeds-" + UUID().uuidString
    var database: String { folder + "/kith.sqlite" }

    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs kith on the test's file; `interaction` answers any question (and records it).
    func kith(
        _ arguments: [String], input: String = "", interaction: any Interaction = NoInteraction(),
        password: String? = "Pass-seeds-123"
    ) async -> Run {
        let output = CapturedText()
        let errors = CapturedText()
        let terminal = KithApp.Terminal(
            output: output, errors: errors, input: .text(input), interaction: interaction)
        var environment = ["HOME": folder, "NO_COLOR": "1"]
        environment["KITH_PASSWORD"] = password
        let status = await kithApp.run(
            arguments: ["--db", database] + arguments, environment: environment, terminal: terminal)
        return Run(status: status, output: output.text, errors: errors.text)
    }

    /// Runs `script` (one command a line) on the test's file; it must succeed.
    func setUp(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let run = await kith([], input: script)
        try #require(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
    }

    func object(_ text: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func array(_ text: some StringProtocol) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// Ben saved on the device, then Dana (current) with a household and Max whom she guards.
    func household() async throws {
        try await setUp(
            """
            signup ben@example.com --first Ben --last Lee
            signup dana@example.com --first Dana --last Lee
            household create "Lee Family"
            member add Max
            """)
    }

    /// Ria, whose active persona is her new professional shadow Night Owl, shown to nobody yet.
    func riaWithNightOwl() async throws {
        try await setUp(
            """
            signup ria@example.com --first Ria --last Sen
            shadow create --type professional --name 'Night Owl'
            """)
    }

    // MARK: - Refused before asking

    @Test func theAccountsOwnCommandsRefuseActingBeforeAskingAnything() async throws {
        try await household()
        for command in [["password"], ["accounts", "remove", "ben@example.com"], ["member", "remove", "Max"]] {
            let person = ScriptedInteraction(answers: ["y", "y", "y"])
            let run = await kith(["--as", "Max"] + command, interaction: person)
            #expect(run.status == 1)
            #expect(run.errors == "error: Not available while viewing as Max. Switch back first.\n")
            #expect(person.questions.isEmpty, "\(command) asked \(person.questions) before refusing")
        }
        // Nothing changed: Ben is still saved, Max still in the household.
        let accounts = try array(await kith(["accounts", "--json"]).output)
        #expect(accounts.count == 2)
        #expect(await kith(["switch", "Max"]).status == 0)
    }

    @Test func aCommandForAnotherRoleRefusesBeforeAskingAnything() async throws {
        #expect(await kith(["signup", "mo@example.com", "--first", "Mo", "--last", "Lee"]).status == 0)
        let person = ScriptedInteraction(answers: ["y"])
        let run = await kith(["family", "regenerate"], interaction: person)
        #expect(run.status == 1)
        #expect(run.errors == "error: Only players can manage a family code\n")
        #expect(person.questions.isEmpty, "asked \(person.questions) before refusing")
        #expect(await kith(["role", "player"]).status == 0)
        #expect(await kith(["family", "regenerate"], interaction: person).status == 0)
        #expect(person.questions.count == 1)
    }

    // MARK: - The shadow persona shows (P1)

    @Test func aShadowPersonaShowsInWhoamiAndThePrompt() async throws {
        try await riaWithNightOwl()
        let whoami = await kith(["whoami"])
        #expect(whoami.output.contains("Presenting as Night Owl (professional)"))
        let app = try AppEnvironment.local(app: kithApp, databasePath: database, product: kithApp.products[0])
        #expect(await app.prompt() == "ria · Night Owl › ")

        #expect(await kith(["persona", "switch", "primary"]).status == 0)
        #expect(!(await kith(["whoami"])).output.contains("Presenting as"))
        #expect(await app.prompt() == "ria › ")
    }

    // MARK: - Who sees a shadow's fields (P2)

    @Test func profileShowOfAShadowListsOnlyItsOwnCirclesThatSeeAField() async throws {
        try await riaWithNightOwl()
        func seenBy(_ field: String) async -> String? {
            let text = await kith(["profile", "show", "Night Owl"]).output
            return text.split(separator: "\n").first { $0.hasPrefix("  \(field) ") }.map(String.init)
        }
        let hidden = try #require(await seenBy("displayName"))
        #expect(hidden.hasSuffix("nobody"), "\(hidden)")
        #expect(!hidden.contains("Public") && !hidden.contains("Contacts"))

        #expect(await kith(["shadow", "circles", "Night Owl", "Colleagues"]).status == 0)
        let shown = try #require(await seenBy("displayName"))
        #expect(shown.hasSuffix("Colleagues"), "\(shown)")
        #expect(!shown.contains("Public") && !shown.contains("Family"))
        // Colleagues ask for phone by default: nobody sees it.
        #expect(try #require(await seenBy("phone")).hasSuffix("nobody"))
    }

    // MARK: - Staged edits are real differences (P5)

    @Test func cyclingACellBackAndResettingAnUntouchedMatrixStageNothing() async throws {
        let run = await kith(
            ["--json"],
            input: """
                signup ria@example.com --first Ria --last Sen
                access cycle bio Family
                access cycle bio Family
                access cycle bio Family
                access reset
                access set phone Family deny
                access reset
                """)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 7)
        #expect(try object(lines[1])["unsaved"] as? Bool == true)
        #expect(try object(lines[3])["unsaved"] as? Bool == false)
        #expect(try object(lines[4])["unsaved"] as? Bool == false)
        #expect(try object(lines[5])["unsaved"] as? Bool == true)
        #expect(try object(lines[6])["unsaved"] as? Bool == false)

        // The grid of the third cycle: back to the saved value, nothing marked, nothing unsaved.
        #expect(await kith([], input: "access cycle bio Family\naccess cycle bio Family\n").status == 0)
        let cycled = await kith(["access", "cycle", "bio", "Family"])
        #expect(cycled.status == 0, "\(cycled.errors)")
        #expect(!cycled.output.contains("✓*") && !cycled.output.contains("unsaved change"), "\(cycled.output)")
    }

    // MARK: - view-as of a shadow for a contact outside its circles

    @Test func viewAsOfAShadowSaysWhoCannotSeeIt() async throws {
        try await setUp(
            """
            signup ria@example.com --first Ria --last Sen
            contact add 'Tom Hale'
            shadow create --type personal --name Ri --circles Friends
            """)
        let refused = await kith(["view-as", "Tom Hale", "--profile", "Ri"])
        #expect(refused.status == 1)
        #expect(refused.errors == "error: Tom Hale cannot see Ri\n")
        #expect(await kith(["circle", "add", "Friends", "Tom Hale"]).status == 0)
        #expect(await kith(["view-as", "Tom Hale", "--profile", "Ri"]).status == 0)
    }

    // MARK: - Search and filter (C2, C4)

    @Test func contactsAndACirclesMembersCanBeSearchedAndFiltered() async throws {
        try await setUp(
            """
            signup ria@example.com --first Ria --last Sen
            contact add 'José Ruiz' --phone '+1 555 0100'
            contact add 'Ann Lowe' --email ann@example.com
            contact add 'Bo Park'
            circle add Family 'José Ruiz' 'Ann Lowe'
            """)
        func names(_ arguments: [String]) async throws -> [String?] {
            try array(await kith(arguments + ["--json"]).output).map { $0["displayName"] as? String }
        }
        #expect(try await names(["contacts", "--search", "jose"]) == ["José Ruiz"])
        #expect(try await names(["contacts", "--search", "RUIZ"]) == ["José Ruiz"])
        #expect(try await names(["contacts", "--search", "5550100"]) == ["José Ruiz"])
        #expect(try await names(["contacts", "--search", "example.com"]) == ["Ann Lowe"])
        #expect(try await names(["contacts", "--circle", "Family"]) == ["Ann Lowe", "José Ruiz"])
        #expect(try await names(["contacts", "--circle", "Family", "--search", "bo"]) == [])
        #expect(try await names(["contacts", "--circle", "Contacts"]) == ["Ann Lowe", "Bo Park", "José Ruiz"])
        #expect(await kith(["contacts", "--search", "nobody"]).output == "No contacts match.\n")

        let detail = try object(await kith(["circle", "show", "Family", "--search", "ann", "--json"]).output)
        let members = try #require(detail["members"] as? [[String: Any]])
        #expect(members.map { $0["displayName"] as? String } == ["Ann Lowe"])
        #expect(await kith(["circle", "show", "Family", "--search", "zed"]).output.contains("No contacts match."))
    }

    // MARK: - Requests show their relationship context (C5)

    @Test func requestsShowWhichOfTheOwnersCirclesHoldTheRequester() async throws {
        let run = await kith(
            ["--json"],
            input: """
                signup sam@example.com --first Sam --last Ray
                signup dana@example.com --first Dana --last Lee
                profile edit --username dana_r
                contact add 'Sam Ray' --account sam@example.com
                circle add Friends 'Sam Ray'
                accounts switch sam@example.com
                request @dana_r phone
                accounts switch dana@example.com
                requests
                """)
        #expect(run.status == 0, "\(run.errors)")
        let requests = try array(try #require(run.output.split(separator: "\n").last))
        #expect(requests.first?["requesterCircles"] as? [String] == ["Contacts", "Friends"])
        let text = await kith(["requests"]).output
        #expect(text.contains("Contacts, Friends"))
    }

    // MARK: - Account type and photo (004)

    @Test func theAccountTypeIsChosenAtSignUpAndChangedAndSavedAccountsCarryThePhoto() async throws {
        let run = await kith(
            ["--json"],
            input: """
                signup acme@example.com --first Ana --last Cruz --account-type corporate
                accounts
                account-type private
                accounts
                profile edit --photo https://example.com/ana.png
                accounts
                """)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 6)
        #expect(try object(lines[0])["accountType"] as? String == "corporate")
        #expect(try array(lines[1]).first?["accountType"] as? String == "corporate")
        #expect(try array(lines[3]).first?["accountType"] as? String == "private")
        #expect(try array(lines[3]).first?["photoURL"] is NSNull)
        #expect(try array(lines[5]).first?["photoURL"] as? String == "https://example.com/ana.png")
        let unknown = await kith(["account-type", "public"])
        #expect(unknown.status == 2)
    }

    // MARK: - A member removed elsewhere stops being acted as (000, State 5)

    @Test func aMemberRemovedByAnotherProcessStopsBeingActedAsAtTheNextCommand() async throws {
        try await household()
        let running = try AppEnvironment.local(app: kithApp, databasePath: database, product: kithApp.products[0])
        try await running.startActing(as: "Max")
        #expect(try await running.session.currentPrincipal()?.actingAs?.displayName == "Max")
        #expect(await running.prompt() == "dana (as Max) › ")

        // Another process (its own environment on the same file) removes Max.
        #expect(await kith(["member", "remove", "Max", "--yes"]).status == 0)

        #expect(try await running.session.currentPrincipal()?.actingAs == nil)
        #expect(await running.prompt() == "dana › ")
    }

    // MARK: - The seeds' last details (issue 25, items 12 to 16 and the smaller ones)

    @Test func thePrimaryPersonasLastUseIsSignUpNeverNever() async throws {
        #expect(await kith(["signup", "ria@example.com", "--first", "Ria", "--last", "Sen"]).status == 0)
        let signedUp = try #require(try object(await kith(["whoami", "--json"]).output)["createdAt"] as? String)
        let personas = try array(await kith(["personas", "--json"]).output)
        #expect(personas.first?["type"] as? String == "primary")
        #expect(personas.first?["lastUsed"] as? String == signedUp)
        #expect(await kith(["shadow", "create", "--type", "personal", "--name", "Ri"]).status == 0)
        let deck = await kith(["personas"]).output
        let primary = try #require(deck.split(separator: "\n").first { $0.contains("Primary") })
        #expect(!primary.contains("never"), "\(primary)")
    }

    @Test func addingAContactAlreadyInACircleSaysSoAndChangesNothing() async throws {
        try await setUp(
            """
            signup ria@example.com --first Ria --last Sen
            contact add 'Sam Ray'
            contact add 'Bo Park'
            circle add Friends 'Sam Ray'
            """)
        let again = await kith(["circle", "add", "Friends", "Sam Ray"])
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output == "Sam Ray is already in Friends\n")
        let mixed = await kith(["circle", "add", "Friends", "Sam Ray", "Bo Park"])
        #expect(mixed.status == 0, "\(mixed.errors)")
        #expect(mixed.output.hasPrefix("Sam Ray is already in Friends\n"), "\(mixed.output)")
        #expect(mixed.output.contains("Friends now has 2 members."), "\(mixed.output)")
        let detail = try object(await kith(["circle", "show", "Friends", "--json"]).output)
        #expect((detail["members"] as? [[String: Any]])?.count == 2)
    }

    @Test func aParentWithoutAFamilyIsToldHowToJoinOne() async throws {
        #expect(
            await kith(["signup", "pat@example.com", "--first", "Pat", "--last", "Lee", "--role", "parent"]).status == 0
        )
        let family = await kith(["family"])
        #expect(family.status == 0, "\(family.errors)")
        #expect(family.output.contains("Join a family with `family join CODE`, the code a player shared."))
    }

    @Test func profilesAlwaysEndsWithTheHintToAddAMember() async throws {
        let hint = "Add a family member: `member add NAME`"
        #expect(await kith(["signup", "dana@example.com", "--first", "Dana", "--last", "Lee"]).status == 0)
        let alone = await kith(["profiles"])
        #expect(alone.output.split(separator: "\n").last.map(String.init) == hint, "\(alone.output)")
        #expect(await kith([], input: "household create 'Lee Family'\nmember add Max\n").status == 0)
        let several = await kith(["profiles"])
        #expect(several.output.contains("Max"))
        #expect(several.output.split(separator: "\n").last.map(String.init) == hint, "\(several.output)")
    }

    @Test func helpShadowCreateAndItsPromptDescribeTheThreeTypes() async throws {
        let descriptions = [
            "professional: a work identity, for colleagues and clients",
            "personal: a side of you for friends or a community, apart from your primary",
            "anonymous: a name that says nothing about who you are",
        ]
        let help = await kith(["help", "shadow", "create"])
        for line in descriptions { #expect(help.output.contains(line), "\(help.output)") }

        #expect(await kith(["signup", "ria@example.com", "--first", "Ria", "--last", "Sen"]).status == 0)
        let person = ScriptedInteraction(answers: ["anonymous"])
        let created = await kith(["shadow", "create", "--name", "Night Owl", "--json"], interaction: person)
        #expect(created.status == 0, "\(created.errors)")
        #expect(try object(created.output)["type"] as? String == "anonymous")
        let question = try #require(person.questions.first)
        for line in descriptions { #expect(question.contains(line), "\(question)") }
        // Without a terminal the type is still required.
        #expect(await kith(["shadow", "create", "--name", "X"]).status == 2)
    }

    @Test func profileShowAndWhoamiShowTheStatsRow() async throws {
        try await setUp(
            """
            signup ria@example.com --first Ria --last Sen
            contact add 'Sam Ray'
            circle create 'Book Club'
            """)
        #expect(await kith(["profile", "show"]).output.contains("1 contact · 6 circles"))
        #expect(await kith(["whoami"]).output.contains("1 contact · 6 circles"))
        for command in [["profile", "show"], ["whoami"]] {
            let stats = try object(await kith(command + ["--json"]).output)["stats"] as? [String: Any]
            #expect(stats?["contacts"] as? Int == 1, "\(command)")
            #expect(stats?["circles"] as? Int == 6, "\(command)")
        }
    }

    @Test func aMalformedFamilyCodeGetsTheFormatSentence() async throws {
        #expect(
            await kith(["signup", "pat@example.com", "--first", "Pat", "--last", "Lee", "--role", "parent"]).status == 0
        )
        let join = await kith(["family", "join", "fam-12"])
        #expect(join.status == 1)
        #expect(join.errors == "error: Invalid family code format. Codes look like FAM-XXXXXX\n")
    }

    @Test func signupAsksForThePasswordTwiceAtATerminal() async throws {
        let typo = ScriptedInteraction(answers: ["Pass-seeds-123", "Pass-seeds-124"])
        let refused = await kith(
            ["signup", "ria@example.com", "--first", "Ria", "--last", "Sen"], interaction: typo, password: nil)
        #expect(refused.status == 1)
        #expect(refused.errors == "error: The new passwords do not match: nothing changed.\n")
        #expect(typo.questions.count == 2)
        #expect(await kith(["whoami"], password: nil).status == 1)

        let same = ScriptedInteraction(answers: ["Pass-seeds-123", "Pass-seeds-123"])
        let created = await kith(
            ["signup", "ria@example.com", "--first", "Ria", "--last", "Sen"], interaction: same, password: nil)
        #expect(created.status == 0, "\(created.errors)")
        #expect(same.questions.count == 2)
        #expect(await kith(["login", "ria@example.com"]).status == 0)
    }

    @Test func helpCreatesNoDatabaseFile() async throws {
        for arguments in [["--help"], ["help"], ["help", "shadow", "create"]] {
            let run = await kith(arguments)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("shadow create"))
            #expect(!FileManager.default.fileExists(atPath: database), "\(arguments) created the file")
        }
    }
}
