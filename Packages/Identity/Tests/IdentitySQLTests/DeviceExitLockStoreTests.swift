import Foundation
import Identity
import IdentitySQL
import SQLiteStorage
import Storage
import Testing

@Suite("This device's exit lock")
struct DeviceExitLockStoreTests {
    let lock = DeviceExitLock(accountId: "a1", memberId: "managed_1", displayName: "Max")

    @Test func theSQLiteLockOutlivesTheProcessUntilCleared() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("k.sqlite")
        do {
            let store = SQLDeviceExitLockStore(
                database: try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all]))
            #expect(try await store.exitLock() == nil)
            try await store.setExitLock(lock)
            // Setting again replaces: one lock per device.
            try await store.setExitLock(DeviceExitLock(accountId: "a1", memberId: "managed_2", displayName: "Leo"))
            try await store.setExitLock(lock)
        }
        let reopened = SQLDeviceExitLockStore(
            database: try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all]))
        #expect(try await reopened.exitLock() == lock)
        try await reopened.setExitLock(nil)
        #expect(try await reopened.exitLock() == nil)
    }

    @Test func theInMemoryLockIsTheSame() async throws {
        let store = InMemoryDeviceExitLockStore()
        await store.setExitLock(lock)
        #expect(await store.exitLock() == lock)
        await store.setExitLock(nil)
        #expect(await store.exitLock() == nil)
    }
}
