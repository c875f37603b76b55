import Circles
import IdentityWire
import Kernel

/// The primary behind a revealed shadow, as its viewers see it: `{profileId, displayName, username}`.
public struct RevealedIdentityJSON: Codable, Sendable, Equatable {
    public var profileId: String
    public var displayName: String
    @ExplicitNull public var username: String?

    /// The JSON of `identity`.
    public init(_ identity: RevealedIdentity) {
        profileId = identity.profileId
        displayName = identity.displayName
        username = identity.username
    }

    /// The identity again.
    public var identity: RevealedIdentity {
        RevealedIdentity(profileId: profileId, displayName: displayName, username: username)
    }
}

/// Written once for `JSONEncoder` and for `ProfileViewJSON.sortedJSON`, which holds one.
extension RevealedIdentityJSON: JSONObject {
    func write(to json: inout some JSONObjectWriter) throws {
        try json.string(CodingKeys.displayName, displayName)
        try json.string(CodingKeys.profileId, profileId)
        try json.string(CodingKeys.username, username)
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }
}
