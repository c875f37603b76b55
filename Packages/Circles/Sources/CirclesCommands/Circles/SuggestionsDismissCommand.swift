import Accounts
import Circles
import CirclesWire
import Console

/// `suggestions dismiss ID`: the pair is never suggested again.
enum SuggestionsDismissCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "suggestions dismiss", summary: "Never suggest this pair of circles again",
            arguments: [Argument("ID", "a suggestion's id (see `suggestions`)")]
        ) { arguments, _ in
            let id = arguments.argument("ID")
            try await service.dismissSuggestion(try await principals.requirePrincipal(), id)
            return .value(
                SuggestionDismissedJSON(suggestionId: id), text: "Dismissed: that pair won't be suggested again.")
        }
    }
}
