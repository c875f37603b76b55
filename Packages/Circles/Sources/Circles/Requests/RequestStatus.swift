/// Where an access request stands.
public enum RequestStatus: String, Sendable, Codable, CaseIterable, Hashable {
    case pending
    case allowed
    case denied
}
