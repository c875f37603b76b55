import Argon2
import Circles
import FamilyCodes
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Identity
import KithServer
import Preferences
import Storage
import Testing

/// CLI.md: while the database cannot be used (unreachable, locked past the busy timeout, read-only, full) the
/// server answers 503 `{"error":"unavailable","message":"Server error"}` with `Retry-After`, never a 500; which
/// failure it was, and the file, stay in the server's log.
@Suite("A storage failure is 503 unavailable")
struct StorageFailureTests {
    /// An Identity store whose every transaction fails as `error`.
    final class FailingIdentityStore: TransactionalStore {
        let error: StorageError
        init(_ error: StorageError) { self.error = error }

        func read<T: Sendable>(_ body: @Sendable (any IdentityStoreTransaction) throws -> T) async throws -> T {
            throw error
        }

        func write<T: Sendable>(
            durability: Durability, _ body: @Sendable (any IdentityStoreTransaction) throws -> T
        ) async throws -> T {
            throw error
        }
    }

    func router(failingWith error: StorageError) -> Router<KithRequestContext> {
        let memory = InMemoryIdentityStore()
        let random = SystemRandomSource()
        let services = ServerServices(
            identity: LocalIdentityService(
                serverStore: FailingIdentityStore(error), random: random,
                hasher: Argon2PasswordHasher(parameters: .testing, random: random)),
            preferences: LocalPreferencesService(store: InMemoryPreferencesStore(identity: memory)),
            familyCodes: LocalFamilyCodeService(store: InMemoryFamilyCodeStore(identity: memory)),
            circles: LocalCirclesService(store: InMemoryCirclesStore(identity: memory)))
        return KithServerApplication.router(services: services)
    }

    @Test(arguments: [
        StorageError(.readOnly, "The database /srv/kith.sqlite is read-only: attempt to write a readonly database"),
        StorageError(.busy, "The database /srv/kith.sqlite is busy: another kith is writing it. Try again"),
        StorageError(.unavailable, "Cannot write the database /srv/kith.sqlite: the disk is full"),
        StorageError(.unavailable, "The database server at localhost:5432 cannot be reached"),
    ])
    func aStorageFailureIs503WithRetryAfter(_ error: StorageError) async throws {
        let app = Application(router: router(failingWith: error))
        try await app.test(.router) { client in
            let signIn = try await client.send(
                .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
            #expect(signIn.status == .serviceUnavailable)
            #expect(signIn.headers[.retryAfter] == "1")
            #expect(try signIn.object() as NSDictionary == ["error": "unavailable", "message": "Server error"])
            let me = try await client.send(.get, "/api/me", token: "any-token")
            #expect(me.status == .serviceUnavailable && me.headers[.retryAfter] == "1")
            #expect(!me.text.contains("srv") && !me.text.contains("5432"))
        }
    }

    @Test func aStoreBugIsAnInternalErrorNotUnavailable() async throws {
        let app = Application(router: router(failingWith: StorageError(.failed, "no such column: x")))
        try await app.test(.router) { client in
            let signIn = try await client.send(
                .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
            #expect(signIn.status == .internalServerError)
            #expect(try signIn.object()["error"] as? String == "internal")
            #expect(signIn.headers[.retryAfter] == nil)
        }
    }
}
