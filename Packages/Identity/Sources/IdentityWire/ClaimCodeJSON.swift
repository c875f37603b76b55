import Foundation
import Households

/// `POST /api/members/{member}/graduate` and `member graduate --json`: the one-time code, shown once.
public struct ClaimCodeJSON: Codable, Sendable, Equatable {
    public var memberId: String
    public var displayName: String
    public var claimCode: String
    public var expiresAt: Date

    public init(_ grant: ClaimCodeGrant) {
        memberId = grant.memberId
        displayName = grant.displayName
        claimCode = grant.code
        expiresAt = grant.expiresAt
    }

    /// The grant again.
    public var grant: ClaimCodeGrant {
        ClaimCodeGrant(memberId: memberId, displayName: displayName, code: claimCode, expiresAt: expiresAt)
    }
}
