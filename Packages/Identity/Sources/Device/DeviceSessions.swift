import Accounts
import WebAuthn

/// What this device asks of the accounts service (the rules in this process, or a server): sessions it keeps a
/// credential of. `ThisDevice` decides everything else.
public protocol DeviceSessions: Sendable {
    /// Creates an account and a session for this device (`IdentityService.register`'s rules).
    func deviceSignUp(_ request: SignUp) async throws -> DeviceSignIn
    /// A new session for this device after the password is checked ("Email or password is incorrect").
    func deviceSignIn(email: String, password: String) async throws -> DeviceSignIn
    /// A new session for this device after the second step of a password sign-in (`IdentityService.completeSignIn`).
    func deviceCompleteSignIn(challenge: String, code: String) async throws -> DeviceSignIn
    /// A new session for this device from a passkey's assertion (`IdentityService.signIn(passkey:clientAddress:)`).
    func deviceSignIn(passkey: PasskeyAssertionCredential) async throws -> DeviceSignIn
    /// A new session for this device after a password reset with a recovery code (`IdentityService.resetPassword`).
    func deviceResetPassword(email: String, code: String, newPassword: String) async throws -> DeviceSignIn
    /// A new session for this device from a Google or Apple ID token: its linked account, or a new one.
    func deviceSignIn(with signIn: ProviderSignIn) async throws -> DeviceSignIn
    /// The principal a saved entry's session gives, or nil once it has ended, as far as can be told without a request
    /// (a server checks a token on the next call anyway).
    func principal(of entry: DeviceState.Entry) async throws -> Principal?
    /// Whether the session of `credential` is live, and whose.
    func sessionState(credential: String) async throws -> DeviceSessionState
    /// Ends the session of `credential` ("Not signed in" when it had ended already).
    func endSession(credential: String) async throws
}

/// A session made for this device.
public struct DeviceSignIn: Sendable, Hashable {
    public var account: Account
    /// A Google or Apple sign-in made the account.
    public var created: Bool
    public var sessionId: String
    /// What this device keeps to use the session (`DeviceState.Entry.credential`).
    public var credential: String
    /// The account's photo as the accounts service knows it; nil when it does not say.
    public var photoURL: String?
    /// Where a verification code went (a sign-up with mail set up).
    public var verificationSentTo: String?

    /// Creates a sign-in.
    public init(account: Account, created: Bool = false, sessionId: String, credential: String, photoURL: String? = nil)
    {
        self.account = account
        self.created = created
        self.sessionId = sessionId
        self.credential = credential
        self.photoURL = photoURL
    }
}
