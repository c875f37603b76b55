import Accounts
import Device
import Foundation
import StorageTesting
import Testing

/// Where a device keeps its state (contract, every `DeviceStore`: in memory, the `kith` file, the credentials file).
///
/// A case gets a function that opens the store afresh, as a new process on the same device would.
public enum DeviceStoreContract {
    public static let cases: [ContractCase<@Sendable () async throws -> any DeviceStore>] = [
        ContractCase("the state outlives the process", theStateOutlivesTheProcess),
        ContractCase("an update that throws stores nothing", anUpdateThatThrowsStoresNothing),
        ContractCase("one exit lock at most, until cleared", oneExitLockAtMostUntilCleared),
    ]

    /// Ann's entry, signed out, and Bo's with `boSession`, Bo current: the state a case's store starts with. The
    /// accounts and the session must exist where the store refers to them (`kith`'s file).
    public static func sample(annId: String, boId: String, boSession: String) -> DeviceState {
        let used = Date(timeIntervalSince1970: 1_800_000_000)
        func entry(_ id: String, _ name: String, credential: String?) -> DeviceState.Entry {
            DeviceState.Entry(
                account: SavedAccount(
                    accountId: id, email: "\(name.lowercased())@example.com", displayName: "\(name) Tester",
                    photoURL: name == "Ann" ? "https://example.com/ann.png" : nil, accountType: .private,
                    authMethod: name == "Ann" ? .google : .password, lastUsed: used),
                credential: credential, sessionId: credential)
        }
        return DeviceState(
            entries: [entry(annId, "Ann", credential: nil), entry(boId, "Bo", credential: boSession)],
            currentAccountId: boId)
    }

    static func theStateOutlivesTheProcess(_ open: @Sendable () async throws -> any DeviceStore) async throws {
        let first = try await open()
        let state = try await first.load()
        #expect(state.entries.count == 2)
        try await first.update { $0.currentAccountId = nil }
        let second = try await open()
        let reloaded = try await second.load()
        #expect(reloaded.currentAccountId == nil)
        #expect(Set(reloaded.entries.map(\.account)) == Set(state.entries.map(\.account)))
        let bo = try #require(state.entries.first { $0.account.accountId == state.currentAccountId })
        #expect(reloaded.entry(accountId: bo.account.accountId) == bo)
    }

    static func anUpdateThatThrowsStoresNothing(_ open: @Sendable () async throws -> any DeviceStore) async throws {
        let store = try await open()
        let before = try await store.load()
        await #expect(throws: IdentityError.savedAccountsFull) {
            try await store.update { state in
                state.entries.removeAll()
                state.currentAccountId = nil
                throw IdentityError.savedAccountsFull
            }
        }
        #expect(try await open().load() == before)
    }

    static func oneExitLockAtMostUntilCleared(_ open: @Sendable () async throws -> any DeviceStore) async throws {
        let store = try await open()
        let boId = try #require(try await store.load().currentAccountId)
        let max = DeviceExitLock(accountId: boId, memberId: "managed_1", displayName: "Max")
        try await store.update {
            $0.exitLock = DeviceExitLock(accountId: boId, memberId: "managed_2", displayName: "Leo")
        }
        try await store.update { $0.exitLock = max }
        #expect(try await open().load().exitLock == max)
        try await store.update { $0.exitLock = nil }
        #expect(try await open().load().exitLock == nil)
    }
}
