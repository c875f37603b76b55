import IdentityCommands
import Testing

/// `login --passkey` and `passkeys add` before any browser is involved: their usage, and a device with no passkey
/// client (the browser itself is tested end to end in headless Chromium).
@Suite("Passkey commands: usage, and a device without passkeys")
struct PasskeyCommandsTests {
    @Test func loginWithAPasskeyTakesNoEmailAndNoProvider() async throws {
        let device = try Device()
        let withEmail = await device.run("login --passkey ada@example.com")
        #expect(withEmail.exitCode == 2)
        #expect(withEmail.errors.contains("login --passkey takes no EMAIL: the passkey says who you are"))
        let withProvider = await device.run("login --passkey --google")
        #expect(withProvider.exitCode == 2)
        #expect(withProvider.errors.contains("Choose one of --google, --apple and --passkey"))
        #expect(await device.run("login").errors.contains("login needs an EMAIL, --google, --apple or --passkey"))
    }

    @Test func withoutAPasskeyClientBothSayPasskeysAreNotSetUp() async throws {
        let device = try Device()
        let login = await device.run("login --passkey")
        #expect(login.exitCode == 1)
        #expect(login.errors == "error: Passkeys are not set up here\n")
        await device.signUp("ada@example.com", first: "Ada", last: "Lovelace")
        let add = await device.run("passkeys add --name Laptop")
        #expect(add.exitCode == 1)
        #expect(add.errors == "error: Passkeys are not set up here\n")
    }

    @Test func addingOneNeedsTheAccountItselfSignedIn() async throws {
        let device = try Device()
        let signedOut = await device.run("passkeys add")
        #expect(signedOut.exitCode == 1)
        #expect(signedOut.errors == "error: Not signed in. Use `login` or `signup` first.\n")
    }
}
