import Accounts
import Households
import Kernel

/// Identity's refusals on the wire: bad input 400, credentials and sessions 401, what the caller may not do 403,
/// unknown references 404, taken names, caps and state 409.
extension IdentityError: WireCodedError {
    public var wire: WireErrorCase {
        switch self {
        case .invalidEmail: WireErrorCase("identity.invalid_email", status: 400)
        case .emailTaken: WireErrorCase("identity.email_taken", status: 409)
        case .invalidName(let field, let problem, let maxLength):
            WireErrorCase(
                "identity.invalid_name", status: 400,
                details: NameProblem.wireDetails(field: field, problem: problem, maxLength: maxLength))
        case .reservedName(let name): WireErrorCase("identity.reserved_name", status: 400, details: .init(name: name))
        case .invalidPassword: WireErrorCase("identity.invalid_password", status: 400)
        case .commonPassword: WireErrorCase("identity.common_password", status: 400)
        case .passwordListMissing: WireErrorCase("identity.password_list_missing", status: 500)
        case .incorrectCredentials: WireErrorCase("identity.incorrect_credentials", status: 401)
        case .notSignedIn: WireErrorCase("identity.not_signed_in", status: 401)
        case .savedAccountsFull: WireErrorCase("identity.saved_accounts_full", status: 409)
        case .cannotRemoveCurrentAccount: WireErrorCase("identity.cannot_remove_current_account", status: 409)
        case .sessionEnded(let email):
            WireErrorCase("identity.session_ended", status: 401, details: .init(name: email))
        case .sessionMismatch(let email):
            WireErrorCase("identity.session_mismatch", status: 401, details: .init(name: email))
        case .notWhileActing(let name):
            WireErrorCase("identity.not_while_acting", status: 403, details: .init(name: name))
        case .householdFull: WireErrorCase("identity.household_full", status: 409)
        case .needsGuardian(let name): WireErrorCase("identity.needs_guardian", status: 409, details: .init(name: name))
        case .lastGuardian(let name): WireErrorCase("identity.last_guardian", status: 409, details: .init(name: name))
        case .ambiguous(let name, let candidates):
            WireErrorCase("identity.ambiguous", status: 400, details: .init(name: name, candidates: candidates))
        case .notFound(let kind, let name):
            WireErrorCase("identity.not_found", status: 404, details: .init(name: name, kind: kind.rawValue))
        case .noActiveHousehold: WireErrorCase("identity.no_active_household", status: 404)
        case .notHouseholdOwner(let household):
            WireErrorCase("identity.not_household_owner", status: 403, details: .init(name: household))
        case .notGuardian(let name): WireErrorCase("identity.not_guardian", status: 403, details: .init(name: name))
        case .ownerCannotLeave(let household):
            WireErrorCase("identity.owner_cannot_leave", status: 403, details: .init(name: household))
        case .notHouseholdMember(let household):
            WireErrorCase("identity.not_household_member", status: 403, details: .init(name: household))
        case .alreadyMember(let household):
            WireErrorCase("identity.already_member", status: 409, details: .init(name: household))
        case .notManaged(let name): WireErrorCase("identity.not_managed", status: 400, details: .init(name: name))
        case .claimCodeInvalid: WireErrorCase("identity.claim_code_invalid", status: 400)
        case .providerSignInFailed(let provider): Self.provider("identity.provider_sign_in_failed", 401, provider)
        case .providerNotConfigured(let provider): Self.provider("identity.provider_not_configured", 404, provider)
        case .providerEmailNotVerified(let provider):
            Self.provider("identity.provider_email_not_verified", 403, provider)
        case .emailNeedsLink(let provider): Self.provider("identity.email_needs_link", 409, provider)
        case .identityLinkedElsewhere(let provider): Self.provider("identity.identity_linked_elsewhere", 409, provider)
        case .providerAlreadyLinked(let provider): Self.provider("identity.provider_already_linked", 409, provider)
        case .providerNotLinked(let provider): Self.provider("identity.provider_not_linked", 404, provider)
        case .onlySignInMethod: WireErrorCase("identity.only_sign_in_method", status: 409)
        case .providerAccountMismatch(let provider, let email):
            WireErrorCase(
                "identity.provider_account_mismatch", status: 401, details: .init(name: email, kind: provider.rawValue))
        case .invalidPin: WireErrorCase("identity.invalid_pin", status: 400)
        case .wrongPin: WireErrorCase("identity.wrong_pin", status: 403)
        case .tooManyWrongPins(let seconds):
            WireErrorCase("identity.too_many_wrong_pins", status: 429, details: .init(retryAfterSeconds: seconds))
        case .noExitPin(let name): WireErrorCase("identity.no_exit_pin", status: 404, details: .init(name: name))
        case .exitLocked(let name): WireErrorCase("identity.exit_locked", status: 403, details: .init(name: name))
        case .mailNotConfigured: WireErrorCase("identity.mail_not_configured", status: 404)
        case .wrongEmailCode: WireErrorCase("identity.wrong_code", status: 400)
        case .emailCodeExpired: WireErrorCase("identity.code_expired", status: 410)
        case .waitForNewCode(let seconds):
            WireErrorCase("identity.wait_for_new_code", status: 429, details: .init(retryAfterSeconds: seconds))
        case .emailAlreadyVerified: WireErrorCase("identity.email_already_verified", status: 409)
        case .emailNotVerified(let email):
            WireErrorCase("identity.email_not_verified", status: 403, details: .init(name: email))
        case .recoveryCodeInvalid(let email):
            WireErrorCase("identity.recovery_code_invalid", status: 400, details: .init(name: email))
        case .tooManyTries(let seconds):
            WireErrorCase("identity.too_many_tries", status: 429, details: .init(retryAfterSeconds: seconds))
        case .tooManySignInAttempts(let seconds):
            WireErrorCase("identity.too_many_sign_in_attempts", status: 429, details: .init(retryAfterSeconds: seconds))
        case .emailChangeExpired: WireErrorCase("identity.email_change_expired", status: 410)
        case .recentSignInNeeded: WireErrorCase("identity.recent_sign_in_needed", status: 403)
        case .secondFactorRequired(let challenge):
            WireErrorCase("identity.second_factor_required", status: 401, details: .init(challenge: challenge))
        case .wrongSecondFactorCode: WireErrorCase("identity.wrong_second_factor_code", status: 401)
        case .signInChallengeExpired: WireErrorCase("identity.sign_in_challenge_expired", status: 401)
        case .twoStepAlreadyOn: WireErrorCase("identity.two_step_already_on", status: 409)
        case .twoStepOff: WireErrorCase("identity.two_step_off", status: 409)
        case .twoStepNotBegun: WireErrorCase("identity.two_step_not_begun", status: 409)
        case .twoStepNeedsPassword: WireErrorCase("identity.two_step_needs_password", status: 409)
        case .passkeysNotConfigured: WireErrorCase("identity.passkeys_not_configured", status: 404)
        case .passkeySignInFailed: WireErrorCase("identity.passkey_sign_in_failed", status: 401)
        case .recentSignInNeededToRemovePasskey:
            WireErrorCase("identity.recent_sign_in_needed_to_remove_passkey", status: 403)
        case .thisSession: WireErrorCase("identity.this_session", status: 409)
        case .onlyGuardian(let names):
            WireErrorCase("identity.only_guardian", status: 409, details: .init(members: names))
        case .recentSignInNeededToDelete: WireErrorCase("identity.recent_sign_in_needed_to_delete", status: 403)
        case .accountNoLongerExists: WireErrorCase("identity.account_no_longer_exists", status: 410)
        case .askNeedsActing: WireErrorCase("identity.ask_needs_acting", status: 403)
        case .actingNotAvailable: WireErrorCase("identity.acting_not_available", status: 403)
        case .tooManyPendingRequests: WireErrorCase("identity.too_many_pending_requests", status: 409)
        case .alreadyApproved(let name):
            WireErrorCase("identity.already_approved", status: 409, details: .init(name: name))
        case .alreadyDeclined(let name):
            WireErrorCase("identity.already_declined", status: 409, details: .init(name: name))
        case .requestExpired(let title):
            WireErrorCase("identity.request_expired", status: 410, details: .init(name: title))
        case .approvalNeedsPin(let name):
            WireErrorCase("identity.approval_needs_pin", status: 403, details: .init(name: name))
        case .invalidApprovalKind: WireErrorCase("identity.invalid_approval_kind", status: 400)
        case .invalidApprovalTitle: WireErrorCase("identity.invalid_approval_title", status: 400)
        case .invalidPrice: WireErrorCase("identity.invalid_price", status: 400)
        case .invalidCurrency: WireErrorCase("identity.invalid_currency", status: 400)
        case .priceNeedsCurrency: WireErrorCase("identity.price_needs_currency", status: 400)
        case .invalidNote: WireErrorCase("identity.invalid_note", status: 400)
        case .invalidMaturityRating: WireErrorCase("identity.invalid_maturity_rating", status: 400)
        case .invalidAgeRange: WireErrorCase("identity.invalid_age_range", status: 400)
        }
    }

