import Circles
import IdentityWire
import Kernel

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

// MARK: - Encoding

/// `look` is a server's most frequent answer. Through `JSONEncoder` the synthesized encoding sent every value of the
/// two dictionaries through the encoder's generic path (a dynamic cast per value) and built and sorted a dictionary
/// per object: more than the look's reads. So the members are written once, below, and `sortedJSON` (the server)
/// writes them as text directly while `encode(to:)` (every `JSONEncoder`: `--json`, the HTTP client's tests) gives
/// them to the encoder as plain strings and nulls. A test holds the two byte for byte.
extension ProfileViewJSON: JSONObject {
    func write(to json: inout some JSONObjectWriter) throws {
        try json.strings(CodingKeys.access, access, \.rawValue)
        try json.strings(CodingKeys.ask, ask)
        try json.strings(CodingKeys.fields, fields) { $0 }
        try json.string(CodingKeys.profileId, profileId)
        try json.object(CodingKeys.revealedAs, revealedAs)
    }

    public func encode(to encoder: any Encoder) throws { try encodeMembers(to: encoder) }

    /// The JSON text `JSONEncoder` writes with sorted keys and unescaped slashes (the server's options).
    public var sortedJSON: [UInt8] { JSONText.bytes(of: self) }
}
