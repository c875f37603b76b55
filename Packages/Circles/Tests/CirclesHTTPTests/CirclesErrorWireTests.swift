import Circles
import CirclesWire
import Foundation
import IdentityWire
import Kernel
import Networking
import Testing

/// `CirclesError`'s table on the wire: every case goes out as a code with its details and comes back as itself.
@Suite("CirclesError on the wire")
struct CirclesErrorWireTests {
    /// Every case, and each name problem for the case that carries one.
    static let examples: [CirclesError] =
        [
            .reservedName("primary"), .invalidCircleName, .circleNameTaken("Book Club"), .invalidEmoji,
            .invalidColor("beige"), .tooManyCircles, .noManualMembers, .notCustom("Family"), .sameCircle("Chess"),
            .accountAlreadyLinked("sam@example.com"), .cannotLinkSelf, .invalidPhone, .invalidEmail, .invalidUsername,
            .usernameTaken("dana"), .tooLong(field: "bio", maxLength: 160), .invalidShadowType("spy"), .tooManyShadows,
            .notShadow("Dana Lee"),
            .alreadyRevealed("Night Owl"), .alreadyVisible(.displayName), .notShared(.phone),
            .tooManyPendingRequests, .grantNotFound("g1"), .suggestionNotFound("sug_0123456789abcdef"),
            .profileNotFound("@hidden.shadow"), .cannotSee(contact: "Tom Hale", profile: "Ri"), .invalidTarget("owl"),
            .nothingToChange, .noContacts,
        ]
        + [
            NameProblem.empty, .tooLong(maxLength: 50), .noLetter, .digit, .emoji, .controlCharacter, .bidiCharacter,
            .misplacedJoiner, .tooManyBytes, .disallowed("#"),
        ].map { CirclesError.invalidName(field: "display name", problem: $0, maxLength: 50) }

    /// The case's name. No `default`: a new case does not compile until it is named here, and `caseCount` (the
    /// number of arms) makes `everyCaseHasAnExample` ask for its example.
    static func caseName(_ error: CirclesError) -> String {
        switch error {
        case .invalidName: "invalidName"
        case .reservedName: "reservedName"
        case .invalidCircleName: "invalidCircleName"
        case .circleNameTaken: "circleNameTaken"
        case .invalidEmoji: "invalidEmoji"
        case .invalidColor: "invalidColor"
        case .tooManyCircles: "tooManyCircles"
        case .noManualMembers: "noManualMembers"
        case .notCustom: "notCustom"
        case .sameCircle: "sameCircle"
        case .accountAlreadyLinked: "accountAlreadyLinked"
        case .cannotLinkSelf: "cannotLinkSelf"
        case .invalidPhone: "invalidPhone"
        case .invalidEmail: "invalidEmail"
        case .invalidUsername: "invalidUsername"
        case .usernameTaken: "usernameTaken"
        case .tooLong: "tooLong"
        case .invalidShadowType: "invalidShadowType"
        case .tooManyShadows: "tooManyShadows"
        case .notShadow: "notShadow"
        case .alreadyRevealed: "alreadyRevealed"
        case .alreadyVisible: "alreadyVisible"
        case .notShared: "notShared"
        case .tooManyPendingRequests: "tooManyPendingRequests"
        case .grantNotFound: "grantNotFound"
        case .suggestionNotFound: "suggestionNotFound"
        case .profileNotFound: "profileNotFound"
        case .cannotSee: "cannotSee"
        case .invalidTarget: "invalidTarget"
        case .nothingToChange: "nothingToChange"
        case .noContacts: "noContacts"
        }
    }

    /// The arms of `caseName`.
    static let caseCount = 31

    @Test func everyCaseHasAnExample() {
        #expect(Set(Self.examples.map(Self.caseName)).count == Self.caseCount)
    }

    @Test(arguments: examples)
    func everyCaseComesBackAsItself(_ error: CirclesError) {
        let wire = error.wire
        #expect(CirclesError(wireCode: wire.code, details: wire.details ?? .none) == error)
    }

    /// Through the JSON a server sends and a client decodes, as `WireErrorMapper` reads it.
    @Test(arguments: examples)
    func everyCaseComesBackThroughItsJSONBody(_ error: CirclesError) throws {
        let data = try KithJSON.encoder().encode(error.body)
        let body = try KithJSON.decoder().decode(WireError.self, from: data)
        #expect(body.message == error.description)
        #expect(CirclesError(wireCode: body.error, details: body.details ?? .none) == error)
    }

    @Test func codesAreUniqueAndTheFeatures() {
        var byCode: [String: String] = [:]
        for error in Self.examples {
            let code = error.wire.code
            #expect(code.hasPrefix("circles."), "\(code)")
            if let other = byCode[code] { #expect(other == Self.caseName(error), "\(code) names two cases") }
            byCode[code] = Self.caseName(error)
        }
        #expect(byCode.count == Self.caseCount)
    }

    @Test func statusesAreTheSeedsKinds() {
        #expect(CirclesError.invalidCircleName.wire.status == 400)
        #expect(CirclesError.noManualMembers.wire.status == 403)
        #expect(CirclesError.profileNotFound("@x").wire.status == 404)
        #expect(CirclesError.circleNameTaken("x").wire.status == 409)
        for error in Self.examples { #expect([400, 403, 404, 409].contains(error.wire.status), "\(error.wire.code)") }
    }

    /// A case's values travel in its details, so the sentence can be rebuilt without parsing it.
    @Test func valuesTravelInTheDetails() {
        #expect(CirclesError.circleNameTaken("Book Club").wire.details == WireErrorDetails(name: "Book Club"))
        #expect(CirclesError.notShared(.phone).wire.details == WireErrorDetails(field: "phone"))
        #expect(
            CirclesError.tooLong(field: "bio", maxLength: 160).wire.details
                == WireErrorDetails(field: "bio", maxLength: 160))
        #expect(CirclesError.tooManyShadows.wire.details == nil)
        #expect(
            CirclesError.invalidShadowType("spy").wire
                == WireErrorCase(
                    "circles.invalid_shadow_type", status: 400, details: WireErrorDetails(name: "spy")))
    }

    @Test func unknownCodesAndMissingDetailsAreNotCircles() {
        #expect(CirclesError(wireCode: "circles.some_new_rule", details: .none) == nil)
        #expect(CirclesError(wireCode: "identity.not_found", details: WireErrorDetails(name: "x")) == nil)
        #expect(CirclesError(wireCode: "circles.circle_name_taken", details: .none) == nil)
        #expect(CirclesError(wireCode: "circles.not_shared", details: WireErrorDetails(field: "shoeSize")) == nil)
        #expect(CirclesError(wireCode: "circles.too_long", details: WireErrorDetails(field: "bio")) == nil)
        #expect(CirclesError(wireCode: "circles.invalid_name", details: WireErrorDetails(field: "name")) == nil)
    }
}
