import Foundation

/// Renders a command's JSON value on one line, with the encoder its shell was given (Kith's: `KithJSON`).
public enum JSONOutput {
    public static func render(_ value: any Encodable, with encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// For a `Shell` built without an encoder: a copy of IdentityWire's `KithJSON.encoder()`, kept only while some
    /// feature tests still build shells without one (Kith's compositions all pass `KithJSON`); it goes with them.
    public static func encoderForShellsGivenNone() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// The JSON of a command that has nothing but a sentence to say.
struct MessageJSON: Encodable, Sendable {
    let message: String
}
