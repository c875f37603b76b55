import Foundation

/// A write made while acting: the account is the actor, the member the subject; the name outlives the member.
public struct ActingRecord: Sendable, Codable, Hashable, Identifiable {
    /// UUID string.
    public var id: String
    public var actorAccountId: String
    /// The actor's current name as the service reads it for a guardian (`activity --member`): "Deleted account" once
    /// the account is gone; nil where not looked up. Never stored.
    public var actorDisplayName: String?
    public var subjectMemberId: String
    /// The member's name when the record was made, kept after the member is removed.
    public var subjectDisplayName: String
    /// What was done, in words a person reads (e.g. "prefs theme dark").
    public var action: String
    public var at: Date

    /// Creates a record.
    public init(
        id: String, actorAccountId: String, subjectMemberId: String, subjectDisplayName: String, action: String,
        at: Date
    ) {
        self.id = id
        self.actorAccountId = actorAccountId
        self.subjectMemberId = subjectMemberId
        self.subjectDisplayName = subjectDisplayName
        self.action = action
        self.at = at
    }

    /// How a record names an actor whose account was deleted.
    public static let deletedActorName = "Deleted account"
}
