import Accounts
import Argon2
import Circles
import FamilyCodes
import Foundation
import Households
import Identity
import IdentitySQL
import IdentityTesting
import Kernel
import KithComposition
import PostgresStorage
import PostgresStorageTesting
import Preferences
import SQLiteStorage
import Storage
import StorageTesting
import Testing
import TwoStep

/// DOMAIN.md's "Leaving, and taking your data" across every feature, as the apps compose them (`KithServices`), on
/// both engines: a fully loaded account is deleted and every table of the database is read back.
@Suite("Leaving: a fully loaded account, every feature, every table")
struct AccountDeletionTests {
    enum Engine: String, CaseIterable, Sendable {
        case sqlite, postgres
    }

    /// Two servers' services over one database (on SQLite, two compositions over one file).
    struct World: Sendable {
        let database: any SQLDatabase
        let first: KithServices
        let second: KithServices
        let clock: ManualClock
        let folder: URL
    }

    static let zedEmail = "zedediah.quorrax@example.com"
    static let zedPassword = "long enough zed password"

    static func world(_ engine: Engine) async throws -> World {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kith-leaving-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database: any SQLDatabase =
            switch engine {
            case .sqlite:
                try SQLiteDatabase.open(
                    at: folder.appendingPathComponent("kith.sqlite").path, features: KithServices.migrations)
            case .postgres: try await TestPostgres.database(KithServices.migrations)
            }
        let clock = ManualClock()
        let random = SystemRandomSource()
        let verifier = StubVerifier(
            .google,
            [
                "zed": VerifiedIDToken(
                    provider: .google, subject: "g-zedediah", email: zedEmail, emailVerified: true)
            ])
        func services() -> KithServices {
            Self.services(database, clock: clock, random: random, folder: folder, verifiers: [verifier])
        }
        return World(database: database, first: services(), second: services(), clock: clock, folder: folder)
    }

    /// Zedediah Quorrax, loaded: a family of his own (FamilyCodes) that Bo and Cy joined with its code, Mia whom he
    /// guards with Bo, 200 contacts, custom circles, a shadow, grants and requests both ways with Bo, a linked
    /// Google identity, preferences, acting records, and 3 sessions over 2 servers. Bo has a card of him.
    struct Loaded: Sendable {
        let zed: Principal
        let zedOnSecond: Principal
        let bo: Principal
        let cy: Principal
        let familyId: String
        let mia: Member
    }

    static func acting(_ principal: Principal, as member: Member) -> Principal {
        var acting = principal
        acting.actingAs = ActingAs(memberId: member.memberId, displayName: member.displayName)
        return acting
    }

