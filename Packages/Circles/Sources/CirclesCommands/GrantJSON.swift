import Circles
import Foundation

/// One element of `grants --json`: `{grantId, to: {displayName, username}, profileId, field}` (`field` null = all
/// fields) plus `createdAt`.
struct GrantJSON: Encodable, Sendable {
    let grantId: String
    let to: PersonaSummaryJSON
    let profileId: String
    let field: String?
    let createdAt: Date

    init(_ grant: Grant) {
        grantId = grant.grantId
        to = PersonaSummaryJSON(grant.to)
        profileId = grant.profileId
        field = grant.field?.rawValue
        createdAt = grant.createdAt
    }

    private enum CodingKeys: String, CodingKey { case grantId, to, profileId, field, createdAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(grantId, forKey: .grantId)
        try container.encode(to, forKey: .to)
        try container.encode(profileId, forKey: .profileId)
        try container.encode(field, forKey: .field)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
