import Accounts
import Console
import Foundation
import Identity
import IdentityCommands
import Testing

@Suite("sessions and sessions end")
struct SessionCommandsTests {
    /// Dana signed up on this device, then signed in from an iPad a minute later: the iPad's token.
    static func danaWithAnIPad(_ device: Device) async throws -> SessionGrant {
        await device.signUp("dana@example.com", first: "Dana", last: "Reyes")
        device.clock.advance(by: 60)
        return try await SessionLabel.$current.withValue("Kith for iPad") {
            try await device.service.signIn(email: "dana@example.com", password: "correct horse battery")
        }
    }

    @Test("sessions: a table with this one marked, and JSON of every live session")
    func listing() async throws {
        let device = try Device()
        let ipad = try await Self.danaWithAnIPad(device)

        let text = await device.run("sessions")
        #expect(text.exitCode == 0)
        let rows = text.output.split(separator: "\n").map(String.init)
        #expect(rows[0] == "Sessions · 2 live sessions")
        #expect(rows[1].contains("WHERE") && rows[1].contains("LAST USED"))
        #expect(rows[2].hasPrefix("›") && rows[2].contains("unknown (this session)"))
        #expect(rows[2].contains("2025-01-01 00:00 UTC"))
        #expect(rows[3].contains("Kith for iPad") && rows[3].contains("2025-01-01 00:01 UTC"))
        #expect(rows[3].contains(ipad.sessionId) && !rows[3].contains("this session"))
        #expect(rows[4].contains("sessions end --others"))

        let json = await device.run("sessions", json: true).array
        #expect(json.count == 2)
        #expect(json.allSatisfy { keys($0) == ["sessionId", "createdAt", "lastUsedAt", "where", "current"] })
        #expect(json[0]["where"] is NSNull)
        #expect(json[1]["where"] as? String == "Kith for iPad")
        #expect(json.map { $0["current"] as? Bool } == [true, false])
        #expect(json.map { $0["createdAt"] as? String } == ["2025-01-01T00:00:00Z", "2025-01-01T00:01:00Z"])
        #expect(json[1]["sessionId"] as? String == ipad.sessionId)
        #expect(json[1]["lastUsedAt"] as? String == "2025-01-01T00:01:00Z")
    }

    @Test("sessions end: one, then every other; this one and unknown ids are refused; usage")
    func ending() async throws {
        let device = try Device()
        let ipad = try await Self.danaWithAnIPad(device)
        let this = try #require(await device.run("sessions", json: true).array.first?["sessionId"] as? String)

        let neither = await device.run("sessions end")
        #expect(neither.exitCode == 2)
        #expect(neither.errors == "error: Give a session's ID or --others (not both)\n")
        #expect(await device.run("sessions end \(ipad.sessionId) --others").exitCode == 2)

        let refused = await device.run("sessions end \(this)")
        #expect(refused.exitCode == 1)
        #expect(refused.errors == "error: That is this session: use `logout`.\n")
        let unknown = await device.run("sessions end made-up")
        #expect(unknown.exitCode == 1)
        #expect(unknown.errors == "error: No session named made-up\n")

        let ended = await device.run("sessions end \(ipad.sessionId)")
        #expect(ended.exitCode == 0)
        #expect(ended.output == "Session \(ipad.sessionId) ended.\n")
        await #expect(throws: IdentityError.notSignedIn) {
            _ = try await device.service.principal(forToken: ipad.token)
        }
        #expect(
            await device.run("sessions end \(ipad.sessionId)").errors == "error: No session named \(ipad.sessionId)\n")

        let other = try await device.service.signIn(email: "dana@example.com", password: "correct horse battery")
        let others = await device.run("sessions end --others", json: true)
        #expect(others.object["ended"] as? Int == 1)
        await #expect(throws: IdentityError.notSignedIn) {
            _ = try await device.service.principal(forToken: other.token)
        }
        #expect(await device.run("sessions end --others").output == "No other session was live.\n")
        #expect(await device.run("sessions", json: true).array.map { $0["sessionId"] as? String } == [this])
        #expect(await device.run("whoami", json: true).object["email"] as? String == "dana@example.com")

        await device.run("logout")
        #expect(await device.run("sessions").errors == "error: Not signed in. Use `login` or `signup` first.\n")
    }
}
