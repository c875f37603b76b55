import FamilyCodes
import Foundation
import Identity
import IdentityHTTP
import Networking

/// `FamilyCodeService` over a `kith-server`: the seed's paths (`/api/family/create`, `/api/family/code/join`,
/// `/api/family/code/regenerate`, `/api/family/members`) and the rest in the same style. The server decides
/// every rule, including both join rate limits.
///
/// Each request carries the principal's bearer token (from `token`) and, while acting, `X-Acting-As-Member`.
public struct HTTPFamilyCodeService: FamilyCodeService {
    let requests: PrincipalClient

    /// Calls the server through `client`; `token` gives the principal's raw token (the credentials file's).
    public init(client: JSONClient, token: @escaping @Sendable (Principal) async throws -> String) {
        requests = PrincipalClient(client: client, token: token, mapError: Self.map)
    }

    public func overview(_ principal: Principal) async throws -> FamilyOverview {
        let json: FamilyCodesWire.Overview = try await requests.send(.get, "/api/family", principal)
        return try json.overview()
    }

    public func code(_ principal: Principal) async throws -> FamilyCode {
        let json: FamilyCodesWire.Code = try await requests.send(.get, "/api/family/code", principal)
        return json.familyCode
    }

    public func regenerateCode(_ principal: Principal) async throws -> FamilyCode {
        let json: FamilyCodesWire.Code = try await requests.send(.post, "/api/family/code/regenerate", principal)
        return json.familyCode
    }

    public func join(_ principal: Principal, code: String) async throws -> FamilyJoin {
        let json: FamilyCodesWire.Joined = try await requests.send(
            .post, "/api/family/code/join", principal, body: FamilyCodesWire.JoinBody(familyCode: code))
        return FamilyJoin(familyId: json.familyId, name: json.name)
    }

    public func members(_ principal: Principal) async throws -> [FamilyMember] {
        let json: FamilyCodesWire.Members = try await requests.send(.get, "/api/family/members", principal)
        return json.members
    }

    public func removeMember(_ principal: Principal, _ reference: String) async throws -> FamilyMember {
        let json: FamilyCodesWire.Removed = try await requests.send(
            .delete, "/api/family/members/\(FamilyCodesWire.segment(reference))", principal)
        return json.member
    }

    public func families(_ principal: Principal) async throws -> [JoinedFamily] {
        let json: FamilyCodesWire.Families = try await requests.send(.get, "/api/family/families", principal)
        return json.families.map(\.joined)
    }

    public func leave(_ principal: Principal, _ family: String) async throws -> JoinedFamily {
        let json: FamilyCodesWire.Left = try await requests.send(
            .post, "/api/family/leave", principal, body: FamilyCodesWire.FamilyBody(familyId: family))
        return json.family.joined
    }

    public func usageLog(_ principal: Principal) async throws -> [FamilyCodeUsage] {
        let json: FamilyCodesWire.Log = try await requests.send(.get, "/api/family/log", principal)
        return json.log
    }

    // MARK: - Requests

    /// The refusals the local service would throw: an expired session is "Not signed in"; a server sentence
    /// that is one of `FamilyCodeError`'s is that case; anything else (rate limits with their wait, Identity's
    /// sentences) keeps the server's sentence, which is the domain's word for word.
    static func map(_ error: any Error) -> any Error {
        guard let error = error as? NetworkingError else { return error }
        if error.code == .unauthorized { return IdentityError.notSignedIn }
        let known: [FamilyCodeError] = [
            .invalidFormat, .notFound, .alreadyMember, .onlyPlayers, .onlyParentsJoin, .onlyParentsLeave, .noUniqueCode,
        ]
        if let message = error.message, let match = known.first(where: { $0.description == message }) { return match }
        return error
    }
}
