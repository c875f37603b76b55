import Accounts
import Circles
import CirclesWire
import Console

/// `access [PROFILE]`: the matrix as a grid (fields by circles), staged cells marked.
enum AccessCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "access", summary: "The access matrix of your active persona (or PROFILE) as a grid",
            arguments: [
                CirclesArguments.profile
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let matrix = try await service.accessMatrix(principal, profile: arguments.optionalArgument("PROFILE"))
            return try await output(matrix, headline: nil, service: service, principal: principal, context: context)
        }
    }

    /// The `--profile PROFILE` option of the editing commands (the active persona without it).
    static let profileOption = Option(
        "profile", value: "PROFILE", "edit this profile's matrix, not the active persona's", completion: "profile")

    /// A headline (what a staged edit did), then the grid; the matrix as JSON.
    static func output(
        _ matrix: AccessMatrix, headline: String?, service: any CirclesService, principal: Principal,
        context: CommandContext
    ) async throws -> CommandOutput {
        guard !context.json else { return .value(AccessMatrixJSON(matrix), text: "") }
        let profile = try? await service.profile(principal, matrix.profileId)
        let grid = CirclesText.matrix(matrix, profile: profile, style: context.style)
        return .value(AccessMatrixJSON(matrix), text: (headline.map { $0 + "\n\n" } ?? "") + grid)
    }

    /// The circle's name as the matrix shows it, for headlines.
    static func circleName(_ reference: String, in matrix: AccessMatrix) -> String {
        let key = ReferenceResolver.normalizedKey(reference)
        return matrix.circles.first { $0.id == reference || ReferenceResolver.normalizedKey($0.name) == key }?.name
            ?? reference
    }
}
