import Foundation
import Households
import IdentityMemory
import Preferences
import Testing

@Suite("In-memory store")
struct InMemoryPreferencesStoreTests {
    struct Boom: Error {}

    /// A write that throws leaves neither view changed; one that returns keeps both.
    @Test("a write changes both views or neither", arguments: [true, false])
    func commitOrRollback(throwing: Bool) async throws {
        let identity = InMemoryIdentityStore()
        let store = InMemoryPreferencesStore(identity: identity)
        let record = ActingRecord(
            id: "r1", actorAccountId: "a", subjectMemberId: "managed_1", subjectDisplayName: "Max", action: "x",
            at: Date(timeIntervalSince1970: 0))
        func write() async throws {
            try await store.write { preferences, identity in
                try preferences.setValue("dark", forKey: PreferenceKey.theme, memberId: "managed_1")
                try identity.insertActingRecord(record)
                if throwing { throw Boom() }
            }
        }
        if throwing { await #expect(throws: Boom.self) { try await write() } } else { try await write() }
        let (values, records) = try await store.read { preferences, identity in
            (try preferences.values(memberId: "managed_1"), try identity.actingRecords(actorAccountId: "a"))
        }
        #expect(values == (throwing ? [:] : [PreferenceKey.theme: "dark"]))
        #expect(records == (throwing ? [] : [record]))
    }

    @Test("concurrent writes all land")
    func concurrent() async throws {
        let store = InMemoryPreferencesStore(identity: InMemoryIdentityStore())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await store.write { preferences, _ in
                        try preferences.setValue("\(index)", forKey: "k\(index)", memberId: "m")
                    }
                }
            }
            try await group.waitForAll()
        }
        let values = try await store.read { preferences, _ in try preferences.values(memberId: "m") }
        #expect(values.count == 50)
    }
}
