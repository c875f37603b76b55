import Accounts
import Console
import Households
import Identity
import IdentityWire

/// `households`: every household of the account, the active one marked.
enum HouseholdsCommand {
    static func make(service: any IdentityService, principals: any PrincipalSource) -> Command {
        Command("households", summary: "List your households") { _, context in
            let principal = try await principals.requirePrincipal()
            let households = try await service.households(principal)
            let activeId = try await service.activeHousehold(principal)?.id
            let json = households.map { HouseholdJSON($0, active: $0.id == activeId) }
            return .value(
                json, text: render(households, activeId: activeId, principal: principal, style: context.style))
        }
    }

    static func render(_ households: [Household], activeId: String?, principal: Principal, style: Style) -> String {
        guard !households.isEmpty else {
            return "No households yet. Use `household create NAME`."
        }
        var table = Table(headers: ["", "NAME", "YOUR ROLE", "MEMBERS", "ID"], rightAligned: [3], truncated: [1])
        for household in households {
            let active = household.id == activeId
            table.append([
                active ? "›" : "",
                active ? style.bold(household.name) : household.name,
                household.member(principal.accountId)?.role.rawValue ?? "",
                "\(household.members.count)/\(Household.capacity)",
                style.dim(household.id),
            ])
        }
        let heading = style.bold("Households") + " · " + IdentityText.count(households.count, "household")
        var lines = [heading, table.render(style: style)]
        if households.count >= 2 { lines.append(style.dim("› is active; change it with `household use HOUSEHOLD`.")) }
        return lines.joined(separator: "\n")
    }
}
