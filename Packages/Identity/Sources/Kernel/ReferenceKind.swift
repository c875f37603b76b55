/// What a reference names, for "No KIND named NAME".
public enum ReferenceKind: String, Sendable, Codable, CaseIterable, Hashable {
    case member
    case contact
    case circle
    case profile
    case household
    case family
    case request
    case account
    case session
    case passkey
}
