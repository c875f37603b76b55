import Argon2
import Foundation
import Identity
import IdentitySQL
import Kernel
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage
import Testing
import Votes
import VotesSQL
import VotesTesting

/// The SQL engines the contract suite and the SQL checks run on.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    /// A fresh schema on the cluster of `Tools/with-postgres`.
    case postgres

    var testDescription: String { rawValue }
}

/// Identity and Votes over one SQL database (one SQLite file, or one PostgreSQL schema), migrated as a product
/// composes them (Identity's steps, then Votes'), with a test clock and random source: the contract's environment
/// (VotesTesting) and the database under it.
final class Fixture: Sendable {
    let environment: VotesContractEnvironment
    let database: any SQLDatabase
    let sqlite: SQLiteDatabase?
    let folder: TemporaryFolder

    static let features = [IdentityMigrations.all, VotesMigrations.all]

    var clock: ManualClock { environment.clock }
    var store: any VoteStore { environment.store }

    init(_ kind: StoreKind) async throws {
        folder = TemporaryFolder()
        switch kind {
        case .sqlite:
            let sqlite = try SQLiteDatabase.open(at: folder.path("movienight.sqlite"), features: Self.features)
            self.sqlite = sqlite
            database = sqlite
        case .postgres:
            database = try await TestPostgres.database(Self.features)
            sqlite = nil
        }
        environment = VotesContractEnvironment(
            identityStore: SQLStore(identityOn: database), store: SQLStore(votesOn: database))
    }

    /// A new process's Identity service whose deletions and exports include Votes' share, as a product composes it.
    func identity() -> LocalIdentityService {
        LocalIdentityService(
            store: SQLStore(identityOn: database),
            options: IdentityOptions(
                clock: clock, random: environment.random,
                hasher: Argon2PasswordHasher(parameters: .testing, random: environment.random),
                accountData: SQLStore(accountDataOn: database, shares: [.votes])))
    }

    /// How many ballot rows the member has, read with plain SQL.
    func rows(memberId: String) async throws -> Int {
        try await database.read { connection in
            try connection.first("SELECT count(*) FROM votes_ballots WHERE member_id = ?", [memberId])?.int(0) ?? 0
        }
    }

    /// Every ballot row, read with plain SQL.
    func rowCount() async throws -> Int {
        try await database.read { connection in try connection.first("SELECT count(*) FROM votes_ballots")?.int(0) ?? 0
        }
    }

    /// Reyes with ballots to lose or keep: Dana's and Erin's thumbs, Max's thumb and rating (Dana acting), and Finn's
    /// and Ada's in Other.
    func familyWithBallots() async throws -> VotingFamily {
        let family = try await environment.family()
        let service = environment.votes()
        _ = try await service.vote(family.dana, title: "Dune", .up)
        _ = try await service.vote(family.danaAsMax, title: "Dune", .up)
        _ = try await service.rate(family.danaAsMax, title: "Heat", rating: 4)
        _ = try await service.vote(family.erin, title: "Dune", .down)
        _ = try await service.vote(family.finn, title: "Dune", .up)
        _ = try await service.vote(family.acting(family.finn, as: family.ada), title: "Dune", .up)
        return family
    }
}

final class TemporaryFolder: Sendable {
    let root: String

    init() {
        root = NSTemporaryDirectory() + "movienight-votes-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }
}
