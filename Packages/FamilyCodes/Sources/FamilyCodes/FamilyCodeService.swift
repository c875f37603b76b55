import Accounts

/// What commands and HTTP routes call for family codes: codes, joins, members, the usage log.
///
/// Every rule of DOMAIN.md's "Family codes" section is decided behind this protocol from the `Principal`.
/// Errors are `FamilyCodeError`, `IdentityError` (Identity's rules, which joins and leaves reuse) or
/// infrastructure errors from the store. Only viewing is allowed while acting as a managed member.
public protocol FamilyCodeService: Sendable {
    /// `family`: a player's code card (creating the family or its code when needed), a parent's families.
    func overview(_ principal: Principal) async throws -> FamilyOverview
    /// The player's family with its code and members, creating the family ("LASTNAME Family") or its code when
    /// needed; refused for anyone but a player.
    func createFamily(_ principal: Principal) async throws -> FamilyCard
    /// The player's family code, creating the family ("LASTNAME Family") or its code when needed.
    func code(_ principal: Principal) async throws -> FamilyCode
    /// Replaces the player's family code with one of `limits` (expiry, uses): the old one stops working at once.
    func regenerateCode(_ principal: Principal, limits: FamilyCodeLimits) async throws -> FamilyCode
    /// A parent joins the family of `code`; the family becomes its active household. Every attempt is logged.
    ///
    /// Rate limited per account and, when `origin` is given, per origin (the server passes the client's socket
    /// address; proxy headers are never trusted), both in the store, both decided in the join's one transaction.
    func join(_ principal: Principal, code: String, origin: String?) async throws -> FamilyJoin
    /// The members of the player's family, everyone but the player, in the order they were added.
    func members(_ principal: Principal) async throws -> [FamilyMember]
    /// The player removes a member of its family (Identity's rules: the last-guardian rule and the rest).
    func removeMember(_ principal: Principal, _ reference: String) async throws -> FamilyMember
    /// The families a parent belongs to (joined by code), with their codes, the active one marked.
    func families(_ principal: Principal) async throws -> [JoinedFamily]
    /// A parent leaves one of its families; its active household falls back to its latest joined one, or none.
    func leave(_ principal: Principal, _ family: String) async throws -> JoinedFamily
    /// The usage log of the player's families (attempts that matched them or used one of their codes), newest first.
    func usageLog(_ principal: Principal) async throws -> [FamilyCodeUsage]
}

extension FamilyCodeService {
    /// A new code without limits, as the seed has: it lasts until regenerated.
    public func regenerateCode(_ principal: Principal) async throws -> FamilyCode {
        try await regenerateCode(principal, limits: .none)
    }

    /// A join with no origin: only the per-account limit applies (a local command line has no client address).
    public func join(_ principal: Principal, code: String) async throws -> FamilyJoin {
        try await join(principal, code: code, origin: nil)
    }
}
