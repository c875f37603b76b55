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
import KithServer
import KithServerProducts
import PostgresStorageTesting
import SQLiteStorage
import Storage
import Testing
import TwoStep

/// DOMAIN.md "Events" across `kith-server`'s features as they compose (`KithServices`), on both engines: one scenario
/// that makes every change of the catalogue with names, emails, titles, notes, passwords, codes and tokens of its own,
/// then reads the log back. No event holds any of them, and the types written are exactly those the features declare.
@Suite("Events: every declared type written, no payload holds a name, email, title, note, secret or code")
struct EventCatalogueTests {
    enum Engine: String, CaseIterable, Sendable {
        case sqlite, postgres
    }

    /// What the scenario typed: everything no event may hold.
    final class Secrets: @unchecked Sendable {
        var values: [String] = []
        func add(_ value: String) { values.append(value) }
    }

    static let password = "Quixotic long password 1"

    @Test(arguments: Engine.allCases)
    func everyTypeIsWrittenAndNoPayloadHoldsWhatWasTyped(_ engine: Engine) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kith-events-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database: any SQLDatabase =
            switch engine {
            case .sqlite:
                try SQLiteDatabase.open(
                    at: folder.appendingPathComponent("kith.sqlite").path, features: KithServices.migrations)
            case .postgres: try await TestPostgres.database(KithServices.migrations)
            }
        let clock = ManualClock()
        let random = SystemRandomSource()
        let s = KithServices(
            database: database, clock: clock, random: random,
            hasher: Argon2PasswordHasher(parameters: .testing, random: random),
            mail: .maildir(folder.appendingPathComponent("mail").path, from: "no-reply@kith.example"),
            passkeys: PasskeyContract.relyingParty)
        let store: any IdentityStore = SQLStore(identityOn: database)
        let typed = Secrets()
        try await Self.scenario(s, store: store, clock: clock, typed: typed)

        let events = try await store.finalEvents()
        let declared = try Composition(ServerApp.kithFeatures.map(\.feature)).eventTypes.map(\.name)
        #expect(Set(events.map(\.type)) == Set(declared))
        #expect(declared.count == Set(declared).count)

        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for event in events {
            let json = String(decoding: try encoder.encode(event), as: UTF8.self)
            let words = Set(json.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
            for value in typed.values {
                let needle = value.lowercased()
                // A short run of digits (a PIN, a 6-digit code) could occur inside an id by chance: as a whole word.
                let found =
                    needle.allSatisfy(\.isNumber) && needle.count < 8
                    ? words.contains(needle)
                    : json.lowercased()
                        .contains(needle)
                #expect(!found, "\(event.type) holds \(value): \(json)")
            }
        }
    }

