import Foundation

/// A live grant as its owner lists it.
public struct Grant: Sendable, Hashable {
    public var grantId: String
    public var to: PersonaSummary
    public var profileId: String
    /// nil: all fields.
    public var field: Field?
    public var createdAt: Date

    public init(_ record: GrantRecord) {
        grantId = record.id
        to = record.viewer
        profileId = record.profileId
        field = record.field
        createdAt = record.createdAt
    }
}