    public init?(wireCode code: String, details: WireErrorDetails) {
        let name = details.name
        switch code {
        case "identity.invalid_name":
            guard let name = NameProblem.nameError(details) else { return nil }
            self = .invalidName(field: name.field, problem: name.problem, maxLength: name.maxLength)
        case "identity.provider_account_mismatch":
            guard let name, let provider = details.kind.flatMap(IdentityProvider.init(rawValue:)) else { return nil }
            self = .providerAccountMismatch(provider, email: name)
        case "identity.too_many_wrong_pins":
            guard let seconds = details.retryAfterSeconds else { return nil }
            self = .tooManyWrongPins(retryAfter: seconds)
        case "identity.too_many_tries":
            guard let seconds = details.retryAfterSeconds else { return nil }
            self = .tooManyTries(retryAfter: seconds)
        case "identity.too_many_sign_in_attempts":
            guard let seconds = details.retryAfterSeconds else { return nil }
            self = .tooManySignInAttempts(retryAfter: seconds)
        case "identity.wait_for_new_code":
            guard let seconds = details.retryAfterSeconds else { return nil }
            self = .waitForNewCode(retryAfter: seconds)
        case "identity.ambiguous":
            guard let name, let candidates = details.candidates else { return nil }
            self = .ambiguous(name, candidates: candidates)
        case "identity.second_factor_required":
            guard let challenge = details.challenge, !challenge.isEmpty else { return nil }
            self = .secondFactorRequired(challenge: challenge)
        case "identity.only_guardian":
            guard let members = details.members, !members.isEmpty else { return nil }
            self = .onlyGuardian(members)
        case "identity.not_found":
            guard let name, let kind = details.kind.flatMap(ReferenceKind.init(rawValue:)) else { return nil }
            self = .notFound(kind, name)
        default:
            let error =
                Self.plain(code, among: Self.carryNothing) ?? Self.made(code, from: name, by: Self.named)
                ?? Self.made(code, from: name.flatMap(IdentityProvider.init(rawValue:)), by: Self.byProvider)
            guard let error else { return nil }
            self = error
        }
    }

