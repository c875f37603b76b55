/// Adds `X-Acting-As-Member: <memberId>` while the account acts as a managed member; removes it otherwise.
///
/// Wire it to ProfileSession without Networking depending on it:
/// `ActingAsMiddleware { await profileSession.actingAsMemberId }`.
public struct ActingAsMiddleware: HTTPMiddleware {
    /// The header DOMAIN.md names (the same as `ProfileSessionManager.actingAsHeaderName`).
    public static let headerName = "X-Acting-As-Member"

    private let memberId: @Sendable () async throws -> String?

    /// `memberId` is asked on every request: the member acted as, or nil when acting as oneself.
    public init(memberId: @escaping @Sendable () async throws -> String?) {
        self.memberId = memberId
    }

    public func handle(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        var request = request
        if let memberId = try await memberId(), !memberId.isEmpty {
            request.headers[Self.headerName] = memberId
        } else {
            request.headers.remove(Self.headerName)
        }
        return try await next(request)
    }
}
