import Console
import Foundation
import Households
import Testing

@Suite("member pin set|clear")
struct MemberPinCommandsTests {
    static let password = "correct horse battery"

    /// Dana (guardian of Max) in the Lees, and Sam in the same household; Dana is current.
    func family() async throws -> (device: Device, max: Member) {
        let device = try Device()
        await device.signUp("sam@example.com", first: "Sam", last: "Ray")
        let sam = try #require(try await device.accounts.currentPrincipal())
        await device.signUp("dana@example.com", first: "Dana", last: "Lee")
        let dana = try #require(try await device.accounts.currentPrincipal())
        let home = try await device.service.createHousehold(dana, name: "Lees")
        let max = try await device.service.addManagedMember(dana, displayName: "Max", avatarKey: "")
        _ = try await device.service.joinHousehold(sam, householdId: home.id, role: .parent)
        return (device, max)
    }

    func isSet(_ device: Device) async throws -> Bool {
        let dana = try #require(try await device.accounts.currentPrincipal())
        return try await device.service.exitPinStatus(dana, member: "Max").isSet
    }

    @Test("on a terminal: the guardian's password, then the PIN twice; never echoed anywhere")
    func setOnATerminal() async throws {
        let (device, _) = try await family()
        let typed = ScriptedInteraction(answers: [Self.password, "2468", "2468"])
        let run = await device.run("member pin set Max", interaction: typed)
        #expect(run.exitCode == 0, "\(run.errors)")
        #expect(typed.questions == ["Your password: ", "New PIN (4-8 digits): ", "Repeat the PIN: "])
        #expect(try await isSet(device))
        #expect(!device.transcript.contains("2468"))
        let mismatch = ScriptedInteraction(answers: [Self.password, "1357", "1375"])
        let refused = await device.run("member pin set Max", interaction: mismatch)
        #expect(refused.errors == "error: The PINs do not match: nothing changed.\n")
    }

    @Test("without a terminal: --password-file or KITH_PASSWORD, --pin-file or KITH_PIN; the format is checked")
    func setWithoutATerminal() async throws {
        let (device, _) = try await family()
        let missing = await device.run("member pin set Max", environment: ["KITH_PASSWORD": Self.password])
        #expect(missing.exitCode == 2)
        #expect(missing.errors == "error: A PIN is needed: type it at a terminal, or use --pin-file PATH or KITH_PIN\n")
        let short = await device.run(
            "member pin set Max", environment: ["KITH_PASSWORD": Self.password, "KITH_PIN": "123"])
        #expect(short.errors == "error: A PIN is 4 to 8 digits\n")
        #expect(try await isSet(device) == false)
        let file = try temporaryFile("97531\n")
        let set = await device.run(
            "member pin set Max --pin-file \(file)", json: true, environment: ["KITH_PASSWORD": Self.password])
        #expect(set.exitCode == 0, "\(set.errors)")
        #expect(set.object["displayName"] as? String == "Max")
        #expect(try await isSet(device))
    }

    @Test("clearing needs the guardian's password; a wrong one changes nothing")
    func clear() async throws {
        let (device, _) = try await family()
        let dana = try #require(try await device.accounts.currentPrincipal())
        _ = try await device.service.setExitPin(dana, member: "Max", password: Self.password, pin: "2468")
        let wrong = await device.run("member pin clear Max", environment: ["KITH_PASSWORD": "not the password"])
        #expect(wrong.errors == "error: Email or password is incorrect\n")
        #expect(try await isSet(device))
        let cleared = await device.run("member pin clear Max", environment: ["KITH_PASSWORD": Self.password])
        #expect(cleared.exitCode == 0, "\(cleared.errors)")
        #expect(try await isSet(device) == false)
        let typed = ScriptedInteraction(answers: [Self.password])
        let again = await device.run("member pin clear Max", interaction: typed)
        #expect(again.errors == "error: Max has no exit PIN\n")
        #expect(typed.questions.isEmpty)
    }

    @Test("who may is settled before anything is asked: not a guardian, not signed in")
    func refusedFirst() async throws {
        let (device, _) = try await family()
        _ = try await device.accounts.switchAccount(to: "sam@example.com", password: nil)
        let typed = ScriptedInteraction(answers: [Self.password, "2468", "2468"])
        let sam = await device.run("member pin set Max", interaction: typed)
        #expect(sam.errors == "error: Only a guardian of Max can do that\n")
        #expect(typed.questions.isEmpty)
        try await device.accounts.logOut()
        let nobody = await device.run("member pin clear Max", interaction: typed)
        #expect(nobody.errors == "error: Not signed in. Use `login` or `signup` first.\n")
        #expect(typed.questions.isEmpty)
    }
}
