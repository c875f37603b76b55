import Circles
import CirclesSQL
import CirclesTesting
import Foundation
import IdentitySQL
import PostgresStorage
import PostgresStorageTesting
import Synchronization
import Testing

/// What only the PostgreSQL store has: its migrations, the per-owner versions its tokens are made of, and servers
/// racing on one database.
@Suite("Circles on PostgreSQL")
struct PostgresCirclesStoreTests {
    @Test("migrations are named circles.<n>-<step>, as SQLite's")
    func identifiers() async throws {
        #expect(
            CirclesMigrations.all.identifiers(for: .postgres) == [
                "circles.1-contacts-and-circles", "circles.2-profiles-and-matrix", "circles.3-requests-and-grants",
                "circles.4-change-version", "circles.5-leaving-indexes",
            ])
        let env = try await Environment(.postgres)
        let database = try await Environment.open(url: try #require(env.postgresURL))
        let applied = try await database.read { connection in
            try connection.query("SELECT identifier FROM kith_migrations WHERE identifier LIKE 'circles.%'")
                .map { try $0.string(0) }
        }
        #expect(applied.sorted() == CirclesMigrations.all.identifiers(for: .postgres))
    }

    @Test func everyCirclesTableBumpsItsOwnersVersionOnEveryKindOfChange() async throws {
        let env = try await Environment(.postgres)
        let database = try await Environment.open(url: try #require(env.postgresURL))
        let (tables, triggers) = try await database.read { connection in
            (
                try connection.query(
                    """
                    SELECT table_name FROM information_schema.tables
                    WHERE table_schema = current_schema() AND table_name LIKE 'circles\\_%'
                        AND table_name != 'circles_versions'
                    ORDER BY table_name
                    """
                ).map { try $0.string(0) },
                try connection.query(
                    """
                    SELECT event_object_table || ' ' || trigger_name || ' ' || event_manipulation || ' '
                        || action_timing || ' ' || action_orientation
                    FROM information_schema.triggers WHERE trigger_schema = current_schema()
                    """
                ).map { try $0.string(0) }
            )
        }
        #expect(tables.count == 11, "\(tables)")
        // A table added later without its trigger would let the engine trust a stale index.
        for table in tables {
            for event in ["INSERT", "UPDATE", "DELETE"] {
                #expect(triggers.contains("\(table) \(table)_bumps_version \(event) AFTER ROW"), "\(table) \(event)")
            }
        }
    }

    @Test func aChangeBumpsOnlyItsOwnersVersionCascadesIncluded() async throws {
        let env = try await Environment(.postgres)
        let database = try await Environment.open(url: try #require(env.postgresURL))
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        _ = try await env.service.circles(erin)
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Erin", accountEmail: "erin@example.com"))
        let climbing = try await env.service.createCircle(dana, name: "Climbing", emoji: nil, color: nil)
        _ = try await env.service.addMembers(dana, circle: "Climbing", contacts: ["Erin"])
        @Sendable func versions() async throws -> [String: Int] {
            try await database.read { connection in
                try connection.query("SELECT owner_account_id, version FROM circles_versions").reduce(into: [:]) {
                    $0[try $1.string(0)] = try $1.int(1)
                }
            }
        }
        let before = try await versions()
        // One circle with one membership: the circle's row and the cascaded membership's, both Dana's.
        try await database.write { connection in
            try connection.execute("DELETE FROM circles_circles WHERE id = ?", [climbing.id])
        }
        let after = try await versions()
        #expect(after[dana.accountId] == (before[dana.accountId] ?? 0) + 2)
        #expect(after[erin.accountId] == before[erin.accountId])
    }

    @Test func readsThatCanWaitAnswerWhatThePlainReadsAnswer() async throws {
        let env = try await Environment(.postgres)
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        _ = try await env.service.circles(erin)
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Erin", accountEmail: "erin@example.com"))
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Fay"))
        _ = try await env.service.createCircle(dana, name: "Climbing", emoji: nil, color: nil)
        _ = try await env.service.addMembers(dana, circle: "Climbing", contacts: ["Erin", "Fay"])
        _ = try await env.service.createShadow(
            dana, type: .personal, displayName: "Dee", circles: ["Climbing", "Family"])
        let store = SQLStore(circlesOn: try await Environment.open(url: try #require(env.postgresURL)))
        let owner = dana.accountId
        try await store.read { circles, _ in
            // All four asked for first (one round trip), then read in another order than asked.
            let profiles = try circles.profilesLater(ownerAccountId: owner)
            let contacts = try circles.contactsLater(ownerAccountId: owner)
            let memberships = try circles.membershipsLater(ownerAccountId: owner)
            let circleList = try circles.circlesLater(ownerAccountId: owner)
            let shadow = try #require(try profiles().first { $0.isShadow })
            #expect(shadow.shownToCircleIds.count == 2)
            #expect(try profiles() == (try circles.profiles(ownerAccountId: owner)))
            #expect(try circleList() == (try circles.circles(ownerAccountId: owner)))
            #expect(Set(try memberships()) == Set(try circles.memberships(ownerAccountId: owner)))
            #expect(try memberships().count == 2)
            #expect(try contacts() == (try circles.contacts(ownerAccountId: owner)))
            #expect(try contacts().map(\.displayName) == ["Erin", "Fay"])
        }
    }

    @Test func aLookUsesItsGuessOfWhoseEmailItIsOnlyWhenTheAccountReadAgrees() async throws {
        let env = try await Environment(.postgres)
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        _ = try await env.service.circles(erin)
        let engine = env.service.engine
        #expect(engine.ownerHint(emailKey: "erin@example.com") == nil)
        let first = try await env.service.look(dana, "Erin@Example.com ")
        #expect(engine.ownerHint(emailKey: "erin@example.com") == erin.accountId)
        // A wrong guess (as when the email has gone to another account since): Erin's own version is read.
        engine.rememberOwner(dana.accountId, emailKey: "erin@example.com")
        #expect(try await env.service.look(dana, "erin@example.com") == first)
        #expect(engine.ownerHint(emailKey: "erin@example.com") == erin.accountId)
        // A right guess: the version read with the account is Erin's latest, so her change is seen at once.
        _ = try await env.service.editProfile(erin, nil, ProfileEdit(displayName: "Erin Climber"))
        let after = try await env.service.look(dana, "erin@example.com")
        #expect(after.profileId == first.profileId)
        #expect(after.fields[.displayName] == "Erin Climber")
    }

    @Test func aTokenSeenInsideAWriteIsNeverSeenAgain() async throws {
        let env = try await Environment(.postgres)
        let dana = try await env.account("Dana")
        _ = try await env.service.createCircle(dana, name: "Climbing", emoji: nil, color: nil)
        let store = SQLStore(
            circlesOn: try await Environment.open(url: try #require(env.postgresURL)))
        @Sendable func token() async throws -> ChangeToken {
            try await store.read { circles, _ in
                try circles.changeToken(owner: dana.accountId)
            }
        }
        let before = try await token()
        var inside: [ChangeToken] = []
        do {
            _ = try await store.write { circles, _ -> Bool in
                var circle = try #require(try circles.circles(ownerAccountId: dana.accountId).last)
                circle.emoji = "🧪"
                try circles.updateCircle(circle)
                let first = try circles.changeToken(owner: dana.accountId)
                #expect(try circles.changeToken(owner: dana.accountId) == first)
                circle.emoji = "🧫"
                try circles.updateCircle(circle)
                throw Undo(tokens: [first, try circles.changeToken(owner: dana.accountId)])
            }
        } catch let undo as Undo {
            inside = undo.tokens
        }
        #expect(inside.count == 2 && inside[0] != inside[1])
        #expect(try await token() == before)
        // A committed change of the same size reaches the same versions, with other data: the tokens differ.
        _ = try await env.service.editCircle(dana, "Climbing", CircleEdit(emoji: "🧗"))
        let after = try await token()
        #expect(after != before && !inside.contains(after))
    }

    @Test func looksAnswerAndOtherOwnersWriteWhileAWriterHoldsAnOwnersRows() async throws {
        let env = try await Environment(.postgres)
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        _ = try await env.service.addContact(dana, ContactDraft(displayName: "Erin", accountEmail: "erin@example.com"))
        _ = try await env.service.circles(erin)
        let url = try #require(env.postgresURL)

        // A server in the middle of a write to Dana's circles (her version row locked) that does not end yet.
        let holder = try await Environment.open(url: url, size: 1)
        let gate = Gate()
        let held = Task {
            try await holder.write { connection in
                try connection.execute(
                    "UPDATE circles_circles SET emoji = '🧪' WHERE owner_account_id = ?", [dana.accountId])
                gate.holding()
                gate.waitForRelease()
                throw CancellationError()
            }
        }
        try await gate.waitUntilHolding()
        defer { gate.release() }

        let other = try await env.restarted()
        #expect(
            try await other.circles(dana).map(\.name) == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
        #expect(try await other.contacts(dana).map(\.displayName) == ["Erin"])
        #expect(try await other.accessMatrix(dana, profile: nil).circles.count == 5)
        #expect(try await other.viewAs(dana, contact: "Erin", profile: nil).fields[.displayName] == "Dana Tester")
        #expect(try await other.look(erin, "dana@example.com").fields[.displayName] == "Dana Tester")
        // Versions are per owner: Erin's write does not wait for Dana's (after 10 s the holder gives up, so a
        // write that waits fails this test rather than hanging it).
        let erinsWrite = Task { try await other.createCircle(erin, name: "Climbing", emoji: nil, color: nil).name }
        let wroteWhileHeld = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await erinsWrite.value) != nil }
            group.addTask {
                // kept: a deadline on a wait that must end, not a wait for anything to happen.
                try? await Task.sleep(for: .seconds(10))
                gate.release()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(wroteWhileHeld)
        #expect(try await erinsWrite.value == "Climbing")

        gate.release()
        await #expect(throws: CancellationError.self) { try await held.value }
        #expect(try await other.circles(dana).allSatisfy { $0.emoji != "🧪" })
    }

    @Test("twelve requests from one viewer to one owner through two servers at once: exactly ten are pending")
    func theRequestCapHoldsAcrossServers() async throws {
        let env = try await Environment(.postgres)
        let w = try await AccessContract.world(env.contract)
        let s = env.service
        // Five shadows shown to Contacts, email and phone ask for Finn on each: 12 possible requests.
        var targets = ["@dana"]
        for index in 0..<5 {
            _ = try await s.createShadow(w.dana, type: .personal, displayName: "S\(index)", circles: ["Contacts"])
            _ = try await s.editProfile(w.dana, nil, ProfileEdit(username: "dana_s\(index)"))
            targets.append("@dana_s\(index)")
        }
        let servers = [s, try await env.restarted()]
        let requests = targets.flatMap { target in [Field.email, .phone].map { (target, $0) } }
        #expect(requests.count == 12)

        let outcomes = await withTaskGroup(of: String.self) { group in
            for (index, (target, field)) in requests.enumerated() {
                let server = servers[index % servers.count]
                group.addTask {
                    do {
                        _ = try await server.request(w.finn, target, field: field, reason: nil)
                        return "made"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == "made" }.count == 10, "\(outcomes)")
        #expect(outcomes.filter { $0 == "You have 10 pending requests to this person" }.count == 2, "\(outcomes)")
        #expect(try await servers[1].requests(w.dana).count == 10)
        #expect(try await s.requests(w.dana).count == 10)
    }
}

/// Carries tokens out of a transaction that is being rolled back.
private struct Undo: Error {
    let tokens: [ChangeToken]
}

/// Lets a test hold a transaction open on the database's own thread until it says otherwise.
private final class Gate: Sendable {
    private struct State {
        var holding = false
        var released = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    /// Wakes `waitForRelease()` when `release()` is called.
    private let releasing = NSCondition()

    /// On the transaction's thread: the transaction is open; `waitUntilHolding()` returns.
    func holding() {
        let waiters = state.withLock { state in
            state.holding = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func release() {
        releasing.lock()
        state.withLock { $0.released = true }
        releasing.broadcast()
        releasing.unlock()
    }

    /// On the transaction's thread: blocks until `release()`.
    func waitForRelease() {
        releasing.lock()
        while !state.withLock({ $0.released }) { releasing.wait() }
        releasing.unlock()
    }

    /// Returns once `holding()` was called.
    func waitUntilHolding() async throws {
        await withCheckedContinuation { continuation in
            let holding = state.withLock { state in
                if !state.holding { state.waiters.append(continuation) }
                return state.holding
            }
            if holding { continuation.resume() }
        }
    }
}