    /// A case that names only its provider, as `details.name`.
    private static func provider(_ code: String, _ status: Int, _ provider: IdentityProvider) -> WireErrorCase {
        WireErrorCase(code, status: status, details: .init(name: provider.rawValue))
    }

    /// The cases that carry nothing over the wire.
    private static let carryNothing: [IdentityError] = [
        .invalidEmail, .emailTaken, .invalidPassword, .commonPassword, .passwordListMissing, .incorrectCredentials,
        .notSignedIn, .savedAccountsFull,
        .cannotRemoveCurrentAccount, .onlySignInMethod, .noActiveHousehold, .wrongPin,
        .claimCodeInvalid, .mailNotConfigured, .wrongEmailCode, .emailCodeExpired, .emailAlreadyVerified,
        .emailChangeExpired, .recentSignInNeeded, .thisSession, .recentSignInNeededToDelete, .accountNoLongerExists,
        .wrongSecondFactorCode, .signInChallengeExpired, .twoStepAlreadyOn, .twoStepOff, .twoStepNotBegun,
        .twoStepNeedsPassword, .passkeysNotConfigured, .passkeySignInFailed, .recentSignInNeededToRemovePasskey,
        .askNeedsActing, .actingNotAvailable, .tooManyPendingRequests, .invalidApprovalKind, .invalidPrice,
        .invalidCurrency,
        .priceNeedsCurrency, .invalidMaturityRating, .invalidAgeRange,
        // The cases whose sentence names the limit of their rule carry it, as that rule has it.
        .householdFull(capacity: Household.capacity),
        .invalidPin(minLength: ExitPinRules.minLength, maxLength: ExitPinRules.maxLength),
        .invalidApprovalTitle(maxLength: ApprovalAsk.maxTitleLength),
        .invalidNote(maxLength: ApprovalAsk.maxNoteLength),
    ]

    /// The cases that carry one provider.
    private static let byProvider: [@Sendable (IdentityProvider) -> IdentityError] = [
        IdentityError.providerSignInFailed, IdentityError.providerNotConfigured, IdentityError.providerEmailNotVerified,
        IdentityError.emailNeedsLink, IdentityError.identityLinkedElsewhere, IdentityError.providerAlreadyLinked,
        IdentityError.providerNotLinked,
    ]

    /// The cases that carry one name.
    private static let named: [@Sendable (String) -> IdentityError] = [
        IdentityError.reservedName, { .sessionEnded(email: $0) }, { .sessionMismatch(email: $0) },
        IdentityError.notWhileActing, IdentityError.needsGuardian, IdentityError.lastGuardian,
        IdentityError.notHouseholdOwner, IdentityError.notGuardian, IdentityError.ownerCannotLeave,
        IdentityError.notHouseholdMember, IdentityError.alreadyMember, IdentityError.notManaged,
        IdentityError.noExitPin, IdentityError.exitLocked, { .emailNotVerified(email: $0) },
        { .recoveryCodeInvalid(email: $0) }, IdentityError.alreadyApproved, IdentityError.alreadyDeclined,
        IdentityError.requestExpired, IdentityError.approvalNeedsPin,
    ]
}
