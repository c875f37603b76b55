import Accounts
import Foundation
import Households
import IdentityWire
import Kernel
import Testing

/// Identity's error table both ways: every case goes out as its code and details and comes back as the same case,
/// through the JSON a server sends; no two cases share a code.
@Suite("IdentityError on the wire")
struct IdentityErrorWireTests {
    /// One value of every case; `invalidName` with every name problem, `notFound` with every kind.
    static let examples: [IdentityError] =
        [
            .invalidEmail, .emailTaken, .reservedName("me"), .invalidPassword, .commonPassword, .passwordListMissing,
            .incorrectCredentials, .notSignedIn,
            .savedAccountsFull, .cannotRemoveCurrentAccount, .sessionEnded(email: "ana@example.com"),
            .sessionMismatch(email: "ana@example.com"), .notWhileActing("Max"),
            .householdFull(capacity: Household.capacity),
            .needsGuardian("Max"), .lastGuardian("Max"),
            .ambiguous("Max", candidates: [ReferenceCandidate(id: "m1", name: "Max"), .init(id: "m2", name: "Max")]),
            .noActiveHousehold, .notHouseholdOwner("Lee Family"), .notGuardian("Max"), .ownerCannotLeave("Lee Family"),
            .notHouseholdMember("Lee Family"), .alreadyMember("Lee Family"), .notManaged("Ana Lee"), .claimCodeInvalid,
            .onlySignInMethod, .providerAccountMismatch(.apple, email: "ana@example.com"),
            .invalidPin(minLength: ExitPinRules.minLength, maxLength: ExitPinRules.maxLength), .wrongPin,
            .tooManyWrongPins(retryAfter: 754), .noExitPin("Max"), .exitLocked("Max"),
            .mailNotConfigured, .wrongEmailCode, .emailCodeExpired, .waitForNewCode(retryAfter: 42),
            .emailAlreadyVerified, .emailNotVerified(email: "ana@example.com"),
            .recoveryCodeInvalid(email: "ana@example.com"), .tooManyTries(retryAfter: 754), .emailChangeExpired,
            .tooManySignInAttempts(retryAfter: 899),
            .recentSignInNeeded, .thisSession, .onlyGuardian(["Max", "Mia Lee"]), .recentSignInNeededToDelete,
            .accountNoLongerExists, .secondFactorRequired(challenge: "q7Yx0P2k+/Aa=="), .wrongSecondFactorCode,
            .signInChallengeExpired, .twoStepAlreadyOn, .twoStepOff, .twoStepNotBegun, .twoStepNeedsPassword,
            .passkeysNotConfigured, .passkeySignInFailed, .recentSignInNeededToRemovePasskey,
            .askNeedsActing, .actingNotAvailable, .tooManyPendingRequests, .alreadyApproved("Dana Reyes"),
            .alreadyDeclined("Dana Reyes"), .requestExpired("Minecraft"), .approvalNeedsPin("Max"),
            .invalidApprovalKind, .invalidApprovalTitle(maxLength: ApprovalAsk.maxTitleLength), .invalidPrice,
            .invalidCurrency, .priceNeedsCurrency,
            .invalidNote(maxLength: ApprovalAsk.maxNoteLength), .invalidMaturityRating, .invalidAgeRange,
        ]
        + IdentityProvider.allCases.flatMap { provider -> [IdentityError] in
            [
                .providerSignInFailed(provider), .providerNotConfigured(provider), .providerEmailNotVerified(provider),
                .emailNeedsLink(provider), .identityLinkedElsewhere(provider), .providerAlreadyLinked(provider),
                .providerNotLinked(provider),
            ]
        }
        + nameProblems.map { IdentityError.invalidName(field: "first name", problem: $0, maxLength: 50) }
        + ReferenceKind.allCases.map { IdentityError.notFound($0, "Zoë / 2") }

    /// Every `NameProblem`; a too-long name's limit is the field's, as `AccountRules` reports it.
    static let nameProblems: [NameProblem] = [
        .empty, .tooLong(maxLength: 50), .noLetter, .digit, .emoji, .controlCharacter, .bidiCharacter,
        .misplacedJoiner, .tooManyBytes, .disallowed("#"),
    ]

