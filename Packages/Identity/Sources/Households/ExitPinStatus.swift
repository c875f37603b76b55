/// A managed member the caller guards, and whether it has an exit PIN.
public struct ExitPinStatus: Sendable, Hashable {
    /// The member.
    public var member: Member
    /// True when leaving the member needs its PIN.
    public var isSet: Bool

    /// A status.
    public init(member: Member, isSet: Bool) {
        self.member = member
        self.isSet = isSet
    }
}
