/// An account looked up for sign-in, with the hash its password is checked against.
package struct PasswordCandidate: Sendable {
    package var account: Account?
    package var passwordHash: String?

    package init(account: Account? = nil, passwordHash: String? = nil) {
        self.account = account
        self.passwordHash = passwordHash
    }
}
