import Console
import IdentityCommands
import Testing

@Suite("Tab completion values of the identity commands")
struct IdentityCompletionTests {
    @Test("saved accounts, households and the active household's members complete by name")
    func values() async throws {
        let device = try Device()
        await device.signUp("ana@example.com", first: "Ana", last: "Lee")
        await device.signUp("ben@example.com", first: "Ben", last: "Lee")
        await device.run("household create 'Lee Family'")
        await device.run("member add Max")
        let plugin = IdentityPlugin(service: device.service, device: device.accounts)
        let values = await plugin.completionValues()
        #expect(Set(values["savedAccount"] ?? []) == ["ana@example.com", "ben@example.com"])
        #expect(values["household"] == ["Lee Family"])
        #expect(Set(values["member"] ?? []) == ["Ben Lee", "Max"])
        #expect(device.registry.completions(forLine: "member remove M", values: values) == ["Max"])
        #expect(device.registry.completions(forLine: "accounts switch a", values: values) == ["ana@example.com"])
    }

    @Test("signed out, only the saved accounts complete")
    func signedOut() async throws {
        let device = try Device()
        let values = await IdentityPlugin(service: device.service, device: device.accounts).completionValues()
        #expect(values["savedAccount"] == [])
        #expect(values["member"] == nil)
    }
}
