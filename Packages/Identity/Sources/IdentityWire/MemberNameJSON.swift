import Accounts
import Households

/// A member named but not described, `{memberId, displayName}`: whom `whoami` acts as (`actingAs`), and what
/// `member add|remove --json` print. The whole member is `MemberJSON`.
public struct MemberNameJSON: Codable, Sendable, Equatable {
    public var memberId: String
    public var displayName: String
}

// The conversions live in an extension so the struct keeps its synthesized memberwise init, which they call.
extension MemberNameJSON {
    public init(_ member: Member) {
        self.init(memberId: member.memberId, displayName: member.displayName)
    }

    public init(_ actingAs: ActingAs) {
        self.init(memberId: actingAs.memberId, displayName: actingAs.displayName)
    }

    /// The managed member acted for, when this names one.
    public var actingAs: ActingAs { ActingAs(memberId: memberId, displayName: displayName) }
}
