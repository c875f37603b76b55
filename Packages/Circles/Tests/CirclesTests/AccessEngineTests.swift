import Circles
import Testing

/// The engine's cache: one index per owner, rebuilt only when that owner's token moves, bounded by its capacity.
@Suite("Access engine cache")
struct AccessEngineTests {
    /// Builds counted per owner.
    final class Builds {
        var count: [String: Int] = [:]

        func index(_ owner: String) -> AccessIndex {
            count[owner, default: 0] += 1
            return AccessIndex(
                OwnerAccessData(
                    ownerAccountId: owner, circles: [], contacts: [], memberships: [], profiles: [], cells: [],
                    grants: []))
        }
    }

    static let first = ChangeToken(external: 1, local: 0)
    static let second = ChangeToken(external: 2, local: 0)

    @Test func anIndexIsReusedUntilItsOwnersTokenMoves() {
        let engine = AccessEngine()
        let builds = Builds()
        for _ in 0..<3 {
            _ = engine.index(owner: "dana", token: Self.first) { builds.index("dana") }
            _ = engine.index(owner: "erin", token: Self.first) { builds.index("erin") }
        }
        #expect(builds.count == ["dana": 1, "erin": 1])
        // Dana's data changed: only her index is rebuilt.
        _ = engine.index(owner: "dana", token: Self.second) { builds.index("dana") }
        _ = engine.index(owner: "erin", token: Self.first) { builds.index("erin") }
        #expect(builds.count == ["dana": 2, "erin": 1])
        // A token seen inside a write (another local part) is a different token.
        _ = engine.index(owner: "erin", token: ChangeToken(external: 1, local: -7)) { builds.index("erin") }
        #expect(builds.count["erin"] == 2)
    }

    @Test func theLeastRecentlyUsedOwnerMakesRoomWhenFull() {
        let engine = AccessEngine(capacity: 2)
        let builds = Builds()
        _ = engine.index(owner: "dana", token: Self.first) { builds.index("dana") }
        _ = engine.index(owner: "erin", token: Self.first) { builds.index("erin") }
        // Dana is used again, so Erin is the least recently used when Finn arrives.
        _ = engine.index(owner: "dana", token: Self.first) { builds.index("dana") }
        _ = engine.index(owner: "finn", token: Self.first) { builds.index("finn") }
        #expect(engine.cachedOwnerCount == 2)
        _ = engine.index(owner: "dana", token: Self.first) { builds.index("dana") }
        #expect(builds.count == ["dana": 1, "erin": 1, "finn": 1])
        _ = engine.index(owner: "erin", token: Self.first) { builds.index("erin") }
        #expect(builds.count["erin"] == 2)
        #expect(engine.cachedOwnerCount == 2)
    }

    @Test func manyOwnersNeverHoldMoreThanTheCapacity() {
        let engine = AccessEngine(capacity: 50)
        let builds = Builds()
        for round in 0..<3 {
            for owner in 0..<1_000 {
                let token = ChangeToken(external: Int64(round), local: 0)
                _ = engine.index(owner: "owner-\(owner)", token: token) { builds.index("owner-\(owner)") }
                #expect(engine.cachedOwnerCount <= 50)
            }
        }
        #expect(engine.cachedOwnerCount == 50)
        // The last 50 owners are the ones kept: looking at them again builds nothing.
        let before = builds.count.values.reduce(0, +)
        for owner in 950..<1_000 {
            _ = engine.index(owner: "owner-\(owner)", token: ChangeToken(external: 2, local: 0)) {
                builds.index("owner-\(owner)")
            }
        }
        #expect(builds.count.values.reduce(0, +) == before)
        engine.invalidateAll()
        #expect(engine.cachedOwnerCount == 0)
    }
}
