/// A `DeviceExitLockStore` in memory, for tests and for compositions without a file.
public actor InMemoryDeviceExitLockStore: DeviceExitLockStore {
    private var lock: DeviceExitLock?

    /// A store with no lock.
    public init() {}

    public func exitLock() -> DeviceExitLock? { lock }

    public func setExitLock(_ lock: DeviceExitLock?) { self.lock = lock }
}