    @Test(arguments: examples)
    func roundTripsThroughTheServersJSON(_ error: IdentityError) throws {
        let wire = error.wire
        #expect(wire.code.hasPrefix("identity."))
        #expect(IdentityError(wireCode: wire.code, details: wire.details ?? .none) == error)

        let sent = try JSONEncoder().encode(error.body)
        let received = try JSONDecoder().decode(WireError.self, from: sent)
        #expect(received.message == error.description)
        #expect(IdentityError(wireCode: received.error, details: received.details ?? .none) == error)
    }

    @Test func theExamplesCoverEveryCaseAndEveryNameProblem() {
        #expect(Set(Self.examples.map(Case.init)) == Set(Case.allCases))
        #expect(Set(Self.nameProblems.map(Problem.init)) == Set(Problem.allCases))
    }

    @Test func noTwoCasesShareACode() {
        var codes: [String: Case] = [:]
        for error in Self.examples {
            let code = error.wire.code
            if let other = codes[code] { #expect(other == Case(error), "\(code) names both \(other) and \(error)") }
            codes[code] = Case(error)
        }
        #expect(codes.count == Case.allCases.count)
    }

    @Test func otherCodesAndIncompleteDetailsAreNotIdentitysErrors() {
        #expect(IdentityError(wireCode: "familyCodes.not_found", details: .none) == nil)
        #expect(IdentityError(wireCode: "unauthorized", details: .none) == nil)
        #expect(IdentityError(wireCode: "identity.needs_guardian", details: .none) == nil)
        #expect(IdentityError(wireCode: "identity.not_found", details: WireErrorDetails(name: "Max")) == nil)
        #expect(IdentityError(wireCode: "identity.invalid_name", details: WireErrorDetails(field: "name")) == nil)
    }

    // MARK: - Completeness

    /// The cases of `IdentityError`, without their values: the switches below stop compiling when a case is added,
    /// and the coverage test fails until an example of it is added too.
    enum Case: CaseIterable, Hashable {
        case invalidEmail, emailTaken, invalidName, reservedName, invalidPassword, incorrectCredentials, notSignedIn
        case commonPassword, passwordListMissing
        case savedAccountsFull, cannotRemoveCurrentAccount, sessionEnded, sessionMismatch, notWhileActing
        case householdFull, needsGuardian, lastGuardian, ambiguous, notFound, noActiveHousehold, notHouseholdOwner
        case notGuardian, ownerCannotLeave, notHouseholdMember, alreadyMember, notManaged, claimCodeInvalid
        case providerSignInFailed, providerNotConfigured, providerEmailNotVerified, emailNeedsLink
        case identityLinkedElsewhere, providerAlreadyLinked, providerNotLinked, onlySignInMethod
        case providerAccountMismatch
        case invalidPin, wrongPin, tooManyWrongPins, noExitPin, exitLocked
        case mailNotConfigured, wrongEmailCode, emailCodeExpired, waitForNewCode, emailAlreadyVerified
        case emailNotVerified, recoveryCodeInvalid, tooManyTries, emailChangeExpired, recentSignInNeeded
        case thisSession
        case onlyGuardian, recentSignInNeededToDelete, accountNoLongerExists, tooManySignInAttempts
        case secondFactorRequired, wrongSecondFactorCode, signInChallengeExpired, twoStepAlreadyOn, twoStepOff
        case twoStepNotBegun, twoStepNeedsPassword
        case passkeysNotConfigured, passkeySignInFailed, recentSignInNeededToRemovePasskey
        case askNeedsActing, actingNotAvailable, tooManyPendingRequests, alreadyApproved, alreadyDeclined
        case requestExpired, approvalNeedsPin, invalidApprovalKind, invalidApprovalTitle, invalidPrice
        case invalidCurrency, priceNeedsCurrency, invalidNote, invalidMaturityRating, invalidAgeRange

        init(_ error: IdentityError) {
            self =
                switch error {
                case .invalidEmail: .invalidEmail
                case .emailTaken: .emailTaken
                case .invalidName: .invalidName
                case .reservedName: .reservedName
                case .invalidPassword: .invalidPassword
                case .commonPassword: .commonPassword
                case .passwordListMissing: .passwordListMissing
                case .incorrectCredentials: .incorrectCredentials
                case .notSignedIn: .notSignedIn
                case .savedAccountsFull: .savedAccountsFull
                case .cannotRemoveCurrentAccount: .cannotRemoveCurrentAccount
                case .sessionEnded: .sessionEnded
                case .sessionMismatch: .sessionMismatch
                case .notWhileActing: .notWhileActing
                case .householdFull: .householdFull
                case .needsGuardian: .needsGuardian
                case .lastGuardian: .lastGuardian
                case .ambiguous: .ambiguous
                case .notFound: .notFound
                case .noActiveHousehold: .noActiveHousehold
                case .notHouseholdOwner: .notHouseholdOwner
                case .notGuardian: .notGuardian
                case .ownerCannotLeave: .ownerCannotLeave
                case .notHouseholdMember: .notHouseholdMember
                case .alreadyMember: .alreadyMember
                case .notManaged: .notManaged
                case .claimCodeInvalid: .claimCodeInvalid
                case .providerSignInFailed: .providerSignInFailed
                case .providerNotConfigured: .providerNotConfigured
                case .providerEmailNotVerified: .providerEmailNotVerified
                case .emailNeedsLink: .emailNeedsLink
                case .identityLinkedElsewhere: .identityLinkedElsewhere
                case .providerAlreadyLinked: .providerAlreadyLinked
                case .providerNotLinked: .providerNotLinked
                case .onlySignInMethod: .onlySignInMethod
                case .providerAccountMismatch: .providerAccountMismatch
                case .invalidPin: .invalidPin
                case .wrongPin: .wrongPin
                case .tooManyWrongPins: .tooManyWrongPins
                case .noExitPin: .noExitPin
                case .exitLocked: .exitLocked
                case .mailNotConfigured: .mailNotConfigured
                case .wrongEmailCode: .wrongEmailCode
                case .emailCodeExpired: .emailCodeExpired
                case .waitForNewCode: .waitForNewCode
                case .emailAlreadyVerified: .emailAlreadyVerified
                case .emailNotVerified: .emailNotVerified
                case .recoveryCodeInvalid: .recoveryCodeInvalid
                case .tooManyTries: .tooManyTries
                case .emailChangeExpired: .emailChangeExpired
                case .recentSignInNeeded: .recentSignInNeeded
                case .thisSession: .thisSession
                case .onlyGuardian: .onlyGuardian
                case .recentSignInNeededToDelete: .recentSignInNeededToDelete
                case .accountNoLongerExists: .accountNoLongerExists
                case .tooManySignInAttempts: .tooManySignInAttempts
                case .secondFactorRequired: .secondFactorRequired
                case .wrongSecondFactorCode: .wrongSecondFactorCode
                case .signInChallengeExpired: .signInChallengeExpired
                case .twoStepAlreadyOn: .twoStepAlreadyOn
                case .twoStepOff: .twoStepOff
                case .twoStepNotBegun: .twoStepNotBegun
                case .twoStepNeedsPassword: .twoStepNeedsPassword
                case .passkeysNotConfigured: .passkeysNotConfigured
                case .passkeySignInFailed: .passkeySignInFailed
                case .recentSignInNeededToRemovePasskey: .recentSignInNeededToRemovePasskey
                case .askNeedsActing: .askNeedsActing
                case .actingNotAvailable: .actingNotAvailable
                case .tooManyPendingRequests: .tooManyPendingRequests
                case .alreadyApproved: .alreadyApproved
                case .alreadyDeclined: .alreadyDeclined
                case .requestExpired: .requestExpired
                case .approvalNeedsPin: .approvalNeedsPin
                case .invalidApprovalKind: .invalidApprovalKind
                case .invalidApprovalTitle: .invalidApprovalTitle
                case .invalidPrice: .invalidPrice
                case .invalidCurrency: .invalidCurrency
                case .priceNeedsCurrency: .priceNeedsCurrency
                case .invalidNote: .invalidNote
                case .invalidMaturityRating: .invalidMaturityRating
                case .invalidAgeRange: .invalidAgeRange
                }
        }
    }

    /// The cases of `NameProblem`, without their values.
    enum Problem: CaseIterable, Hashable {
        case empty, tooLong, noLetter, digit, emoji, controlCharacter, bidiCharacter, misplacedJoiner, tooManyBytes
        case disallowed

        init(_ problem: NameProblem) {
            self =
                switch problem {
                case .empty: .empty
                case .tooLong: .tooLong
                case .noLetter: .noLetter
                case .digit: .digit
                case .emoji: .emoji
                case .controlCharacter: .controlCharacter
                case .bidiCharacter: .bidiCharacter
                case .misplacedJoiner: .misplacedJoiner
                case .tooManyBytes: .tooManyBytes
                case .disallowed: .disallowed
                }
        }
    }
}
