import Console
import ProfileSession
import ProfileSessionCommands
import Testing

@Suite("Tab completion of switch")
struct SwitchCompletionTests {
    @Test("switch completes the managed members one guards, and me")
    func switchable() async throws {
        let harness = try Harness()
        let (dana, _) = try await harness.danaAndMax()
        _ = try await harness.identity.addManagedMember(dana, displayName: "Mia", avatarKey: "")
        let plugin = ProfileSessionPlugin(manager: harness.manager, identity: harness.identity)
        let values = await plugin.completionValues()
        #expect(values["switchable"] == ["Max", "Mia", "me"])
        let registry = try CommandRegistry(plugins: [plugin])
        // References are case-insensitive, so `M` also offers `me`.
        #expect(registry.completions(forLine: "switch M", values: values) == ["Max", "Mia", "me"])
        #expect(registry.completions(forLine: "switch ma", values: values) == ["Max"])
    }

    @Test("signed out, nothing completes")
    func signedOut() async throws {
        let harness = try Harness()
        let values = await ProfileSessionPlugin(manager: harness.manager, identity: harness.identity).completionValues()
        #expect(values.isEmpty)
    }
}
