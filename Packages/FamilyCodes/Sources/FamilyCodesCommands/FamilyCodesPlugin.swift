import Console
import FamilyCodes
import Identity

/// The FamilyCodes feature's commands: the code card, joins, members, leaving and the usage log.
///
/// Every command calls `any FamilyCodeService` (and, for `family use`, the Identity service's
/// `useHousehold`); the rules live in the domain.
public struct FamilyCodesPlugin: Plugin {
    let service: any FamilyCodeService
    let principals: any PrincipalSource
    let identity: any IdentityService

    /// The commands over `service`, for the caller `principals` gives; `identity` serves `family use`.
    public init(service: any FamilyCodeService, principals: any PrincipalSource, identity: any IdentityService) {
        self.service = service
        self.principals = principals
        self.identity = identity
    }

    public var name: String { "familyCodes" }

    public var commands: [Command] {
        [
            FamilyCommand.make(self),
            FamilyCodeCommand.make(self),
            FamilyRegenerateCommand.make(self),
            FamilyJoinCommand.make(self),
            FamilyMembersCommand.make(self),
            FamilyRemoveCommand.make(self),
            FamilyLeaveCommand.make(self),
            FamilyUseCommand.make(self),
            FamilyLogCommand.make(self),
        ]
    }

    /// The caller, or the domain's "Not signed in" refusal.
    func principal() async throws -> Principal {
        guard let principal = try await principals.currentPrincipal() else { throw IdentityError.notSignedIn }
        return principal
    }
}
