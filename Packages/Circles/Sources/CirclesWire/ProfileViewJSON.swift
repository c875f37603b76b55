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
