import Accounts
import Hummingbird
import NIOCore

/// The per-request context of every route: the caller once authenticated, and the client's socket address.
public struct KithRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer of the connection; nil in router tests, which have no socket.
    public let remoteAddress: SocketAddress?
    /// The client's address as `ClientAddressMiddleware` found it: the peer's, or with `--trusted-proxy` the one its
    /// trusted proxies forwarded.
    public var clientAddress: String?
    /// Set by `AuthMiddleware` on authenticated routes: the bearer's account, plus `actingAs` when the
    /// `X-Acting-As-Member` header named a member the account may act as.
    public var principal: Principal?

    /// The largest request body accepted: anything larger is answered 413.
    public static let maxBodyBytes = 64 * 1024

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    public var maxUploadSize: Int { Self.maxBodyBytes }

    /// The authenticated caller; routes behind `AuthMiddleware` always have one.
    public func requirePrincipal() throws -> Principal {
        guard let principal else { throw IdentityError.notSignedIn }
        return principal
    }

    /// The key of every per-address limit: the client's address, else the peer's IP address (without the port).
    public var clientAddressKey: String { clientAddress ?? peerAddress ?? "unknown" }

    /// The peer's IP address, without the port.
    var peerAddress: String? {
        guard let remoteAddress else { return nil }
        return remoteAddress.ipAddress ?? remoteAddress.description
    }
}
