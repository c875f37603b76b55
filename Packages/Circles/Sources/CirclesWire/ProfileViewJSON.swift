import Circles
import IdentityWire

/// A profile as one viewer gets it (`GET /api/look`, `GET /api/view-as/{contact}`, `look` and `view-as --json`):
/// CLI.md's `{profileId, fields: {FIELD: value or null}, ask: [FIELD], revealedAs: null or {...}}` plus `access:
/// {FIELD: allow|deny|ask}`. Every field is listed in `fields` and `access`; denied, asked and unset ones are null.
public struct ProfileViewJSON: Codable, Sendable, Equatable {
    public var profileId: String
    /// Optional values, so a null is written rather than the key left out.
    public var fields: [String: String?]
    /// The fields the viewer may request, in the matrix's row order (names, so that a field a newer server adds
    /// does not stop an older client from reading the rest).
    public var ask: [String]
    @ExplicitNull public var revealedAs: RevealedIdentityJSON?
    public var access: [String: Access]

    /// The JSON of `view`: a field the view does not mention is null and `deny`.
    public init(_ view: ProfileView) {
        profileId = view.profileId
        var fields: [String: String?] = [:]
        var access: [String: Access] = [:]
        for field in Field.allCases {
            fields[field.rawValue] = .some(view.fields[field] ?? nil)
            access[field.rawValue] = view.access[field] ?? .deny
        }
        self.fields = fields
        self.access = access
        ask = view.ask.sorted().map(\.rawValue)
        revealedAs = view.revealedAs.map(RevealedIdentityJSON.init)
    }

    /// The view again: every field, nil where the JSON has null or nothing.
    public var view: ProfileView {
        var values: [Field: String?] = [:]
        for field in Field.allCases { values[field] = .some(fields[field.rawValue] ?? nil) }
        return ProfileView(
            profileId: profileId, fields: values, ask: ask.compactMap(Field.init(rawValue:)),
            revealedAs: revealedAs?.identity, access: Field.keyed(access))
    }
}

extension ProfileViewJSON {
    /// A field's name as a key.
    private struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Written by hand because `look` is a server's most frequent answer: the synthesized encoding of the two
    /// dictionaries sends every value through the encoder's generic path (a dynamic cast per value), which cost more
    /// than the look's reads; here each value is a plain string or null. Same keys and values as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profileId, forKey: .profileId)
        var fieldValues = container.nestedContainer(keyedBy: FieldKey.self, forKey: .fields)
        for (name, value) in fields {
            if let value {
                try fieldValues.encode(value, forKey: FieldKey(stringValue: name))
            } else {
                try fieldValues.encodeNil(forKey: FieldKey(stringValue: name))
            }
        }
        var accessValues = container.nestedContainer(keyedBy: FieldKey.self, forKey: .access)
        for (name, decision) in access {
            try accessValues.encode(decision.rawValue, forKey: FieldKey(stringValue: name))
        }
        var askValues = container.nestedUnkeyedContainer(forKey: .ask)
        for name in ask { try askValues.encode(name) }
        try container.encode(_revealedAs, forKey: .revealedAs)
    }
}

extension ProfileViewJSON {
    /// The JSON text `JSONEncoder` writes with sorted keys and unescaped slashes (the server's options), written
    /// directly: a look's answer through `JSONEncoder` built a dictionary per object and sorted its keys, 8% of a
    /// look's time on the server. A test holds the two byte for byte.
    public var sortedJSON: [UInt8] {
        var text = JSONText()
        text.object(
            [
                (
                    "access",
                    { text in text.object(access.map { name, decision in (name, { $0.string(decision.rawValue) }) }) }
                ),
                ("ask", { text in text.array(ask) }),
                ("fields", { text in text.object(fields.map { name, value in (name, { $0.optionalString(value) }) }) }),
                ("profileId", { $0.string(profileId) }),
                (
                    "revealedAs",
                    { text in
                        guard let revealed = revealedAs else { return text.null() }
                        text.object([
                            ("displayName", { $0.string(revealed.displayName) }),
                            ("profileId", { $0.string(revealed.profileId) }),
                            ("username", { $0.optionalString(revealed.username) }),
                        ])
                    }
                ),
            ])
        return text.bytes
    }
}

/// Compact JSON text as `JSONEncoder` writes it with `.sortedKeys` and `.withoutEscapingSlashes`.
struct JSONText {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(512) }

    /// An object whose members are written in key order, each by its closure.
    mutating func object(_ members: [(key: String, write: (inout JSONText) -> Void)]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(member.key)
            bytes.append(UInt8(ascii: ":"))
            member.write(&self)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func array(_ strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func null() { bytes.append(contentsOf: "null".utf8) }

    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// A string with JSON's escapes: quote, backslash, and control characters (the short forms where JSON has
    /// them); everything else, slashes and non-ASCII included, as its UTF-8.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
