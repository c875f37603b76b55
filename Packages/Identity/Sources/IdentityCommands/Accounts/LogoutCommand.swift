import Accounts
import Console
import Device
import Identity

/// `logout`: end the current session; the account stays saved.
enum LogoutCommand {
    static func make(
        service: any IdentityService, device: ThisDevice, principals: any PrincipalSource, exitLock: ExitLock?
    ) -> Command {
        Command(
            "logout", summary: "End the current session (the account stays saved)", options: ExitPinInput.options
        ) { arguments, context in
            // Only for the sentence: the service decides whether there is a session to end.
            let email = await currentEmail(service, device)
            try await ExitPinInput.unlocking(exitLock, principals, arguments, context) { try await device.logOut() }
            guard let email else { return .message("Signed out.") }
            return .message("Signed out of \(email). Use `accounts switch \(email)` or `login \(email)` to come back.")
        }
    }

    private static func currentEmail(_ service: any IdentityService, _ device: ThisDevice) async -> String? {
        guard let principal = try? await device.currentPrincipal() else { return nil }
        return try? await service.account(principal).email
    }
}
