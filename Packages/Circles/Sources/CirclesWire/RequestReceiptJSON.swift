import Circles

/// What asking for a field returns to the viewer (`POST /api/requests`, `request --json`): only `{requestId}`.
public struct RequestReceiptJSON: Codable, Sendable, Equatable {
    public var requestId: String

    /// The JSON of `receipt`.
    public init(_ receipt: RequestReceipt) {
        requestId = receipt.requestId
    }

    /// The receipt again.
    public var receipt: RequestReceipt { RequestReceipt(requestId: requestId) }
}
