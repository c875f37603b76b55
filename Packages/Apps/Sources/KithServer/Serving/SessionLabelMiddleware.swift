import Accounts
import HTTPTypes
import Hummingbird
import Kernel

/// Binds the client's label (`X-Kith-Client`, else `User-Agent`) as `SessionLabel.current` around each request, so a
/// session the request makes (sign-up, sign-in, Google or Apple, a password reset) records where it was made.
struct SessionLabelMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext

    static let clientField = HTTPField.Name(WireHeaders.client)!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let label = SessionActivity.label(request.headers[Self.clientField] ?? request.headers[.userAgent])
        guard let label else { return try await next(request, context) }
        return try await SessionLabel.$current.withValue(label) { try await next(request, context) }
    }
}
