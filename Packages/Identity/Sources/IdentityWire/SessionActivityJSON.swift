import Accounts
import Foundation
import Kernel

/// One live session of the account: `GET /api/me/sessions` (an array, oldest first) and `kith sessions --json`.
/// Never a token or its hash.
public struct SessionActivityJSON: Codable, Sendable, Equatable {
    public var sessionId: String
    public var createdAt: Date
    /// Kept to 5 minutes.
    public var lastUsedAt: Date
    /// The client's label where it was made ("kith on HOST"); null when unknown.
    @ExplicitNull public var createdWhere: String?
    /// The session of the request (or of this `kith`).
    public var current: Bool

    public init(_ session: SessionActivity) {
        sessionId = session.id
        createdAt = session.createdAt
        lastUsedAt = session.lastUsedAt
        createdWhere = session.createdWhere
        current = session.current
    }

    public var session: SessionActivity {
        SessionActivity(
            id: sessionId, createdAt: createdAt, lastUsedAt: lastUsedAt, createdWhere: createdWhere, current: current)
    }

    private enum CodingKeys: String, CodingKey {
        case sessionId, createdAt, lastUsedAt, createdWhere = "where", current
    }

}

/// `POST /api/me/sessions/end-others` and `kith sessions end --others --json`: how many sessions ended.
public struct SessionsEndedJSON: Codable, Sendable, Equatable {
    public var ended: Int

    public init(ended: Int) { self.ended = ended }
}
