import Argon2
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Kernel
import KithComposition
import KithServer
import KithServerProducts
import PostgresStorageTesting
import Testing

/// `POST /api/members/{member}/pin/verify` checks the PIN of the member the path resolves to, however the path names
/// it: once a name, another case or a trailing space in the path passed any PIN and was never counted.
@Suite("Exit PINs over HTTP")
struct ExitPinOverHTTPTests {
    enum Engine: String, CaseIterable, Sendable { case sqlite, postgres }

    @Test(arguments: Engine.allCases)
    func everyWayOfNamingTheMemberChecksAndCountsItsPin(_ engine: Engine) async throws {
        let clock = ManualClock()
        let random = SystemRandomSource()
        let hasher = Argon2PasswordHasher(parameters: .testing, random: random)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kith-exit-pin-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let services: ServerServices
        switch engine {
        case .sqlite:
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            services = try ServerServices.sqlite(
                features: ServerApp.kithFeatures, path: directory.appendingPathComponent("kith.sqlite").path,
                options: CompositionOptions(clock: clock, random: random, hasher: hasher))
        case .postgres:
            services = try await ServerServices.postgres(
                features: ServerApp.kithFeatures, url: try await TestPostgres.freshSchemaURL(), poolSize: 2,
                options: CompositionOptions(clock: clock, random: random, hasher: hasher))
        }
        let app = Application(
            router: try KithServerApplication.router(services: services),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            let ann = try await client.signUp("ann@example.com", first: "Ann", role: "parent")
            #expect(
                try await client.send(.post, "/api/households", token: ann.token, body: #"{"name":"Lees"}"#).status
                    == .created)
            let kiddo = try await client.send(
                .post, "/api/members", token: ann.token, body: #"{"displayName":"Kiddo"}"#)
            let id = try #require(try kiddo.object()["memberId"] as? String)
            let set = try await client.send(
                .put, "/api/members/\(id)/pin", token: ann.token,
                body: #"{"password":"correct horse","pin":"1234"}"#)
            #expect(set.status == .ok, "\(set.text)")

            // Four wrong PINs, each naming Kiddo another way: every one is refused and counted.
            for path in ["Kiddo", "kiddo", "\(id)%20", id] {
                let wrong = try await client.send(
                    .post, "/api/members/\(path)/pin/verify", token: ann.token, actingAs: id, body: #"{"pin":"0000"}"#)
                #expect(wrong.status == .forbidden, "\(path): \(wrong.status) \(wrong.text)")
                #expect(try wrong.object()["error"] as? String == "identity.wrong_pin", "\(path)")
            }
            // The fifth blocks leaving, and then even the right PIN waits.
            let fifth = try await client.send(
                .post, "/api/members/KIDDO/pin/verify", token: ann.token, actingAs: id, body: #"{"pin":"0000"}"#)
            #expect(fifth.status == .tooManyRequests, "\(fifth.text)")
            let right = try await client.send(
                .post, "/api/members/Kiddo/pin/verify", token: ann.token, actingAs: id, body: #"{"pin":"1234"}"#)
            #expect(right.status == .tooManyRequests, "\(right.text)")

            // Once the block is over, the right PIN passes by name too.
            clock.advance(by: 15 * 60)
            let later = try await client.send(
                .post, "/api/members/kiddo/pin/verify", token: ann.token, actingAs: id, body: #"{"pin":"1234"}"#)
            #expect(later.status == .noContent, "\(later.text)")

            // A member without a PIN fails closed: nothing to check is not a right PIN.
            let cleared = try await client.send(
                .post, "/api/members/Kiddo/pin/clear", token: ann.token, body: #"{"password":"correct horse"}"#)
            #expect(cleared.status == .ok, "\(cleared.text)")
            let none = try await client.send(
                .post, "/api/members/Kiddo/pin/verify", token: ann.token, actingAs: id, body: #"{"pin":"0000"}"#)
            #expect(none.status == .notFound, "\(none.text)")
            #expect(try none.object()["error"] as? String == "identity.no_exit_pin")
        }
    }
}
