/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's token as sent on the request line, e.g. `GET`.
    public let rawValue: String

    /// A method from its token; tokens are upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// RFC 9110's idempotent methods: repeating them has the same effect as sending them once.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options: true
        default: false
        }
    }

    public var description: String { rawValue }
}
