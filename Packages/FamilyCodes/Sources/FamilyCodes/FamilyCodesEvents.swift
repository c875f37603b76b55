import Foundation
import Households
import Kernel

/// The events FamilyCodes writes (DOMAIN.md "Events"), declared once: the FamilyCodes feature passes `all` as its
/// `events`, and the rules emit through these constants.
///
/// Thin, by rule: the subject names the parent's account (`accountId`, also its `memberId`) and the family
/// (`householdId`); never the code, the family's name or anyone's. A family join, leave or removal writes its family
/// event instead of Identity's `household.member_added`/`household.member_removed`: one event per change. A refused
/// join (a wrong, expired or used-up code, a full family, a limit) writes none.
public enum FamilyCodesEvents {
    /// Subject `accountId`, `memberId` (the parent's account) and `householdId` (the family).
    public static let joined = EventType("family.joined", "A parent joined a family with its code.")
    /// As `family.joined`.
    public static let left = EventType("family.left", "A parent left a family it had joined.")
    /// As `family.joined`: the member the family's player removed.
    public static let memberRemoved = EventType(
        "family.member_removed", "A family's player removed a member from it.")

    /// Every type above.
    public static let all: [EventType] = [joined, left, memberRemoved]

    /// Writes `type` about `accountId` in `familyId`.
    static func emit(
        _ type: EventType, accountId: String, familyId: String, _ identity: any HouseholdsStoreTransaction, at now: Date,
        random: any RandomSource
    ) throws {
        try identity.emit(
            type, subject: EventSubject(accountId: accountId, memberId: accountId, householdId: familyId), at: now,
            random: random)
    }
}
