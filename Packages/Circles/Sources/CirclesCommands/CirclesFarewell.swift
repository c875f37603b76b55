import Accounts
import Circles

/// What the app says when the REPL ends: the unsaved-access warning, when the caller has staged matrix edits.
public enum CirclesFarewell {
    /// "You have unsaved access changes: `access save` or `access discard`." when any profile of the caller has
    /// staged edits; nil otherwise, or when nobody is signed in or the service cannot answer (leaving never fails).
    public static func note(service: any CirclesService, principals: any PrincipalSource) async -> String? {
        guard let principal = (try? await principals.currentPrincipal()) ?? nil,
            let profiles = try? await service.profilesWithUnsavedAccess(principal), !profiles.isEmpty
        else { return nil }
        return AccessMatrix.unsavedWarning
    }
}
