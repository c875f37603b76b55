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

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ExportKey.self)
            try container.encode(ExportDocument.format, forKey: ExportKey("format"))
            try container.encode(exportedAt, forKey: ExportKey("exportedAt"))
            try container.encode(Subject(kind: subject.kind, id: subject.id), forKey: ExportKey("subject"))
            for part in parts { try container.encode(part.value, forKey: ExportKey(part.feature)) }
        }
    }

    private struct Subject: Encodable {
        let kind: ExportSubject.Kind
        let id: String
    }
}

/// Named members of one object in an export, filled by several parts (Identity's section is filled by each of its
/// parts): encoded as one JSON object, a nil value left out as a synthesized `Encodable` leaves it out.
public struct ExportFields: Encodable, Sendable {
    private var members: [(name: String, value: any Encodable & Sendable)] = []

    public init() {}

    /// Adds `value` as `name`, or nothing when it is nil. A name is given once: two parts that both wrote one would
    /// make a section whose meaning depends on their order.
    public mutating func set(_ name: String, _ value: (any Encodable & Sendable)?) {
        precondition(!members.contains { $0.name == name }, "export member \(name) set twice")
        guard let value else { return }
        members.append((name, value))
    }

    /// Adds every member of `other`.
    public mutating func merge(_ other: ExportFields) {
        for member in other.members { set(member.name, member.value) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ExportKey.self)
        for member in members { try container.encode(member.value, forKey: ExportKey(member.name)) }
    }
}

/// A member's name in an export's objects, whose members are named by the features and parts that fill them.
private struct ExportKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ text: String) { stringValue = text }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
