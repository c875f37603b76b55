import Accounts
import Console
import Foundation
import Testing

@Suite("switch with an exit PIN")
struct ExitLockCommandTests {
    /// A file holding `pin` on its first line, for `--pin-file`.
    func pinFile(_ pin: String) throws -> String {
        let path = NSTemporaryDirectory() + "kith-pin-\(UUID().uuidString)"
        try Data((pin + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("leaving a locked member: refused without a PIN, Wrong PIN changes nothing, the right PIN leaves")
    func switchNeedsThePin() async throws {
        let harness = try Harness()
        let (dana, _) = try await harness.danaAndMax()
        _ = try await harness.identity.setExitPin(dana, member: "Max", password: "password-dana", pin: "4321")
        #expect(await harness.text("switch Max") == "Now viewing as Max\n")

        #expect(
            await harness.run("switch me") == .failed(code: 1, message: IdentityError.exitLocked("Max").description))
        let wrong = try pinFile("1234")
        #expect(await harness.run("switch me --pin-file \(wrong)") == .failed(code: 1, message: "Wrong PIN"))
        #expect(try await harness.manager.currentPrincipal()?.actingAs?.displayName == "Max")
        let right = try pinFile("4321")
        #expect(await harness.text("switch me --pin-file \(right)") == "Now viewing as yourself\n")
        #expect(try await harness.manager.currentPrincipal()?.actingAs == nil)
        #expect(await harness.deviceStore.load().exitLock == nil)
    }

    @Test("KITH_PIN gives the PIN without a terminal")
    func environmentPin() async throws {
        let harness = try Harness(environment: ["KITH_PIN": "4321"])
        let (dana, _) = try await harness.danaAndMax()
        _ = try await harness.identity.setExitPin(dana, member: "Max", password: "password-dana", pin: "4321")
        _ = await harness.text("switch Max")
        #expect(await harness.deviceStore.load().exitLock?.displayName == "Max")
        #expect(await harness.text("switch me") == "Now viewing as yourself\n")
    }
}
