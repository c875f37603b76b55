import Foundation
import Hummingbird

/// `GET /openapi.json`: the server's `Resources/openapi.json` resource, byte for byte, read once when the router is
/// built. It is the one copy of the contract: ServerTests check it against the routes and the Wire types.
enum OpenAPIRoutes {
    /// The document's bytes, or nil when the resource cannot be read (the route then answers 500 and says why in
    /// the log; a build always has it).
    static let document: [UInt8]? = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return Array(data)
    }()

    static func add(to router: Router<KithRequestContext>) {
        let document = document
        router.get("/openapi.json") { _, context in
            guard let document else {
                context.logger.error("the openapi.json resource is missing beside the executable")
                throw APIError.internalError
            }
            return JSONCoding.bytesResponse(document)
        }
    }
}
