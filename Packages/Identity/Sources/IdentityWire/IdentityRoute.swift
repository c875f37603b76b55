import Accounts
import Kernel

/// The Identity routes: sign-up and sign-in (public: they hand out the bearer token), sign-out, the account
/// (`/api/me`), households and the managed members of the active one, and the writes made while acting. The
/// bodies are the other types of this module; `openapi.json` documents both, and a test keeps them equal.
public enum IdentityRoute {
    // MARK: - Sessions (sign-up and sign-in need no token)

    public static let signUp = WireRoute("POST", "/api/auth/signup")
    public static let signIn = WireRoute("POST", "/api/auth/signin")
    public static let signOut = WireRoute("POST", "/api/auth/signout")
    /// The state of a token's session (public: the token is the body): how `kith --remote` tells an ended session
    /// from a deleted account.
    public static let sessionState = WireRoute("POST", "/api/auth/session-state")
    /// Mails a recovery code (public; the same answer whether or not an account uses the email).
    public static let forgotPassword = WireRoute("POST", "/api/auth/recovery")
    /// Sets a new password with a recovery code (public); answers with a new session.
    public static let resetPassword = WireRoute("POST", "/api/auth/recovery/reset")
    /// Sign in (200), or sign up from the token (201), with an ID token of Google or Apple; 404 when the server
    /// has no client id for the provider.
    public static let googleSignIn = WireRoute("POST", "/api/auth/google")
    public static let appleSignIn = WireRoute("POST", "/api/auth/apple")

    /// The sign-in route of `provider`.
    public static func signIn(_ provider: IdentityProvider) -> WireRoute {
        switch provider {
        case .google: googleSignIn
        case .apple: appleSignIn
        }
    }

    // MARK: - The signed-in account

    public static let me = WireRoute("GET", "/api/me")
    public static let name = WireRoute("PUT", "/api/me/name")
    public static let role = WireRoute("PUT", "/api/me/role")
    public static let accountType = WireRoute("PUT", "/api/me/account-type")
    public static let password = WireRoute("PUT", "/api/me/password")
    /// Whether the account has a password, and its linked identities.
    public static let signInMethods = WireRoute("GET", "/api/me/identities")
    public static let linkIdentity = WireRoute("POST", "/api/me/identities/{provider}")
    public static let unlinkIdentity = WireRoute("DELETE", "/api/me/identities/{provider}")
    /// Verifies the account's email with its mailed code; answers as `me`.
    public static let verifyEmail = WireRoute("POST", "/api/me/email/verify")
    /// Mails a new verification code.
    public static let resendVerification = WireRoute("POST", "/api/me/email/verify/resend")
    /// Mails a code to a new email (`{email, password?}`); nothing changes until it is confirmed.
    public static let changeEmail = WireRoute("POST", "/api/me/email")
    /// Makes the pending email change with its code; answers as `me`.
    public static let confirmEmailChange = WireRoute("POST", "/api/me/email/confirm")
    /// The account's live sessions (`SessionActivityJSON`, oldest first), the request's own marked `current`.
    public static let sessions = WireRoute("GET", "/api/me/sessions")
    /// Ends one of the account's sessions (204); never the request's own (409 `identity.this_session`).
    public static let endSession = WireRoute("DELETE", "/api/me/sessions/{id}")
    /// Ends every session of the account but the request's own (`SessionsEndedJSON`).
    public static let endOtherSessions = WireRoute("POST", "/api/me/sessions/end-others")

    // MARK: - Two-step sign-in

    /// Finishes a password sign-in that answered 401 `identity.second_factor_required` (public; `SecondFactorBody`);
    /// answers as `signIn`.
    public static let secondFactor = WireRoute("POST", "/api/auth/second-factor")
    /// Whether two-step sign-in is on (`TwoStepStatusJSON`).
    public static let twoStepStatus = WireRoute("GET", "/api/me/2fa")
    /// Begins (`{password}`: the secret and URI) or confirms (`{code}`: the recovery codes) turning it on.
    public static let enableTwoStep = WireRoute("POST", "/api/me/2fa")
    /// Turns it off (`{password, code}`, 204).
    public static let disableTwoStep = WireRoute("DELETE", "/api/me/2fa")
    /// New recovery codes (`{password}`), shown once.
    public static let newRecoveryCodes = WireRoute("POST", "/api/me/2fa/recovery-codes")

    // MARK: - Passkeys (404 `identity.passkeys_not_configured` on all of them without `--passkey-rp-id`)

    /// Creation options for a new passkey of the account (`PasskeyCreationOptions`).
    public static let passkeyRegistrationOptions = WireRoute("POST", "/api/me/passkeys/options")
    /// Registers a passkey (`PasskeyRegistrationBody`; answers `PasskeyJSON`, 201).
    public static let registerPasskey = WireRoute("POST", "/api/me/passkeys")
    /// The account's passkeys (`PasskeyJSON`, oldest first).
    public static let passkeys = WireRoute("GET", "/api/me/passkeys")
    /// Removes one (`PasskeyRemovalBody`, 204).
    public static let removePasskey = WireRoute("DELETE", "/api/me/passkeys/{id}")
    /// Request options for a passkey sign-in (public; `PasskeyRequestOptions`).
    public static let passkeySignInOptions = WireRoute("POST", "/api/auth/passkey/options")
    /// Signs in with a passkey (public; `PasskeySignInBody`); answers as `signIn`.
    public static let passkeySignIn = WireRoute("POST", "/api/auth/passkey")

