import Accounts
import Argon2
import Circles
import CirclesSQL
import Foundation
import Identity
import IdentitySQL
import Kernel
import StorageTesting

/// Identity and Circles over the stores a test target gives (one set of data), with a test clock and random source:
/// what every case of the Circles contracts runs against.
public final class CirclesContractEnvironment: Sendable {
    public let clock = ManualClock()
    public let random = SeededRandomSource(seed: 2027)
    public let identityStore: any IdentityStore
    public let store: any CirclesStore
    /// The database under the store, to fail or count its statements; nil in memory.
    public let statements: FailingDatabase?
    public let identity: LocalIdentityService
    public let service: LocalCirclesService
    private let reopen: (@Sendable () async throws -> any CirclesStore)?

    /// `statements` is the database under `circlesStore` when it is a SQL store. `reopen` opens the same data again
    /// on a connection of its own (another process's, or another server's pool); nil when only one process can hold
    /// it (in memory).
    public init(
        identityStore: any IdentityStore, circlesStore: any CirclesStore, statements: FailingDatabase? = nil,
        reopen: (@Sendable () async throws -> any CirclesStore)? = nil
    ) {
        self.identityStore = identityStore
        self.reopen = reopen
        self.statements = statements
        store = circlesStore
        let hasher = Argon2PasswordHasher(parameters: .testing, random: random)
        identity = LocalIdentityService(
            store: identityStore, options: IdentityOptions(clock: clock, random: random, hasher: hasher))
        service = LocalCirclesService(store: store, clock: clock, random: random)
    }

    /// This environment and the database under its store, for the cases that fail a statement half-way; a store in
    /// memory has no statements, so for it a fresh environment over a SQLite file.
    public func withStatements() throws -> (CirclesContractEnvironment, FailingDatabase) {
        if let statements { return (self, statements) }
        let database = try FailingDatabase.temporarySQLite([IdentityMigrations.all, CirclesMigrations.all])
        let environment = CirclesContractEnvironment(
            identityStore: SQLStore(identityOn: database), circlesStore: SQLStore(circlesOn: database),
            statements: database)
        return (environment, database)
    }

    /// Another process: a new service (own engine), on the data opened again by `reopen`, or on the same store when
    /// there is no `reopen` (in memory).
    public func restarted() async throws -> LocalCirclesService {
        guard let reopen else { return LocalCirclesService(store: store, clock: clock, random: random) }
        return LocalCirclesService(store: try await reopen(), clock: clock, random: random)
    }

    /// Registers `first@example.com` ("First Tester") with a bearer session, as on a server; returns its principal.
    public func account(_ first: String, last: String = "Tester") async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: last,
                password: "password-\(first)"))
        return try await identity.principal(forToken: grant.token)
    }
}

/// The error `body` threw, as its sentence (nil if it did not throw).
func sentence(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch {
        return "\(error)"
    }
}

/// Everything a value holds, as text, for searching it for leaked values: every stored property through its
/// mirror, so a value no output shows (the domain's, not its JSON) is searched too.
public func everything(_ value: Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}
