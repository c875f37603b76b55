import Device
import Foundation
import IdentityWire
import Kernel

/// One entry of `accounts --json`.
struct SavedAccountJSON: Encodable, Sendable {
    let accountId: String
    let email: String
    let displayName: String
    /// The primary profile's photo, as this device last saw it; null when none.
    @ExplicitNull var photoURL: String?
    let accountType: String
    let authMethod: String
    let lastUsed: Date
    let current: Bool
    let sessionLive: Bool

    init(_ status: SavedAccountStatus) {
        accountId = status.account.accountId
        email = status.account.email
        displayName = status.account.displayName
        photoURL = status.account.photoURL
        accountType = status.account.accountType.rawValue
        authMethod = status.account.authMethod.rawValue
        lastUsed = status.account.lastUsed
        current = status.isCurrent
        sessionLive = status.sessionLive
    }
}
