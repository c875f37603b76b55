import Foundation
import Storage
import Votes

/// One SQL transaction (SQLite or PostgreSQL) seen as a `VoteStoreTransaction`. Plain SQL, no rules; every
/// statement is the same on both engines.
public struct SQLVoteTransaction: VoteStoreTransaction {
    let connection: any SQLConnection

    /// The votes view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: any SQLConnection) {
        self.connection = connection
    }

    public func ballots(householdId: String, titleKey: String?) throws -> [Ballot] {
        guard let titleKey else {
            return try connection.query(
                "SELECT \(Self.columns) FROM votes_ballots WHERE household_id = ? \(Self.order)", [householdId]
            ).map(Self.ballot)
        }
        return try connection.query(
            "SELECT \(Self.columns) FROM votes_ballots WHERE household_id = ? AND title_key = ? \(Self.order)",
            [householdId, titleKey]
        ).map(Self.ballot)
    }

    public func ballots(memberIds: [String]) throws -> [Ballot] {
        try connection.query(
            "SELECT \(Self.columns) FROM votes_ballots WHERE member_id IN (\(connection.marks(memberIds.count))) \(Self.order)",
            memberIds
        ).map(Self.ballot)
    }

    public func saveBallot(_ ballot: Ballot) throws {
        try connection.execute(
            """
            INSERT INTO votes_ballots (household_id, member_id, title_key, title, vote, rating, voted_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (household_id, member_id, title_key) DO UPDATE SET
                title = excluded.title, vote = excluded.vote, rating = excluded.rating,
                voted_at = excluded.voted_at, updated_at = excluded.updated_at
            """,
            [
                ballot.householdId, ballot.memberId, ballot.titleKey, ballot.title, ballot.vote?.rawValue,
                ballot.rating, ballot.votedAt, ballot.updatedAt,
            ])
    }

    public func removeBallots(memberId: String) throws {
        try connection.execute("DELETE FROM votes_ballots WHERE member_id = ?", [memberId])
    }

    public func removeBallots(householdId: String) throws {
        try connection.execute("DELETE FROM votes_ballots WHERE household_id = ?", [householdId])
    }

    // MARK: - Rows

    static let columns = "household_id, member_id, title_key, title, vote, rating, voted_at, updated_at"
    /// Earliest first, as the in-memory store orders them.
    static let order = "ORDER BY voted_at, member_id, title_key"

    /// A stored thumb that is not `up` or `down` reads as none; a rating is read as stored (the rules count only
    /// 1-5).
    static func ballot(_ row: SQLRow) throws -> Ballot {
        Ballot(
            householdId: try row.string(0), memberId: try row.string(1), title: try row.string(3),
            titleKey: try row.string(2), vote: row[4].flatMap(VoteChoice.init(rawValue:)),
            rating: try row.optionalInt(5), votedAt: try row.date(6), updatedAt: try row.date(7))
    }
}
