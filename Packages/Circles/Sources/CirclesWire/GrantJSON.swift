import Circles
import Foundation
import IdentityWire
import Kernel

/// A live grant (`GET /api/grants`, allow, revoke, `grants --json`): CLI.md's `{grantId, to: {displayName,
/// username}, profileId, field}` plus `createdAt`; `field` null means every field.
public struct GrantJSON: Codable, Sendable, Equatable {
    public var grantId: String
    public var to: PersonaSummaryJSON
    /// The owner's profile the grant is of.
    public var profileId: String
    @ExplicitNull public var field: Field?
    public var createdAt: Date

    /// The JSON of `grant`.
    public init(_ grant: Grant) {
        grantId = grant.grantId
        to = PersonaSummaryJSON(grant.to)
        profileId = grant.profileId
        field = grant.field
        createdAt = grant.createdAt
    }

    /// The grant again. The viewer's account never leaves the server, and the listed value does not hold it (nor
    /// its owner), so the record it is made from leaves them empty.
    public var grant: Grant {
        Grant(
            GrantRecord(
                id: grantId, ownerAccountId: "", profileId: profileId, viewerAccountId: "", viewer: to.summary,
                field: field, createdAt: createdAt))
    }
}
