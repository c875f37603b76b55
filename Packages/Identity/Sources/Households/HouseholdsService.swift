import Accounts
import Foundation

/// Households and managed members: creating, joining and leaving households, members and their guardians,
/// graduation, and the records of writes made while acting (DOMAIN.md "Households").
public protocol HouseholdsService: Sendable {
    // MARK: - Households and managed members

    /// Every household the principal's account belongs to, in the order it joined them.
    func households(_ principal: Principal) async throws -> [Household]
    /// Creates a household owned by the principal and makes it active.
    func createHousehold(_ principal: Principal, name: String) async throws -> Household
    /// Renames the active household (its owner only).
    func renameHousehold(_ principal: Principal, name: String) async throws -> Household
    /// Makes one of the principal's households active.
    func useHousehold(_ principal: Principal, _ reference: String) async throws -> Household
    /// Leaves one of the principal's households (not its owner).
    func leaveHousehold(_ principal: Principal, _ reference: String) async throws
    /// Adds the principal's account to a household by id with `role` and makes it active (FamilyCodes' join).
    ///
    /// The caller has already decided the account may join (e.g. a valid family code); this checks the
    /// cap and membership only.
    func joinHousehold(_ principal: Principal, householdId: String, role: HouseholdRole) async throws -> Household
    /// Adds a managed member to the active household, the principal becoming its guardian.
    func addManagedMember(_ principal: Principal, displayName: String, avatarKey: String) async throws -> Member
    /// Removes a member of the active household: a managed one by a guardian, an independent one by the owner.
    func removeMember(_ principal: Principal, _ reference: String) async throws -> Member
    /// Adds the household member with `email` as a guardian of a managed member.
    func addGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member
    /// Removes a guardian of a managed member, never the last one.
    func removeGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member
    /// Makes a one-time claim code (7 days) with which a managed member the principal guards signs up as itself.
    func graduateMember(_ principal: Principal, _ reference: String) async throws -> ClaimCodeGrant

    // MARK: - Acting records

    /// The records of writes the principal's account made while acting, oldest first.
    func actingRecords(_ principal: Principal) async throws -> [ActingRecord]
    /// Every record made for a managed member of the active household that the principal guards, by any of its
    /// guardians, oldest first (a guardian's audit; not while acting).
    func memberActivity(_ principal: Principal, member: String) async throws -> [ActingRecord]
}
