import HTTPTypes
import Hummingbird
import Storage

/// The causal token (`Kith-Read-After: X/Y`, a PostgreSQL WAL position): the position a request sent is what its
/// reads must at least see, and an answer to a request whose transactions committed carries the newest commit's
/// position, for the client to send back. Carried through the request as `CausalContext.current`, so no service
/// names it; only a database with replicas reads or fills it. A malformed token is ignored, as if none were sent.
///
/// The token is the client's own guarantee; it is not what keeps an ended session or a revoked grant from being
/// honoured: every read that may go to a replica waits for the primary's position at the read's start anyway (see
/// `PostgresDatabase.read`).
struct ReadAfterMiddleware: RouterMiddleware {
    typealias Context = KithRequestContext

    static let field = HTTPField.Name("Kith-Read-After")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let causal = CausalContext(readAfter: request.headers[Self.field].flatMap { CommitPosition($0) })
        var response = try await CausalContext.$current.withValue(causal) { try await next(request, context) }
        if let committed = causal.committed { response.headers[Self.field] = committed.description }
        return response
    }
}
