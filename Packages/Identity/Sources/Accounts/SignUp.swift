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

    /// The role of an account whose sign-up names none.
    public static let defaultRole = AccountRole.member
    /// The type of an account whose sign-up names none.
    public static let defaultAccountType = AccountType.private

    /// Creates a sign-up request; a role or type not given is the default (`member`, `private`), for every client.
    public init(
        email: String, firstName: String, lastName: String, password: String, role: AccountRole? = nil,
        accountType: AccountType? = nil, claimCode: String? = nil
    ) {
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.password = password
        self.role = role ?? Self.defaultRole
        self.accountType = accountType ?? Self.defaultAccountType
        self.claimCode = claimCode
    }
}
