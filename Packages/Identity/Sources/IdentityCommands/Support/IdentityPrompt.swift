import Device
import Identity
import IdentityWire

/// The REPL prompt: "dana › " (email local part of the current account) or "kith (signed out) › ".
public enum IdentityPrompt {
    /// The prompt for whoever `device` runs as now, their account read from `service`: a shadow persona `personas`
    /// reads after the name (`ria · Night Owl › `), then `suffix` (`dana (as Max) › `); any failure reads as signed out.
    public static func text(
        service: any IdentityService, device: ThisDevice, personas: (any PersonaSource)? = nil, suffix: String? = nil
    ) async -> String {
        guard let principal = try? await device.currentPrincipal(),
            let account = try? await service.account(principal)
        else { return signedOut }
        let local = account.email.split(separator: "@", omittingEmptySubsequences: false).first.map(String.init)
        guard var name = local, !name.isEmpty else { return signedOut }
        if let persona = await personas?.persona(for: principal), persona.type != "primary" {
            name += " · \(persona.displayName)"
        }
        return suffix.map { "\(name) \($0) › " } ?? "\(name) › "
    }

    static let signedOut = "kith (signed out) › "
}
