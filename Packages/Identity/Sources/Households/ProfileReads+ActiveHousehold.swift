import Accounts

extension ProfileReads {
    /// The principal's active household; without one, "No active household" (what every screen of the household
    /// and its members says, locally and over HTTP alike).
    public func requireActiveHousehold(_ principal: Principal) async throws -> Household {
        guard let household = try await activeHousehold(principal) else { throw IdentityError.noActiveHousehold }
        return household
    }
}
