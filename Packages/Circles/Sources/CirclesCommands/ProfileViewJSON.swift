import Circles

/// `view-as` and `look --json`: `{profileId, fields: {FIELD: value or null}, ask: [FIELD], revealedAs: null or
/// {profileId, displayName, username}}` plus `access: {FIELD: allow|deny|ask}`.
struct ProfileViewJSON: Encodable, Sendable {
    let view: ProfileView

    init(_ view: ProfileView) { self.view = view }

    private enum CodingKeys: String, CodingKey { case profileId, fields, ask, revealedAs, access }
    private enum RevealedKeys: String, CodingKey { case profileId, displayName, username }

    private struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ field: Field) { stringValue = field.rawValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(view.profileId, forKey: .profileId)
        var fields = container.nestedContainer(keyedBy: FieldKey.self, forKey: .fields)
        var access = container.nestedContainer(keyedBy: FieldKey.self, forKey: .access)
        for field in Field.allCases {
            // Every field is listed; deny and ask carry null.
            try fields.encode(view.fields[field] ?? nil, forKey: FieldKey(field))
            try access.encode(view.access[field] ?? .deny, forKey: FieldKey(field))
        }
        try container.encode(view.ask.sorted().map(\.rawValue), forKey: .ask)
        if let revealed = view.revealedAs {
            var nested = container.nestedContainer(keyedBy: RevealedKeys.self, forKey: .revealedAs)
            try nested.encode(revealed.profileId, forKey: .profileId)
            try nested.encode(revealed.displayName, forKey: .displayName)
            try nested.encode(revealed.username, forKey: .username)
        } else {
            try container.encodeNil(forKey: .revealedAs)
        }
    }
}
