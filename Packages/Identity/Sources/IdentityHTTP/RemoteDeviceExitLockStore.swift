import Identity

/// This device's exit lock with `--remote`: in the credentials file for that server (mode 0600), beside the saved
/// accounts, so every run against that server starts as the locked member.
public struct RemoteDeviceExitLockStore: DeviceExitLockStore {
    private let credentials: RemoteCredentials

    /// The lock kept in `credentials`.
    public init(credentials: RemoteCredentials) {
        self.credentials = credentials
    }

    public func exitLock() async throws -> DeviceExitLock? {
        try credentials.load().exitLock
    }

    public func setExitLock(_ lock: DeviceExitLock?) async throws {
        try credentials.update { $0.exitLock = lock }
    }
}
