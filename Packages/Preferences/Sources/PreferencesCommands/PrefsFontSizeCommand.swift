import Accounts
import Console
import Preferences

/// `prefs font-size S|M|L|XL`.
enum PrefsFontSizeCommand {
    static func make(service: any PreferencesService, principals: any PrincipalSource) -> Command {
        Command(
            "prefs font-size", summary: "Choose the text size: S, M, L or XL",
            arguments: [Argument("SIZE", "the size", choices: FontSize.allCases.map(\.label))]
        ) { arguments, context in
            let label = arguments.argument("SIZE")
            guard let size = FontSize(label: label) else {
                throw UsageError("SIZE must be one of S, M, L, XL, not \(label)")
            }
            return try await PreferencesText.answer(
                principals: principals, headline: "Font size set to \(size.label).", context: context
            ) { try await service.setFontSize($0, size) }
        }
    }
}
