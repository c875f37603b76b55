/// An account looked up for sign-in, with the hash its password is checked against.
struct PasswordCandidate: Sendable {
    var account: Account?
    var passwordHash: String?
}
