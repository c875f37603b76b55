import Argon2
import Circles
import Events
import FamilyCodes
import Foundation
import HTTPTypes
import Households
import Hummingbird
import HummingbirdTesting
import Identity
import IdentityMemory
import IdentitySQL
import Kernel
import KithComposition
import KithServer
import KithServerProducts
import Preferences
import SQLiteStorage
import Storage
import StorageTesting
import Testing
import Tokens

/// CLI.md: while the database cannot be used (unreachable, locked past the busy timeout, read-only, full) the
/// server answers 503 `{"error":"unavailable","message":"Server error"}` with `Retry-After`, never a 500; which
/// failure it was, and the file, stay in the server's log.
@Suite("A storage failure is 503 unavailable")
final class StorageFailureTests {
    let folder = NSTemporaryDirectory() + "kith-storage-failure-" + UUID().uuidString

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The services over stores whose every statement fails as `error`: Identity's on a SQLite file, the others in
    /// memory (every route these tests call starts with Identity).
    func router(failingWith error: StorageError) throws -> Router<KithRequestContext> {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = FailingDatabase(
            try SQLiteDatabase.open(at: folder + "/kith.sqlite", features: [IdentityMigrations.all]))
        database.failEvery("", with: error)
        let memory = InMemoryIdentityStore()
        let random = SystemRandomSource()
        var composed = FeatureServices()
        let identity = LocalIdentityService(
            store: SQLStore(identityOn: database),
            options: IdentityOptions(random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random))
        )
        composed.provide(identity, as: (any IdentityService).self)
        composed.provide(identity, as: (any ExitPinService).self)
        composed.provide(
            LocalPreferencesService(store: InMemoryPreferencesStore(identity: memory)),
            as: (any PreferencesService).self)
        composed.provide(
            LocalFamilyCodeService(store: InMemoryFamilyCodeStore(identity: memory)), as: (any FamilyCodeService).self)
        let circles = InMemoryCirclesStore(identity: memory)
        composed.provide(LocalCirclesService(store: circles), as: (any CirclesService).self)
        let tokens = InMemoryTokensStore(circles: circles)
        composed.provide(LocalTokenService(store: tokens, issuer: "http://kith.test"), as: (any TokenService).self)
        composed.provide(LocalEventFeed(store: InMemoryEventsStore(tokens: tokens)), as: (any EventFeed).self)
        let services = try ServerServices(features: ServerApp.kithFeatures, services: composed)
        return try KithServerApplication.router(services: services)
    }

    @Test(arguments: [
        StorageError(.readOnly, "The database /srv/kith.sqlite is read-only: attempt to write a readonly database"),
        StorageError(.busy, "The database /srv/kith.sqlite is busy: another kith is writing it. Try again"),
        StorageError(.unavailable, "Cannot write the database /srv/kith.sqlite: the disk is full"),
        StorageError(.unavailable, "The database server at localhost:5432 cannot be reached"),
    ])
    func aStorageFailureIs503WithRetryAfter(_ error: StorageError) async throws {
        let app = Application(router: try router(failingWith: error))
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
        let app = Application(router: try router(failingWith: StorageError(.failed, "no such column: x")))
        try await app.test(.router) { client in
            let signIn = try await client.send(
                .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
            #expect(signIn.status == .internalServerError)
            #expect(try signIn.object()["error"] as? String == "internal")
            #expect(signIn.headers[.retryAfter] == nil)
        }
    }
}
