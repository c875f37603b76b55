import Circles
import CirclesSQLite
import Foundation
import GRDB
import Identity
import IdentitySQLite
import Storage
import Synchronization
import Testing

@Suite("Looking without writing")
struct ReadTransactionTests {
    @Test func looksAnswerWhileAnotherConnectionHoldsTheWriteLock() async throws {
        let env = try Environment(.sqlite)
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Erin", accountEmail: "erin@example.com"))
        _ = try await env.service.circles(erin)  // Erin's first use: her account is made ready (a write)

        // Another process on the file that gives up on the write lock after 0.2 s, and a connection holding it.
        let impatient = LocalCirclesService(
            store: SQLiteCirclesStore(
                database: try KithDatabase.open(
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

        // What writes does wait for the lock, and gives up: the lock was held all along. So do the engine's
        // checks, whose cached index is trusted only on the writer connection.
        await #expect(throws: (any Error).self) {
            _ = try await impatient.createCircle(dana, name: "Climbing", emoji: nil, color: nil)
        }
        await #expect(throws: (any Error).self) { _ = try await impatient.look(erin, "dana@example.com") }
        lock.release()
        #expect(try await impatient.createCircle(dana, name: "Climbing", emoji: nil, color: nil).name == "Climbing")
        #expect(try await impatient.look(erin, "dana@example.com").fields[.displayName] == "Dana Tester")
    }

    @Test(arguments: StoreKind.allCases)
    func aFirstLookMakesTheAccountReady(_ kind: StoreKind) async throws {
        let env = try Environment(kind)
        let dana = try await env.account("Dana")
        // No call has made Dana's circles or primary profile yet: the look falls back to a write that does.
        let personas = try await env.service.personas(dana)
        #expect(personas.map(\.type) == [.primary])
        #expect(try await env.service.circles(dana).count == 5)
        #expect(try await env.service.circles(dana).map(\.id) == (try await env.service.circles(dana).map(\.id)))
    }
}

/// Holds the file's write lock (an IMMEDIATE transaction, rolled back) on a thread of its own until released.
final class WriteLockHolder: Sendable {
    let path: String
    private let state = Mutex((held: false, released: false, failure: String?.none))

    init(path: String) {
        self.path = path
    }

    /// Returns once the lock is held.
    func take() async throws {
        Thread.detachNewThread { [self] in
            do {
                try DatabaseQueue(path: path).writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        state.withLock { $0.held = true }
                        while !state.withLock({ $0.released }) { usleep(5_000) }
                        return .rollback
                    }
                }
            } catch {
                state.withLock { $0.failure = "\(error)" }
            }
        }
        while true {
            let (held, failure) = state.withLock { ($0.held, $0.failure) }
            if held { return }
            if let failure { throw CocoaError(.fileLocking, userInfo: [NSLocalizedDescriptionKey: failure]) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    func release() { state.withLock { $0.released = true } }
}
