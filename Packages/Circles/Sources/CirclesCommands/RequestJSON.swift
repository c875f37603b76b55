import Circles
import Foundation

/// One element of `requests --json`: `{requestId, from: {displayName, username}, profileId, field, reason,
/// createdAt, expiresAt}` plus `status`; every key present, null included.
struct RequestJSON: Encodable, Sendable {
    let requestId: String
    let from: PersonaSummaryJSON
    let profileId: String
    let field: String
    let reason: String?
    let createdAt: Date
    let expiresAt: Date
    let status: String

    init(_ request: AccessRequest) {
        requestId = request.requestId
        from = PersonaSummaryJSON(request.from)
        profileId = request.profileId
        field = request.field.rawValue
        reason = request.reason
        createdAt = request.createdAt
        expiresAt = request.expiresAt
        status = request.status.rawValue
    }

    private enum CodingKeys: String, CodingKey {
        case requestId, from, profileId, field, reason, createdAt, expiresAt, status
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requestId, forKey: .requestId)
        try container.encode(from, forKey: .from)
        try container.encode(profileId, forKey: .profileId)
        try container.encode(field, forKey: .field)
        try container.encode(reason, forKey: .reason)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(status, forKey: .status)
    }
}
