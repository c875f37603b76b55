import Accounts
import Circles
import CirclesWire
import Console

/// `profile edit [PROFILE] [--display-name V] [--username V] [--bio V] [--phone V] [--email V] [--photo V]`.
enum ProfileEditCommand {
    static func make(service: any CirclesService, principals: any PrincipalSource) -> Command {
        Command(
            "profile edit", summary: "Change fields of your active persona (or PROFILE); \"\" clears one",
            arguments: [
                CirclesArguments.profile
            ],
            options: [
                Option("display-name", value: "V", "the name others see"),
                Option(
                    "username", value: "V",
                    "\(CirclesLimits.usernameLength.lowerBound)-\(CirclesLimits.usernameLength.upperBound) of a-z, 0-9, _ and ."
                ),
                Option("bio", value: "V", "up to \(CirclesLimits.bioMax) characters"),
                Option("phone", value: "V", "a phone number"),
                Option("email", value: "V", "an email address"),
                Option("photo", value: "V", "a photo URL or key"),
            ]
        ) { arguments, context in
            let edit = ProfileEdit(
                displayName: arguments.option("display-name"), username: arguments.option("username"),
                bio: arguments.option("bio"), phone: arguments.option("phone"), email: arguments.option("email"),
                photo: arguments.option("photo"))
            guard edit != ProfileEdit() else {
                throw UsageError(
                    "Nothing to change: give --display-name, --username, --bio, --phone, --email or --photo")
            }
            let principal = try await principals.requirePrincipal()
            let profile = try await service.editProfile(principal, arguments.optionalArgument("PROFILE"), edit)
            let card = try await ProfileShowCommand.render(
                profile, service: service, principal: principal, context: context)
            return .value(
                CirclesProfileJSON(profile), text: "Updated \(context.style.bold(profile.displayName)).\n\n" + card)
        }
    }
}
