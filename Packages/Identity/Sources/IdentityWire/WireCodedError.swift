/// A domain error as it crosses the wire: each case has a stable code, the HTTP status it is answered with, and
/// the details it carries; a client turns a code and details back into the same case.
///
/// Each feature's Wire module makes its domain error conform, in one table per direction, and a round-trip test
/// runs every case through both. The sentence (`description`) is never part of the mapping, so rewording one
/// breaks nothing.
public protocol WireCodedError: Error, Sendable, CustomStringConvertible {
    /// The code, status and details of this case.
    var wire: WireErrorCase { get }
    /// The case that `code` names, built from `details`; nil when `code` is not one of this type's codes or the
    /// details lack a value the case needs.
    init?(wireCode code: String, details: WireErrorDetails)
}

/// Where a domain error case stands on the wire.
public struct WireErrorCase: Sendable, Equatable {
    /// The stable code, `<feature>.<case>` (e.g. `familyCodes.not_found`).
    public var code: String
    /// The HTTP status code the server answers with (400, 403, 404, 409, 429, ...).
    public var status: Int
    /// The values the case carries; nil when it carries none.
    public var details: WireErrorDetails?

    /// A case on the wire.
    public init(_ code: String, status: Int, details: WireErrorDetails? = nil) {
        self.code = code
        self.status = status
        self.details = details
    }
}

extension WireCodedError {
    /// The error body the server sends for this case.
    public var body: WireError { WireError(error: wire.code, message: description, details: wire.details) }
}
