import Foundation

/// What a profile is: the account's primary, or a shadow of one of three types.
public enum ProfileType: String, Sendable, Codable, CaseIterable, Hashable {
    case primary
    case professional
    case personal
    case anonymous

    /// The types a shadow may have.
    public static let shadowTypes: [ProfileType] = [.professional, .personal, .anonymous]

    /// The shadow type `text` names, surrounding spaces and case aside: what `shadow create` and `POST /api/shadows`
    /// read. Anything else, `primary` included, is `CirclesError.invalidShadowType`.
    public static func shadowType(_ text: String) throws(CirclesError) -> ProfileType {
        let word = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let type = shadowTypes.first(where: { $0.rawValue == word.lowercased() }) else {
            throw CirclesError.invalidShadowType(word)
        }
        return type
    }

    /// What a profile of this type is for, in a line (the seed's description cards for choosing a shadow's type).
    public var summary: String {
        switch self {
        case .primary: "you as your account shows you, the profile every account starts with"
        case .professional: "a work identity, for colleagues and clients"
        case .personal: "a side of you for friends or a community, apart from your primary"
        case .anonymous: "a name that says nothing about who you are"
        }
    }
}
