import Foundation

/// Renders a command's JSON value on one line, with the encoder its shell was given (Kith's: `KithJSON`).
public enum JSONOutput {
    public static func render(_ value: any Encodable, with encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// The JSON of a command that has nothing but a sentence to say.
struct MessageJSON: Encodable, Sendable {
    let message: String
}
