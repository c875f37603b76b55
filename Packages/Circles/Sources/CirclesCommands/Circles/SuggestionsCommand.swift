import Accounts
import Circles
import CirclesWire
import Console

/// `suggestions`: circles that look alike (Jaccard ≥ 0.8), never merged by themselves.
enum SuggestionsCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command("suggestions", summary: "Circles that look similar, with how to merge or dismiss them") {
            _, context in
            let suggestions = try await service.suggestions(try await principals.requirePrincipal())
            return .value(
                suggestions.map(MergeSuggestionJSON.init),
                text: CirclesText.suggestions(suggestions, style: context.style))
        }
    }
}
