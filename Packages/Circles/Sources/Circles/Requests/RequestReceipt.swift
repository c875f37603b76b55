/// What `request` returns to the viewer: only the request's id.
public struct RequestReceipt: Sendable, Hashable {
    public var requestId: String

    public init(requestId: String) { self.requestId = requestId }
}
