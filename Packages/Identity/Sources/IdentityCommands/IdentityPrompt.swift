import Identity

/// The REPL prompt: "dana › " (email local part of the current account) or "kith (signed out) › ".
public enum IdentityPrompt {
    /// The prompt for whoever `service` runs as now, with `suffix` after the name (`dana (as Max) › `);
    /// any failure reads as signed out.
    public static func text(service: any IdentityService, suffix: String? = nil) async -> String {
        guard let principal = try? await service.currentPrincipal(),
            let account = try? await service.account(principal)
        else { return signedOut }
        let local = account.email.split(separator: "@", omittingEmptySubsequences: false).first.map(String.init)
        guard let local, !local.isEmpty else { return signedOut }
        return suffix.map { "\(local) \($0) › " } ?? "\(local) › "
    }

    static let signedOut = "kith (signed out) › "
}
