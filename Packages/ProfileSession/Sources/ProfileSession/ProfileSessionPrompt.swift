/// The acting part of the REPL prompt: the app composes `dana (as Max) › `.
public enum ProfileSessionPrompt {
    /// "(as NAME)" while acting as a managed member, else nil (also when the principal cannot be read).
    public static func suffix(manager: ProfileSessionManager) async -> String? {
        guard let actingAs = try? await manager.currentPrincipal()?.actingAs else { return nil }
        return "(as \(actingAs.displayName))"
    }
}
