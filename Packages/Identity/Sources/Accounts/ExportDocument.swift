import Foundation
import Kernel

/// One export as the JSON document `account export` writes: `"format": "kith.export.v1"`, when, whose, and one
/// member per feature that keeps data about the subject (`identity`, `preferences`, `familyCodes`, `circles`).
///
/// Kept as its bytes: the server sends them as they are, and `kith --remote` writes what it received.
public struct ExportDocument: Sendable, Hashable {
    /// The format's name and version, in the document.
    public static let format = "kith.export.v1"

    /// The document, UTF-8 JSON with sorted keys, indented for reading.
    public let json: Data

    public init(json: Data) {
        self.json = json
    }

    /// The document of `parts` about `subject`, made at `now`.
    public static func assemble(_ parts: [ExportPart], subject: ExportSubject, at now: Date) throws -> ExportDocument {
        let encoder = KithJSON.encoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        return ExportDocument(json: try encoder.encode(Body(subject: subject, exportedAt: now, parts: parts)))
    }

    private struct Body: Encodable {
        let subject: ExportSubject
        let exportedAt: Date
        let parts: [ExportPart]

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(_ text: String) { stringValue = text }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(ExportDocument.format, forKey: Key("format"))
            try container.encode(exportedAt, forKey: Key("exportedAt"))
            try container.encode(Subject(kind: subject.kind, id: subject.id), forKey: Key("subject"))
            for part in parts { try container.encode(part.value, forKey: Key(part.feature)) }
        }
    }

    private struct Subject: Encodable {
        let kind: ExportSubject.Kind
        let id: String
    }
}
