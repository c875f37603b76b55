import Accounts
import Circles
import CirclesWire
import Console

/// `view-as CONTACT [--profile PROFILE]`: what that contact gets of your profile, computed from the matrix.
enum ViewAsCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "view-as", summary: "Preview what a contact sees of your active persona (or --profile)",
            arguments: [CirclesArguments.contact],
            options: [
                Option("profile", value: "PROFILE", "preview this profile instead", completion: "profile")
            ]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let reference = arguments.argument("CONTACT")
            let view = try await service.viewAs(principal, contact: reference, profile: arguments.option("profile"))
            guard !context.json else { return .value(ProfileViewJSON(view), text: "") }
            let profile = try await service.profile(principal, view.profileId)
            let contact = try? ReferenceResolver.resolve(
                reference, in: try await service.contacts(principal), kind: .contact, id: \.id, name: \.displayName)
            // How the contact would name this profile in `request`.
            let target = profile.username.map { "@" + $0 } ?? (profile.isShadow ? nil : profile.email) ?? "…"
            let title = "What \(contact?.displayName ?? reference) sees of \(profile.displayName)"
            return .value(
                ProfileViewJSON(view), text: CirclesText.view(view, title: title, target: target, style: context.style))
        }
    }
}
