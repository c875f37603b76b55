import Accounts
import Device
import Households
import Passkeys
import TwoStep

/// What commands and HTTP routes call: every part of Identity (accounts and sessions, two-step, passkeys,
/// households, leaving), and this device's sessions. A caller that needs one part takes that part's protocol.
///
/// Every rule of DOMAIN.md's Accounts and Households sections is decided behind this protocol, from the `Principal`
/// passed in; this device's saved accounts are `ThisDevice`'s, over the `DeviceSessions` a service also gives. Errors
/// are `IdentityError` (sentences for users) or infrastructure errors from the store.
public protocol IdentityService:
    AccountsService, TwoStepService, PasskeysService, HouseholdsService, LeavingService, DeviceSessions, ProfileReads
{}

extension AccountsService {
    /// Signs in from this process's own address (`kith` on its own file: the device).
    public func signIn(email: String, password: String) async throws -> SessionGrant {
        try await signIn(email: email, password: password, clientAddress: nil)
    }
}