    /// Every change of the catalogue, by Ann (a player with a family), Ben and Cleo (parents who join it), Max (a
    /// managed member) and Gwen (who graduates); everything typed is kept in `typed`.
    static func scenario(
        _ s: KithServices, store: any IdentityStore, clock: ManualClock, typed: Secrets
    ) async throws {
        let identity = s.identity
        func register(_ first: String, _ last: String, _ role: AccountRole, claim: String? = nil) async throws
            -> (Principal, SessionGrant)
        {
            let email = "\(first.lowercased()).\(last.lowercased())@example.com"
            [first, last, email, "\(first) \(last)"].forEach(typed.add)
            let grant = try await identity.register(
                SignUp(
                    email: email, firstName: first, lastName: last, password: password, role: role,
                    claimCode: claim))
            typed.add(grant.token)
            return (try await identity.principal(forToken: grant.token), grant)
        }
        typed.add(password)
        func latest(_ pattern: Regex<(Substring, Substring)>, to email: String) async throws -> String {
            let outbox = try await store.write { try $0.dueOutboxEntries(at: .distantFuture, limit: 10_000) }
            let text = try #require(outbox.last { $0.mail.recipient == email }?.mail.text)
            let code = String(try #require(text.firstMatch(of: pattern)).1)
            typed.add(code)
            return code
        }

        // Accounts: created, updated, verified, email changed.
        let (ann, _) = try await register("Annabel", "Quixote", .player)
        let (ben, _) = try await register("Benedikt", "Zamora", .parent)
        let (cleo, _) = try await register("Cleopatra", "Vexley", .parent)
        typed.add("Annabella")
        _ = try await identity.changeName(ann, firstName: "Annabella", lastName: "Quixote")
        _ = try await identity.changeAccountType(ann, to: .corporate)
        let verification = try await latest(/verification code is (\d{6})/, to: "annabel.quixote@example.com")
        _ = try await identity.verifyEmail(ann, code: verification)
        let newEmail = "annabella.q.new@example.com"
        typed.add(newEmail)
        _ = try await identity.changeEmail(ann, to: newEmail, password: password)
        _ = try await identity.confirmEmailChange(ann, code: try await latest(/change code is (\d{6})/, to: newEmail))

        // Sessions, and a password change that ends the others.
        let second = try await identity.signIn(email: newEmail, password: password)
        let third = try await identity.signIn(email: newEmail, password: password)
        typed.add(second.token)
        typed.add(third.token)
        try await identity.endSession(ann, id: second.sessionId)
        try await identity.endSession(token: third.token)
        _ = try await identity.signIn(email: newEmail, password: password)
        _ = try await identity.endOtherSessions(ann)
        _ = try await identity.signIn(email: newEmail, password: password)
        let newPassword = "Another quixotic password 2"
        typed.add(newPassword)
        try await identity.changePassword(ann, current: password, new: newPassword)

        // Two-step on and off, a passkey added and removed (Ben).
        let setup = try await identity.beginTwoStep(ben, password: password)
        typed.add(setup.secret)
        let secret = try #require(Base32.decode(setup.secret))
        let recovery = try await identity.confirmTwoStep(
            ben, code: TOTP.code(secret: secret, step: TOTP.step(at: clock.now())))
        recovery.forEach(typed.add)
        clock.advance(by: 60)
        try await identity.disableTwoStep(
            ben, password: password, code: TOTP.code(secret: secret, step: TOTP.step(at: clock.now())))
        var laptop = TestAuthenticator(credentialID: Array("ben-laptop-credential".utf8))
        typed.add("Benedikt's laptop")
        let passkey = try await identity.registerPasskey(
            ben, name: "Benedikt's laptop",
            credential: laptop.register(try await identity.passkeyRegistrationOptions(ben)))
        try await identity.removePasskey(ben, id: passkey.id, password: password)

        // Family codes: Ben and Cleo join Ann's family; Cleo leaves, joins again and is removed.
        let family = try await s.familyCodes.code(ann)
        typed.add(family.code)
        typed.add("Quixote Family")
        _ = try await s.familyCodes.join(ben, code: family.code, origin: "127.0.0.1")
        _ = try await s.familyCodes.join(cleo, code: family.code, origin: "127.0.0.1")
        _ = try await s.familyCodes.leave(cleo, family.familyId)
        _ = try await s.familyCodes.join(cleo, code: family.code, origin: "127.0.0.1")
        _ = try await s.familyCodes.removeMember(ann, cleo.accountId)

        // Household members and guardians.
        for name in ["Maximilian Quill", "Tobias Temporary", "Gwendolyn Ferncastle"] { typed.add(name) }
        let max = try await identity.addManagedMember(ann, displayName: "Maximilian Quill", avatarKey: "owl")
        _ = try await identity.addManagedMember(ann, displayName: "Tobias Temporary", avatarKey: "")
        _ = try await identity.removeMember(ann, "Tobias Temporary")
        _ = try await identity.addGuardian(ann, member: "Maximilian Quill", email: "benedikt.zamora@example.com")
        _ = try await identity.removeGuardian(ann, member: "Maximilian Quill", email: "benedikt.zamora@example.com")
        _ = try await identity.addGuardian(ann, member: "Maximilian Quill", email: "benedikt.zamora@example.com")
        let pin = "8642"
        typed.add(pin)
        _ = try await identity.setExitPin(ann, member: "Maximilian Quill", password: newPassword, pin: pin)

        // Approvals with titles and notes: approved, declined, expired.
        var acting = ann
        acting.actingAs = ActingAs(memberId: max.memberId, displayName: max.displayName)
        let asks = [
            ("Zanzibar Treasure Book", "For the Zanzibar trip please"), ("Quetzal Racing App", "Everyone has it"),
            ("Xylophone Lessons", "Only on Sundays"),
        ]
        var requests: [ApprovalRequest] = []
        for (title, note) in asks {
            typed.add(title)
            typed.add(note)
            let ask = try ApprovalAsk(kind: .purchase, title: title, price: "4.99", currency: "EUR", note: note)
            requests.append(try await identity.ask(acting, ask).request)
        }
        typed.add("Bon voyage Quixote")
        typed.add("Not this time Zamora")
        _ = try await identity.approve(ben, request: requests[0].id, note: "Bon voyage Quixote", pin: nil)
        _ = try await identity.decline(ann, request: requests[1].id, note: "Not this time Zamora")
        clock.advance(by: ApprovalRequest.lifetime + 60)
        #expect(try await identity.expireApprovalRequests() == 1)

        // Graduation.
        _ = try await identity.addManagedMember(ann, displayName: "Gwendolyn Ferncastle", avatarKey: "")
        let claim = try await identity.graduateMember(ann, "Gwendolyn Ferncastle")
        typed.add(claim.code)
        _ = try await register("Gwendolyn", "Ferncastle", .member, claim: claim.code)

        // Circles: a linked contact, a circle of it, the matrix saved.
        for text in ["Benny Zamora Card", "Quixote Climbers", "+1 555 0199"] { typed.add(text) }
        let card = try await s.circles.addContact(
            ann,
            ContactDraft(
                displayName: "Benny Zamora Card", accountEmail: "benedikt.zamora@example.com", phone: "+1 555 0199"))
        _ = try await s.circles.createCircle(ann, name: "Quixote Climbers", emoji: nil, color: nil)
        _ = try await s.circles.addMembers(ann, circle: "Quixote Climbers", contacts: [card.id])
        _ = try await s.circles.setAccess(ann, profile: nil, field: .phone, circle: "Quixote Climbers", access: .allow)
        _ = try await s.circles.saveAccess(ann, profile: nil)

        // Cleo leaves Kith.
        try await identity.deleteAccount(cleo, password: password)
    }
}
