import Circles
import Console
import Identity

/// `suggestions dismiss ID`: the pair is never suggested again.
enum SuggestionsDismissCommand {
    struct JSON: Encodable, Sendable {
        let suggestionId: String
        let dismissed: Bool
    }

    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "suggestions dismiss", summary: "Never suggest this pair of circles again",
            arguments: [Argument("ID", "a suggestion's id (see `suggestions`)")]
        ) { arguments, _ in
            let id = arguments.argument("ID")
            try await service.dismissSuggestion(try await principals.requirePrincipal(), id)
            return .value(
                JSON(suggestionId: id, dismissed: true), text: "Dismissed: that pair won't be suggested again.")
        }
    }
}
