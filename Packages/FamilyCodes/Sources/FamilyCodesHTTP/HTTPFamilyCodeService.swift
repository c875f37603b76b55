import Accounts
import FamilyCodes
import FamilyCodesWire
import Foundation
import IdentityHTTP
import Networking

/// `FamilyCodeService` over a `kith-server`, through `FamilyCodesRoute` and the bodies of FamilyCodesWire. The
/// server decides every rule, including both join rate limits; its refusals come back as `FamilyCodeError` (or
/// `IdentityError`) by their codes.
///
/// Each request carries the principal's bearer token (from `token`) and, while acting, `X-Acting-As-Member`.
public struct HTTPFamilyCodeService: FamilyCodeService {
    let requests: PrincipalClient<Principal>

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        requests = PrincipalClient(client: client, token: token, errors: [FamilyCodeError.self])
    }

    public func overview(_ principal: Principal) async throws -> FamilyOverview {
        let json: FamilyOverviewJSON = try await requests.send(FamilyCodesRoute.overview, as: principal)
        guard let overview = json.overview else {
            throw NetworkingError(.invalidResponse, detail: "a player's family without its code")
        }
        return overview
    }

    public func createFamily(_ principal: Principal) async throws -> FamilyCard {
        // The server decides who may (players only); its answer has no members, which the overview then gives.
        let _: FamilyCreatedJSON = try await requests.send(FamilyCodesRoute.create, as: principal)
        guard case .player(let card) = try await overview(principal) else {
            throw NetworkingError(.invalidResponse, detail: "a created family that is not the player's")
        }
        return card
    }

    public func code(_ principal: Principal) async throws -> FamilyCode {
        let json: FamilyCodeJSON = try await requests.send(FamilyCodesRoute.code, as: principal)
        return json.familyCodeValue
    }

    public func regenerateCode(_ principal: Principal, limits: FamilyCodeLimits) async throws -> FamilyCode {
        // Without limits no body is sent, as the seed's clients do; the server checks the limits.
        let json: FamilyCodeJSON =
            limits == .none
            ? try await requests.send(FamilyCodesRoute.regenerate, as: principal)
            : try await requests.send(FamilyCodesRoute.regenerate, as: principal, body: FamilyRegenerateBody(limits))
        return json.familyCodeValue
    }

    /// `origin` is not sent: the server takes the client's socket address itself, and trusts nothing else.
    public func join(_ principal: Principal, code: String, origin: String?) async throws -> FamilyJoin {
        // The format is the domain's rule: a malformed code never reaches the network.
        _ = try FamilyCodeFormat.code(code)
        let json: FamilyJoinJSON = try await requests.send(
            FamilyCodesRoute.join, as: principal, body: FamilyJoinBody(familyCode: code))
        return json.join
    }

    public func members(_ principal: Principal) async throws -> [FamilyMember] {
        let json: FamilyMemberListJSON = try await requests.send(FamilyCodesRoute.members, as: principal)
        return json.members.map(\.member)
    }

    public func removeMember(_ principal: Principal, _ reference: String) async throws -> FamilyMember {
        let json: FamilyMemberRemovedJSON = try await requests.send(
            FamilyCodesRoute.removeMember, reference, as: principal)
        return json.member.member
    }

    public func families(_ principal: Principal) async throws -> [JoinedFamily] {
        let json: JoinedFamilyListJSON = try await requests.send(FamilyCodesRoute.families, as: principal)
        return json.families.map(\.family)
    }

    public func leave(_ principal: Principal, _ family: String) async throws -> JoinedFamily {
        let json: FamilyLeftJSON = try await requests.send(
            FamilyCodesRoute.leave, as: principal, body: FamilyBody(familyId: family))
        return json.family.family
    }

    public func usageLog(_ principal: Principal) async throws -> [FamilyCodeUsage] {
        let json: FamilyCodeUsageLogJSON = try await requests.send(FamilyCodesRoute.log, as: principal)
        return json.log.map(\.usage)
    }
}
