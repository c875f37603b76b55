import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import KithServer

@Suite("The OpenAPI document")
struct OpenAPITests {
    @Test func theServedDocumentIsTheAssembledOneByteForByte() async throws {
        let server = try TestServer()
        let file = kithOpenAPIDocument
        try await server.test { client in
            let response = try await client.send(.get, "/openapi.json")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(Data(response.text.utf8) == file)
        }
    }

    /// Features became values that bring their own part of the document (Resources/openapi/NAME.json); the document
    /// they assemble is, as JSON, the one file `kith-server` served before (openapi.json at b198c67). Python's json,
    /// sorted keys and no spaces, gives the fingerprint: a change to the HTTP contract changes it on purpose (last:
    /// Events' feed, its schemas and error codes).
    @Test func kithsAssembledDocumentIsTheOneServedBeforeFeaturesWereValues() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: path) }
        try kithOpenAPIDocument.write(to: path)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            "import hashlib, json, sys; print(hashlib.sha256(json.dumps(json.load(open(sys.argv[1])), "
                + "sort_keys=True, separators=(',', ':'), ensure_ascii=True).encode()).hexdigest())",
            path.path,
        ]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let fingerprint = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        // Last changed on purpose by issue 41: Events' `GET /api/events` (app id and secret), its `EventPage`, `Event`
        // and `EventSubject` schemas and its four error codes; and by issues 42 and 40 (`kith_maturity` and
        // `kith_age_range` in IntrospectionResponse, the form exchange's one `subject_token_type`).
        #expect(
            fingerprint.trimmingCharacters(in: .whitespacesAndNewlines)
                == "c5728f322fedbe4f28153cdbdd67db5a0caf531eba27b5ba913da678ba99a1d4")
    }

    @Test func itIsOpenAPI31AndListsExactlyTheRoutesTheRouterHas() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: kithOpenAPIDocument) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let documented = Set(
            paths.flatMap { path, operations in
                operations.keys.map { "\($0.uppercased()) \(path)" }
            })
        let server = try TestServer()
        let routed = Set(server.router.routes.map { "\($0.method.rawValue) \($0.path.description)" })
        #expect(routed.subtracting(documented).isEmpty, "undocumented: \(routed.subtracting(documented).sorted())")
        #expect(documented.subtracting(routed).isEmpty, "not routed: \(documented.subtracting(routed).sorted())")

        // Public operations say so; every other one needs the bearer scheme and takes X-Acting-As-Member.
        for (path, operations) in paths {
            for (method, value) in operations {
                let operation = try #require(value as? [String: Any])
                let route = "\(method.uppercased()) \(path)"
                let isPublic = publicRoutes.contains(route)
                let security = operation["security"] as? [[String: Any]]
                #expect(isPublic == (security?.isEmpty == true), "\(method) \(path)")
                let responses = try #require(operation["responses"] as? [String: Any])
                // An app's routes take its id and secret as HTTP Basic, and answer 401 without them.
                #expect(
                    appRoutes.contains(route) == (security?.first?["appBasicAuth"] != nil), "\(method) \(path)")
                if appRoutes.contains(route) {
                    #expect(responses["401"] != nil, "\(method) \(path)")
                } else if !isPublic {
                    #expect(responses["401"] != nil && responses["403"] != nil, "\(method) \(path)")
                }
            }
        }
        let components = try #require(document["components"] as? [String: Any])
        let schemes = try #require(components["securitySchemes"] as? [String: [String: Any]])
        #expect(schemes["bearerAuth"]?["scheme"] as? String == "bearer")
        #expect(schemes["appBasicAuth"]?["scheme"] as? String == "basic")
        #expect((components["schemas"] as? [String: Any])?["Error"] != nil)
    }
}
