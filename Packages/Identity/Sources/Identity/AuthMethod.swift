/// How an account signs in. Only `password` exists today; `sso` is reserved.
public enum AuthMethod: String, Sendable, Codable, CaseIterable, Hashable {
    case password
    case sso
}
