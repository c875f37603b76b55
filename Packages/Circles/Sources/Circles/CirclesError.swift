import Kernel

/// Every refusal of the Circles rules; `description` is the sentence a user reads, word for word.
///
/// Refusals that Identity already words (not signed in, acting as a member, ambiguous or unknown
/// references) are thrown as `IdentityError`.
public enum CirclesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A contact's or profile's display name broke the display-name rules.
    case invalidName(field: String, problem: NameProblem, maxLength: Int)
    /// `me` or `primary` used as a name.
    case reservedName(String)
    /// A circle name that is empty or longer than 40 graphemes.
    case invalidCircleName
    /// Another circle of the owner has this name (case-insensitively).
    case circleNameTaken(String)
    /// The emoji is not exactly one emoji.
    case invalidEmoji
    /// The colour is not one of the palette.
    case invalidColor(String)
    /// The owner already has 64 circles.
    case tooManyCircles
    /// Members added to or removed from Contacts or Public.
    case noManualMembers
    /// Renaming, editing, deleting or merging away a circle that is not custom.
    case notCustom(String)
    /// Merging or moving a circle into itself.
    case sameCircle(String)
    /// The account is already linked to another contact of this owner.
    case accountAlreadyLinked(String)
    /// An owner linking a contact to its own account.
    case cannotLinkSelf
    /// A phone number that is not one.
    case invalidPhone
    /// A contact's or profile's email that is not one.
    case invalidEmail
    /// A username that is not 3-30 of [a-z0-9_.].
    case invalidUsername
    /// Another profile has this username (case-insensitively).
    case usernameTaken(String)
    /// A bio, photo or reason over its limit.
    case tooLong(field: String, maxLength: Int)
    /// A shadow's type that is not one of `ProfileType.shadowTypes` (as given, trimmed).
    case invalidShadowType(String)
    /// A sixth shadow.
    case tooManyShadows
    /// A shadow-only action on the primary profile.
    case notShadow(String)
    /// `shadow reveal` on a revealed shadow.
    case alreadyRevealed(String)
    /// A requested field the viewer sees already.
    case alreadyVisible(Field)
    /// A requested field that is deny for the viewer.
    case notShared(Field)
    /// An 11th pending request to one owner.
    case tooManyPendingRequests
    /// A grant id that matches no live grant of the owner.
    case grantNotFound(String)
    /// A suggestion id that matches no current suggestion.
    case suggestionNotFound(String)
    /// A profile the viewer may not see: the same sentence as one that does not exist.
    case profileNotFound(String)
    /// `view-as CONTACT --profile SHADOW`: the owner's preview of a shadow for a contact outside its circles.
    case cannotSee(contact: String, profile: String)
    /// `look`/`request` target that is neither an email nor `@username`.
    case invalidTarget(String)
    /// An edit of a contact, circle or profile that changes no value at all.
    case nothingToChange
    /// Adding members to or removing them from a circle without naming one contact.
    case noContacts

    public var description: String {
        switch self {
        case .invalidName(let field, let problem, let maxLength):
            "Please enter a valid name (1-\(maxLength) characters): the \(field) \(problem)"
        case .reservedName(let name): "\(name) is a reserved word: choose another name"
        case .invalidCircleName: "Please enter a circle name (1-40 characters)"
        case .circleNameTaken(let name): "A circle named \(name) already exists"
        case .invalidEmoji: "Please choose one emoji"
        case .invalidColor(let color):
            "\(color) is not a circle colour: choose one of "
                + CircleColor.allCases.map(\.rawValue).joined(separator: ", ")
        case .tooManyCircles: "You can have up to 64 circles"
        case .noManualMembers: "Contacts and Public have no manual members"
        case .notCustom(let name):
            "\(name) is not a custom circle: only custom circles can be renamed, edited or deleted"
        case .sameCircle(let name): "\(name) cannot be merged or moved into itself"
        case .accountAlreadyLinked(let email): "\(email) is already one of your contacts"
        case .cannotLinkSelf: "You cannot add yourself as a contact"
        case .invalidPhone: "Please enter a valid phone number"
        case .invalidEmail: "Please enter a valid email address"
        case .invalidUsername: "Usernames are 3-30 characters: a-z, 0-9, _ and ."
        case .usernameTaken(let username): "The username \(username) is taken"
        case .tooLong(let field, let maxLength): "The \(field) can be at most \(maxLength) characters"
        case .invalidShadowType(let text):
            "A shadow's type must be one of " + ProfileType.shadowTypes.map(\.rawValue).joined(separator: ", ")
                + (text.isEmpty ? "" : ", not \(text)")
        case .tooManyShadows: "You can have up to 5 shadow profiles"
        case .notShadow(let name): "\(name) is your primary profile, not a shadow"
        case .alreadyRevealed(let name): "\(name) is already revealed"
        case .alreadyVisible(let field): "You can already see \(field.rawValue)"
        case .notShared(let field): "\(field.rawValue) is not shared with you"
        case .tooManyPendingRequests: "You have 10 pending requests to this person"
        case .grantNotFound(let id): "No grant named \(id)"
        case .suggestionNotFound(let id): "No suggestion named \(id)"
        case .profileNotFound(let name): "No profile named \(name)"
        case .cannotSee(let contact, let profile): "\(contact) cannot see \(profile)"
        case .invalidTarget(let text): "\(text) is neither an email nor @username"
        case .nothingToChange: "Nothing to change"
        case .noContacts: "Name at least one contact"
        }
    }
}
