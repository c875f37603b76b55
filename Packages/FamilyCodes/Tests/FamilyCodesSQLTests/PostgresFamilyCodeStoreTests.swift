import Accounts
import Argon2
import FamilyCodes
import FamilyCodesSQL
import Foundation
import Identity
import IdentitySQL
import Kernel
import PostgresStorage
import PostgresStorageTesting
import Testing

/// What only PostgreSQL has: its migrations, and servers racing on one database.
@Suite("FamilyCodes on PostgreSQL")
struct PostgresFamilyCodeStoreTests {
    @Test("migrations are named familyCodes.<n>-<step>, after Identity's")
    func identifiers() async throws {
        #expect(
            FamilyCodesMigrations.all.identifiers(for: .postgres) == [
                "familyCodes.1-codes", "familyCodes.2-attempts", "familyCodes.3-usage-log",
                "familyCodes.4-code-limits",
            ])
        let database = try await TestPostgres.database([IdentityMigrations.all, FamilyCodesMigrations.all])
        let applied = try await database.read { connection in
            try connection.query("SELECT identifier FROM kith_migrations WHERE identifier LIKE 'familyCodes.%'")
                .map { try $0.string(0) }
        }
        #expect(applied.sorted() == FamilyCodesMigrations.all.identifiers(for: .postgres))
    }

    @Test("eight parents joining at once through four servers: seven join, the household holds eight")
    func theCapHoldsAcrossServers() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let features = [IdentityMigrations.all, FamilyCodesMigrations.all]
        // Four servers starting together: the migrations are applied once, under the advisory lock.
        let servers = try await withThrowingTaskGroup(of: PostgresDatabase.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresDatabase.open(url: url, features: features, size: 2) } }
            return try await group.reduce(into: [PostgresDatabase]()) { $0.append($1) }
        }
        let clock = ManualClock()
        let identity = LocalIdentityService(
            store: SQLStore(identityOn: servers[0]),
            options: IdentityOptions(clock: clock, hasher: Argon2PasswordHasher(parameters: .testing)))
        func account(_ first: String, _ role: AccountRole) async throws -> Principal {
            let grant = try await identity.register(
                SignUp(
                    email: "\(first.lowercased())@example.com", firstName: first, lastName: "Lee",
                    password: "password-1", role: role))
            return Principal(accountId: grant.accountId, sessionId: grant.sessionId)
        }
        let pia = try await account("Pia", .player)
        let code = try await LocalFamilyCodeService(store: SQLStore(familyCodesOn: servers[0]), clock: clock)
            .code(pia).code
        var parents: [Principal] = []
        for name in ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"] {
            parents.append(try await account(name, .parent))
        }

        let outcomes = await withTaskGroup(of: String.self) { group in
            for (index, parent) in parents.enumerated() {
                let service = LocalFamilyCodeService(
                    store: SQLStore(familyCodesOn: servers[index % servers.count]), clock: clock)
                group.addTask {
                    do {
                        _ = try await service.join(parent, code: code)
                        return "joined"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == "joined" }.count == 7, "\(outcomes)")
        #expect(outcomes.filter { $0 == "This household is full (8 members)" }.count == 1, "\(outcomes)")
        let service = LocalFamilyCodeService(store: SQLStore(familyCodesOn: servers[1]), clock: clock)
        #expect(try await service.members(pia).count == 7)
        #expect(
            try await service.usageLog(pia).map(\.result).sorted { $0.rawValue < $1.rawValue } == [.full]
                + Array(repeating: .joined, count: 7))
    }
}
