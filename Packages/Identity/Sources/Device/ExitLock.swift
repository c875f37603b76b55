import Accounts
import Households

/// The exit lock on this device (DOMAIN.md's Family safety): acting as a managed member that has a PIN holds the
/// device as that member, across runs, until the PIN is given. Both compositions use it: the PIN is checked (and
/// its limits kept) by `pins`, which is the store's rules locally and the server with `--remote`.
///
/// The account-level ways out (logout, signing in or switching to another account, `--account`) are refused by
/// `ThisDevice` itself through `requireUnlocked`, so no command can forget the lock.
public struct ExitLock: Sendable {
    private let pins: any ExitPinService
    private let device: any DeviceStore

    /// The lock of the device `device` keeps, with PINs checked by `pins`.
    public init(pins: any ExitPinService, device: any DeviceStore) {
        self.pins = pins
        self.device = device
    }

    /// The lock that holds on this device, if any.
    public func current() async throws -> DeviceExitLock? {
        try await device.load().exitLock
    }

    /// Holds the device as the member `principal` acts as, when that member has a PIN; otherwise no lock holds.
    /// Without an answer from the PIN's keeper (no connection) nothing changes.
    public func engage(_ principal: Principal) async throws {
        guard let acting = principal.actingAs else { return try await device.setExitLock(nil) }
        var own = principal
        own.actingAs = nil
        let status: ExitPinStatus
        do {
            status = try await pins.exitPinStatus(own, member: acting.memberId)
        } catch let error where !(error is IdentityError) {
            // No answer (`--remote` without a connection, where acting works from the last loaded profiles): whether
            // the member has a PIN is unknown here, and the lock is left as it was.
            return
        }
        try await device.setExitLock(
            status.isSet
                ? DeviceExitLock(
                    accountId: principal.accountId, memberId: acting.memberId,
                    displayName: status.member.displayName)
                : nil)
    }

    /// Leaves the lock: the PIN is checked for the lock's member, and only the right one (or a member without a PIN
    /// any more) removes it. `principal` is the caller, the lock's account; nothing happens when no lock holds.
    public func leave(_ principal: Principal?, pin: String) async throws {
        guard let lock = try await device.load().exitLock else { return }
        var caller = principal ?? lock.principal
        if caller.accountId != lock.accountId { caller = lock.principal }
        caller.actingAs = ActingAs(memberId: lock.memberId, displayName: lock.displayName)
        do {
            try await pins.verifyExitPin(caller, member: lock.memberId, pin: pin)
        } catch IdentityError.noExitPin {
            // The guardian cleared the PIN since the lock was engaged: nothing is left to check, so the lock goes.
        }
        try await device.setExitLock(nil)
    }

    /// Forgets the lock without a PIN: for when its member cannot be acted as any more (removed, no longer guarded
    /// by the account), so nothing is left to leave.
    public func release() async throws {
        try await device.setExitLock(nil)
    }

    /// Refuses a way out of the locked member ("NAME is locked...") unless it leads to the lock's own account
    /// (`accountId`), which stays acting as the member.
    public static func requireUnlocked(_ device: any DeviceStore, staying accountId: String? = nil)
        async throws
    {
        guard let lock = try await device.load().exitLock, lock.accountId != accountId else { return }
        throw IdentityError.exitLocked(lock.displayName)
    }
}

extension DeviceStore {
    /// Persists the exit lock (nil: none holds), durably: a lock that a power cut could forget would let the child
    /// out.
    package func setExitLock(_ lock: DeviceExitLock?) async throws {
        try await update(durability: .immediate) { $0.exitLock = lock }
    }
}
