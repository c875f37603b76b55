import Foundation

/// Kith's JSON, described once: the server's bodies, the HTTP clients' bodies and `--json` all use it.
///
/// Keys are sorted and slashes are not escaped, so the same value is always the same bytes; dates are
/// ISO 8601 in UTC, written in whole seconds and read with or without fractional seconds. Console and
/// Networking know no JSON of their own: whoever composes a `Shell` or a `JSONClient` gives it these.
public enum KithJSON {
    /// The encoder of every body and `--json` value Kith writes.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The decoder of every body Kith reads.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
        }
        return decoder
    }
}
