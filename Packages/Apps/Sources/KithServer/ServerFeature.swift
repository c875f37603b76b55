import Accounts
import Foundation
import Hummingbird
import KithComposition
import Logging
import ServiceLifecycle

/// One feature as a server app (`kith-server`, `movienight-server`) composes it: the feature itself (schema, account
/// data, rules), its HTTP routes, and their part of the app's OpenAPI document.
///
/// Kith's features (`ServerFeature.identity`...) and an outside product's are made the same way; a server is
/// `ServerApp(name:features:)` over a list of them.
public struct ServerFeature: Sendable {
    public let feature: Feature
    /// Adds its routes to the context's router (public) and API group (signed in); nil for a feature without routes.
    public let routes: (@Sendable (RouteContext) throws -> Void)?
    /// Its paths, tags and schemas in the app's OpenAPI document: a JSON object with `paths`, and optionally `tags`,
    /// `components.schemas`, `components.securitySchemes` (a feature whose callers prove themselves otherwise than
    /// with the bearer token), `x-kith-export` (see `OpenAPIDocument.exportPart`) and `x-kith-error-codes` (see
    /// `OpenAPIDocument.errorCodesPart`).
    public let openAPI: OpenAPIPart?
    /// The commands it brings for the server's operator (`kith-server apps ...`).
    public let commands: [OperatorCommand]
    /// The services it runs in the background while the server serves (pruning, sending): started with the server's
    /// own, told to stop on a graceful shutdown after the last request was answered; nil for a feature without any.
    public let background: (@Sendable (BackgroundContext) throws -> [any Service])?

    public var name: String { feature.name }

    public init(
        _ feature: Feature, routes: (@Sendable (RouteContext) throws -> Void)? = nil,
        openAPI: OpenAPIPart? = nil, commands: [OperatorCommand] = [],
        background: (@Sendable (BackgroundContext) throws -> [any Service])? = nil
    ) {
        self.feature = feature
        self.routes = routes
        self.openAPI = openAPI
        self.commands = commands
        self.background = background
    }
}

/// What every feature's background services are made with: the composition's services, and the server's metrics
/// and logger (a service logs ids and outcomes, never a secret or a body).
public struct BackgroundContext: Sendable {
    public let services: FeatureServices
    public let metrics: ServerMetrics
    public let logger: Logger

    public init(services: FeatureServices, metrics: ServerMetrics, logger: Logger) {
        self.services = services
        self.metrics = metrics
        self.logger = logger
    }
}

/// What every feature's routes are added with: the composition's services, where to add them, and the server's
/// configuration a route may need.
public struct RouteContext {
    public let services: FeatureServices
    /// The routes anyone may call (sign-up, sign-in): under this, a route sees no principal.
    public let router: Router<KithRequestContext>
    /// `/api/...` behind the bearer token (and `X-Acting-As-Member`): `api.signedIn(route) { principal, ... }`.
    public let api: RouterGroup<KithRequestContext>
    /// The providers accounts may sign in with (a client id configured).
    public let identityProviders: Set<IdentityProvider>
}

/// A feature's part of an OpenAPI document, as JSON text.
public struct OpenAPIPart: Sendable {
    public let json: Data

    public init(json: Data) {
        self.json = json
    }

    /// The part in the JSON file `url` (a feature's resource: `Bundle.module.url(forResource:withExtension:)`); a
    /// missing file is a part with no paths, and the document test of the app says so.
    public init(contentsOf url: URL?) {
        json = url.flatMap { try? Data(contentsOf: $0) } ?? Data("{}".utf8)
    }
}

