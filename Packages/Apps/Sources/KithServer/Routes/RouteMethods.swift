import Hummingbird
import Synchronization

/// The methods each registered path takes, so a known path asked with another method gets 405 and an
/// `Allow` header instead of the router's 404.
///
/// Filled once the routes are added: middleware is added before them (to wrap them), so it holds this
/// table and reads it per request.
final class RouteMethods: Sendable {
    private let routes = Mutex<[(path: RouterPath, method: HTTPRequest.Method)]>([])

    /// Takes the routes `router` has now.
    func load(from router: Router<KithRequestContext>) {
        let loaded = router.routes.map { (path: $0.path, method: $0.method) }
        routes.withLock { $0 = loaded }
    }

    /// The methods of the routes whose path matches `path`, sorted; empty for an unknown path.
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let matching = routes.withLock { routes in
            routes.filter { Self.matches($0.path, segments) }.map(\.method.rawValue)
        }
        return Set(matching).sorted()
    }

    private static func matches(_ route: RouterPath, _ segments: [Substring]) -> Bool {
        let elements = route.components
        guard elements.count == segments.count else { return false }
        return zip(elements, segments).allSatisfy { element, segment in element ~= segment }
    }
}