    // MARK: - Leaving, and taking your data

    /// Deletes the account and everything it holds (`DeleteAccountRequest`, 204); 409 `identity.only_guardian`.
    public static let deleteAccount = WireRoute("DELETE", "/api/me")
    /// Whether the account could be deleted now: answers as `me`, or refuses as the deletion would (nothing changes).
    public static let checkAccountDeletion = WireRoute("GET", "/api/me/deletion")
    /// Everything Kith keeps about the account: one `kith.export.v1` document.
    public static let exportAccount = WireRoute("GET", "/api/me/export")
    /// Everything Kith keeps about a managed member the account guards.
    public static let exportMember = WireRoute("GET", "/api/members/{member}/export")

    // MARK: - Households

    public static let households = WireRoute("GET", "/api/households")
    public static let createHousehold = WireRoute("POST", "/api/households")
    public static let household = WireRoute("GET", "/api/household")
    public static let renameHousehold = WireRoute("PUT", "/api/household/name")
    public static let useHousehold = WireRoute("POST", "/api/households/{household}/use")
    public static let leaveHousehold = WireRoute("POST", "/api/households/{household}/leave")

    // MARK: - Members of the active household

    public static let members = WireRoute("GET", "/api/members")
    public static let addMember = WireRoute("POST", "/api/members")
    public static let removeMember = WireRoute("DELETE", "/api/members/{member}")
    public static let addGuardian = WireRoute("POST", "/api/members/{member}/guardians")
    public static let removeGuardian = WireRoute("DELETE", "/api/members/{member}/guardians/{email}")
    /// A guardian makes a claim code for the member's own account (`ClaimCodeJSON`, shown once).
    public static let graduateMember = WireRoute("POST", "/api/members/{member}/graduate")

    // MARK: - Exit PINs of managed members

    /// Whether the member has a PIN; setting and clearing it need the guardian's password.
    public static let exitPin = WireRoute("GET", "/api/members/{member}/pin")
    public static let setExitPin = WireRoute("PUT", "/api/members/{member}/pin")
    public static let clearExitPin = WireRoute("POST", "/api/members/{member}/pin/clear")
    /// Checks the PIN that leaves the member (204), keeping the wrong-PIN limit; allowed while acting as it.
    public static let verifyExitPin = WireRoute("POST", "/api/members/{member}/pin/verify")

    // MARK: - Acting records

    /// Served with ProfileSession's routes, but the records are Identity's (and `HTTPIdentityService` reads them).
    /// The caller's records; with `activityQuery(member:)`, every guardian's records for that member.
    public static let activity = WireRoute("GET", "/api/activity")

    /// `?member=MEMBER` (an id or exact name) for `activity`.
    public static func activityQuery(member: String) -> String { WireRoute.query(["member": member]) }

    /// Every route of the feature.
    public static let routes = [
        signUp, signIn, signOut, forgotPassword, resetPassword, googleSignIn, appleSignIn, me, name, role, accountType,
        password, linkIdentity,
        unlinkIdentity, verifyEmail, resendVerification, changeEmail, confirmEmailChange, sessions, endSession,
        endOtherSessions, secondFactor, twoStepStatus, enableTwoStep, disableTwoStep, newRecoveryCodes,
        passkeyRegistrationOptions, registerPasskey, passkeys, removePasskey, passkeySignInOptions, passkeySignIn,
        households,
        createHousehold, household, renameHousehold,
        useHousehold, leaveHousehold, members, addMember, removeMember, addGuardian, removeGuardian, exitPin,
        setExitPin, clearExitPin, verifyExitPin, graduateMember, activity,
    ]

    // MARK: - Approvals, maturity and age

    /// While acting (`X-Acting-As-Member`): the member asks (`AskBody`; `ApprovalJSON` with `renewed`, 201 when new).
    /// Not acting: a guardian's pending requests; acting: the member's requests in every state (`[ApprovalJSON]`).
    public static let ask = WireRoute("POST", "/api/approvals")
    public static let approvals = WireRoute("GET", "/api/approvals")
    /// Answers a request (`AnswerBody`; `ApprovalJSON`). 409 `identity.already_approved`/`already_declined` names
    /// the guardian who answered first.
    public static let approve = WireRoute("POST", "/api/approvals/{id}/approve")
    public static let decline = WireRoute("POST", "/api/approvals/{id}/decline")
    /// A guardian sets a managed member's ceiling (`MaturityBody`) or age range (`AgeRangeBody`); `MemberJSON`.
    public static let memberMaturity = WireRoute("PUT", "/api/members/{member}/maturity")
    public static let memberAgeRange = WireRoute("PUT", "/api/members/{member}/age-range")
    /// The account declares its own age range (`AgeRangeBody`); answers as `me`.
    public static let ownAgeRange = WireRoute("PUT", "/api/me/age-range")
}
