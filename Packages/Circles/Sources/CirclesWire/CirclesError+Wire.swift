import Circles
import IdentityWire
import Kernel

/// Circles' refusals on the wire: bad input 400; what the rules forbid for that target 403; unknown or hidden
/// 404 (a shadow the caller may not see is the same `circles.profile_not_found` as a profile that does not
/// exist); names taken, state and caps 409.
extension CirclesError: WireCodedError {
    public var wire: WireErrorCase {
        switch self {
        case .invalidName(let field, let problem, let maxLength):
            WireErrorCase(
                "circles.invalid_name", status: 400,
                details: NameProblem.wireDetails(field: field, problem: problem, maxLength: maxLength))
        case .reservedName(let name): WireErrorCase("circles.reserved_name", status: 400, details: .init(name: name))
        case .invalidCircleName: WireErrorCase("circles.invalid_circle_name", status: 400)
        case .circleNameTaken(let name):
            WireErrorCase("circles.circle_name_taken", status: 409, details: .init(name: name))
        case .invalidEmoji: WireErrorCase("circles.invalid_emoji", status: 400)
        case .invalidColor(let color): WireErrorCase("circles.invalid_color", status: 400, details: .init(name: color))
        case .tooManyCircles: WireErrorCase("circles.too_many_circles", status: 409)
        case .noManualMembers: WireErrorCase("circles.no_manual_members", status: 403)
        case .notCustom(let name): WireErrorCase("circles.not_custom", status: 403, details: .init(name: name))
        case .sameCircle(let name): WireErrorCase("circles.same_circle", status: 400, details: .init(name: name))
        case .accountAlreadyLinked(let email):
            WireErrorCase("circles.account_already_linked", status: 409, details: .init(name: email))
        case .cannotLinkSelf: WireErrorCase("circles.cannot_link_self", status: 403)
        case .invalidPhone: WireErrorCase("circles.invalid_phone", status: 400)
        case .invalidEmail: WireErrorCase("circles.invalid_email", status: 400)
        case .invalidUsername: WireErrorCase("circles.invalid_username", status: 400)
        case .usernameTaken(let username):
            WireErrorCase("circles.username_taken", status: 409, details: .init(name: username))
        case .tooLong(let field, let maxLength):
            WireErrorCase("circles.too_long", status: 400, details: .init(field: field, maxLength: maxLength))
        case .invalidShadowType(let text):
            WireErrorCase("circles.invalid_shadow_type", status: 400, details: .init(name: text))
        case .tooManyShadows: WireErrorCase("circles.too_many_shadows", status: 409)
        case .notShadow(let name): WireErrorCase("circles.not_shadow", status: 403, details: .init(name: name))
        case .alreadyRevealed(let name):
            WireErrorCase("circles.already_revealed", status: 409, details: .init(name: name))
        case .alreadyVisible(let field):
            WireErrorCase("circles.already_visible", status: 409, details: .init(field: field.rawValue))
        case .notShared(let field):
            WireErrorCase("circles.not_shared", status: 403, details: .init(field: field.rawValue))
        case .tooManyPendingRequests: WireErrorCase("circles.too_many_pending_requests", status: 409)
        case .grantNotFound(let id): WireErrorCase("circles.grant_not_found", status: 404, details: .init(name: id))
        case .suggestionNotFound(let id):
            WireErrorCase("circles.suggestion_not_found", status: 404, details: .init(name: id))
        case .profileNotFound(let name):
            WireErrorCase("circles.profile_not_found", status: 404, details: .init(name: name))
        case .cannotSee(let contact, let profile):
            WireErrorCase("circles.cannot_see", status: 403, details: .init(name: contact, profile: profile))
        case .invalidTarget(let text): WireErrorCase("circles.invalid_target", status: 400, details: .init(name: text))
        case .nothingToChange: WireErrorCase("circles.nothing_to_change", status: 400)
        case .noContacts: WireErrorCase("circles.no_contacts", status: 400)
        }
    }

    public init?(wireCode code: String, details: WireErrorDetails) {
        switch code {
        case "circles.invalid_name":
            guard let name = NameProblem.nameError(details) else { return nil }
            self = .invalidName(field: name.field, problem: name.problem, maxLength: name.maxLength)
        case "circles.too_long":
            guard let field = details.field, let maxLength = details.maxLength else { return nil }
            self = .tooLong(field: field, maxLength: maxLength)
        case "circles.cannot_see":
            guard let contact = details.name, let profile = details.profile else { return nil }
            self = .cannotSee(contact: contact, profile: profile)
        default:
            let field = details.field.flatMap(Field.init(rawValue:))
            let error =
                Self.plain(code, among: Self.carryNothing) ?? Self.made(code, from: details.name, by: Self.named)
                ?? Self.made(code, from: field, by: [CirclesError.alreadyVisible, CirclesError.notShared])
            guard let error else { return nil }
            self = error
        }
    }

    /// The cases that carry nothing.
    private static let carryNothing: [CirclesError] = [
        .invalidCircleName, .invalidEmoji, .tooManyCircles, .noManualMembers, .cannotLinkSelf, .invalidPhone,
        .invalidEmail, .invalidUsername, .tooManyShadows, .tooManyPendingRequests, .nothingToChange, .noContacts,
    ]

    /// The cases that carry one name.
    private static let named: [@Sendable (String) -> CirclesError] = [
        CirclesError.reservedName, CirclesError.circleNameTaken, CirclesError.invalidColor, CirclesError.notCustom,
        CirclesError.sameCircle, CirclesError.accountAlreadyLinked, CirclesError.usernameTaken,
        CirclesError.invalidShadowType, CirclesError.notShadow, CirclesError.alreadyRevealed,
        CirclesError.grantNotFound, CirclesError.suggestionNotFound, CirclesError.profileNotFound,
        CirclesError.invalidTarget,
    ]
}
