import Accounts

/// The seed's stats row (Profile Home, P1): how many contacts and circles the account has, whichever persona is
/// active (contacts and circles are the account's).
public struct ProfileStats: Sendable, Hashable {
    public var contacts: Int
    public var circles: Int

    public init(contacts: Int, circles: Int) {
        self.contacts = contacts
        self.circles = circles
    }

    /// The stats of an owner's circles as `CirclesService.circles` counts them: every circle, mandatory ones
    /// included, and the members of Contacts, which are every contact.
    public init(circles: [Circle]) {
        self.init(
            contacts: circles.first { $0.builtIn == .contacts }?.memberCount ?? 0, circles: circles.count)
    }
}

extension CirclesService {
    /// The account's stats row, read with one call that local and HTTP services both answer (`circles`). The account's
    /// own, also while it acts for a member, as `activePersona` is.
    public func stats(_ principal: Principal) async throws -> ProfileStats {
        var account = principal
        account.actingAs = nil
        return ProfileStats(circles: try await circles(account))
    }
}
