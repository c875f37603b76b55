/// The managed member an account acts for: the subject of what the account does while acting.
public struct ActingAs: Sendable, Codable, Hashable {
    public var memberId: String
    public var displayName: String

    /// Creates the acting-as part of a principal.
    public init(memberId: String, displayName: String) {
        self.memberId = memberId
        self.displayName = displayName
    }
}
