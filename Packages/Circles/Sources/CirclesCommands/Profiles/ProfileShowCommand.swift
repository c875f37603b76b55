import Accounts
import Circles
import CirclesWire
import Console
import IdentityWire

/// `profile show [PROFILE]`: the seed's stats row, every field, which circles see it, a shadow's audience and reveal
/// state.
enum ProfileShowCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "profile show", summary: "Your active persona (or PROFILE): fields and who sees them",
            arguments: [
                CirclesArguments.profile
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let profile = try await service.profile(principal, arguments.optionalArgument("PROFILE"))
            let stats = try await service.stats(principal)
            var json = CirclesProfileJSON(profile)
            json.stats = ProfileStatsJSON(contacts: stats.contacts, circles: stats.circles)
            return .value(
                json,
                text: try await render(
                    profile, stats: json.stats, service: service, principal: principal, context: context)
            )
        }
    }

    static func render(
        _ profile: Profile, stats: ProfileStatsJSON? = nil, service: any CirclesService, principal: Principal,
        context: CommandContext
    ) async throws -> String {
        guard !context.json else { return "" }
        let matrix = try await service.accessMatrix(principal, profile: profile.id)
        let active = try await service.activePersona(principal).profileId == profile.id
        return CirclesText.profile(
            profile, active: active, matrix: matrix, circles: matrix.circles, stats: stats, style: context.style)
    }
}
