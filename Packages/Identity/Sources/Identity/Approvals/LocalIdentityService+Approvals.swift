import Accounts
import Households
import Kernel

// MARK: - Ask to approve

extension LocalIdentityService: ApprovalService {
    /// The households part's approvals over this service's store, clock and randomness; a PIN given to approve in
    /// person is checked by the exit PINs' own rule.
    var approvalRules: LocalApprovalService {
        LocalApprovalService(store: NarrowedStore(store) { $0 }, clock: clock, random: random, exitPins: exitPinRules)
    }

    public func ask(_ principal: Principal, _ ask: ApprovalAsk) async throws -> AskedApproval {
        try await approvalRules.ask(principal, ask)
    }

    public func requests(_ principal: Principal) async throws -> [ApprovalRequest] {
        try await approvalRules.requests(principal)
    }

    public func approvals(_ principal: Principal) async throws -> [ApprovalRequest] {
        try await approvalRules.approvals(principal)
    }

    public func approve(
        _ principal: Principal, request reference: String, note: String?, pin: String?
    ) async throws -> ApprovalRequest {
        try await approvalRules.approve(principal, request: reference, note: note, pin: pin)
    }

    public func decline(_ principal: Principal, request reference: String, note: String?) async throws
        -> ApprovalRequest
    {
        try await approvalRules.decline(principal, request: reference, note: note)
    }

    public func expireApprovalRequests() async throws -> Int {
        try await approvalRules.expireApprovalRequests()
    }

    public func setMaturity(_ principal: Principal, member reference: String, rating: MaturityRating) async throws
        -> Member
    {
        try await approvalRules.setMaturity(principal, member: reference, rating: rating)
    }

    public func setAgeRange(
        _ principal: Principal, member reference: String, lower: Int, upper: Int
    ) async throws -> Member {
        try await approvalRules.setAgeRange(principal, member: reference, lower: lower, upper: upper)
    }

    public func setOwnAgeRange(_ principal: Principal, lower: Int, upper: Int) async throws -> Account {
        try await approvalRules.setOwnAgeRange(principal, lower: lower, upper: upper)
    }
}
