import Accounts
import Households
import Hummingbird
import IdentityWire

/// Ask to approve, maturity ceilings and age ranges over `IdentityRoute`: thin over `ApprovalService`, which decides
/// (the first answer wins in the database, so every server on it agrees).
struct ApprovalRoutes: Sendable {
    let approvals: any ApprovalService

    func add(to api: RouterGroup<KithRequestContext>) {
        api.api(IdentityRoute.ask) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(AskBody.self, context: context)
            let asked = try await approvals.ask(principal, try body.ask())
            // A new request is created; asking again renews the one that waits.
            return try JSONCoding.response(
                ApprovalJSON(asked.request, renewed: asked.renewed), status: asked.renewed ? .ok : .created)
        }
        api.signedIn(IdentityRoute.approvals) { principal, _, _ in
            // Acting: the member's own requests; as oneself: what waits for the guardian's answer.
            let requests =
                principal.actingAs == nil
                ? try await approvals.approvals(principal) : try await approvals.requests(principal)
            return requests.map { ApprovalJSON($0) }
        }
        api.signedIn(IdentityRoute.approve) { principal, request, context in
            let body = try await request.decodeJSON(AnswerBody.self, context: context)
            let answered = try await approvals.approve(
                principal, request: try context.parameters.text("id"), note: body.note, pin: body.pin)
            return ApprovalJSON(answered)
        }
        api.signedIn(IdentityRoute.decline) { principal, request, context in
            let body = try await request.decodeJSON(AnswerBody.self, context: context)
            let answered = try await approvals.decline(
                principal, request: try context.parameters.text("id"), note: body.note)
            return ApprovalJSON(answered)
        }
        api.signedIn(IdentityRoute.memberMaturity) { principal, request, context in
            let body = try await request.decodeJSON(MaturityBody.self, context: context)
            let member = try await approvals.setMaturity(
                principal, member: try context.parameters.text("member"), rating: try MaturityRating.parse(body.rating))
            return MemberJSON(member)
        }
        api.signedIn(IdentityRoute.memberAgeRange) { principal, request, context in
            let body = try await request.decodeJSON(AgeRangeBody.self, context: context)
            let member = try await approvals.setAgeRange(
                principal, member: try context.parameters.text("member"), lower: body.lower, upper: body.upper)
            return MemberJSON(member)
        }
        api.signedIn(IdentityRoute.ownAgeRange) { principal, request, context in
            let body = try await request.decodeJSON(AgeRangeBody.self, context: context)
            let account = try await approvals.setOwnAgeRange(principal, lower: body.lower, upper: body.upper)
            return MeJSON(account, principal: principal)
        }
    }
}
