/// One of the things an ambiguous name matched, listed with its id so the user can pick by id.
public struct ReferenceCandidate: Sendable, Codable, Hashable {
    public var id: String
    public var name: String

    /// Creates a candidate.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
