import Circles
import CirclesSQL
import Foundation
import GRDB
import IdentitySQL
import SQLiteStorage
import Storage
import Synchronization
import Testing

@Suite("Looking without writing")
struct ReadTransactionTests {
    @Test func looksAnswerWhileAnotherConnectionHoldsTheWriteLock() async throws {
        let env = try await Environment(.sqlite)
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Erin", accountEmail: "erin@example.com"))
        _ = try await env.service.circles(erin)  // Erin's first use: her account is made ready (a write)

        // Another process on the file that gives up on the write lock after 0.2 s, and a connection holding it.
        let impatient = LocalCirclesService(
            store: SQLStore(
                circlesOn: try SQLiteDatabase.open(
                    at: env.path, features: [IdentityMigrations.all, CirclesMigrations.all],
                    busyTimeoutSeconds: 0.2)),
            clock: env.clock, random: env.random)
        let lock = WriteLockHolder(path: env.path)
        try await lock.take()

        #expect(
            try await impatient.circles(dana).map(\.name) == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
        #expect(try await impatient.contacts(dana).map(\.displayName) == ["Erin"])
        #expect(try await impatient.circle(dana, "Contacts").members.count == 1)
        #expect(try await impatient.suggestions(dana).isEmpty)
        #expect(try await impatient.profile(dana, nil).type == .primary)
        #expect(try await impatient.personas(dana).count == 1)
        #expect(try await impatient.activePersona(dana).type == .primary)
        #expect(try await impatient.accessMatrix(dana, profile: nil).circles.count == 5)
        #expect(try await impatient.profilesWithUnsavedAccess(dana).isEmpty)
        #expect(try await impatient.requests(dana).isEmpty)
        #expect(try await impatient.grants(dana).isEmpty)
        #expect(try await impatient.viewAs(dana, contact: "Erin", profile: nil).fields[.displayName] == "Dana Tester")
        #expect(try await impatient.look(erin, "dana@example.com").fields[.displayName] == "Dana Tester")

        // What writes does wait for the lock, and gives up: the lock was held all along.
        await #expect(throws: (any Error).self) {
            _ = try await impatient.createCircle(dana, name: "Climbing", emoji: nil, color: nil)
        }
        lock.release()
        #expect(try await impatient.createCircle(dana, name: "Climbing", emoji: nil, color: nil).name == "Climbing")
    }

    @Test func everyCirclesTableBumpsItsOwnersVersionOnEveryKindOfChange() async throws {
        let env = try await Environment(.sqlite)
        let database = try Environment.open(env.path)
        let (tables, triggers) = try await database.pool.read { db in
            (
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'circles%'
                            AND name != 'circles_versions' ORDER BY name
                        """),
                try String.fetchAll(
                    db,
                    sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%circles_versions%'"
                )
            )
        }
        #expect(tables.count == 11, "\(tables)")
        // A table added later without its triggers would let the engine trust a stale index.
        for table in tables {
            for event in ["insert", "update", "delete"] {
                #expect(triggers.contains("\(table)_\(event)_bumps_version"), "\(table) \(event)")
            }
        }
    }

    @Test(
        "an owner's token changes with that owner's commits, by any connection, and with no other owner's",
        arguments: StoreKind.shared)
    func anOwnersTokenFollowsOnlyThatOwnersData(_ kind: StoreKind) async throws {
        let env = try await Environment(kind)
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        _ = try await env.service.circles(dana)
        _ = try await env.service.circles(erin)
        let danas = try await env.store.changeToken(owner: dana.accountId)
        let erins = try await env.store.changeToken(owner: erin.accountId)
        // Every kind of Erin's change leaves Dana's token as it was.
        _ = try await env.service.createCircle(erin, name: "Climbing", emoji: nil, color: nil)
        _ = try await env.service.addContact(erin, ContactDraft(displayName: "Dana", accountEmail: "dana@example.com"))
        _ = try await env.service.addMembers(erin, circle: "Climbing", contacts: ["Dana"])
        _ = try await env.service.setAccess(erin, profile: nil, field: .phone, circle: "Climbing", access: .deny)
        _ = try await env.service.saveAccess(erin, profile: nil)
        let shadow = try await env.service.createShadow(
            erin, type: .personal, displayName: "E.", circles: ["Climbing"])
        _ = try await env.service.setShadowCircles(erin, shadow.id, circles: [])
        _ = try await env.service.deleteCircle(erin, "Climbing", moveTo: nil)
        _ = try await env.service.deleteShadow(erin, shadow.id)
        #expect(try await env.store.changeToken(owner: dana.accountId) == danas)
        #expect(try await env.store.changeToken(owner: erin.accountId) != erins)
        // Dana's own change moves hers forward.
        _ = try await env.service.createCircle(dana, name: "Chess", emoji: nil, color: nil)
        let changed = try await env.store.changeToken(owner: dana.accountId)
        #expect(changed != danas && changed.external > danas.external)
    }

    @Test func aTokenSeenInsideARolledBackWriteIsNeverSeenAgain() async throws {
        let env = try await Environment(.sqlite)
        let dana = try await env.account("Dana")
        _ = try await env.service.createCircle(dana, name: "Climbing", emoji: nil, color: nil)
        let store = SQLStore(circlesOn: try Environment.open(env.path))
        let before = try await store.changeToken(owner: dana.accountId)
        var inside: ChangeToken?
        do {
            inside = try await store.write { circles, _ -> ChangeToken in
                var circle = try #require(try circles.circles(ownerAccountId: dana.accountId).first)
                circle.emoji = "🧪"
                try circles.updateCircle(circle)
                throw UndoWith(token: try circles.changeToken(owner: dana.accountId))
            }
        } catch let undo as UndoWith {
            inside = undo.token
        }
        let seen = try #require(inside)
        #expect(seen.external == before.external + 1)
        // The rollback took the version back; a committed change of the same size reaches the same version,
        // with other data: the token must differ.
        #expect(try await store.changeToken(owner: dana.accountId) == before)
        _ = try await env.service.editCircle(dana, "Climbing", CircleEdit(emoji: "🧗"))
        let after = try await store.changeToken(owner: dana.accountId)
        #expect(after.external == seen.external)
        #expect(after != seen)
    }

    @Test(arguments: StoreKind.allCases)
    func lookingAtAnAccountThatNeverUsedCirclesMakesItReady(_ kind: StoreKind) async throws {
        let env = try await Environment(kind)
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        _ = try await env.service.circles(erin)  // Erin is ready; Dana has no circles or profile yet
        let view = try await env.service.look(erin, "dana@example.com")
        #expect(view.fields[.displayName] == "Dana Tester")
        #expect(try await env.service.profile(dana, "primary").displayName == "Dana Tester")
        #expect(try await env.service.look(erin, "dana@example.com") == view)
    }

    @Test(arguments: StoreKind.allCases)
    func aFirstLookMakesTheAccountReady(_ kind: StoreKind) async throws {
        let env = try await Environment(kind)
        let dana = try await env.account("Dana")
        // No call has made Dana's circles or primary profile yet: the look falls back to a write that does.
        let personas = try await env.service.personas(dana)
        #expect(personas.map(\.type) == [.primary])
        let circles = try await env.service.circles(dana)
        #expect(circles.count == 5)
        // Made once: later reads (and Erin's look) find the same circles and the same primary, nothing new.
        let erin = try await env.account("Erin")
        _ = try await env.service.look(erin, "dana@example.com")
        #expect(try await env.service.circles(dana).map(\.id) == circles.map(\.id))
        #expect(try await env.service.personas(dana).map(\.profileId) == personas.map(\.profileId))
    }
}

/// Holds the file's write lock (an IMMEDIATE transaction, rolled back) on a thread of its own until released.
final class WriteLockHolder: Sendable {
    let path: String
    private let state = Mutex((held: false, released: false))
    /// Wakes the holding thread when `release()` is called.
    private let releasing = NSCondition()

    init(path: String) {
        self.path = path
    }

    /// Returns once the lock is held.
    func take() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread { [self] in
                do {
                    try DatabaseQueue(path: path).writeWithoutTransaction { db in
                        try db.inTransaction(.immediate) {
                            state.withLock { $0.held = true }
                            continuation.resume()
                            releasing.lock()
                            while !state.withLock({ $0.released }) { releasing.wait() }
                            releasing.unlock()
                            return .rollback
                        }
                    }
                } catch {
                    guard !state.withLock({ $0.held }) else { return }
                    continuation.resume(
                        throwing: CocoaError(.fileLocking, userInfo: [NSLocalizedDescriptionKey: "\(error)"]))
                }
            }
        }
    }

    func release() {
        releasing.lock()
        state.withLock { $0.released = true }
        releasing.broadcast()
        releasing.unlock()
    }
}

/// Carries a token out of a transaction that is being rolled back.
struct UndoWith: Error {
    let token: ChangeToken
}
