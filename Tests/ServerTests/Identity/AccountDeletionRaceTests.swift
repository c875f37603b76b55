import Accounts
import Circles
import FamilyCodes
import Foundation
import IdentityTesting
import Kernel
import KithComposition
import PostgresStorage
import PostgresStorageTesting
import Preferences
import Storage
import Testing

/// Issue 28: an account deleted on one server while another server writes for it. On PostgreSQL, two servers (two
/// compositions, each with its own pool) over one schema; each round a new account is deleted on the first while the
/// second adds a contact of its, joins a family with it, sends a request as it, and links a card of someone else's to
/// it. Each write either happened before the deletion (and went with it) or is refused with what a user would read;
/// after each round nothing in any table holds the account.
@Suite("Leaving: deletion racing with another server's writes, on PostgreSQL")
struct AccountDeletionRaceTests {
    /// The writes the second server makes while the first deletes.
    enum Write: String, CaseIterable, Sendable {
        /// The account adds a contact.
        case contact
        /// The account joins Bo's family with its code.
        case join
        /// The account asks Bo for Bo's email.
        case request
        /// Cy adds a card linked to the account's email.
        case link
    }

    static let rounds = 50
    static let password = "long enough racer password"

    /// Letters only (names take no digits): aa, ab, … for round 0, 1, …
    static func suffix(_ round: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return String([letters[round / 26 % 26], letters[round % 26]])
    }

    /// The error a write ended with, or nil when it succeeded.
    static func outcome(_ body: () async throws -> Void) async -> (any Error)? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func deletionRacingAnotherServersWritesLeavesNothing() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kith-leaving-race-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try await TestPostgres.freshSchemaURL()
        func pool() async throws -> PostgresDatabase {
            try await PostgresDatabase.open(
                url: url, features: KithServices.migrations, size: 4, timeouts: TestPostgres.generousTimeouts)
        }
        let (first, second) = (try await pool(), try await pool())
        let clock = ManualClock()
        let random = SystemRandomSource()
        let a = AccountDeletionTests.services(first, clock: clock, random: random, folder: folder)
        let b = AccountDeletionTests.services(second, clock: clock, random: random, folder: folder)

        // Bo, a player, owns the family whose code the racers use and has the username they ask; Cy links cards.
        let bo = try await AccountDeletionTests.signUp(a, "Bo", "Lindqvist", role: .player)
        _ = try await a.circles.editProfile(bo, nil, ProfileEdit(username: "bolind"))
        let code = try await a.familyCodes.code(bo)
        let cy = try await AccountDeletionTests.signUp(b, "Cy", "Okafor", role: .parent)

        var succeeded: [Write: Int] = [:]
        var refused: [Write: Int] = [:]
        var deletedIds: [String] = []
        for round in 0..<Self.rounds {
            let suffix = Self.suffix(round)
            let email = "xylrace\(suffix)@example.com"
            let grant = try await a.identity.register(
                SignUp(
                    email: email, firstName: "Xylvani\(suffix)", lastName: "Quennort\(suffix)",
                    password: Self.password, role: .parent))
            let racer = try await a.identity.principal(forToken: grant.token)
            // A little data of its own, and Bo's card of it (so Bo's profile is the racer's to ask).
            _ = try await a.circles.addContact(racer, ContactDraft(displayName: "Friend", phone: "+1 555 0101"))
            _ = try await a.circles.createCircle(racer, name: "Climbers", emoji: nil, color: nil)
            _ = try await a.preferences.setTheme(racer, .dark)
            _ = try await a.circles.addContact(bo, ContactDraft(displayName: "Card \(round)", accountEmail: email))

            let needles = [email, "xylrace", "xylvani", "quennort"]
            if round == 0 {
                // The scan sees the account while it exists: its id, email and names, in several features' tables.
                let before = AccountDeletionTests.traces(
                    of: racer.accountId, needles, in: try await AccountDeletionTests.dump(first))
                #expect(
                    Set(before.map { $0.prefix { $0 != "_" } }).isSuperset(of: ["identity", "preferences", "circles"]))
            }

            let results = await withTaskGroup(of: (Write?, (any Error)?).self) { group in
                group.addTask {
                    (nil, await Self.outcome { try await a.identity.deleteAccount(racer, password: Self.password) })
                }
                // The deletion reads and checks the password before it writes: the writes start 0 to 2.25 ms after
                // it, by round, so they land before, during and after its transaction (which one is not asserted).
                let head = Duration.microseconds(round % 10 * 250)
                for write in Write.allCases {
                    group.addTask {
                        try? await Task.sleep(for: head)
                        let error = await Self.outcome {
                            switch write {
                            case .contact:
                                _ = try await b.circles.addContact(racer, ContactDraft(displayName: "Raced"))
                            case .join:
                                _ = try await b.familyCodes.join(racer, code: code.code, origin: nil)
                            case .request:
                                _ = try await b.circles.request(racer, "@bolind", field: .email, reason: "race")
                            case .link:
                                _ = try await b.circles.addContact(
                                    cy, ContactDraft(displayName: "Cy's card \(round)", accountEmail: email))
                            }
                        }
                        return (write, error)
                    }
                }
                var results: [(Write?, (any Error)?)] = []
                for await result in group { results.append(result) }
                return results
            }

            for (write, error) in results {
                guard let write else {
                    #expect(error == nil, "round \(round): the deletion failed: \(String(describing: error))")
                    continue
                }
                guard let error else {
                    succeeded[write, default: 0] += 1
                    continue
                }
                refused[write, default: 0] += 1
                // What a user would read: the racer is signed out, or Cy is told no account has that email.
                switch (write, error) {
                case (.link, IdentityError.notFound(.account, email)): break
                case (.contact, IdentityError.notSignedIn), (.join, IdentityError.notSignedIn),
                    (.request, IdentityError.notSignedIn):
                    break
                default: Issue.record("round \(round): \(write) failed with \(String(reflecting: error))")
                }
            }
            deletedIds.append(racer.accountId)

            // Nothing of this round's racer, nor of any before it, is left anywhere.
            let dump = try await AccountDeletionTests.dump(first)
            var found = AccountDeletionTests.traces(of: racer.accountId, needles, in: dump)
            for id in deletedIds.dropLast() { found += AccountDeletionTests.traces(of: id, [], in: dump) }
            #expect(found.isEmpty, "round \(round): \(found.prefix(10))")
            await #expect(throws: IdentityError.notSignedIn) { _ = try await b.identity.account(racer) }
            // Bo's family holds Bo alone again; Bo's and Cy's cards of the racer keep their names, unlinked.
            let family = try #require(try await b.identity.households(bo).first { $0.id == code.familyId })
            #expect(family.members.map(\.memberId) == [bo.accountId], "round \(round)")
            let cards =
                try await b.circles.contacts(bo, matching: ContactSearch())
                + b.circles.contacts(cy, matching: ContactSearch())
            #expect(cards.allSatisfy { $0.linkedAccountId == nil }, "round \(round)")
        }
        let summary = Write.allCases.map {
            "\($0.rawValue) \(succeeded[$0, default: 0]) done/\(refused[$0, default: 0]) refused"
        }
        print("Deletion races over \(Self.rounds) rounds: \(summary.joined(separator: ", "))")
    }
}
