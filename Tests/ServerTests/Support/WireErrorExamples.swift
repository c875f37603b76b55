import Accounts
import Circles
import Events
import EventsWire
import FamilyCodes
import Households
import IdentityWire
import Kernel
import Preferences
import Tokens
import TokensWire

/// One value of every case of every domain error that crosses the wire, so the tables and `openapi.json` can be
/// checked case by case. `WireContractTests` fails when a table has a code that no example here produces.
enum WireErrorExamples {
    static let identity: [IdentityError] = [
        .invalidEmail, .emailTaken, .invalidName(field: "first name", problem: .digit, maxLength: 50),
        .reservedName("me"), .invalidPassword, .commonPassword, .passwordListMissing, .incorrectCredentials,
        .notSignedIn, .savedAccountsFull,
        .cannotRemoveCurrentAccount, .sessionEnded(email: "a@example.com"), .sessionMismatch(email: "a@example.com"),
        .notWhileActing("Max"), .householdFull(capacity: Household.capacity), .needsGuardian("Max"),
        .lastGuardian("Max"),
        .ambiguous("Max", candidates: [ReferenceCandidate(id: "m1", name: "Max")]), .notFound(.member, "Max"),
        .noActiveHousehold, .notHouseholdOwner("Lee Family"), .notGuardian("Max"), .ownerCannotLeave("Lee Family"),
        .notHouseholdMember("Lee Family"), .alreadyMember("Lee Family"), .notManaged("Dana"), .claimCodeInvalid,
        .providerSignInFailed(.google), .providerNotConfigured(.apple), .providerEmailNotVerified(.google),
        .emailNeedsLink(.google), .identityLinkedElsewhere(.apple), .providerAlreadyLinked(.google),
        .providerNotLinked(.google), .onlySignInMethod, .providerAccountMismatch(.google, email: "a@example.com"),
        .invalidPin(minLength: ExitPinRules.minLength, maxLength: ExitPinRules.maxLength), .wrongPin,
        .tooManyWrongPins(retryAfter: 600), .noExitPin("Max"), .exitLocked("Max"),
        .mailNotConfigured, .wrongEmailCode, .emailCodeExpired, .waitForNewCode(retryAfter: 40),
        .emailAlreadyVerified, .emailNotVerified(email: "a@example.com"),
        .recoveryCodeInvalid(email: "a@example.com"), .tooManyTries(retryAfter: 754), .emailChangeExpired,
        .tooManySignInAttempts(retryAfter: 899),
        .recentSignInNeeded, .thisSession, .onlyGuardian(["Mia", "Max"]), .recentSignInNeededToDelete,
        .accountNoLongerExists, .secondFactorRequired(challenge: "q7Yx0P2k+/Aa=="), .wrongSecondFactorCode,
        .signInChallengeExpired, .twoStepAlreadyOn, .twoStepOff, .twoStepNotBegun, .twoStepNeedsPassword,
        .passkeysNotConfigured, .passkeySignInFailed, .recentSignInNeededToRemovePasskey,
        .askNeedsActing, .actingNotAvailable, .tooManyPendingRequests, .alreadyApproved("Dana Reyes"),
        .alreadyDeclined("Dana Reyes"), .requestExpired("Minecraft"), .approvalNeedsPin("Max"), .invalidApprovalKind,
        .invalidApprovalTitle(maxLength: ApprovalAsk.maxTitleLength), .invalidPrice, .invalidCurrency,
        .priceNeedsCurrency, .invalidNote(maxLength: ApprovalAsk.maxNoteLength),
        .invalidMaturityRating, .invalidAgeRange,
    ]

    static let familyCodes: [FamilyCodeError] = [
        .invalidFormat, .notFound, .alreadyMember, .rateLimited(waitMinutes: 5, retryAfterSeconds: 299), .onlyPlayers,
        .onlyParentsJoin, .onlyParentsLeave, .noUniqueCode, .expired, .invalidLifetime, .invalidMaxUses,
    ]

    static let circles: [CirclesError] = [
        .invalidName(field: "display name", problem: .disallowed("#"), maxLength: 50), .reservedName("primary"),
        .invalidCircleName, .circleNameTaken("Chess"), .invalidEmoji, .invalidColor("beige"), .tooManyCircles,
        .noManualMembers, .notCustom("Family"), .sameCircle("Chess"), .accountAlreadyLinked("a@example.com"),
        .cannotLinkSelf, .invalidPhone, .invalidEmail, .invalidUsername, .usernameTaken("dana"),
        .tooLong(field: "bio", maxLength: 160), .tooManyShadows, .notShadow("Dana Lee"), .invalidShadowType("spy"),
        .alreadyRevealed("Owl"),
        .alreadyVisible(.phone), .notShared(.email), .tooManyPendingRequests, .grantNotFound("g1"),
        .suggestionNotFound("s1"), .profileNotFound("@owl"), .cannotSee(contact: "Tom Hale", profile: "Ri"),
        .invalidTarget("owl"), .nothingToChange, .noContacts,
    ]

    static let preferences: [PreferencesError] = [.notAvailable]

    /// Not `.actingNotAvailable`: it is the server's own `forbidden` body, word for word (Preferences' refusal
    /// stands for that code among the domains).
    static let tokens: [TokensError] = [
        .invalidAppName, .invalidWebhookURL("ftp://x"), .appNotFound("a1"), .unknownAudience("a1"),
        .wrongAppCredentials, .tooManyChecks(101), .sealedSecret,
    ]

    static let events: [EventsError] = [
        .malformedCursor("abc"), .cursorExpired(retention: 7 * 86_400), .limitOutOfRange(0), .waitOutOfRange(31),
    ]

    /// Every example, as the server sees them.
    static var all: [any WireCodedError] { identity + familyCodes + circles + preferences + tokens + events }

    /// The codes the server answers with on its own: the bearer check, DOMAIN.md's acting-as body, malformed or
    /// oversized requests, unknown routes and methods, an unavailable store, and anything unexpected.
    static let serverCodes: Set<String> = [
        "unauthorized", "forbidden", "invalid_json", "invalid_value", "payload_too_large", "not_found",
        "method_not_allowed", "bad_request", "unavailable", "internal",
    ]

    /// The codes Tokens' routes answer on their own, RFC 6749's: a form without a required field, a `grant_type`
    /// other than the token exchange.
    static let routeCodes: Set<String> = ["invalid_request", "unsupported_grant_type"]
}
