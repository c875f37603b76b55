import Accounts
import Console
import Identity
import IdentityWire

/// `whoami`: the signed-in account, who it acts as, its persona, and (with Circles) the seed's stats row.
enum WhoamiCommand {
    static func make(
        service: any IdentityService, principals: any PrincipalSource, personas: (any PersonaSource)?
    ) -> Command {
        Command("whoami", summary: "Show the signed-in account") { _, context in
            let principal = try await principals.requirePrincipal()
            let account = try await service.account(principal)
            var json = await MeJSON.whoami(account, principal: principal, personas: personas)
            json.stats = await personas?.stats(for: principal)
            if let acting = principal.actingAs {
                // While acting, apps read the member's ceiling and age range, not the account's.
                json.showAgeSignals(of: try await service.activeHousehold(principal)?.member(acting.memberId))
            }
            return .value(
                json,
                text: IdentityText.account(
                    account, principal: principal, persona: json.persona, stats: json.stats, maturity: json.maturity,
                    ageRange: json.ageRange, style: context.style))
        }
    }
}
