import Accounts
import Foundation
import Identity
import IdentitySQL
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing
import Votes
import VotesSQL
import VotesTesting

/// What only the SQL store has, on both engines: its migrations, the trigger on Identity's members, its share in
/// Identity's own deletion and export, and what raw rows read as.
@Suite("SQL vote store")
struct SQLVoteStoreTests {
    @Test(
        "migrations are named votes.<n>-<step>, the same on both engines, and all applied",
        arguments: StoreKind.allCases)
    func migrations(_ kind: StoreKind) async throws {
        #expect(VotesMigrations.all.feature == "votes")
        let names = ["votes.1-ballots", "votes.2-forget-removed-members"]
        #expect(VotesMigrations.all.identifiers(for: .sqlite) == names)
        #expect(VotesMigrations.all.identifiers(for: .postgres) == names)
        let fixture = try await Fixture(kind)
        if let sqlite = fixture.sqlite {
            let features = try sqlite.appliedMigrations().features
            #expect(features.map(\.feature) == ["identity", "votes"])
            #expect(features.last?.applied == names)
            #expect(features.allSatisfy { $0.pending.isEmpty })
        } else {
            let applied = try await fixture.database.read { connection in
                try connection.query("SELECT identifier FROM kith_migrations WHERE identifier LIKE 'votes.%'")
                    .map { try $0.string(0) }
            }
            #expect(applied.sorted() == names)
        }
    }

