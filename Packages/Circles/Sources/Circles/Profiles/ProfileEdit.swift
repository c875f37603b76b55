/// What `profile edit` changes: nil leaves a field alone; "" clears it (never the display name).
public struct ProfileEdit: Sendable, Hashable {
    public var displayName: String?
    public var username: String?
    public var bio: String?
    public var phone: String?
    public var email: String?
    public var photo: String?

    public init(
        displayName: String? = nil, username: String? = nil, bio: String? = nil, phone: String? = nil,
        email: String? = nil, photo: String? = nil
    ) {
        self.displayName = displayName
        self.username = username
        self.bio = bio
        self.phone = phone
        self.email = email
        self.photo = photo
    }
}
