import Kernel

/// Every refusal of the Identity rules; `description` is the sentence a user reads, word for word.
public enum IdentityError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not one `@`, an empty local part, no dot in the domain, or longer than 254 characters.
    case invalidEmail
    /// Another account has this email (compared case-insensitively).
    case emailTaken
    /// A name broke the name rules; `field` says which ("first name", "last name", "name").
    case invalidName(field: String, problem: NameProblem, maxLength: Int)
    /// `me` (and other reserved words) can never be a name.
    case reservedName(String)
    /// Fewer than 8 or more than 256 characters.
    case invalidPassword
    /// A new password on the list of the 10,000 most common.
    case commonPassword
    /// The list of common passwords is missing from this installation, so no new password can be checked.
    case passwordListMissing
    /// A wrong password or an unknown email: the same sentence, so accounts cannot be probed.
    case incorrectCredentials
    /// No live session for this process (or the principal's session ended).
    case notSignedIn
    /// An 11th account would be saved on this device.
    case savedAccountsFull
    /// The saved account to remove is the one this process runs as.
    case cannotRemoveCurrentAccount
    /// `--account EMAIL` named a saved account whose session is not live.
    case sessionEnded(email: String)
    /// The session found for a saved account belongs to another account.
    case sessionMismatch(email: String)
    /// An account-level action attempted while acting as a managed member.
    case notWhileActing(String)
    /// The household already has `capacity` members (8: `Household.capacity`), managed and independent together.
    case householdFull(capacity: Int)
    /// Removing this guardian would leave the managed member NAME without one.
    case needsGuardian(String)
    /// Leaving or removing the account would leave the managed member NAME without a guardian.
    case lastGuardian(String)
    /// A name matched several things.
    case ambiguous(String, candidates: [ReferenceCandidate])
    /// A reference matched nothing.
    case notFound(ReferenceKind, String)
    /// The account has no active household.
    case noActiveHousehold
    /// Only the owner of the household may do this.
    case notHouseholdOwner(String)
    /// Only a guardian of the managed member NAME may do this.
    case notGuardian(String)
    /// The owner of a household cannot leave it or be removed from it.
    case ownerCannotLeave(String)
    /// Only independent members (accounts) of a household may manage its members.
    case notHouseholdMember(String)
    /// The account already belongs to the household it tried to join.
    case alreadyMember(String)
    /// Guardians belong to managed members only.
    case notManaged(String)
    /// A claim code that is unknown, used, expired, or whose member is gone.
    case claimCodeInvalid

    // MARK: - Sign in with Google and Apple

    /// An ID token failed a check (which one is logged, never the token).
    case providerSignInFailed(IdentityProvider)
    /// This server or device has no configuration for the provider.
    case providerNotConfigured(IdentityProvider)
    /// A new account needs a verified email.
    case providerEmailNotVerified(IdentityProvider)
    /// An account already has the token's email: never linked by itself.
    case emailNeedsLink(IdentityProvider)
    /// The provider's identity belongs to another account.
    case identityLinkedElsewhere(IdentityProvider)
    /// The account already has an identity of this provider (another subject).
    case providerAlreadyLinked(IdentityProvider)
    /// The account has no identity of this provider to unlink.
    case providerNotLinked(IdentityProvider)
    /// Unlinking would leave the account no way to sign in.
    case onlySignInMethod
    /// Switching to a saved account, the provider's sign-in gave another account.
    case providerAccountMismatch(IdentityProvider, email: String)

    // MARK: - Exit lock

    /// An exit PIN that is not `minLength` to `maxLength` digits (4 to 8: `ExitPinRules`).
    case invalidPin(minLength: Int, maxLength: Int)
    /// The PIN given to leave a locked member is not its PIN.
    case wrongPin
    /// Too many wrong PINs: leaving is blocked for `retryAfter` more seconds.
    case tooManyWrongPins(retryAfter: Int)
    /// Clearing the PIN of the managed member NAME, which has none.
    case noExitPin(String)
    /// A way out of the locked member NAME (logout, another account) that needs the PIN first.
    case exitLocked(String)

    // MARK: - Mail and verified emails

    /// This server (or `kith`) has no way to send mail, so nothing that needs mail is offered.
    case mailNotConfigured
    /// The code does not match the account's live one (a try is counted).
    case wrongEmailCode
    /// No live code: never sent, used, ended by a newer one, expired, or after 5 wrong tries.
    case emailCodeExpired
    /// Another code was asked for too soon: `retryAfter` more seconds.
    case waitForNewCode(retryAfter: Int)
    /// `verify --resend` for an account whose email is verified already.
    case emailAlreadyVerified
    /// The server requires a verified email, and the account's is not (a code went to `email`).
    case emailNotVerified(email: String)
    /// A recovery code that is wrong, used, ended or expired, or an email no account uses: one sentence for all.
    case recoveryCodeInvalid(email: String)
    /// Too many recovery requests or wrong codes from one address: `retryAfter` more seconds.
    case tooManyTries(retryAfter: Int)
    /// Password sign-in is blocked for this account, this address, or this account from this address: `retryAfter`
    /// more seconds.
    case tooManySignInAttempts(retryAfter: Int)
    /// An email-change code with no pending change to confirm (none, expired, used, or after 5 wrong tries).
    case emailChangeExpired
    /// Changing the email of an account without a password needs a Google or Apple sign-in within 10 minutes.
    case recentSignInNeeded

    // MARK: - Two-step sign-in

    /// The password was right and the account's two-step sign-in is on: `challenge` (valid 5 minutes, used once)
    /// goes with a code to finish. The sentence is the prompt for the code.
    case secondFactorRequired(challenge: String)
    /// A two-step code (or recovery code) that is not right, used already, or from a step already used.
    case wrongSecondFactorCode
    /// The second step's challenge is unknown, used or older than 5 minutes.
    case signInChallengeExpired
    /// `2fa enable` with two-step sign-in on already.
    case twoStepAlreadyOn
    /// `2fa disable` or new recovery codes with two-step sign-in off.
    case twoStepOff
    /// A first code with no setup begun.
    case twoStepNotBegun
    /// Two-step sign-in guards password sign-in: an account without a password cannot turn it on.
    case twoStepNeedsPassword

    // MARK: - Passkeys

    /// The server runs without `--passkey-rp-id`: every passkey call is refused.
    case passkeysNotConfigured
    /// A passkey ceremony (registration or sign-in) failed a check; the log names which, the user reads one sentence.
    case passkeySignInFailed
    /// Removing a passkey from an account without a password needs a sign-in within 10 minutes.
    case recentSignInNeededToRemovePasskey

    // MARK: - Sessions

    /// `sessions end` named the session the caller uses: that is `logout`.
    case thisSession

    // MARK: - Leaving

    /// Deleting the account would leave these managed members (their names) without a guardian.
    case onlyGuardian([String])
    /// Deleting an account without a password needs a Google or Apple sign-in within 10 minutes.
    case recentSignInNeededToDelete
    /// A saved account (or a session's account) was deleted.
    case accountNoLongerExists

    // MARK: - Approvals, maturity and age

    /// `ask` and `requests` are the member's: they need acting as it.
    case askNeedsActing
    /// The member acted as is not one the account may act as (any more): not a managed member of its active household
    /// that it guards.
    case actingNotAvailable
    /// The member has `ApprovalRequest.maxPending` requests waiting already.
    case tooManyPendingRequests
    /// The request was approved already, by the guardian NAME.
    case alreadyApproved(String)
    /// The request was declined already, by the guardian NAME.
    case alreadyDeclined(String)
    /// The request TITLE waited 24 hours unanswered.
    case requestExpired(String)
    /// An answer given while acting as NAME: only approving, in person, with NAME's exit PIN.
    case approvalNeedsPin(String)
    /// A kind that is not purchase, app, content or contact.
    case invalidApprovalKind
    /// An empty title, a title over `maxLength` graphemes (100: `ApprovalAsk.maxTitleLength`), or one with control
    /// characters.
    case invalidApprovalTitle(maxLength: Int)
    /// A price that is not a plain decimal amount.
    case invalidPrice
    /// A currency that is not three letters.
    case invalidCurrency
    /// A price without a currency, or a currency without a price.
    case priceNeedsCurrency
    /// A note over `maxLength` graphemes (500: `ApprovalAsk.maxNoteLength`), or with control characters.
    case invalidNote(maxLength: Int)
    /// A maturity rating that is not all-ages, 7+, 13+, 16+ or 18+.
    case invalidMaturityRating
    /// An age range that is not LOW-HIGH in whole years, LOW at most HIGH, HIGH at most 120.
    case invalidAgeRange

    public var description: String {
        switch self {
        case .invalidEmail: "Please enter a valid email address"
        case .emailTaken: "An account with this email already exists"
        case .invalidName(let field, let problem, let maxLength):
            "Please enter a valid name (1-\(maxLength) characters): the \(field) \(problem)"
        case .reservedName(let name): "\(name) is a reserved word: choose another name"
        case .invalidPassword: "Passwords must be 8 to 256 characters"
        case .commonPassword: "This password is too common. Choose another."
        case .passwordListMissing:
            "The list of common passwords is missing (Identity_Identity.resources beside the program): no new password can be set"
        case .incorrectCredentials: "Email or password is incorrect"
        case .notSignedIn: "Not signed in. Use `login` or `signup` first."
        case .savedAccountsFull: "You can save up to 10 accounts. Remove one first."
        case .cannotRemoveCurrentAccount: "Switch to another account first"
        case .sessionEnded(let email): "The session of \(email) has ended. Use `login \(email)` first."
        case .sessionMismatch(let email): "Could not switch to \(email): its session belongs to another account"
        case .notWhileActing(let name): "Not available while viewing as \(name). Switch back first."
        case .householdFull(let capacity): "This household is full (\(capacity) members)"
        case .needsGuardian(let name): "\(name) needs at least one guardian"
        case .lastGuardian(let name):
            "\(name) has no other guardian. Add another guardian or remove \(name) first."
        case .ambiguous(let name, let candidates):
            "\(name) is ambiguous: " + candidates.map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
        case .notFound(let kind, let name): "No \(kind.rawValue) named \(name)"
        case .noActiveHousehold:
            "No active household. Use `household create NAME` or `household use HOUSEHOLD` first."
        case .notHouseholdOwner(let household): "Only the owner of \(household) can do that"
        case .notGuardian(let name): "Only a guardian of \(name) can do that"
        case .ownerCannotLeave(let household): "The owner of \(household) cannot leave it"
        case .notHouseholdMember(let household): "You are not a member of \(household)"
        case .alreadyMember(let household): "You are already a member of \(household)"
        case .notManaged(let name): "\(name) is not a managed member"
        case .claimCodeInvalid: "This claim code is not valid"
        case .providerSignInFailed(let provider): "\(provider.displayName) sign-in failed. Please try again."
        case .providerNotConfigured(let provider): "\(provider.displayName) sign-in is not set up here"
        case .providerEmailNotVerified(let provider): "Your \(provider.displayName) email address is not verified"
        case .emailNeedsLink(let provider):
            "An account with this email already exists. Sign in with your password, then link \(provider.displayName)."
        case .identityLinkedElsewhere(let provider):
            "This \(provider.displayName) account is already linked to another account"
        case .providerAlreadyLinked(let provider):
            "This account already has a \(provider.displayName) account linked. Unlink it first."
        case .providerNotLinked(let provider): "No \(provider.displayName) account is linked"
        case .onlySignInMethod: "Set a password first, or you could not sign in again."
        case .providerAccountMismatch(let provider, let email): "That \(provider.displayName) account is not \(email)"
        case .invalidPin(let minLength, let maxLength): "A PIN is \(minLength) to \(maxLength) digits"
        case .wrongPin: "Wrong PIN"
        case .tooManyWrongPins(let seconds): "Too many wrong PINs. Try again in \(seconds / 60)m \(seconds % 60)s."
        case .noExitPin(let name): "\(name) has no exit PIN"
        case .exitLocked(let name): "Viewing as \(name) is locked: leaving needs the PIN (`switch me`)."
        case .mailNotConfigured: "Mail is not set up here, so this is not available"
        case .wrongEmailCode: "That code is not right. Check the latest email from Kith."
        case .emailCodeExpired: "That code has expired. Use `verify --resend` for a new one."
        case .waitForNewCode(let seconds): "Please wait \(seconds)s before asking for another code."
        case .emailAlreadyVerified: "Your email is already verified."
        case .emailNotVerified(let email): "Verify your email first: we sent a code to \(email)."
        case .recoveryCodeInvalid(let email):
            "That code is not right or has expired. Use `password forgot \(email)` for a new one."
        case .tooManyTries(let seconds): "Too many tries. Try again in \(seconds / 60)m \(seconds % 60)s."
        case .tooManySignInAttempts(let seconds):
            "Too many sign-in attempts. Try again in \(seconds / 60)m \(seconds % 60)s."
        case .emailChangeExpired: "That code has expired. Use `email change NEW` for a new one."
        case .recentSignInNeeded:
            "Sign in with Google or Apple again (within the last 10 minutes) before changing your email."
        case .secondFactorRequired: "Enter the 6-digit code from your authenticator app (or a recovery code):"
        case .wrongSecondFactorCode: "That code is not right."
        case .signInChallengeExpired: "That sign-in has expired. Sign in again with your password."
        case .twoStepAlreadyOn: "Two-step sign-in is already on."
        case .twoStepOff: "Two-step sign-in is not on. Use `2fa enable` first."
        case .twoStepNotBegun: "Use `2fa enable` first: it shows the secret the code comes from."
        case .twoStepNeedsPassword:
            "Two-step sign-in protects sign-in with a password: set a password first (`password`)."
        case .passkeysNotConfigured: "Passkeys are not set up here"
        case .passkeySignInFailed: "Passkey sign-in failed. Please try again."
        case .recentSignInNeededToRemovePasskey: "Sign in again (within the last 10 minutes) before removing a passkey."
        case .thisSession: "That is this session: use `logout`."
        case .onlyGuardian(let names):
            "You are the only guardian of \(names.joined(separator: ", ")). Add another guardian, graduate them, or remove them first."
        case .recentSignInNeededToDelete:
            "Sign in with Google or Apple again (within the last 10 minutes) before deleting your account."
        case .accountNoLongerExists: "This account no longer exists"
        case .askNeedsActing: "Only while viewing as a family member: use `switch MEMBER` first."
        case .actingNotAvailable: "That profile is not available to act as"
        case .tooManyPendingRequests: "Too many requests waiting. Ask a guardian to look at them first."
        case .alreadyApproved(let name): "Already approved by \(name)."
        case .alreadyDeclined(let name): "Already declined by \(name)."
        case .requestExpired(let title): "The request for \(title) has expired: it can be asked again."
        case .approvalNeedsPin(let name):
            "Not available while viewing as \(name). Switch back first, or approve in person with \(name)'s PIN (--pin)."
        case .invalidApprovalKind: "Please choose a kind: purchase, app, content or contact"
        case .invalidApprovalTitle(let maxLength):
            "Please enter a title (1-\(maxLength) characters, no control characters)"
        case .invalidPrice: "Please enter a price such as 4.99 (digits, at most 3 decimals)"
        case .invalidCurrency: "Please enter a currency as a three-letter code such as EUR"
        case .priceNeedsCurrency: "A price needs its currency, and a currency its price (--price 4.99 --currency EUR)"
        case .invalidNote(let maxLength): "A note is at most \(maxLength) characters, without control characters"
        case .invalidMaturityRating: "Please choose a maturity rating: all-ages, 7+, 13+, 16+ or 18+"
        case .invalidAgeRange:
            "Please enter an age range as LOW-HIGH in whole years, such as 9-12 (LOW at most HIGH, HIGH at most \(AgeRange.oldest))"
        }
    }
}
