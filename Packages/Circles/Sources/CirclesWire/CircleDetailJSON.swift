import Circles
import IdentityWire
import Kernel

/// Circle Detail (`GET /api/circles/{circle}`, the member routes, `circle show/add/remove --json`): the circle's
/// own keys, its `members`, the active persona's `access` column (FIELD → allow, deny or ask), the
/// `pendingRequests`, and `emptyHint` ("Add your first member", or null); `circle add` also gives `alreadyMembers`, the
/// ids of the contacts that were in the circle already.
public struct CircleDetailJSON: Codable, Sendable, Equatable {
    public var circleId: String
    public var name: String
    public var kind: CircleKind
    public var emoji: String
    public var color: CircleColor
    @ExplicitNull public var memberCount: Int?
    public var members: [ContactJSON]
    /// The active persona, whose column `access` is.
    public var profileId: String
    public var access: [String: Access]
    public var pendingRequests: [AccessRequestJSON]
    @ExplicitNull public var emptyHint: String?
    /// Only from `circle add` (absent elsewhere): the contacts asked for that were members already.
    public var alreadyMembers: [String]?

    /// The JSON of `detail`.
    public init(_ detail: CircleDetail) {
        let circle = CircleJSON(detail.circle)
        circleId = circle.circleId
        name = circle.name
        kind = circle.kind
        emoji = circle.emoji
        color = circle.color
        memberCount = circle.memberCount
        members = detail.members.map(ContactJSON.init)
        profileId = detail.profileId
        access = Field.named(detail.access)
        pendingRequests = detail.pendingRequests.map(AccessRequestJSON.init)
        emptyHint = detail.emptyHint
        alreadyMembers = nil
    }

    /// The JSON of `circle add`'s answer: the detail and the contacts that were in the circle already.
    public init(added detail: CircleDetail) {
        self.init(detail)
        alreadyMembers = detail.alreadyMembers
    }

    /// The detail again, owned by `owner` (`emptyHint` follows from the members).
    public func detail(owner: String) -> CircleDetail {
        let circle = CircleJSON(
            circleId: circleId, name: name, kind: kind, emoji: emoji, color: color, memberCount: memberCount)
        return CircleDetail(
            circle: circle.circle(owner: owner, position: 0), members: members.map { $0.contact(owner: owner) },
            profileId: profileId, access: Field.keyed(access), pendingRequests: pendingRequests.map(\.request),
            alreadyMembers: alreadyMembers ?? [])
    }
}
