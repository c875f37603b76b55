import Foundation
import Households

/// A write made while acting: `GET /api/activity` and `activity --json`. The account is the actor, the member the
/// subject; `subjectDisplayName` is the member's name when the record was made.
public struct ActingRecordJSON: Codable, Sendable, Equatable {
    public var id: String
    public var actorAccountId: String
    /// The actor's current name, "Deleted account" once it is gone (`activity --member`); absent elsewhere.
    public var actorDisplayName: String?
    public var subjectMemberId: String
    public var subjectDisplayName: String
    /// What was done, in words a person reads (`prefs theme dark`).
    public var action: String
    public var at: Date

    public init(_ record: ActingRecord) {
        id = record.id
        actorAccountId = record.actorAccountId
        actorDisplayName = record.actorDisplayName
        subjectMemberId = record.subjectMemberId
        subjectDisplayName = record.subjectDisplayName
        action = record.action
        at = record.at
    }

    public var record: ActingRecord {
        var record = ActingRecord(
            id: id, actorAccountId: actorAccountId, subjectMemberId: subjectMemberId,
            subjectDisplayName: subjectDisplayName, action: action, at: at)
        record.actorDisplayName = actorDisplayName
        return record
    }
}
