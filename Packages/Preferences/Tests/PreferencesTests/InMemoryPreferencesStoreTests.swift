import Foundation
import Identity
import Preferences
import Testing

@Suite("In-memory store")
struct InMemoryPreferencesStoreTests {
    struct Boom: Error {}

    @Test("a write that throws leaves neither view changed")
    func rollback() async throws {
        let identity = InMemoryIdentityStore()
        let store = InMemoryPreferencesStore(identity: identity)
        let record = ActingRecord(
            id: "r1", actorAccountId: "a", subjectMemberId: "managed_1", subjectDisplayName: "Max", action: "x",
            at: Date(timeIntervalSince1970: 0))
        await #expect(throws: Boom.self) {
            try await store.write { preferences, identity in
                try preferences.setValue("dark", forKey: PreferenceKey.theme, memberId: "managed_1")
                try identity.insertActingRecord(record)
                throw Boom()
            }
        }
        let (values, records) = try await store.read { preferences, identity in
            (try preferences.values(memberId: "managed_1"), try identity.actingRecords(actorAccountId: "a"))
        }
        #expect(values.isEmpty)
        #expect(records.isEmpty)
    }

    @Test("a write that returns keeps both views")
    func commit() async throws {
        let identity = InMemoryIdentityStore()
        let store = InMemoryPreferencesStore(identity: identity)
        let record = ActingRecord(
            id: "r1", actorAccountId: "a", subjectMemberId: "managed_1", subjectDisplayName: "Max", action: "x",
            at: Date(timeIntervalSince1970: 0))
        try await store.write { preferences, identity in
            try preferences.setValue("dark", forKey: PreferenceKey.theme, memberId: "managed_1")
            try identity.insertActingRecord(record)
        }
        let values = try await store.read { preferences, _ in try preferences.values(memberId: "managed_1") }
        let records = try await identity.read { try $0.actingRecords(actorAccountId: "a") }
        #expect(values == [PreferenceKey.theme: "dark"])
        #expect(records == [record])
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