    static func signUp(_ services: KithServices, _ first: String, _ last: String, role: AccountRole) async throws
        -> Principal
    {
        let grant = try await services.identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: last,
                password: "long enough \(first) password", role: role))
        return try await services.identity.principal(forToken: grant.token)
    }

    static func load(_ world: World) async throws -> Loaded {
        let (s1, s2) = (world.first, world.second)
        let grant = try await s1.identity.register(
            SignUp(
                email: zedEmail, firstName: "Zedediah", lastName: "Quorrax", password: zedPassword, role: .player))
        let zed = try await s1.identity.principal(forToken: grant.token)
        _ = try await s1.identity.signIn(email: zedEmail, password: zedPassword)
        let zedOnSecond = try await s2.identity.principal(
            forToken: try await s2.identity.signIn(email: zedEmail, password: zedPassword).token)
        _ = try await s1.identity.linkIdentity(zed, StubVerifier.signIn("zed"))

        let bo = try await signUp(s1, "Bo", "Lindqvist", role: .parent)
        let cy = try await signUp(s2, "Cy", "Okafor", role: .parent)
        let code = try await s1.familyCodes.code(zed)
        _ = try await s1.familyCodes.join(bo, code: code.code, origin: "127.0.0.1")
        _ = try await s2.familyCodes.join(cy, code: code.code, origin: "127.0.0.2")
        _ = try? await s2.familyCodes.join(cy, code: "WRONG1", origin: "127.0.0.2")

        let mia = try await s1.identity.addManagedMember(zed, displayName: "Mia", avatarKey: "fox")
        _ = try await s1.identity.addGuardian(zed, member: "Mia", email: "bo@example.com")
        _ = try await s1.preferences.setTheme(zed, .dark)
        _ = try await s1.preferences.setTheme(acting(zed, as: mia), .light)
        _ = try await s2.preferences.setFontSize(acting(bo, as: mia), .large)

        // Circles: 200 contacts (Bo linked), custom circles, a shadow, the matrix, requests and grants both ways.
        let c = s1.circles
        _ = try await c.addContact(zed, ContactDraft(displayName: "Bo L", accountEmail: "bo@example.com"))
        for index in 1...199 {
            _ = try await c.addContact(
                zed, ContactDraft(displayName: "Quorrax Contact \(index)", phone: "+1 555 \(index)"))
        }
        _ = try await c.createCircle(zed, name: "Zedediah's Climbers", emoji: nil, color: nil)
        _ = try await c.addMembers(
            zed, circle: "Zedediah's Climbers", contacts: ["Quorrax Contact 1", "Quorrax Contact 2"])
        _ = try await c.setAccess(zed, profile: "primary", field: .phone, circle: "Zedediah's Climbers", access: .allow)
        _ = try await c.saveAccess(zed, profile: "primary")
        _ = try await c.editProfile(zed, nil, ProfileEdit(username: "zedquorrax", bio: "Zedediah's bio"))
        _ = try await c.createShadow(
            zed, type: .professional, displayName: "Quorrax Pro", circles: ["Zedediah's Climbers"])
        _ = try await c.switchPersona(zed, "primary")
        // Bo's card of Zed: what Bo typed.
        _ = try await c.addContact(
            bo,
            ContactDraft(displayName: "Uncle Z", accountEmail: zedEmail, phone: "+1 555 0100", email: "z@typed.example")
        )
        _ = try await c.editProfile(bo, nil, ProfileEdit(username: "bolind"))
        let toZed = try await c.request(bo, "@zedquorrax", field: .email, reason: "for the trip")
        _ = try await c.allowRequest(zed, toZed.requestId, allFields: false)
        _ = try await c.request(bo, "@zedquorrax", field: .phone, reason: nil)
        let fromZed = try await c.request(zed, "@bolind", field: .email, reason: "Zedediah asks")
        _ = try await c.allowRequest(bo, fromZed.requestId, allFields: false)
        _ = try await c.request(zed, "@bolind", field: .phone, reason: nil)
        _ = try await s1.outbox?.sendDue()
        return Loaded(
            zed: zed, zedOnSecond: zedOnSecond, bo: bo, cy: cy, familyId: code.familyId, mia: mia)
    }

    /// Turns on Zed's two-step sign-in, signs in once with a recovery code, and leaves a second step open from
    /// 203.0.113.9: a row in each of its tables.
    static func plantTwoStep(_ world: World, _ zed: Principal) async throws {
        let identity = world.first.identity
        let setup = try await identity.beginTwoStep(zed, password: zedPassword)
        let secret = try #require(Base32.decode(setup.secret))
        let codes = try await identity.confirmTwoStep(
            zed, code: TOTP.code(secret: secret, step: TOTP.step(at: world.clock.now())))
        for (address, code) in [("198.51.100.7", codes[0]), ("203.0.113.9", nil)] {
            do {
                _ = try await identity.signIn(email: zedEmail, password: zedPassword, clientAddress: address)
            } catch IdentityError.secondFactorRequired(let challenge) {
                if let code {
                    _ = try await identity.completeSignIn(challenge: challenge, code: code, clientAddress: address)
                }
            }
        }
    }

    /// Gives Zed a passkey ("Zed's laptop", used once to sign in) and leaves a second registration begun: a row in each
    /// of the passkey tables (its user handle's too). Answers the user handle, base64url.
    @discardableResult
    static func plantPasskeys(_ world: World, _ zed: Principal) async throws -> String {
        let identity = world.first.identity
        var laptop = TestAuthenticator(credentialID: Array("zed-laptop-credential".utf8))
        let options = try await identity.passkeyRegistrationOptions(zed)
        _ = try await identity.registerPasskey(zed, name: "Zed's laptop", credential: laptop.register(options))
        _ = try await identity.signIn(
            passkey: try laptop.assert(try await identity.passkeySignInOptions(clientAddress: nil)),
            clientAddress: "198.51.100.7")
        _ = try await identity.passkeyRegistrationOptions(zed)
        return options.user.id
    }

    /// Every row of every table as text, by table (`DatabaseContents`).
    static func dump(_ database: any SQLDatabase) async throws -> [String: [String]] {
        try await DatabaseContents(of: database).tables
    }

    @Test(arguments: Engine.allCases)
    func deletingALoadedAccountLeavesNothingOfIt(_ engine: Engine) async throws {
        let world = try await Self.world(engine)
        defer { try? FileManager.default.removeItem(at: world.folder) }
        let loaded = try await Self.load(world)
        let zedId = loaded.zed.accountId
        try await Self.plantTwoStep(world, loaded.zed)
        try await Self.plantPasskeys(world, loaded.zed)
        let before = try await Self.dump(world.database)
        #expect(before.values.joined().contains { $0.contains(zedId) })

        try await world.first.identity.deleteAccount(loaded.zed, password: Self.zedPassword)
        let after = try await Self.dump(world.database)

        // Nothing holds the id, email or names, but the acting records' actor and the notice waiting to be sent.
        let found = Self.traces(of: zedId, [Self.zedEmail, "zedediah", "quorrax"], in: after)
        #expect(found.isEmpty, "\(found.prefix(10))")
        #expect(after["identity_acting_records"]?.contains { $0.contains(zedId) } == true)
        #expect(after["identity_outbox"]?.count == 1)
        // The log keeps what happened to the account, by id: its deletion last.
        let events = try await SQLStore(identityOn: world.database).finalEvents()
        #expect(events.last?.type == "account.deleted" && events.last?.subject == EventSubject(accountId: zedId))

        // Sessions on both servers end; the household is Bo's (the first to join), Cy stays; Mia keeps Bo.
        let s2 = world.second
        for principal in [loaded.zed, loaded.zedOnSecond] {
            await #expect(throws: IdentityError.notSignedIn) { _ = try await s2.identity.account(principal) }
        }
        let family = try #require(try await s2.identity.households(loaded.bo).first { $0.id == loaded.familyId })
        #expect(family.ownerAccountId == loaded.bo.accountId)
        #expect(family.name == "Lindqvist Family")
        #expect(family.members.map(\.memberId) == [loaded.bo.accountId, loaded.cy.accountId, loaded.mia.memberId])
        #expect(family.member(loaded.mia.memberId)?.guardianAccountIds == [loaded.bo.accountId])
        // Bo's card keeps what Bo typed and loses the link.
        let card = try #require(
            try await s2.circles.contacts(loaded.bo, matching: ContactSearch()).first { $0.displayName == "Uncle Z" })
        #expect(card.linkedAccountId == nil)
        #expect(card.phone == "+1 555 0100" && card.email == "z@typed.example")
        // Bo's audit of Mia: Zed's record by "Deleted account", Bo's own by name.
        let activity = try await s2.identity.memberActivity(loaded.bo, member: "Mia")
        #expect(activity.map(\.actorDisplayName) == [ActingRecord.deletedActorName, "Bo Lindqvist"])
        // The family's old code no longer joins; the email signs up again, as a new account.
        let again = try await world.second.identity.register(
            SignUp(email: Self.zedEmail, firstName: "Zedediah", lastName: "Quorrax", password: Self.zedPassword))
        #expect(again.accountId != zedId)
    }

    @Test(arguments: Engine.allCases)
    func refusalsChangeNothing(_ engine: Engine) async throws {
        let world = try await Self.world(engine)
        defer { try? FileManager.default.removeItem(at: world.folder) }
        let loaded = try await Self.load(world)
        let identity = world.first.identity
        // The only guardian: Bo stops guarding Mia, and a second member has Zed alone.
        _ = try await identity.addManagedMember(loaded.zed, displayName: "Max", avatarKey: "")
        _ = try await identity.removeGuardian(loaded.zed, member: "Mia", email: "bo@example.com")
        let before = try await Self.dump(world.database)

        await #expect(throws: IdentityError.notWhileActing("Mia")) {
            try await identity.deleteAccount(Self.acting(loaded.zed, as: loaded.mia), password: Self.zedPassword)
        }
        await #expect(throws: IdentityError.onlyGuardian(["Mia", "Max"])) {
            try await identity.deleteAccount(loaded.zed, password: Self.zedPassword)
        }
        #expect(try await Self.dump(world.database) == before)
        _ = try await identity.addGuardian(loaded.zed, member: "Mia", email: "bo@example.com")
        _ = try await identity.addGuardian(loaded.zed, member: "Max", email: "bo@example.com")
        let guarded = try await Self.dump(world.database)
        await #expect(throws: IdentityError.incorrectCredentials) {
            try await identity.deleteAccount(loaded.zed, password: "not the password")
        }
        #expect(try await Self.dump(world.database) == guarded)
    }

    @Test(arguments: Engine.allCases)
    func theExportHoldsEveryFeaturesPart(_ engine: Engine) async throws {
        let world = try await Self.world(engine)
        defer { try? FileManager.default.removeItem(at: world.folder) }
        let loaded = try await Self.load(world)
        let document = try await world.second.identity.exportAccount(loaded.zed)
        let json = try #require(try JSONSerialization.jsonObject(with: document.json) as? [String: Any])
        #expect(json["format"] as? String == "kith.export.v1")
        #expect(
            Set(json.keys) == ["format", "exportedAt", "subject", "identity", "preferences", "familyCodes", "circles"])
        let text = String(decoding: document.json, as: UTF8.self)
        for value in [
            "g-zedediah", "Zedediah's Climbers", "Quorrax Contact 199", "Quorrax Pro", "for the trip", "Zedediah asks",
            "Mia", "fox",
        ] {
            #expect(text.contains(value), "\(value)")
        }
        // Preferences: its own and those of the member it guards (set by Bo while acting, too).
        let preferences = try #require((json["preferences"] as? [String: Any])?["members"] as? [String: Any])
        #expect(Set(preferences.keys) == [loaded.zed.accountId, loaded.mia.memberId])
        let families = try #require((json["familyCodes"] as? [String: Any])?["families"] as? [[String: Any]])
        #expect(families.map { ($0["log"] as? [Any])?.count } == [2])
        // No secret: no hash of a password, token, code or PIN, and none of Bo's private fields.
        #expect(!text.lowercased().contains("hash"))
        #expect(!text.contains("$argon2"))
        let member = try await world.first.identity.exportMember(loaded.bo, member: "Mia")
        let memberJSON = try #require(try JSONSerialization.jsonObject(with: member.json) as? [String: Any])
        #expect(Set(memberJSON.keys) == ["format", "exportedAt", "subject", "identity", "preferences"])
        await #expect(throws: IdentityError.notGuardian("Mia")) {
            _ = try await world.first.identity.exportMember(loaded.cy, member: "Mia")
        }
    }

    /// Every table of every feature but Circles' (whose contract plants a value in each of its own) holds something of
    /// Zed's or Cy's, planted here, and their exports show it. A table added later fails this until its feature's
    /// share exports it, or it is named below as holding nothing about an account.
    @Test(arguments: Engine.allCases)
    func everyTableTheAccountHasRowsInIsInItsExport(_ engine: Engine) async throws {
        let world = try await Self.world(engine)
        defer { try? FileManager.default.removeItem(at: world.folder) }
        let loaded = try await Self.load(world)
        let (s1, identity) = (world.first, world.first.identity)
        // Plant what the load left out: an exit PIN, a claim code, a queued message, a failed join of Cy's.
        try await identity.setExitPin(loaded.zed, member: "Mia", password: Self.zedPassword, pin: "2468")
        _ = try await identity.graduateMember(loaded.zed, "Mia")
        world.clock.advance(by: 61)
        _ = try await identity.resendVerification(loaded.zed)
        let code = try await s1.familyCodes.code(loaded.zed).code
        // Five times a well-formed code that is no family's: Cy's join limit counts them, and locks.
        let wrongCode = String(code.dropLast()) + (code.hasSuffix("A") ? "B" : "A")
        for _ in 1...5 {
            _ = try? await s1.familyCodes.join(
                loaded.cy, code: wrongCode, origin: nil)
        }

        try await Self.plantTwoStep(world, loaded.zed)
        let userHandle = try await Self.plantPasskeys(world, loaded.zed)
        // Mia asks Zed (acting as her) for something: her request is in her guardian's export.
        var asMia = loaded.zed
        asMia.actingAs = ActingAs(memberId: loaded.mia.memberId, displayName: loaded.mia.displayName)
        _ = try await identity.ask(asMia, try ApprovalAsk(kind: .app, title: "Quorrax Quest"))

        let zed = String(decoding: try await identity.exportAccount(loaded.zed).json, as: UTF8.self)
        // The recovery codes' part alone (a used one shows when), up to the end of its list.
        let recoveryCodes = zed.range(of: #""recoveryCodes" : ["#).map {
            String(zed[$0.lowerBound...].prefix { $0 != "]" })
        }
        let cy = String(decoding: try await identity.exportAccount(loaded.cy).json, as: UTF8.self)
        // A managed member's export is the member's: nothing of its guardian's sign-in (passkeys, two-step).
        let mia = String(decoding: try await identity.exportMember(loaded.zed, member: "Mia").json, as: UTF8.self)
        for guardians in ["Zed's laptop", userHandle, #""twoStep""#, #""recoveryCodes""#] {
            #expect(!mia.contains(guardians), "\(guardians) in Mia's export")
        }
        let sessionId = try #require(loaded.zedOnSecond.sessionId)
        let planted: [String: (export: String, value: String)] = [
            "identity_accounts": (zed, Self.zedEmail),
            "identity_sessions": (zed, sessionId),
            "identity_account_state": (zed, #""activeHouseholdId" : "\#(loaded.familyId)""#),
            "identity_households": (zed, "Quorrax Family"),
            "identity_members": (zed, #""avatarKey" : "fox""#),
            "identity_guardians": (zed, loaded.bo.accountId),
            "identity_acting_records": (zed, "set theme to light"),
            "identity_linked_identities": (zed, "g-zedediah"),
            "identity_exit_pins": (zed, #""exitPinSet" : true"#),
            "identity_claim_codes": (zed, #""createdBy" : "\#(loaded.zed.accountId)""#),
            "identity_email_codes": (zed, #""purpose" : "verification""#),
            "identity_rate_limits": (zed, #""name" : "verification-minute""#),
            "identity_outbox": (zed, #""recipient" : "\#(Self.zedEmail)""#),
            "identity_two_step": (zed, #""enabled" : true"#),
            "identity_recovery_codes": (recoveryCodes ?? "", #""usedAt""#),
            "identity_sign_in_challenges": (zed, #""clientAddress" : "203.0.113.9""#),
            "identity_passkeys": (zed, #""name" : "Zed's laptop""#),
            "identity_passkey_users": (zed, #""passkeyUserHandle" : "\#(userHandle)""#),
            "identity_passkey_challenges": (zed, #""purpose" : "registration""#),
            "identity_approval_requests": (zed, #""title" : "Quorrax Quest""#),
            "preferences_values": (zed, #""\#(loaded.zed.accountId)" : {"#),
            "familycodes_codes": (zed, code),
            "familycodes_usage_log": (zed, #""result" : "joined""#),
            "familycodes_failures": (cy, #""joinLimit" : {"#),
            "familycodes_locks": (cy, #""lockedUntil""#),
        ]
        for (table, plant) in planted.sorted(by: { $0.key < $1.key }) {
            #expect(plant.export.contains(plant.value), "\(table): \(plant.value)")
        }
        // Holding nothing about an account: the schema's own bookkeeping, and (in kith's file) this device's list of
        // saved accounts and its exit lock, which are the device's, not the account's, and never on a server; and
        // Tokens' registered apps and signing keys, which are the operator's and name no account; and where Events'
        // delivery to each app stands (app ids, cursors), which names no account either. The event log is what apps
        // follow, ids and fixed words only, kept for the retention and not the account's data: it outlives a deletion
        // on purpose, since `account.deleted` is what an app must hear (DOMAIN.md "Events").
        let bookkeeping: Set<String> = [
            "kith_migrations", "grdb_migrations", "identity_device", "identity_saved_accounts",
            "identity_device_exit_lock", "tokens_apps", "tokens_signing_keys", "events_webhook_deliveries",
            "identity_events", "identity_events_pruned",
        ]
        let tables = Set(try await DatabaseContents(of: world.database).tables.keys)
            .filter { !$0.hasPrefix("circles_") }.subtracting(bookkeeping)
        #expect(tables == Set(planted.keys), "\(tables.symmetricDifference(planted.keys))")
    }
}
