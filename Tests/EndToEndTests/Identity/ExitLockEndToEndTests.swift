import Foundation
import Testing

/// The exit lock through the built binaries, on a local file and through `kith --remote` against `kith-server`: the
/// child cannot leave the locked member by any door, the right PIN leaves, and wrong PINs from separate processes
/// add up to the block.
@Suite("Exit lock through the built binaries")
struct ExitLockEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-pin-")
    let password = "Pass-\(UUID().uuidString)"
    let pin = "86420135"

    /// One `kith` process, locally (`--db`) or through `server`, with `pin` as `KITH_PIN` when given.
    func kith(
        _ arguments: [String], input: String = "", server: KithServerProcess?, pin: String? = nil
    ) async throws -> KithProcess.Result {
        let target = server.map { ["--remote", $0.url] } ?? ["--db", folder + "/local.sqlite"]
        var environment = ["KITH_PASSWORD": password, "XDG_STATE_HOME": folder + "/state"]
        environment["KITH_PIN"] = pin
        return try await KithProcess.run(target + arguments, input: Data(input.utf8), environment: environment)
    }

    /// Who the next run of `kith` acts as: nil for the account itself.
    func actingAs(_ server: KithServerProcess?) async throws -> String? {
        let run = try await kith(["whoami", "--json"], server: server)
        #expect(run.status == 0, "\(run.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        return (object["actingAs"] as? [String: Any])?["displayName"] as? String
    }

    @Test func theChildCannotLeaveLocally() async throws {
        try await checkTheLock(server: nil)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/local.sqlite"))
        #expect(bytes.range(of: Data(pin.utf8)) == nil, "the PIN rests in the file")
    }

    @Test func theChildCannotLeaveThroughTheServer() async throws {
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        try await checkTheLock(server: server)
        let state = try String(
            contentsOfFile: folder + "/state/kith/remote/127.0.0.1-\(server.port).json", encoding: .utf8)
        #expect(!state.contains(pin))
    }

    func checkTheLock(server: KithServerProcess?) async throws {
        let setUp = try await kith(
            [],
            input: """
                signup eve@example.com --first Eve --last Lee
                signup dana@example.com --first Dana --last Lee
                household create "Lee Family"
                member add Max
                member pin set Max
                """, server: server, pin: pin)
        #expect(setUp.status == 0, "\(setUp.errors)")
        let locked = "Viewing as Max is locked: leaving needs the PIN (`switch me`)."

        // Acting as Max locks this device: quitting and starting again starts as Max.
        #expect(try await kith(["switch", "Max"], server: server).status == 0)
        #expect(try await actingAs(server) == "Max")

        // No door out without the PIN.
        for door in [["switch", "me"], ["accounts", "switch", "eve@example.com"], ["logout"]] {
            let run = try await kith(door, server: server)
            #expect(run.status == 1, "\(door)")
            #expect(run.errors == "error: \(locked)\n", "\(door)")
        }
        let other = try await kith(["--account", "eve@example.com", "whoami"], server: server)
        #expect(other.status == 1)
        #expect(other.errors == "error: \(locked)\n")
        let script = try await kith([], input: "switch me\nwhoami\n", server: server)
        #expect(script.status == 1)
        #expect(script.errors == "error: line 1: \(locked)\n")
        let clearing = try await kith(["member", "pin", "clear", "Max"], server: server)
        #expect(clearing.errors == "error: Not available while viewing as Max. Switch back first.\n")
        #expect(try await actingAs(server) == "Max")

        // A wrong PIN changes nothing; the right one leaves.
        let wrong = try await kith(["switch", "me"], server: server, pin: "1111")
        #expect(wrong.status == 1)
        #expect(wrong.errors == "error: Wrong PIN\n")
        #expect(try await actingAs(server) == "Max")
        let right = try await kith(["switch", "me"], server: server, pin: pin)
        #expect(right.status == 0, "\(right.errors)")
        #expect(right.output == "Now viewing as yourself\n")
        #expect(try await actingAs(server) == nil)

        // Five wrong PINs, each from its own process, block leaving, even with the right PIN.
        #expect(try await kith(["switch", "Max"], server: server).status == 0)
        for _ in 1...4 {
            #expect(try await kith(["logout"], server: server, pin: "0000").errors == "error: Wrong PIN\n")
        }
        let fifth = try await kith(["accounts", "switch", "eve@example.com"], server: server, pin: "0000")
        #expect(fifth.errors.hasPrefix("error: Too many wrong PINs. Try again in 1"), "\(fifth.errors)")
        let blocked = try await kith(["switch", "me"], server: server, pin: pin)
        #expect(blocked.status == 1)
        #expect(blocked.errors.hasPrefix("error: Too many wrong PINs. Try again in 1"), "\(blocked.errors)")
        #expect(try await actingAs(server) == "Max")
        let whoami = try await kith(["whoami", "--json"], server: server)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(whoami.output.utf8)) as? [String: Any])
        #expect(object["email"] as? String == "dana@example.com")
    }
}
