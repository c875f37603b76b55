import Accounts
import Circles
import CirclesWire
import Console

/// `circles`: Circles Home (mandatory, prepopulated, custom; member counts; the merge-suggestion banner).
enum CirclesCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command("circles", summary: "Your circles, with member counts and merge suggestions") { _, context in
            let principal = try await principals.requirePrincipal()
            let circles = try await service.circles(principal)
            // JSON is the list alone; only people see the banner.
            let suggestions = context.json ? [] : try await service.suggestions(principal)
            return .value(
                circles.map(CircleJSON.init),
                text: CirclesText.home(circles, suggestions: suggestions, style: context.style))
        }
    }
}
