/// One route of the HTTP contract: its method and its path template as `openapi.json` writes it
/// (`/api/circles/{circle}`). The server registers the template; a client fills it with `path(_:)`.
public struct WireRoute: Sendable, Hashable, CustomStringConvertible {
    /// The method's token: `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    public let method: String
    /// The path template: literal segments and `{name}` parameters.
    public let template: String

    /// A route; `template` starts with `/`.
    public init(_ method: String, _ template: String) {
        self.method = method
        self.template = template
    }

    /// The template with its parameters replaced, in order, by `values`, each escaped as one path segment.
    public func path(_ values: String...) -> String { path(values) }

    /// The template with its parameters replaced, in order, by `values`, each escaped as one path segment.
    public func path(_ values: [String]) -> String {
        var remaining = values[...]
        return template.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), let value = remaining.popFirst() else {
                return String(segment)
            }
            return WireRoute.segment(value)
        }.joined(separator: "/")
    }

    /// `?name=value&...` of the pairs whose value is given, in order, each value escaped as `segment` does; nothing
    /// when no value is given.
    public static func query(_ pairs: KeyValuePairs<String, String?>) -> String {
        let given = pairs.compactMap { name, value in value.map { name + "=" + segment($0) } }
        return given.isEmpty ? "" : "?" + given.joined(separator: "&")
    }

    /// `text` as one path segment: every byte but ASCII letters, digits and `-._~` percent-encoded (UTF-8), so a
    /// name with spaces, a slash, `@` or any script stays one segment whatever the client's locale.
    public static func segment(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                escaped.unicodeScalars.append("%")
                escaped.unicodeScalars.append(hex[Int(byte >> 4)])
                escaped.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return escaped
    }

    public var description: String { "\(method) \(template)" }
}
