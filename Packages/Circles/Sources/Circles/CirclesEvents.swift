import Foundation
import Kernel

/// The events Circles writes (DOMAIN.md "Events"), declared once: the Circles feature passes `all` as its `events`,
/// and the rules emit through these constants.
///
/// Thin, by rule: `circles.access_changed` names the owner (`subject.accountId`) and nothing else, no circle, contact,
/// field or name: an app that follows it asks `POST /api/access/check` again. Written once per change, only when the
/// change touched what an access check reads.
public enum CirclesEvents {
    /// Subject `accountId`: the owner. Written when its saved matrix changed (a save that changed a cell), its circles'
    /// memberships changed (members added or removed, a circle merged or deleted), or a contact linked to an account
    /// was added, relinked or removed (every contact is in the built-in Contacts circle).
    public static let accessChanged = EventType(
        "circles.access_changed", "An owner's access matrix or circle memberships changed.")

    /// Every type above.
    public static let all: [EventType] = [accessChanged]
}

extension Context {
    /// Writes `circles.access_changed` for the caller, once in this transaction however many changes call it.
    func accessChanged() throws {
        guard !emitted.accessChanged else { return }
        try identity.emit(
            CirclesEvents.accessChanged, subject: EventSubject(accountId: ownerId), at: now, random: random)
        emitted.accessChanged = true
    }
}

/// What one transaction has written of the events written once per transaction (a class, so the `Context` values of
/// one transaction share it).
final class EmittedEvents {
    var accessChanged = false
}
