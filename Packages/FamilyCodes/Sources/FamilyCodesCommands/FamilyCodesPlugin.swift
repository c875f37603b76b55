import Accounts
import Console
import FamilyCodes
import Households

/// The FamilyCodes feature's commands: the code card, joins, members, leaving and the usage log.
///
/// Every command calls `any FamilyCodeService` (and, for `family use`, the Identity service's
/// `useHousehold`); the rules live in the domain.
public struct FamilyCodesPlugin: Plugin {
    let service: any FamilyCodeService
    let principals: any PrincipalSource
    let identity: any HouseholdsService

    /// The commands over `service`, for the caller `principals` gives; `identity` serves `family use`.
    public init(service: any FamilyCodeService, principals: any PrincipalSource, identity: any HouseholdsService) {
        self.service = service
        self.principals = principals
        self.identity = identity
    }

    public var name: String { "familyCodes" }

    public var commands: [Command] {
        // The account's own commands: refused while acting as a member, before they ask for anything.
        let principals = principals
        let accountItself = { (command: Command) in command.requiring { try await principals.requireAccountItself() } }
        // A player's own command: also refused for another role before it asks, by the domain's own read of the
        // player's family ("Only players can manage a family code").
        let service = service
        let playerItself = { (command: Command) in
            command.requiring {
                try await principals.requireAccountItself()
                _ = try await service.members(try await principals.requirePrincipal())
            }
        }
        return [
            FamilyCommand.make(self),
            FamilyCodeCommand.make(self),
            playerItself(FamilyRegenerateCommand.make(self)),
            accountItself(FamilyJoinCommand.make(self)),
            FamilyMembersCommand.make(self),
            accountItself(FamilyRemoveCommand.make(self)),
            accountItself(FamilyLeaveCommand.make(self)),
            FamilyUseCommand.make(self),
            FamilyLogCommand.make(self),
        ]
    }
}
