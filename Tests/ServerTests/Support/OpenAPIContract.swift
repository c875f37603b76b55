import Foundation
import HummingbirdTesting
import Networking
import Synchronization

/// `openapi.json` as a contract to check live exchanges against: the operation a request is for, its request
/// body's schema and its response's schema for the status that came back.
struct OpenAPIContract: Sendable {
    private let document: UncheckedDocument

    /// The parsed document, passed around as the read-only value it is.
    private struct UncheckedDocument: @unchecked Sendable {
        let paths: [String: [String: Any]]
        let components: [String: Any]
        let validator: SchemaValidator
    }

    init() throws {
        let object = try JSONSerialization.jsonObject(with: kithOpenAPIDocument)
        let root = object as? [String: Any] ?? [:]
        document = UncheckedDocument(
            paths: root["paths"] as? [String: [String: Any]] ?? [:],
            components: root["components"] as? [String: Any] ?? [:], validator: SchemaValidator(document: root))
    }

    /// The documented template that `path` (no query) matches, `{...}` matching any one segment.
    func template(for path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return document.paths.keys.sorted().first { template in
            let parts = template.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == segments.count
                && zip(parts, segments).allSatisfy { part, segment in
                    (part.hasPrefix("{") && part.hasSuffix("}")) || part == segment.removingPercentEncoding ?? ""
                        || part == segment
                }
        }
    }

    /// What is wrong with one exchange: an undocumented operation or status, or a body that breaks its schema.
    func problems(method: String, path: String, requestBody: Data?, status: Int, responseBody: Data) -> [String] {
        let name = "\(method) \(path) → \(status)"
        guard let template = template(for: path),
            let operation = document.paths[template]?[method.lowercased()] as? [String: Any]
        else { return ["\(name): no such operation in openapi.json"] }
        var found: [String] = []
        if let requestBody, !requestBody.isEmpty {
            if let schema = jsonSchema(operation["requestBody"]) {
                found += check(requestBody, schema, "\(name) request")
            } else {
                found.append("\(name): a body is sent but none is documented")
            }
        }
        let responses = operation["responses"] as? [String: Any] ?? [:]
        guard let response = responses[String(status)] ?? responses["default"] else {
            return found + ["\(name): the status is not documented"]
        }
        if let schema = jsonSchema(response) {
            found += check(responseBody, schema, "\(name) response")
        } else if !responseBody.isEmpty {
            found.append("\(name): a body came back but none is documented")
        }
        return found
    }

    /// The JSON schema of a request body or response object (following a `$ref` to components).
    private func jsonSchema(_ value: Any?) -> Any? {
        guard var object = value as? [String: Any] else { return nil }
        if let ref = object["$ref"] as? String {
            let parts = ref.split(separator: "/").map(String.init)
            guard parts.count == 4, let group = document.components[parts[2]] as? [String: Any],
                let target = group[parts[3]] as? [String: Any]
            else { return nil }
            object = target
        }
        return ((object["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"]
    }

    private func check(_ body: Data, _ schema: Any, _ name: String) -> [String] {
        guard let value = try? JSONValue.parse(body) else { return ["\(name): not JSON"] }
        return document.validator.problems(value, schema, at: name)
    }
}

/// An `HTTPClient` that checks every exchange it passes on against `openapi.json`, so a test that drives a feature's
/// HTTP service through it also proves the Wire types and the document agree, route by route.
final class ContractCheckingClient: Networking.HTTPClient {
    let next: any Networking.HTTPClient
    let contract: OpenAPIContract
    private let state = Mutex<(problems: [String], operations: Set<String>)>(([], []))

    init(_ next: any Networking.HTTPClient, contract: OpenAPIContract) {
        self.next = next
        self.contract = contract
    }

    func send(_ request: Networking.HTTPRequest) async throws -> Networking.HTTPResponse {
        let response = try await next.send(request)
        let path = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        let found = contract.problems(
            method: request.method.rawValue, path: path, requestBody: request.body, status: response.status,
            responseBody: response.body)
        let operation = "\(request.method.rawValue) \(contract.template(for: path) ?? path)"
        state.withLock {
            $0.problems += found
            $0.operations.insert(operation)
        }
        return response
    }

    /// Every problem seen so far.
    var problems: [String] { state.withLock { $0.problems } }
    /// The operations exercised, as `METHOD /template`.
    var operations: Set<String> { state.withLock { $0.operations } }
}

extension TestServer {
    /// Like `withJSONClient`, with every exchange checked against `openapi.json`; the test sees the checker.
    func withCheckedJSONClient<Value: Sendable>(
        _ test: @Sendable (any TestClientProtocol, JSONClient, ContractCheckingClient) async throws -> Value
    ) async throws -> Value {
        let contract = try OpenAPIContract()
        return try await self.test(.router) { client in
            let checker = ContractCheckingClient(RouterHTTPClient(client: client), contract: contract)
            return try await test(
                client, JSONClient(client: checker, baseURL: RouterHTTPClient.baseURL), checker)
        }
    }
}
