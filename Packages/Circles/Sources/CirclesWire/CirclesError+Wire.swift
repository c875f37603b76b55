import Circles
import Identity
import IdentityWire

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
            guard let field = details.field, let maxLength = details.maxLength,
                let problem = NameProblem(wire: details)
            else { return nil }
            self = .invalidName(field: field, problem: problem, maxLength: maxLength)
        case "circles.invalid_circle_name": self = .invalidCircleName
        case "circles.invalid_emoji": self = .invalidEmoji
        case "circles.too_many_circles": self = .tooManyCircles
        case "circles.no_manual_members": self = .noManualMembers
        case "circles.cannot_link_self": self = .cannotLinkSelf
        case "circles.invalid_phone": self = .invalidPhone
        case "circles.invalid_email": self = .invalidEmail
        case "circles.invalid_username": self = .invalidUsername
        case "circles.too_many_shadows": self = .tooManyShadows
        case "circles.too_many_pending_requests": self = .tooManyPendingRequests
        case "circles.nothing_to_change": self = .nothingToChange
        case "circles.no_contacts": self = .noContacts
        case "circles.too_long":
            guard let field = details.field, let maxLength = details.maxLength else { return nil }
            self = .tooLong(field: field, maxLength: maxLength)
        case "circles.already_visible":
            guard let field = details.field.flatMap(Field.init(rawValue:)) else { return nil }
            self = .alreadyVisible(field)
        case "circles.cannot_see":
            guard let contact = details.name, let profile = details.profile else { return nil }
            self = .cannotSee(contact: contact, profile: profile)
        case "circles.not_shared":
            guard let field = details.field.flatMap(Field.init(rawValue:)) else { return nil }
            self = .notShared(field)
        default:
            guard let name = details.name, let make = Self.named[code] else { return nil }
            self = make(name)
        }
    }

    /// The cases that carry one name, by code.
    private static let named: [String: @Sendable (String) -> CirclesError] = [
        "circles.reserved_name": CirclesError.reservedName,
        "circles.circle_name_taken": CirclesError.circleNameTaken,
        "circles.invalid_color": CirclesError.invalidColor,
        "circles.not_custom": CirclesError.notCustom,
        "circles.same_circle": CirclesError.sameCircle,
        "circles.account_already_linked": CirclesError.accountAlreadyLinked,
        "circles.username_taken": CirclesError.usernameTaken,
        "circles.invalid_shadow_type": CirclesError.invalidShadowType,
        "circles.not_shadow": CirclesError.notShadow,
        "circles.already_revealed": CirclesError.alreadyRevealed,
        "circles.grant_not_found": CirclesError.grantNotFound,
        "circles.suggestion_not_found": CirclesError.suggestionNotFound,
        "circles.profile_not_found": CirclesError.profileNotFound,
        "circles.invalid_target": CirclesError.invalidTarget,
    ]
}