    @Test(
        "a removed managed member's ballots go with it; its acting records and everyone else's ballots stay",
        arguments: StoreKind.allCases)
    func removedManagedMember(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        let family = try await fixture.familyWithBallots()
        #expect(try await fixture.rows(memberId: family.max.memberId) == 2)
        #expect(try await fixture.rowCount() == 6)

        // Removed through Identity's own service, which knows nothing of votes.
        _ = try await fixture.identity().removeMember(family.dana, "Max")

        #expect(try await fixture.rows(memberId: family.max.memberId) == 0)
        #expect(try await fixture.rowCount() == 4)
        let records = try await fixture.identity().actingRecords(family.dana)
        #expect(records.map(\.action) == ["vote up on Dune", "rate Heat 4 of 5"])
        #expect(records.allSatisfy { $0.subjectMemberId == family.max.memberId && $0.subjectDisplayName == "Max" })
        let reyes = try await fixture.environment.votes().votes(family.dana, title: nil)
        #expect(reyes.members == 2)
        #expect(reyes.titles.map(\.title) == ["Dune"])
        #expect(reyes.titles.first?.progress == "2 of 2 voted")
        await #expect(throws: VotesError.notAvailable) {
            try await fixture.environment.votes().votes(family.danaAsMax, title: nil)
        }
    }

    @Test("an account that leaves a household takes its ballots there with it", arguments: StoreKind.allCases)
    func leavingAccount(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        let family = try await fixture.familyWithBallots()
        #expect(try await fixture.rows(memberId: family.erin.accountId) == 1)
        _ = try await fixture.identity().removeMember(family.dana, "Erin Tester")
        #expect(try await fixture.rows(memberId: family.erin.accountId) == 0)
        #expect(try await fixture.rows(memberId: family.dana.accountId) == 1)
        #expect(try await fixture.rows(memberId: family.max.memberId) == 2)
    }

    @Test(
        "deleting an account removes its ballots, through its share in Identity's deletion",
        arguments: StoreKind.allCases)
    func deletedAccount(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        let family = try await fixture.familyWithBallots()
        let identity = fixture.identity()
        try await identity.deleteAccount(family.erin, password: "password-erin")
        #expect(try await fixture.rows(memberId: family.erin.accountId) == 0)
        #expect(try await fixture.rowCount() == 5)
        let reyes = try await fixture.environment.votes().votes(family.dana, title: "Dune")
        #expect(reyes.titles.first?.up == 2 && reyes.titles.first?.down == 0)
        #expect(reyes.titles.first?.progress == "2 of 2 voted")

        // An account whose household goes with it (no other account in it) takes the household's ballots along.
        let gus = try await fixture.environment.account("Gus", on: identity)
        _ = try await identity.createHousehold(gus, name: "Gus's")
        _ = try await fixture.environment.votes().vote(gus, title: "Dune", .up)
        #expect(try await fixture.rowCount() == 6)
        try await identity.deleteAccount(gus, password: "password-gus")
        #expect(try await fixture.rows(memberId: gus.accountId) == 0)
        #expect(try await fixture.rowCount() == 5)
    }

    @Test(
        "the share alone removes an account's ballots and a removed household's, run as Identity runs it",
        arguments: StoreKind.allCases)
    func share(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        let family = try await fixture.familyWithBallots()
        let now = fixture.clock.now()
        // Rows the trigger never saw go: Dana's ballot in Other, where she is no member (stores hold no rules).
        try await fixture.store.write { votes, _ in
            try votes.saveBallot(
                Ballot(
                    householdId: family.other.id, memberId: family.dana.accountId, title: "Heat", titleKey: "heat",
                    vote: .down, votedAt: now, updatedAt: now))
        }
        let store = SQLStore<(any IdentityStoreTransaction, any AccountDataShares)>(
            accountDataOn: fixture.database, shares: [.votes])
        try await store.write(durability: .immediate) { identity, shares in
            let dana = try #require(try identity.account(id: family.dana.accountId))
            try shares.delete(
                AccountDeletion(
                    account: dana, householdIds: [family.household.id], transferredHouseholds: [:],
                    removedHouseholdIds: [family.other.id], at: now))
        }
        #expect(try await fixture.rows(memberId: family.dana.accountId) == 0)
        #expect(try await fixture.rows(memberId: family.finn.accountId) == 0)
        #expect(try await fixture.rows(memberId: family.ada.memberId) == 0)
        #expect(try await fixture.rows(memberId: family.max.memberId) == 2)
        #expect(try await fixture.rows(memberId: family.erin.accountId) == 1)
        let parts = try await store.read { _, shares in
            try shares.export(
                ExportSubject(
                    kind: .member, id: family.max.memberId, memberIds: [family.max.memberId],
                    householdIds: [family.household.id]))
        }
        #expect(parts.map(\.feature) == ["votes"])
        #expect((parts.first?.value as? VotesExport)?.ballots.map(\.titleKey) == ["dune", "heat"])
    }

    @Test(
        "a graduating member's ballots become the account's, before the trigger could forget them",
        arguments: StoreKind.allCases)
    func graduation(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        try await VotesGraduationCheck.run(in: fixture.environment)
        #expect(try await fixture.rowCount() == 3)
    }

    @Test(
        "an account's export holds its ballots and its managed members'; a member's export its own",
        arguments: StoreKind.allCases)
    func export(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        let family = try await fixture.familyWithBallots()
        let identity = fixture.identity()

        let dana = try Self.ballots(in: try await identity.exportAccount(family.dana))
        #expect(dana.map(\.member) == [family.dana.accountId, family.max.memberId, family.max.memberId])
        #expect(dana.map(\.title) == ["Dune", "Dune", "Heat"])
        #expect(dana.map(\.vote) == ["up", "up", nil])
        #expect(dana.map(\.rating) == [nil, nil, 4])
        #expect(dana.allSatisfy { $0.household == family.household.id })

        let max = try Self.ballots(in: try await identity.exportMember(family.dana, member: "Max"))
        #expect(max.map(\.member) == [family.max.memberId, family.max.memberId])

        let erin = try Self.ballots(in: try await identity.exportAccount(family.erin))
        #expect(erin.map(\.member) == [family.erin.accountId] && erin.first?.vote == "down")

        // An account that never voted has no Votes part at all.
        let gus = try await fixture.environment.account("Gus", on: identity)
        let document = try await identity.exportAccount(gus)
        let object = try #require(try JSONSerialization.jsonObject(with: document.json) as? [String: Any])
        #expect(object["votes"] == nil && object["identity"] != nil)
    }

    @Test(
        "a stored thumb that is neither up nor down reads as none; a rating outside 1-5 is not counted",
        arguments: StoreKind.allCases)
    func rawRows(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        let family = try await fixture.environment.family()
        _ = try await fixture.environment.votes().vote(family.dana, title: "Dune", .up)
        try await fixture.database.write(synchronous: false) { connection in
            try connection.execute(
                "UPDATE votes_ballots SET vote = 'sideways', rating = 9 WHERE member_id = ?", [family.dana.accountId])
        }
        let ballots = try await fixture.store.read { votes, _ in
            try votes.ballots(householdId: family.household.id, titleKey: "dune")
        }
        #expect(ballots.map(\.vote) == [nil] && ballots.map(\.rating) == [9])
        // The title is still listed, with nobody counted as having voted.
        let listed = try await fixture.environment.votes().votes(family.dana, title: nil)
        #expect(listed.titles == [TitleTally(title: "Dune", members: 3)])
        // Voting again repairs it.
        let result = try await fixture.environment.votes().vote(family.dana, title: "dune", .down)
        #expect(result.ballot.vote == .down && result.tally.progress == "1 of 3 voted" && result.tally.ratingCount == 0)
    }

    @Test("a fresh migrate leaves the same tables, columns, keys and indexes on SQLite and PostgreSQL")
    func sameSchema() async throws {
        let (sqliteFixture, postgresFixture) = (try await Fixture(.sqlite), try await Fixture(.postgres))
        let sqlite = try await SchemaShape.read(sqliteFixture.database, tablesPrefixed: "votes_")
        let postgres = try await SchemaShape.read(postgresFixture.database, tablesPrefixed: "votes_")
        #expect(sqlite.tables.count == 1)
        #expect(sqlite.tables["votes_ballots"]?.primaryKey == ["household_id", "member_id", "title_key"])
        #expect(sqlite == postgres, "SQLite:\n\(sqlite)\nPostgreSQL:\n\(postgres)")
    }

    // MARK: - Export documents

    struct Exported {
        var household: String
        var member: String
        var title: String
        var vote: String?
        var rating: Int?
    }

    /// The ballots of an export document's `votes` part, in order; none when it has no such part.
    static func ballots(in document: ExportDocument) throws -> [Exported] {
        let object = try #require(try JSONSerialization.jsonObject(with: document.json) as? [String: Any])
        guard let votes = object["votes"] as? [String: Any] else { return [] }
        let ballots = try #require(votes["ballots"] as? [[String: Any]])
        return try ballots.map { ballot in
            Exported(
                household: try #require(ballot["householdId"] as? String),
                member: try #require(ballot["memberId"] as? String), title: try #require(ballot["title"] as? String),
                vote: ballot["vote"] as? String, rating: ballot["rating"] as? Int)
        }
    }
}
