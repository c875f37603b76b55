import Accounts
import Argon2
import FamilyCodes
import FamilyCodesSQL
import Foundation
import Identity
import IdentitySQL
import Kernel
import StorageTesting

/// Identity and FamilyCodes over the stores a test target gives (one set of data), with services and a test clock:
/// what every case of `FamilyCodeContract` runs against.
public final class FamilyCodesContractEnvironment: Sendable {
    public let clock = ManualClock()
    public let random = SeededRandomSource(seed: 2026)
    public let store: any FamilyCodeStore
    /// Identity's store under `store`: where the event log is.
    public let identityStore: any IdentityStore
    /// The database under the store, to fail or count its statements; nil in memory.
    public let statements: FailingDatabase?
    public let identity: LocalIdentityService
    public let service: LocalFamilyCodeService

    /// `statements` is the database under `codeStore` when it is a SQL store.
    public init(identityStore: any IdentityStore, codeStore: any FamilyCodeStore, statements: FailingDatabase? = nil) {
        store = codeStore
        self.identityStore = identityStore
        self.statements = statements
        let hasher = Argon2PasswordHasher(parameters: .testing, random: random)
        identity = LocalIdentityService(
            store: identityStore, options: IdentityOptions(clock: clock, random: random, hasher: hasher))
        service = LocalFamilyCodeService(store: store, clock: clock, random: random)
    }

    /// Registers `first@example.com` ("First Lastname") with `role` and a bearer session, as on a server; returns its
    /// principal.
    public func account(_ first: String, _ role: AccountRole, lastName: String = "Tester") async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: "\(first.lowercased())@example.com", firstName: first, lastName: lastName,
                password: "password-\(first)", role: role))
        return try await identity.principal(forToken: grant.token)
    }

    /// This environment and the database under its store, for the cases that fail or count statements; a store in
    /// memory has no statements, so for it a fresh environment over a SQLite file.
    public func withStatements() throws -> (FamilyCodesContractEnvironment, FailingDatabase) {
        if let statements { return (self, statements) }
        let database = try FailingDatabase.temporarySQLite([IdentityMigrations.all, FamilyCodesMigrations.all])
        let environment = FamilyCodesContractEnvironment(
            identityStore: SQLStore(identityOn: database), codeStore: SQLStore(familyCodesOn: database),
            statements: database)
        return (environment, database)
    }

    /// What the statement that looks a code up by its text (a join, and the uniqueness check of a new code) contains.
    public static let codeLookup = "FROM familycodes_codes WHERE code = ?"

    /// What the statement that writes a usage-log row contains.
    public static let usageInsert = "INSERT INTO familycodes_usage_log"

    public func log(of principal: Principal) async throws -> [FamilyCodeUsage] {
        try await store.read { codes, _ in try codes.usage(accountId: principal.accountId) }
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
