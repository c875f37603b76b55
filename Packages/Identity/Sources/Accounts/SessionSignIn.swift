/// How a session was signed in: what a token made from it says in `amr` (RFC 8176), so an app can ask for a stronger
/// sign-in than a password alone. Kept with the session when it is made; nil for sessions made before it was.
public enum SessionSignIn: String, Sendable, Codable, CaseIterable, Hashable {
    /// A password alone (a sign-up included).
    case password
    /// A password, then the authenticator app's code.
    case passwordAndCode = "password+code"
    /// A password, then one of the account's recovery codes.
    case passwordAndRecoveryCode = "password+recovery-code"
    /// A new password set with the code mailed for a reset (the mailbox proved, then the password chosen).
    case passwordReset = "password-reset"
    /// A passkey.
    case passkey
    /// An identity linked from Google.
    case google
    /// An identity linked from Apple.
    case apple
}
