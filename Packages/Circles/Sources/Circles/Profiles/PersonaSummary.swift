/// Who a request is from or a grant is to, as its owner sees it: the requester's persona at request time.
public struct PersonaSummary: Sendable, Hashable {
    public var displayName: String
    public var username: String?

    public init(displayName: String, username: String?) {
        self.displayName = displayName
        self.username = username
    }
}
