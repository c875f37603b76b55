import Accounts
import Console
import Identity
import IdentityWire
import Passkeys

/// `passkeys add [--name NAME]`: makes a passkey for the signed-in account in a browser (the device's
/// `PasskeyClient`: kith's loopback page) and registers it. JSON: the passkey as `passkeys` lists it.
enum PasskeysAddCommand {
    static func make(
        service: any IdentityService, principals: any PrincipalSource, passkeys: PasskeyRunner
    ) -> Command {
        Command(
            "passkeys add", summary: "Make a passkey for your account in a browser",
            options: [Option("name", value: "NAME", "what to call it (default \"Passkey\")")],
            details: PasskeyRunner.details
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let name = arguments.option("name") ?? ""
            let passkey = try await passkeys.create(context) {
                try await service.passkeyRegistrationOptions(principal)
            } finish: { credential in
                try await service.registerPasskey(principal, name: name, credential: credential)
            }
            return .value(PasskeyJSON(passkey), text: "Passkey \"\(passkey.name)\" added.")
        }
    }
}
