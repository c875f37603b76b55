/// A profile's matrix as its owner edits it: saved cells with staged edits laid over them.
public struct AccessMatrix: Sendable, Hashable {
    public var profileId: String
    /// Every (field, circle id) cell: the staged value when there is one, else the saved one.
    public var cells: [Field: [String: Access]]
    /// Whether any edit is staged (`access save` / `access discard` pending).
    public var unsaved: Bool
    /// Only the staged cells, so a grid can mark them.
    public var staged: [Field: [String: Access]]
    /// The columns, in circle order.
    public var circles: [Circle]

    public init(
        profileId: String, cells: [Field: [String: Access]], unsaved: Bool, staged: [Field: [String: Access]],
        circles: [Circle]
    ) {
        self.profileId = profileId
        self.cells = cells
        self.unsaved = unsaved
        self.staged = staged
        self.circles = circles
    }

    /// The cell shown for `field` in circle `circleId`.
    public func access(_ field: Field, _ circleId: String) -> Access? { cells[field]?[circleId] }

    /// Whether that cell is a staged (unsaved) edit.
    public func isStaged(_ field: Field, _ circleId: String) -> Bool { staged[field]?[circleId] != nil }

    /// The circles whose cell allows `field` of `profile` (this matrix's profile), in circle order. A shadow is
    /// seen only by the circles it is shown to, so only those of its own circles count: none while it is shown
    /// to nobody, whatever the Public or Contacts cells say.
    public func circlesSeeing(_ field: Field, of profile: Profile) -> [Circle] {
        circles.filter { circle in
            access(field, circle.id) == .allow && (!profile.isShadow || profile.shownToCircleIds.contains(circle.id))
        }
    }
}

/// One stored cell of a profile's matrix (a missing cell has its default).
public struct MatrixCell: Sendable, Hashable {
    public var profileId: String
    public var field: Field
    public var circleId: String
    public var access: Access

    public init(profileId: String, field: Field, circleId: String, access: Access) {
        self.profileId = profileId
        self.field = field
        self.circleId = circleId
        self.access = access
    }
}
