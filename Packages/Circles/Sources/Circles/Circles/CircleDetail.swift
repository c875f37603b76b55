/// Circle Detail (C2): the circle, its members, its column of the persona's matrix, and pending requests.
public struct CircleDetail: Sendable, Hashable {
    public var circle: Circle
    /// The members (Contacts: every contact; Public: none listed), by name.
    public var members: [Contact]
    /// The profile whose access summary is shown (the active persona).
    public var profileId: String
    /// The circle's column of that profile's saved matrix.
    public var access: [Field: Access]
    /// Pending requests to the owner from contacts in this circle (for every profile of the owner).
    public var pendingRequests: [AccessRequest]
    /// `circle add`: the ids of the contacts asked for that were members already (nothing changed for them), in the
    /// order asked; empty otherwise.
    public var alreadyMembers: [String]

    public init(
        circle: Circle, members: [Contact], profileId: String, access: [Field: Access],
        pendingRequests: [AccessRequest],
        alreadyMembers: [String] = []
    ) {
        self.circle = circle
        self.members = members
        self.profileId = profileId
        self.access = access
        self.pendingRequests = pendingRequests
        self.alreadyMembers = alreadyMembers
    }

    /// "Add your first member" for a circle that takes members and has none.
    public var emptyHint: String? { circle.takesMembers && members.isEmpty ? Circle.emptyCircleHint : nil }
}