/// The app's one OpenAPI document, assembled from the server's own part (health, metrics, errors, security) and each
/// feature's, in the features' order.
public enum OpenAPIDocument {
    /// The document of `features`: the server's part with `title` and `description` as its info when given, then each
    /// feature's tags, paths and schemas. A path or schema two features both define is refused, naming both.
    public static func assemble(
        _ features: [ServerFeature], title: String? = nil, description: String? = nil
    ) throws(CompositionError) -> Data {
        guard var document = object(OpenAPIRoutes.serverPart) else {
            throw CompositionError("The server's own OpenAPI part is missing beside the executable")
        }
        if let title { document["info", default: [:]] = info(document["info"], title: title, description: description) }
        var tags = document["tags"] as? [Any] ?? []
        var paths = document["paths"] as? [String: Any] ?? [:]
        var components = document["components"] as? [String: Any] ?? [:]
        var schemas = components["schemas"] as? [String: Any] ?? [:]
        var pathOwners = Dictionary(uniqueKeysWithValues: paths.keys.map { ($0, "the server") })
        var schemaOwners = Dictionary(uniqueKeysWithValues: schemas.keys.map { ($0, "the server") })
        var securitySchemes = components["securitySchemes"] as? [String: Any] ?? [:]
        var securitySchemeOwners = Dictionary(uniqueKeysWithValues: securitySchemes.keys.map { ($0, "the server") })
        var exportParts: [(feature: String, schema: Any)] = []
        var errorCodeOwners = Dictionary(uniqueKeysWithValues: errorCodes(in: schemas).map { ($0, "the server") })
        for feature in features {
            guard let data = feature.openAPI?.json else { continue }
            guard let part = object(data) else {
                throw CompositionError("The OpenAPI part of \(feature.name) is not a JSON object")
            }
            tags += part["tags"] as? [Any] ?? []
            for (path, item) in part["paths"] as? [String: Any] ?? [:] {
                if let owner = pathOwners[path] {
                    throw CompositionError("\(owner) and \(feature.name) both document the path \(path)")
                }
                pathOwners[path] = feature.name
                paths[path] = item
            }
            let partComponents = part["components"] as? [String: Any]
            for (name, scheme) in partComponents?["securitySchemes"] as? [String: Any] ?? [:] {
                if let owner = securitySchemeOwners[name] {
                    throw CompositionError("\(owner) and \(feature.name) both define the security scheme \(name)")
                }
                securitySchemeOwners[name] = feature.name
                securitySchemes[name] = scheme
            }
            let partSchemas = partComponents?["schemas"] as? [String: Any] ?? [:]
            for (name, schema) in partSchemas {
                if let owner = schemaOwners[name] {
                    throw CompositionError("\(owner) and \(feature.name) both define the schema \(name)")
                }
                schemaOwners[name] = feature.name
                schemas[name] = schema
            }
            if let schema = part[exportPart] { exportParts.append((feature.name, schema)) }
            for code in part[errorCodesPart] as? [String] ?? [] {
                if let owner = errorCodeOwners[code] {
                    throw CompositionError("\(owner) and \(feature.name) both define the error code \(code)")
                }
                errorCodeOwners[code] = feature.name
            }
        }
        schemas[errorSchema] = withErrorCodes(schemas[errorSchema], errorCodeOwners.keys.sorted())
        if !exportParts.isEmpty {
            // Each feature's part of `GET /api/me/export` sits under its name, as the export itself writes it: the
            // document lists the parts of the features this app has, and no other.
            guard var export = schemas[exportDocument] as? [String: Any] else {
                throw CompositionError(
                    "\(exportParts[0].feature) documents its part of the export, but no feature defines the schema \(exportDocument)"
                )
            }
            var properties = export["properties"] as? [String: Any] ?? [:]
            for (feature, schema) in exportParts {
                guard properties[feature] == nil else {
                    throw CompositionError("The export document already has a part named \(feature)")
                }
                properties[feature] = schema
            }
            export["properties"] = properties
            schemas[exportDocument] = export
        }
        document["tags"] = tags
        document["paths"] = paths
        components["schemas"] = schemas
        components["securitySchemes"] = securitySchemes
        document["components"] = components
        do {
            return try JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw CompositionError("The OpenAPI document cannot be written: \(error)")
        }
    }

    /// The key of a feature's part that holds the schema of its part of an account's export (`{"$ref":
    /// "#/components/schemas/PreferencesExport"}`), added to `exportDocument`'s properties under the feature's name.
    public static let exportPart = "x-kith-export"
    /// The schema of `GET /api/me/export`'s document (Identity's part defines it).
    public static let exportDocument = "ExportDocument"
    /// The key of a feature's part that lists the error codes its refusals carry (`["circles.cannot_see", ...]`): the
    /// served `errorSchema` offers the server's own codes and those of the app's features, sorted, and no other.
    public static let errorCodesPart = "x-kith-error-codes"
    /// The schema of every error body (the server's part defines it), whose `error` property lists the codes.
    public static let errorSchema = "Error"

    /// The codes `schemas`' error schema lists.
    private static func errorCodes(in schemas: [String: Any]) -> [String] {
        let error = schemas[errorSchema] as? [String: Any]
        let code = (error?["properties"] as? [String: Any])?["error"] as? [String: Any]
        return code?["enum"] as? [String] ?? []
    }

    /// The error schema `schema` with `codes` as its `error` property's values.
    private static func withErrorCodes(_ schema: Any?, _ codes: [String]) -> Any? {
        guard var error = schema as? [String: Any], var properties = error["properties"] as? [String: Any],
            var code = properties["error"] as? [String: Any]
        else { return schema }
        code["enum"] = codes
        properties["error"] = code
        error["properties"] = properties
        return error
    }

    private static func object(_ data: Data?) -> [String: Any]? {
        data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    private static func info(_ info: Any?, title: String, description: String?) -> [String: Any] {
        var info = info as? [String: Any] ?? [:]
        info["title"] = title
        if let description { info["description"] = description }
        return info
    }
}
