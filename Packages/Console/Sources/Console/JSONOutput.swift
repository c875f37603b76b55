import Foundation

/// Renders a command's JSON value on one line: camelCase keys as declared, ISO-8601 UTC dates.
public enum JSONOutput {
    public static func render(_ value: any Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }
}

/// The JSON of a command that has nothing but a sentence to say.
struct MessageJSON: Encodable, Sendable {
    let message: String
}
