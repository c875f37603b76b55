import Accounts
import Argon2
import Circles
import CirclesSQL
import Foundation
import Identity
import IdentityMemory
import IdentitySQL
import Kernel
import Mail
import Storage
import StorageTesting
import Tokens
import TokensSQL

/// Identity, Circles and Tokens over the stores a test target gives (one set of data), with a test clock: what every
/// case of `TokensContract` runs against.
public final class TokensContractEnvironment: Sendable {
    public let clock = ManualClock()
    public let random = SeededRandomSource(seed: 2040)
    public let identityStore: any IdentityStore
    public let circlesStore: any CirclesStore
    public let store: any TokensStore
    public let identity: LocalIdentityService
    public let circles: LocalCirclesService
    public let tokens: LocalTokenService
    /// Mail is set up, so a password reset can be asked for.
    public static let mail = MailSettings(from: "no-reply@kith.example")
    public static let issuer = "https://kith.example"

    public init(identityStore: any IdentityStore, circlesStore: any CirclesStore, tokensStore: any TokensStore) {
        self.identityStore = identityStore
        self.circlesStore = circlesStore
        store = tokensStore
        let hasher = Argon2PasswordHasher(parameters: .testing, random: random)
        identity = LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(clock: clock, random: random, hasher: hasher, mail: Self.mail))
        circles = LocalCirclesService(store: circlesStore, clock: clock, random: random)
        tokens = LocalTokenService(
            store: tokensStore, issuer: Self.issuer, clock: clock, random: random, engine: circles.engine)
    }

    /// All three stores in memory, over one Identity store.
    public static func inMemory() -> TokensContractEnvironment {
        let identity = InMemoryIdentityStore()
        let circles = InMemoryCirclesStore(identity: identity)
        return TokensContractEnvironment(
            identityStore: identity, circlesStore: circles, tokensStore: InMemoryTokensStore(circles: circles))
    }

    /// All three SQL stores over `database` (opened with `TokensContractEnvironment.migrations`).
    public static func sql(_ database: any SQLDatabase) -> TokensContractEnvironment {
        TokensContractEnvironment(
            identityStore: SQLStore(identityOn: database), circlesStore: SQLStore(circlesOn: database),
            tokensStore: SQLStore(tokensOn: database))
    }

    /// What a database for these stores is opened with.
    public static let migrations = [IdentityMigrations.all, CirclesMigrations.all, TokensMigrations.all]

    /// Another token service over the same store and clock (another server), with `sealingKey`.
    public func tokens(sealingKey: SealingKey?) -> LocalTokenService {
        LocalTokenService(
            store: store, issuer: Self.issuer, clock: clock, random: random, sealingKey: sealingKey,
            engine: circles.engine)
    }

    /// Registers `first@example.com` ("First Tester") with a bearer session, as on a server; returns its principal.
    public func account(_ first: String) async throws -> Principal {
        let grant = try await identity.register(
            SignUp(
                email: Self.email(first), firstName: first, lastName: "Tester", password: Self.password(first),
                role: .parent))
        return try await identity.principal(forToken: grant.token)
    }

    /// A new session of `first`'s account, signed in with its password.
    public func signIn(_ first: String) async throws -> Principal {
        let grant = try await identity.signIn(email: Self.email(first), password: Self.password(first))
        return try await identity.principal(forToken: grant.token)
    }

    public static func email(_ first: String) -> String { "\(first.lowercased())@example.com" }
    public static func password(_ first: String) -> String { "password-\(first.lowercased())" }

    /// Registers an app named `name`; returns its secrets.
    public func app(_ name: String = "Movie Night") async throws -> AppSecrets {
        try await tokens.addApp(name: name, webhookURL: nil)
    }

    /// The recovery code in the newest message to `email`.
    public func latestResetCode(to email: String) async throws -> String? {
        let entries = try await identityStore.write { try $0.dueOutboxEntries(at: .distantFuture, limit: 10_000) }
        let text = entries.last { $0.mail.recipient == email }?.mail.text
        return text?.firstMatch(of: /Your code is ([0-9A-Z]{4}-[0-9A-Z]{4})/).map { String($0.1) }
    }
}

extension AppSecrets {
    /// The credentials an app sends as HTTP Basic.
    public var credentials: AppCredentials { AppCredentials(appId: app.id, secret: secret) }
}
