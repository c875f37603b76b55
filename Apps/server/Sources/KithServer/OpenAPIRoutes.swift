import Hummingbird

/// `GET /openapi.json`: the repository's `Apps/server/openapi.json`, byte for byte (embedded as `OpenAPIDocument`).
enum OpenAPIRoutes {
    static func add(to router: Router<KithRequestContext>) {
        router.get("/openapi.json") { _, _ in JSONCoding.bytesResponse(Array(OpenAPIDocument.json.utf8)) }
    }
}
