/// A domain error as it crosses the wire: each case has a stable code, the HTTP status it is answered with, and
/// the details it carries; a client turns a code and details back into the same case.
///
/// Each feature's Wire module makes its domain error conform: one table from case to code, and back only for the
/// cases whose details need reading (the rest decode through `plain` and `made`); a round-trip test runs every case
/// through both. The sentence (`description`) is never part of the mapping, so rewording one
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

    /// The case among `cases` (cases that carry nothing) whose code is `code`. Decoding is read off `wire`, so each
    /// code is written once, in the encoding table.
    public static func plain(_ code: String, among cases: [Self]) -> Self? {
        cases.first { $0.wire.code == code }
    }

    /// The case whose code is `code` among those that `makers` build from one value (`value`, from the details):
    /// as `plain`, read off `wire`. Nil when the value is missing.
    public static func made<Value>(_ code: String, from value: Value?, by makers: [@Sendable (Value) -> Self]) -> Self?
    {
        guard let value else { return nil }
        return makers.lazy.map { $0(value) }.first { $0.wire.code == code }
    }
}
