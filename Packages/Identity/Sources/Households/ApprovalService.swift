import Accounts

/// Ask to approve, maturity ceilings and age ranges (DOMAIN.md "Family: approvals, maturity, age"). The local service
/// decides over its store; the HTTP client asks a server, which decides.
public protocol ApprovalService: Sendable {
    /// While acting as a managed member: asks its guardians. The same pending kind and title renews that request
    /// (`renewed`) instead of adding one; at most 20 wait at once.
    func ask(_ principal: Principal, _ ask: ApprovalAsk) async throws -> AskedApproval
    /// While acting: the member's requests in every state, the most recently asked first.
    func requests(_ principal: Principal) async throws -> [ApprovalRequest]
    /// Not acting: the pending requests of every managed member the account guards, the most recently asked first.
    func approvals(_ principal: Principal) async throws -> [ApprovalRequest]
    /// Approves the request `reference` names (its id, or the exact title of a pending one): as a guardian not
    /// acting, or while acting as its member with the member's exit `pin` (in person). The first answer wins.
    func approve(_ principal: Principal, request reference: String, note: String?, pin: String?) async throws
        -> ApprovalRequest
    /// Declines the request `reference` names, as a guardian not acting. The first answer wins.
    func decline(_ principal: Principal, request reference: String, note: String?) async throws -> ApprovalRequest
    /// A guardian sets a managed member's content ceiling.
    func setMaturity(_ principal: Principal, member reference: String, rating: MaturityRating) async throws -> Member
    /// A guardian declares a managed member's age range (method `guardian`).
    func setAgeRange(_ principal: Principal, member reference: String, lower: Int, upper: Int) async throws -> Member
    /// The account declares its own age range (method `self`).
    func setOwnAgeRange(_ principal: Principal, lower: Int, upper: Int) async throws -> Account
    /// Records the expiry of every request still unanswered past its expiry and not yet recorded, writing exactly one
    /// `approval.expired` for each; returns how many. `ask`, `approve` and `decline` run it first, so no write sees a
    /// stale pending request without its event; a server also runs it now and then, so an unanswered request's event
    /// comes without waiting for another answer.
    func expireApprovalRequests() async throws -> Int
}

/// What `ask` made: the request, and whether it renewed one already waiting.
public struct AskedApproval: Sendable, Hashable {
    public var request: ApprovalRequest
    public var renewed: Bool

    /// Creates an answer to `ask`.
    public init(request: ApprovalRequest, renewed: Bool) {
        self.request = request
        self.renewed = renewed
    }
}
