import Device
import Kernel

/// This device's state with `--remote`: the saved accounts (their credential is the raw bearer token), the current
/// account and the exit lock, in the credentials file for that server (`RemoteCredentials`, mode 0600).
public struct RemoteDeviceStore: DeviceStore {
    private let credentials: RemoteCredentials

    /// The state kept in `credentials`.
    public init(credentials: RemoteCredentials) {
        self.credentials = credentials
    }

    public func load() async throws -> DeviceState {
        Self.deviceState(try credentials.load())
    }

    /// Every change is durable: the file is flushed before it replaces the old one.
    public func update<T: Sendable>(
        durability: Durability, _ change: @Sendable (inout DeviceState) throws -> T
    ) async throws -> T {
        try credentials.update { file in
            var state = Self.deviceState(file)
            let value = try change(&state)
            // The remembered profiles stay with their account's entry.
            let profiles = Dictionary(file.accounts.map { ($0.account.accountId, $0.profiles) }) { first, _ in first }
            file.accounts = state.entries.map { entry in
                RemoteState.Entry(
                    account: entry.account, token: entry.credential, sessionId: entry.sessionId,
                    profiles: profiles[entry.account.accountId] ?? nil)
            }
            file.currentAccountId = state.currentAccountId
            file.exitLock = state.exitLock
            return value
        }
    }

    private static func deviceState(_ file: RemoteState) -> DeviceState {
        DeviceState(
            entries: file.accounts.map {
                DeviceState.Entry(account: $0.account, credential: $0.token, sessionId: $0.sessionId)
            },
            currentAccountId: file.currentAccountId, exitLock: file.exitLock)
    }
}
