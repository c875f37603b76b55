import Accounts
import Circles
import Console

/// `access set|cycle|allow-all|reset|save|discard`: each changes the matrix of the active persona (or `--profile`'s)
/// and shows the grid under a headline saying what it did; they differ only in their words, arguments and call.
enum AccessEditCommands {
    /// What an editing command does once its arguments are read (a usage error comes before anything is asked):
    /// the call on the matrix of a profile (nil: the active persona), and the headline over the grid it returns.
    struct Edit {
        let apply: @Sendable (Principal, _ profile: String?) async throws -> AccessMatrix
        let headline: @Sendable (AccessMatrix) -> String
    }

    static func make(service: any CirclesService, principals: any PrincipalSource) -> [Command] {
        func editing(
            _ name: String, summary: String, arguments: [Argument] = [],
            read: @escaping @Sendable (ParsedArguments, CommandContext) throws -> Edit
        ) -> Command {
            Command(name, summary: summary, arguments: arguments, options: [AccessCommand.profileOption]) {
                arguments, context in
                let edit = try read(arguments, context)
                let principal = try await principals.requirePrincipal()
                let matrix = try await edit.apply(principal, arguments.option("profile"))
                return try await AccessCommand.output(
                    matrix, headline: edit.headline(matrix), service: service, principal: principal, context: context)
            }
        }
        return [
            editing(
                "access set", summary: "Stage one cell of the matrix (then `access save`)",
                arguments: [
                    CirclesArguments.field,
                    CirclesArguments.circle,
                    Argument("ACCESS", "what the circle gets", choices: Access.allCases.map(\.rawValue)),
                ]
            ) { arguments, _ in
                let field = try CirclesText.field(arguments.argument("FIELD"))
                let access =
                    try arguments.choice(arguments.argument("ACCESS"), as: Access.self, label: "ACCESS") ?? .deny
                let circle = arguments.argument("CIRCLE")
                return Edit { principal, profile in
                    try await service.setAccess(
                        principal, profile: profile, field: field, circle: circle, access: access)
                } headline: { matrix in
                    let name = AccessCommand.circleName(circle, in: matrix)
                    return "Staged: \(field.rawValue) for \(name) → \(access.symbol) \(access.rawValue)."
                }
            },
            editing(
                "access cycle", summary: "Stage the next value of a cell: allow → deny → ask → allow",
                arguments: [CirclesArguments.field, CirclesArguments.circle]
            ) { arguments, _ in
                let field = try CirclesText.field(arguments.argument("FIELD"))
                let circle = arguments.argument("CIRCLE")
                return Edit { principal, profile in
                    try await service.cycleAccess(principal, profile: profile, field: field, circle: circle)
                } headline: { matrix in
                    let name = AccessCommand.circleName(circle, in: matrix)
                    let now = matrix.circles.first { $0.name == name }.flatMap { matrix.access(field, $0.id) }
                    let shown = now.map { " → \($0.symbol) \($0.rawValue)" } ?? ""
                    return "Staged: \(field.rawValue) for \(name)\(shown)."
                }
            },
            editing(
                "access allow-all", summary: "Stage allow for every field of a circle",
                arguments: [CirclesArguments.circle]
            ) { arguments, _ in
                let circle = arguments.argument("CIRCLE")
                return Edit { principal, profile in
                    try await service.allowAll(principal, profile: profile, circle: circle)
                } headline: { matrix in
                    "Staged: every field allowed for \(AccessCommand.circleName(circle, in: matrix))."
                }
            },
            editing("access reset", summary: "Stage the default access for every cell") { _, _ in
                Edit(apply: service.resetAccess) { _ in "Staged: every cell back to its default." }
            },
            editing("access save", summary: "Apply every staged access edit at once") { _, context in
                Edit(apply: service.saveAccess) { _ in
                    context.style.success("Saved.") + " Your access changes apply now."
                }
            },
            editing("access discard", summary: "Drop the staged access edits") { _, _ in
                Edit(apply: service.discardAccess) { _ in "Discarded the staged access changes." }
            },
        ]
    }
}
