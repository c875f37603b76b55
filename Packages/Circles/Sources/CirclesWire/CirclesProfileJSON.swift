import Circles
import Foundation
import IdentityWire
import Kernel

/// One of the caller's profiles, the primary or a shadow, with every field (`GET /api/profile`,
/// `/api/profiles/{profile}`, the shadow routes, `profile show/edit` and `shadow ... --json`); unset values are null,
/// `shownToCircleIds` is empty for the primary. `profile show --json` adds `stats`, the seed's stats row (absent on the
/// wire and elsewhere).
public struct CirclesProfileJSON: Codable, Sendable, Equatable {
    public var profileId: String
    public var type: ProfileType
    public var displayName: String
    @ExplicitNull public var username: String?
    @ExplicitNull public var bio: String?
    @ExplicitNull public var phone: String?
    @ExplicitNull public var email: String?
    @ExplicitNull public var photo: String?
    public var shownToCircleIds: [String]
    @ExplicitNull public var revealedAt: Date?
    @ExplicitNull public var lastUsedAt: Date?
    public var createdAt: Date
    /// `profile show`'s stats row: the account's contacts and circles counts.
    public var stats: ProfileStatsJSON?

    /// The JSON of `profile`.
    public init(_ profile: Profile) {
        profileId = profile.id
        type = profile.type
        displayName = profile.displayName
        username = profile.username
        bio = profile.bio
        phone = profile.phone
        email = profile.email
        photo = profile.photo
        shownToCircleIds = profile.shownToCircleIds
        revealedAt = profile.revealedAt
        lastUsedAt = profile.lastUsedAt
        createdAt = profile.createdAt
        stats = nil
    }

    /// The profile again; its owner (the caller, `owner`) is not on the wire.
    public func profile(owner: String) -> Profile {
        Profile(
            id: profileId, ownerAccountId: owner, type: type, displayName: displayName, username: username, bio: bio,
            phone: phone, email: email, photo: photo, shownToCircleIds: shownToCircleIds, revealedAt: revealedAt,
            lastUsedAt: lastUsedAt, createdAt: createdAt)
    }
}
