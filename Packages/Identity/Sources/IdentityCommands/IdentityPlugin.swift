import Accounts
import Console
import Device
import Households
import Identity
import IdentityWire
import Passkeys

/// The Identity feature's commands: accounts, the saved-accounts switcher, households and managed members.
///
/// Every command calls `any IdentityService` only; the rules live in the domain.
public struct IdentityPlugin: Plugin {
    private let service: any IdentityService
    private let device: ThisDevice
    private let principals: any PrincipalSource
    private let personas: (any PersonaSource)?
    private let signIn: ProviderSignInRunner
    private let passkeys: PasskeyRunner
    private let exitLock: ExitLock?
    private let pins: (any ExitPinService)?
    private let approvals: (any ApprovalService)?

    /// The commands over `service` (local or remote) and this `device`; the caller of each command comes from
    /// `principals` (the device itself, or ProfileSession's manager, which adds whom the account acts as), and the
    /// persona `whoami` shows from `personas` (Circles), else the primary profile; Google and Apple sign-ins run
    /// through `authorization` (none: those providers are not set up), and passkey ceremonies through `passkeys` (none:
    /// `login --passkey` and `passkeys add` say passkeys are not set up). `pins` sets and clears exit PINs, and
    /// `exitLock` lets `logout` and `accounts switch` take the PIN that leaves a locked member (none: no exit lock);
    /// `approvals` asks and answers requests and sets maturity and age ranges (none: those commands are not offered).
    public init(
        service: any IdentityService, device: ThisDevice, principals: (any PrincipalSource)? = nil,
        personas: (any PersonaSource)? = nil,
        authorization: (any ProviderAuthorization)? = nil, passkeys: (any PasskeyClient)? = nil,
        pins: (any ExitPinService)? = nil, exitLock: ExitLock? = nil, approvals: (any ApprovalService)? = nil
    ) {
        self.service = service
        self.approvals = approvals
        self.device = device
        self.pins = pins
        self.exitLock = exitLock
        self.principals = principals ?? device
        self.personas = personas
        signIn = ProviderSignInRunner(authorization: authorization)
        self.passkeys = PasskeyRunner(client: passkeys)
    }

    public var name: String { "identity" }

    public var commands: [Command] {
        // The account's own commands: refused while acting as a member, before they ask for anything.
        let principals = principals
        let accountItself = { (command: Command) in command.requiring { try await principals.requireAccountItself() } }
        return [
            // MARK: - Accounts
            SignupCommand.make(device: device, principals: principals, personas: personas),
            LoginCommand.make(
                service: service, device: device, principals: principals, personas: personas, signIn: signIn,
                passkeys: passkeys),
            LogoutCommand.make(service: service, device: device, principals: principals, exitLock: exitLock),
            WhoamiCommand.make(service: service, principals: principals, personas: personas),
            AccountsCommand.make(device: device),
            AccountsSwitchCommand.make(
                device: device, service: service, principals: principals, signIn: signIn, passkeys: passkeys,
                exitLock: exitLock),
            accountItself(AccountsRemoveCommand.make(device: device, principals: principals)),
            accountItself(NameCommand.make(service: service, principals: principals, personas: personas)),
            accountItself(PasswordCommand.make(service: service, principals: principals)),
            PasswordRecoveryCommands.forgot(service: service),
            PasswordRecoveryCommands.reset(device: device, principals: principals, personas: personas),
            accountItself(RoleCommand.make(service: service, principals: principals, personas: personas)),
            accountItself(AccountTypeCommand.make(service: service, principals: principals, personas: personas)),
            accountItself(LinkCommand.make(service: service, principals: principals, signIn: signIn)),
            accountItself(UnlinkCommand.make(service: service, principals: principals)),
            accountItself(VerifyCommand.make(service: service, principals: principals)),
            accountItself(EmailCommands.change(service: service, principals: principals)),
            accountItself(EmailCommands.confirm(service: service, principals: principals, personas: personas)),
            accountItself(PasskeysCommands.list(service: service, principals: principals)),
            accountItself(PasskeysAddCommand.make(service: service, principals: principals, passkeys: passkeys)),
            accountItself(PasskeysCommands.remove(service: service, principals: principals)),
            accountItself(SessionsCommand.make(service: service, principals: principals)),
            accountItself(SessionsEndCommand.make(service: service, principals: principals)),
        ] + TwoStepCommands.make(service: service, principals: principals).map(accountItself) + [
            accountItself(AccountLeavingCommands.delete(service: service, principals: principals)),
            accountItself(AccountLeavingCommands.exportAccount(service: service, principals: principals)),
            accountItself(AccountLeavingCommands.exportMember(service: service, principals: principals)),
            // MARK: - Households and managed members
            HouseholdCommand.make(service: service, principals: principals),
            HouseholdsCommand.make(service: service, principals: principals),
            accountItself(HouseholdUseCommand.make(service: service, principals: principals)),
            accountItself(HouseholdCreateCommand.make(service: service, principals: principals)),
            accountItself(HouseholdRenameCommand.make(service: service, principals: principals)),
            accountItself(HouseholdLeaveCommand.make(service: service, principals: principals)),
            accountItself(MemberAddCommand.make(service: service, principals: principals)),
            accountItself(MemberRemoveCommand.make(service: service, principals: principals)),
            accountItself(MemberGuardianAddCommand.make(service: service, principals: principals)),
            accountItself(MemberGuardianRemoveCommand.make(service: service, principals: principals)),
            accountItself(MemberGraduateCommand.make(service: service, principals: principals)),
        ] + exitPinCommands(accountItself) + approvalCommands(accountItself)
    }

    /// Ask to approve, maturity and age ranges, when this composition has them. `ask` and `requests` are the member's
    /// (they need acting), `approve` also works in person while acting; the rest are the account's own.
    private func approvalCommands(_ accountItself: (Command) -> Command) -> [Command] {
        guard let approvals else { return [] }
        return [
            ApprovalCommands.ask(service: approvals, principals: principals),
            ApprovalCommands.requests(service: approvals, principals: principals),
            accountItself(ApprovalCommands.approvals(service: approvals, principals: principals)),
            ApprovalCommands.approve(service: approvals, principals: principals),
            accountItself(ApprovalCommands.decline(service: approvals, principals: principals)),
            accountItself(MaturityCommands.memberRating(service: approvals, principals: principals)),
            accountItself(MaturityCommands.memberAge(service: approvals, principals: principals)),
            accountItself(MaturityCommands.ownAge(service: approvals, principals: principals)),
        ]
    }

    /// `member pin set|clear`, when this composition has exit PINs.
    private func exitPinCommands(_ accountItself: (Command) -> Command) -> [Command] {
        guard let pins else { return [] }
        return [
            accountItself(MemberPinSetCommand.make(pins: pins, principals: principals)),
            accountItself(MemberPinClearCommand.make(pins: pins, principals: principals)),
        ]
    }

    /// Saved accounts' emails, the account's households, and the members of its active household.
    public func completionValues() async -> [String: [String]] {
        var values: [String: [String]] = [:]
        if let saved = try? await device.savedAccounts() { values["savedAccount"] = saved.map(\.account.email) }
        guard let principal = try? await principals.currentPrincipal() else { return values }
        if let households = try? await service.households(principal) { values["household"] = households.map(\.name) }
        if let household = try? await service.activeHousehold(principal) {
            values["member"] = household.members.map(\.displayName)
        }
        return values
    }
}
