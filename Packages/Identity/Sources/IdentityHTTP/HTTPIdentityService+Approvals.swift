import Accounts
import Households
import IdentityWire
import Networking

// MARK: - Ask to approve, maturity and age

/// The server decides: who may ask, answer and set, the limits, and the first answer. What is refused here is only
/// what needs no server (a call the account makes while acting, or one the member makes while not).
extension HTTPIdentityService: ApprovalService {
    public func ask(_ principal: Principal, _ ask: ApprovalAsk) async throws -> AskedApproval {
        guard principal.actingAs != nil else { throw IdentityError.askNeedsActing }
        let json: ApprovalJSON = try await requests.send(IdentityRoute.ask, as: principal, body: AskBody(ask))
        return AskedApproval(request: json.request, renewed: json.renewed ?? false)
    }

    public func requests(_ principal: Principal) async throws -> [ApprovalRequest] {
        guard principal.actingAs != nil else { throw IdentityError.askNeedsActing }
        let json: [ApprovalJSON] = try await requests.send(IdentityRoute.approvals, as: principal)
        return json.map(\.request)
    }

    public func approvals(_ principal: Principal) async throws -> [ApprovalRequest] {
        try principal.requireActingAsSelf()
        let json: [ApprovalJSON] = try await requests.send(IdentityRoute.approvals, as: principal)
        return json.map(\.request)
    }

    public func approve(
        _ principal: Principal, request reference: String, note: String?, pin: String?
    ) async throws -> ApprovalRequest {
        let json: ApprovalJSON = try await requests.send(
            IdentityRoute.approve, reference, as: principal, body: AnswerBody(note: note, pin: pin))
        return json.request
    }

    public func decline(_ principal: Principal, request reference: String, note: String?) async throws
        -> ApprovalRequest
    {
        let json: ApprovalJSON = try await requests.send(
            IdentityRoute.decline, reference, as: principal, body: AnswerBody(note: note))
        return json.request
    }

    public func setMaturity(_ principal: Principal, member reference: String, rating: MaturityRating) async throws
        -> Member
    {
        try principal.requireActingAsSelf()
        let member: MemberJSON = try await requests.send(
            IdentityRoute.memberMaturity, reference, as: principal, body: MaturityBody(rating: rating))
        return member.member
    }

    public func setAgeRange(
        _ principal: Principal, member reference: String, lower: Int, upper: Int
    ) async throws -> Member {
        try principal.requireActingAsSelf()
        let member: MemberJSON = try await requests.send(
            IdentityRoute.memberAgeRange, reference, as: principal, body: AgeRangeBody(lower: lower, upper: upper))
        return member.member
    }

    public func setOwnAgeRange(_ principal: Principal, lower: Int, upper: Int) async throws -> Account {
        try principal.requireActingAsSelf()
        let me: MeJSON = try await requests.send(
            IdentityRoute.ownAgeRange, as: principal, body: AgeRangeBody(lower: lower, upper: upper))
        return me.account
    }

    /// The server records expiries itself (before every ask and answer, and now and then): a client has none to
    /// record, so none is.
    public func expireApprovalRequests() async throws -> Int { 0 }
}
