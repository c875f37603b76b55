import Foundation
import Networking
import PostgresStorageTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kith --remote sessions` against two built `kith-server`s on one PostgreSQL database: every device's session is
/// listed with its label, and a session ended through one server is refused by the other on its next request.
@Suite("Sessions across two kith-servers on PostgreSQL")
struct SessionsEndToEndTests {
    let folder = makeTemporaryFolder("kith-e2e-sessions-")
    let password = "Pass-\(UUID().uuidString)"

    /// A device that is not `kith`: it signs in and calls the server with its own headers.
    struct Device {
        let headers: HTTPHeaders
        var token = ""

        /// Signs in on `server` as `email`; the session's id.
        mutating func signIn(_ server: KithServerProcess, _ email: String, password: String) async throws -> String {
            let body = #"{"email":"\#(email)","password":"\#(password)"}"#
            let answer = try await call(server, .post, "/api/auth/signin", body: body)
            #expect(answer.status == 200, "\(answer.json)")
            token = answer.json["token"] as? String ?? ""
            return answer.json["sessionId"] as? String ?? ""
        }

        /// `GET /api/me`'s status on `server`.
        func me(_ server: KithServerProcess) async throws -> Int {
            try await call(server, .get, "/api/me").status
        }

        func call(
            _ server: KithServerProcess, _ method: HTTPMethod, _ path: String, body: String? = nil
        ) async throws -> (status: Int, json: [String: Any]) {
            var headers = headers
            headers["Content-Type"] = "application/json"
            if !token.isEmpty { headers["Authorization"] = "Bearer \(token)" }
            let response = try await CurlHTTPClient().send(
                HTTPRequest(
                    method: method, url: URL(string: server.url + path)!, headers: headers,
                    body: body.map { Data($0.utf8) }))
            return (response.status, (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:])
        }
    }

    /// This machine's name as `kith` labels its sessions with it.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = gethostname(&buffer, buffer.count - 1)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func aSessionEndedOnOneServerIsRefusedOnTheOtherAndKithListsEveryDevice() async throws {
        try await TwoServersTests.withTwoServers(on: try await TestPostgres.freshSchemaURL()) { a, b in
            let laptop = KithInMode(server: a, database: folder + "/laptop.sqlite", password: password)
            _ = try await laptop.object("signup", "ann@example.com", "--first", "Ann", "--last", "Lee")
            // A phone app names itself by its User-Agent only; a tablet app by X-Kith-Client.
            var phone = Device(headers: ["User-Agent": "KithPhone/1.0 (iPhone)"])
            let phoneId = try await phone.signIn(b, "ann@example.com", password: password)
            var tablet = Device(headers: ["X-Kith-Client": "Kith for iPad", "User-Agent": "ignored/1.0"])
            let tabletId = try await tablet.signIn(a, "ann@example.com", password: password)
            // Both servers have seen both tokens (server B keeps the phone's principal from now on).
            for server in [a, b] {
                #expect(try await phone.me(server) == 200)
                #expect(try await tablet.me(server) == 200)
            }

            let listed = try await laptop.array("sessions")
            #expect(
                listed.map { $0["where"] as? String } == [
                    "kith on \(Self.hostName)", "KithPhone/1.0 (iPhone)", "Kith for iPad",
                ])
            #expect(listed.map { $0["current"] as? Bool } == [true, false, false])
            #expect(listed.dropFirst().map { $0["sessionId"] as? String } == [phoneId, tabletId])
            #expect(listed.allSatisfy { $0["createdAt"] is String && $0["lastUsedAt"] is String })
            let laptopId = try #require(listed.first?["sessionId"] as? String)
            let text = try await laptop.run("sessions")
            #expect(text.output.contains("KithPhone/1.0 (iPhone)") && text.output.contains("(this session)"))

            // Ended through server A: server B refuses the phone's very next request, the tablet keeps working.
            let ended = try await laptop.run("sessions", "end", phoneId)
            #expect(ended.status == 0, "\(ended.errors)")
            #expect(ended.output == "Session \(phoneId) ended.\n")
            #expect(try await phone.me(b) == 401)
            #expect(try await phone.me(a) == 401)
            #expect(try await tablet.me(b) == 200)

            let this = try await laptop.run("sessions", "end", laptopId)
            #expect(this.status == 1)
            #expect(this.errors == "error: That is this session: use `logout`.\n")
            let unknown = try await laptop.run("sessions", "end", phoneId)
            #expect(unknown.status == 1)
            #expect(unknown.errors == "error: No session named \(phoneId)\n")
            // Every other session ends; this one stays signed in.
            let others = try await laptop.object("sessions", "end", "--others")
            #expect(others["ended"] as? Int == 1)
            #expect(try await tablet.me(b) == 401)
            #expect(try await tablet.me(a) == 401)
            let left = try await laptop.array("sessions")
            #expect(left.map { $0["sessionId"] as? String } == [laptopId])
            #expect(try await laptop.object("whoami")["email"] as? String == "ann@example.com")
        }
    }
}
