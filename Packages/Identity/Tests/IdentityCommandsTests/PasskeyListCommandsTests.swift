import IdentityCommands
import IdentityTesting
import Testing

/// `passkeys` and `passkeys remove ID` over this device's rules, the passkeys registered with the contract's test
/// authenticator (the browser's part is `passkeys add`, tested in Chromium).
@Suite("passkeys and passkeys remove")
struct PasskeyListCommandsTests {
    static let password = "correct horse battery"

    /// A device with passkeys, Ada signed in with one passkey named `name`: the device and the authenticator.
    static func adaWithAPasskey(name: String = "Laptop") async throws -> (Device, TestAuthenticator) {
        let device = try Device(passkeys: PasskeyContract.relyingParty)
        await device.signUp("ada@example.com", first: "Ada", last: "Lovelace", password: password)
        let principal = try #require(try await device.accounts.currentPrincipal())
        var laptop = TestAuthenticator(credentialID: Array("ada-laptop-credential".utf8))
        let options = try await device.service.passkeyRegistrationOptions(principal)
        _ = try await device.service.registerPasskey(principal, name: name, credential: laptop.register(options))
        return (device, laptop)
    }

    @Test func listsNameCreatedLastUsedAndId() async throws {
        let (device, laptop) = try await Self.adaWithAPasskey()
        let text = await device.run("passkeys")
        #expect(text.exitCode == 0)
        #expect(text.output.contains("Laptop") && text.output.contains(laptop.id) && text.output.contains("never"))
        let json = await device.run("passkeys", json: true)
        #expect(json.array.count == 1)
        #expect(json.array.first?["id"] as? String == laptop.id)
        #expect(json.array.first?["name"] as? String == "Laptop")
        #expect(json.array.first?.keys.sorted() == ["createdAt", "id", "lastUsedAt", "name"])
    }

    @Test func removeNeedsThePasswordAndAKnownId() async throws {
        let (device, laptop) = try await Self.adaWithAPasskey()
        let noPassword = await device.run("passkeys remove \(laptop.id)")
        #expect(noPassword.exitCode == 2)
        let wrong = await device.run(
            "passkeys remove \(laptop.id)", environment: ["KITH_PASSWORD": "not the password"])
        #expect(wrong.errors == "error: Email or password is incorrect\n")
        let unknown = await device.run("passkeys remove nope", environment: ["KITH_PASSWORD": Self.password])
        #expect(unknown.exitCode == 1)
        #expect(unknown.errors == "error: No passkey named nope\n")
        let removed = await device.run(
            "passkeys remove \(laptop.id)", json: true, environment: ["KITH_PASSWORD": Self.password])
        #expect(removed.exitCode == 0)
        #expect(removed.object["removed"] as? String == laptop.id)
        #expect(await device.run("passkeys").output == "No passkeys. Add one with `passkeys add`.\n")
        #expect(!device.transcript.contains(Self.password))
    }

    @Test func withoutPasskeysSetUpOrSignedInBothRefuse() async throws {
        let device = try Device()
        #expect(await device.run("passkeys").errors == "error: Not signed in. Use `login` or `signup` first.\n")
        await device.signUp("ada@example.com", first: "Ada", last: "Lovelace", password: Self.password)
        #expect(await device.run("passkeys").errors == "error: Passkeys are not set up here\n")
        let remove = await device.run("passkeys remove x", environment: ["KITH_PASSWORD": Self.password])
        #expect(remove.errors == "error: Passkeys are not set up here\n")
    }
}
