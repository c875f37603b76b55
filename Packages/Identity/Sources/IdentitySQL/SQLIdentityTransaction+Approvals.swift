import Accounts
import Foundation
import Households
import Storage

// MARK: - Approval requests

extension SQLIdentityTransaction {
    private static let requestColumns = """
        id, household_id, member_id, member_name, asked_by, kind, title, price, currency, rating, note, created_at,
        asked_at, expires_at, decision, decided_by, decided_by_name, decided_at, decision_note, in_person
        """

    public func approvalRequest(id: String) throws -> ApprovalRequest? {
        try connection.first(
            "SELECT \(Self.requestColumns) FROM identity_approval_requests WHERE id = ?", [id]
        ).flatMap(Self.request)
    }

    public func approvalRequests(memberId: String) throws -> [ApprovalRequest] {
        try connection.query(
            """
            SELECT \(Self.requestColumns) FROM identity_approval_requests WHERE member_id = ?
            ORDER BY asked_at DESC, seq DESC
            """,
            [memberId]
        ).compactMap(Self.request)
    }

    public func dueApprovalRequests(at now: Date, limit: Int) throws -> [ApprovalRequest] {
        try connection.query(
            """
            SELECT \(Self.requestColumns) FROM identity_approval_requests
            WHERE decision IS NULL AND expired_at IS NULL AND expires_at <= ?
            ORDER BY expires_at, seq LIMIT ?
            """,
            [now, limit]
        ).compactMap(Self.request)
    }

    public func recordApprovalExpiry(id: String, at date: Date) throws {
        try connection.execute("UPDATE identity_approval_requests SET expired_at = ? WHERE id = ?", [date, id])
    }

    public func insertApprovalRequest(_ request: ApprovalRequest) throws {
        try connection.execute(
            """
            INSERT INTO identity_approval_requests (\(Self.requestColumns))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            Self.keys(request) + Self.values(request))
    }

    public func updateApprovalRequest(_ request: ApprovalRequest) throws {
        try connection.execute(
            """
            UPDATE identity_approval_requests SET
                member_name = ?, asked_by = ?, kind = ?, title = ?, price = ?, currency = ?, rating = ?, note = ?,
                created_at = ?, asked_at = ?, expires_at = ?, decision = ?, decided_by = ?, decided_by_name = ?,
                decided_at = ?, decision_note = ?, in_person = ?
            WHERE id = ?
            """,
            Self.values(request) + [request.id as any SQLBindable])
    }

    /// The first three columns: the request's id, its household and its member.
    private static func keys(_ request: ApprovalRequest) -> [any SQLBindable] {
        [request.id, request.householdId, request.memberId]
    }

    /// The columns from `member_name` on, in `requestColumns`' order.
    private static func values(_ request: ApprovalRequest) -> [any SQLBindable] {
        let decision = request.decision
        let outcome: String? = decision.map { $0.approved ? "approved" : "declined" }
        return [
            request.memberName, request.askedByAccountId, request.kind.rawValue, request.title, request.price,
            request.currency, request.rating?.rawValue, request.note, request.createdAt, request.askedAt,
            request.expiresAt, outcome, decision?.byAccountId, decision?.byName, decision?.at, decision?.note,
            decision?.inPerson ?? false,
        ]
    }

    /// The request in `row`; nil for a row of a kind this version does not know (never an error).
    private static func request(_ row: SQLRow) throws -> ApprovalRequest? {
        guard let kind = ApprovalKind(rawValue: try row.string(5)) else { return nil }
        let ask = ApprovalAsk(
            storedKind: kind, title: try row.string(6), price: row[7], currency: row[8],
            rating: row[9].flatMap(MaturityRating.init(rawValue:)), note: row[10])
        var decision: ApprovalDecision?
        if let outcome = row[14], let by = row[15], let at = try row.optionalDate(17) {
            decision = ApprovalDecision(
                approved: outcome == "approved", byAccountId: by, byName: row[16] ?? "", at: at, note: row[18],
                inPerson: try row.optionalBool(19) ?? false)
        }
        return ApprovalRequest(
            id: try row.string(0), householdId: try row.string(1), memberId: try row.string(2),
            memberName: try row.string(3), askedByAccountId: try row.string(4), ask: ask,
            createdAt: try row.date(11), askedAt: try row.date(12), expiresAt: try row.date(13), decision: decision)
    }
}
