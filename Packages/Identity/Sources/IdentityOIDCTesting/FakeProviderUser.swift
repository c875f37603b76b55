/// The person a `FakeOpenIDProvider` signs in: its authorization endpoint approves this user without asking.
public struct FakeProviderUser: Sendable, Hashable, Codable {
    public var subject: String
    public var email: String
    public var emailVerified: Bool
    public var givenName: String?
    public var familyName: String?

    /// A user; by default with a verified email.
    public init(
        subject: String, email: String, emailVerified: Bool = true, givenName: String? = nil,
        familyName: String? = nil
    ) {
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.givenName = givenName
        self.familyName = familyName
    }
}
