/// What `signup` asks for.
public struct SignUp: Sendable, Hashable {
    public var email: String
    public var firstName: String
    public var lastName: String
    public var password: String
    public var role: AccountRole
    public var accountType: AccountType
    /// A claim code from `member graduate`: the new account becomes that managed member (nil: a new member of nothing).
    public var claimCode: String?

    /// Creates a sign-up request; role defaults to `member`, type to `private`.
    public init(
        email: String, firstName: String, lastName: String, password: String, role: AccountRole = .member,
        accountType: AccountType = .private, claimCode: String? = nil
    ) {
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.password = password
        self.role = role
        self.accountType = accountType
        self.claimCode = claimCode
    }
}
