import Foundation
import Hummingbird

/// `GET /openapi.json`: the app's document, assembled once when the router is built from the server's own part and
/// each feature's (`OpenAPIDocument`). ServerTests check Kith's against the routes and the Wire types.
enum OpenAPIRoutes {
    /// The server's own part: info, health, metrics, this route, errors and security (`Resources/openapi/base.json`).
    static let serverPart: Data? = resource("base")

    /// The part of one of Kith's features, `Resources/openapi/NAME.json`.
    static func resource(_ name: String) -> Data? {
        Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "openapi").flatMap {
            try? Data(contentsOf: $0)
        }
    }

    static func add(to router: Router<KithRequestContext>, document: [UInt8]) {
        router.get("/openapi.json") { _, _ in
            JSONCoding.bytesResponse(document)
        }
    }
}
