import Accounts
import Kernel

/// Where a device keeps its `DeviceState`: tables of the `kith` file, or the client's credentials file with `--remote`
/// (the one place a raw token rests). No rules here.
public protocol DeviceStore: Sendable {
    /// The state as stored now.
    func load() async throws -> DeviceState
    /// Reads the state afresh, applies `change` and stores the result, all at once, committed as `durability` asks: a
    /// change that throws stores nothing.
    func update<T: Sendable>(
        durability: Durability, _ change: @Sendable (inout DeviceState) throws -> T
    ) async throws -> T
}

extension DeviceStore {
    /// An ordinary (`.normal`) `update`.
    public func update<T: Sendable>(_ change: @Sendable (inout DeviceState) throws -> T) async throws -> T {
        try await update(durability: .normal, change)
    }

    /// Keeps the saved entry of `account`, if any, in step with its name and type (the switcher shows them).
    public func follow(_ account: Account) async throws {
        try await update { state in
            state.modify(accountId: account.id) {
                $0.account.email = account.email
                $0.account.displayName = account.displayName
                $0.account.accountType = account.accountType
            }
        }
    }

    /// Keeps the saved entry of `accountId`, if any, showing its primary profile's photo (the switcher's avatar).
    public func follow(photoURL: String?, of accountId: String) async throws {
        try await update { state in state.modify(accountId: accountId) { $0.account.photoURL = photoURL } }
    }
}

/// A `DeviceStore` in memory: for tests, and for compositions without a file.
public actor InMemoryDeviceStore: DeviceStore {
    private var state: DeviceState

    /// A store holding `state` (empty by default).
    public init(_ state: DeviceState = DeviceState()) {
        self.state = state
    }

    public func load() -> DeviceState { state }

    public func update<T: Sendable>(
        durability: Durability, _ change: @Sendable (inout DeviceState) throws -> T
    ) throws -> T {
        var changed = state
        let value = try change(&changed)
        state = changed
        return value
    }
}
