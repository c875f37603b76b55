import Hummingbird
import IdentityWire
import Kernel

extension RouterMethods {
    /// Adds `route` of a Wire module: its method, and its template less `prefix` (the group's own path).
    @discardableResult
    public func on(
        _ route: WireRoute, under prefix: String = "",
        use closure: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        precondition(route.template.hasPrefix(prefix), "\(route) is not under \(prefix)")
        let path = String(route.template.dropFirst(prefix.count))
        return on(RouterPath(path), method: HTTPRequest.Method(rawValue: route.method)!, use: closure)
    }

    /// Adds `route` of a Wire module to the `/api` group.
    @discardableResult
    public func api(
        _ route: WireRoute, use closure: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        on(route, under: "/api/", use: closure)
    }
}
