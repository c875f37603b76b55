import WebAuthn

/// What commands and HTTP routes call: accounts, sessions, households.
///
/// Every rule of DOMAIN.md's Accounts and Households sections is decided behind this protocol, from the `Principal`
/// passed in; this device's saved accounts are `ThisDevice`'s, over the `DeviceSessions` a service also gives. Errors
/// are `IdentityError` (sentences for users) or infrastructure errors from the store.
public protocol IdentityService: DeviceSessions, ProfileReads {
    // MARK: - Google and Apple

    /// Links the token's identity to the principal's account.
    func linkIdentity(_ principal: Principal, _ signIn: ProviderSignIn) async throws -> LinkedIdentity
    /// Unlinks the account's identity of `provider`, never its only way to sign in.
    func unlinkIdentity(_ principal: Principal, provider: IdentityProvider) async throws

    // MARK: - The signed-in account

    /// Changes first and last name.
    func changeName(_ principal: Principal, firstName: String, lastName: String) async throws -> Account
    /// Changes the account's role.
    func changeRole(_ principal: Principal, to role: AccountRole) async throws -> Account
    /// Makes the account private or corporate (this device's saved entry follows).
    func changeAccountType(_ principal: Principal, to type: AccountType) async throws -> Account
    /// Sets a new password and ends the account's other sessions. `current` must be the password when the account
    /// has one; an account Google or Apple made has none, so its first password needs no current one.
    func changePassword(_ principal: Principal, current: String?, new: String) async throws
    /// How the principal's account can sign in: whether it has a password, and its linked identities.
    func signInMethods(_ principal: Principal) async throws -> SignInMethods

    // MARK: - Verified emails

    /// Verifies the account's email with the code mailed to it ("That code is not right..." counts a wrong try).
    func verifyEmail(_ principal: Principal, code: String) async throws -> Account
    /// Mails a new verification code (ending the older one), within the limits; the address it went to.
    func resendVerification(_ principal: Principal) async throws -> String

    // MARK: - Email change

    /// Mails a 6-digit code to `newEmail` for the principal's account: `password` must be its password (an account
    /// without one needs a Google or Apple sign-in within the last 10 minutes). Nothing changes until confirmed.
    func changeEmail(_ principal: Principal, to newEmail: String, password: String?) async throws -> String
    /// Makes the pending change with its code: the account's email becomes the new one, verified; the old address is
    /// told (naming the new one masked); this device's saved entry follows.
    func confirmEmailChange(_ principal: Principal, code: String) async throws -> Account

    // MARK: - Password recovery

    /// Mails a recovery code to the account that uses `email`, if one does: the same answer, status and time either
    /// way. `clientAddress` is the caller's (its limits), nil for `kith` on its own file.
    func forgotPassword(email: String, clientAddress: String?) async throws
    /// Sets a new password with a recovery code, marks the email verified, ends every session of the account, mails
    /// the notice, and answers with a new session.
    func resetPassword(email: String, code: String, newPassword: String, clientAddress: String?) async throws
        -> SessionGrant

    // MARK: - Bearer sessions (the server)

    /// Creates an account and returns a new session's raw token, once. No device state changes.
    func register(_ request: SignUp) async throws -> SessionGrant
    /// Signs in and returns a new session's raw token, once. No device state changes.
    func signIn(email: String, password: String, clientAddress: String?) async throws -> SessionGrant
    /// Signs in with a provider's ID token and returns a new session's raw token, once. No device state changes.
    func signIn(with signIn: ProviderSignIn) async throws -> ProviderSessionGrant
    /// The principal of a live session's raw token, else "Not signed in".
    func principal(forToken token: String) async throws -> Principal
    /// Ends the session of a raw token (nothing happens for an unknown token).
    func endSession(token: String) async throws
    /// The state of a raw token's session: live (for which account), ended, or deleted with its account.
    func sessionState(token: String) async throws -> DeviceSessionState

    // MARK: - Two-step sign-in

    /// Finishes a password sign-in that answered `secondFactorRequired`: `code` is a TOTP code (a step not used
    /// before) or an unused recovery code; wrong ones count like wrong passwords ("That code is not right.").
    func completeSignIn(challenge: String, code: String, clientAddress: String?) async throws -> SessionGrant
    /// Whether two-step sign-in is on for the principal's account, and how many recovery codes are left.
    func twoStepStatus(_ principal: Principal) async throws -> TwoStepStatus
    /// Begins turning two-step sign-in on (the password is checked): a new secret, its URI; nothing asks for codes
    /// until `confirmTwoStep` accepts a first one.
    func beginTwoStep(_ principal: Principal, password: String) async throws -> TwoStepSetup
    /// Turns two-step sign-in on with a first code from the secret `beginTwoStep` gave; the 10 recovery codes, once.
    func confirmTwoStep(_ principal: Principal, code: String) async throws -> [String]
    /// Turns two-step sign-in off: the password and a code (or a recovery code).
    func disableTwoStep(_ principal: Principal, password: String, code: String) async throws
    /// Replaces the recovery codes with 10 new ones (the password is checked), shown once.
    func newRecoveryCodes(_ principal: Principal, password: String) async throws -> [String]

    // MARK: - Passkeys (without a relying party every call is refused: "Passkeys are not set up here")

