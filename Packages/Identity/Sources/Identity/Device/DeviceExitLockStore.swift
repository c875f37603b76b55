/// Where this device keeps its `DeviceExitLock`: a table of the local file, or the client's state file with
/// `--remote`. No rules here; `ExitLock` decides.
public protocol DeviceExitLockStore: Sendable {
    /// The lock that holds, if any.
    func exitLock() async throws -> DeviceExitLock?
    /// Persists the lock (nil: none holds).
    func setExitLock(_ lock: DeviceExitLock?) async throws
}
