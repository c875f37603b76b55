import Circles
import CirclesSQL
import Foundation
import IdentitySQL
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage
import StorageTesting
import Testing
import Tokens
import TokensSQL
import TokensTesting

/// What needs real databases: the migrations' names, and servers sharing one PostgreSQL database.
@Suite("Tokens on PostgreSQL and SQLite")
struct PostgresTokensTests {
    @Test("migrations are named tokens.<n>-<step> on both engines")
    func identifiers() async throws {
        for dialect in [SQLDialect.sqlite, .postgres] {
            #expect(TokensMigrations.all.identifiers(for: dialect) == ["tokens.1-apps", "tokens.2-signing-keys"])
        }
        let database = try await TestPostgres.database(TokensContractEnvironment.migrations)
        let applied = try await database.read { connection in
            try connection.query("SELECT identifier FROM kith_migrations WHERE identifier LIKE 'tokens.%'")
                .map { try $0.string(0) }
        }
        #expect(applied.sorted() == TokensMigrations.all.identifiers(for: .postgres))
    }

    @Test("four servers asking for their first token at once share one key; after a rotation they publish one set")
    func serversShareKeys() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let servers = try await withThrowingTaskGroup(of: PostgresDatabase.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await PostgresDatabase.open(url: url, features: TokensContractEnvironment.migrations, size: 2)
                }
            }
            return try await group.reduce(into: [PostgresDatabase]()) { $0.append($1) }
        }
        let first = TokensContractEnvironment.sql(servers[0])
        let clock = first.clock
        let services = servers.map { database in
            LocalTokenService(
                store: SQLStore(tokensOn: database), issuer: TokensContractEnvironment.issuer, clock: clock)
        }
        let app = try await first.app()
        let ann = try await first.account("Ann")
        let issued = try await withThrowingTaskGroup(of: IssuedToken.self) { group in
            for service in services { group.addTask { try await service.issue(ann, audience: app.app.id) } }
            return try await group.reduce(into: [IssuedToken]()) { $0.append($1) }
        }
        #expect(Set(issued.map(\.keyId)).count == 1)
        #expect(try await first.tokens.keys().count == 1)
        // Each server verifies the others' tokens.
        for (token, service) in zip(issued, services.reversed()) {
            #expect(try await service.introspect(token.accessToken, by: app.credentials).isActive)
        }

        _ = try await services[1].rotateKey()
        var sets: [[String]] = []
        for service in services { sets.append(try await service.publishedKeys().map(\.id)) }
        #expect(Set(sets).count == 1 && sets[0].count == 2)
        clock.advance(by: 600)
        var signers = Set<String>()
        for service in services { signers.insert(try await service.issue(ann, audience: app.app.id).keyId) }
        #expect(signers == [sets[0][1]])

        // A sign-out on one server is seen by introspection on another at once.
        let grant = try await first.identity.signIn(
            email: TokensContractEnvironment.email("Ann"), password: TokensContractEnvironment.password("Ann"))
        let annAgain = try await first.identity.principal(forToken: grant.token)
        let token = try await services[2].issue(annAgain, audience: app.app.id).accessToken
        #expect(try await services[3].introspect(token, by: app.credentials).isActive)
        // Another server signs Ann out.
        try await TokensContractEnvironment.sql(servers[1]).identity.endSession(token: grant.token)
        #expect(try await services[3].introspect(token, by: app.credentials) == .inactive)
    }

    @Test("both engines end with the same schema (SchemaShape)")
    func schemaParity() async throws {
        let root = NSTemporaryDirectory() + "kith-tokens-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let sqlite = try SQLiteDatabase.open(
            at: root + "/kith.sqlite", features: TokensContractEnvironment.migrations)
        let postgres = try await TestPostgres.database(TokensContractEnvironment.migrations)
        let onSQLite = try await SchemaShape.read(sqlite, tablesPrefixed: "tokens_")
        #expect(onSQLite.tables.count == 2)
        #expect(onSQLite == (try await SchemaShape.read(postgres, tablesPrefixed: "tokens_")))
    }
}