    /// Creation options for a new passkey of the principal's own account (not while acting): a fresh challenge
    /// (single use, 5 minutes), the account's user handle, its passkeys excluded.
    func passkeyRegistrationOptions(_ principal: Principal) async throws -> PasskeyCreationOptions
    /// Registers the credential `navigator.credentials.create()` made from those options, named `name` (trimmed,
    /// "Passkey" when empty, at most 64 characters). Any failed check: "Passkey sign-in failed. Please try again."
    func registerPasskey(
        _ principal: Principal, name: String, credential: PasskeyRegistrationCredential
    ) async throws -> Passkey
    /// The account's passkeys, oldest first.
    func passkeys(_ principal: Principal) async throws -> [Passkey]
    /// Removes one of the account's passkeys: the password (an account without one: a sign-in within 10 minutes);
    /// never the account's only way to sign in.
    func removePasskey(_ principal: Principal, id: String, password: String?) async throws
    /// Request options for a passkey sign-in (discoverable credentials: no account named): a fresh challenge. Anyone
    /// may ask, so each address may ask 30 times a minute ("Too many sign-in attempts…" beyond that).
    func passkeySignInOptions(clientAddress: String?) async throws -> PasskeyRequestOptions
    /// A new session for the account whose passkey made `passkey` (two-step sign-in is not asked). Any failed check:
    /// "Passkey sign-in failed. Please try again."; attempts count against the address's sign-in limit.
    func signIn(passkey: PasskeyAssertionCredential, clientAddress: String?) async throws -> SessionGrant

    // MARK: - The account's sessions

    /// The account's live sessions, oldest first, the principal's own marked `current`.
    func sessions(_ principal: Principal) async throws -> [SessionActivity]
    /// Ends one of the account's sessions, durably; never the principal's own ("That is this session: use
    /// `logout`."); an unknown, ended or another account's id is "No session named ID".
    func endSession(_ principal: Principal, id: String) async throws
    /// Ends every session of the account but the principal's own, durably; how many it ended.
    func endOtherSessions(_ principal: Principal) async throws -> Int

    // MARK: - Leaving, and taking your data

    /// The account `account delete` would delete, or why it cannot be now (while acting; as the only guardian of
    /// managed members, every one named). Writes nothing.
    func checkAccountDeletion(_ principal: Principal) async throws -> Account
    /// Deletes the account and everything it holds, in every feature, durably. `password` is the proof (an account
    /// without one needs a Google or Apple sign-in within the last 10 minutes).
    func deleteAccount(_ principal: Principal, password: String?) async throws
    /// Everything Kith keeps about the account, as one `kith.export.v1` document.
    func exportAccount(_ principal: Principal) async throws -> ExportDocument
    /// Everything Kith keeps about a managed member the account guards, for its guardian to review.
    func exportMember(_ principal: Principal, member: String) async throws -> ExportDocument

    // MARK: - Households and managed members

    /// Every household the principal's account belongs to, in the order it joined them.
    func households(_ principal: Principal) async throws -> [Household]
    /// Creates a household owned by the principal and makes it active.
    func createHousehold(_ principal: Principal, name: String) async throws -> Household
    /// Renames the active household (its owner only).
    func renameHousehold(_ principal: Principal, name: String) async throws -> Household
    /// Makes one of the principal's households active.
    func useHousehold(_ principal: Principal, _ reference: String) async throws -> Household
    /// Leaves one of the principal's households (not its owner).
    func leaveHousehold(_ principal: Principal, _ reference: String) async throws
    /// Adds the principal's account to a household by id with `role` and makes it active (FamilyCodes' join).
    ///
    /// The caller has already decided the account may join (e.g. a valid family code); this checks the
    /// cap and membership only.
    func joinHousehold(_ principal: Principal, householdId: String, role: HouseholdRole) async throws -> Household
    /// Adds a managed member to the active household, the principal becoming its guardian.
    func addManagedMember(_ principal: Principal, displayName: String, avatarKey: String) async throws -> Member
    /// Removes a member of the active household: a managed one by a guardian, an independent one by the owner.
    func removeMember(_ principal: Principal, _ reference: String) async throws -> Member
    /// Adds the household member with `email` as a guardian of a managed member.
    func addGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member
    /// Removes a guardian of a managed member, never the last one.
    func removeGuardian(_ principal: Principal, member reference: String, email: String) async throws -> Member
    /// Makes a one-time claim code (7 days) with which a managed member the principal guards signs up as itself.
    func graduateMember(_ principal: Principal, _ reference: String) async throws -> ClaimCodeGrant

    // MARK: - Acting records

    /// The records of writes the principal's account made while acting, oldest first.
    func actingRecords(_ principal: Principal) async throws -> [ActingRecord]
    /// Every record made for a managed member of the active household that the principal guards, by any of its
    /// guardians, oldest first (a guardian's audit; not while acting).
    func memberActivity(_ principal: Principal, member: String) async throws -> [ActingRecord]
}

/// The two reads a principal's switchable profiles are built from (ProfileSession's).
public protocol ProfileReads: Sendable {
    /// The principal's account.
    func account(_ principal: Principal) async throws -> Account
    /// The principal's active household, or nil.
    func activeHousehold(_ principal: Principal) async throws -> Household?
}

extension IdentityService {
    /// Signs in from this process's own address (`kith` on its own file: the device).
    public func signIn(email: String, password: String) async throws -> SessionGrant {
        try await signIn(email: email, password: password, clientAddress: nil)
    }
}
