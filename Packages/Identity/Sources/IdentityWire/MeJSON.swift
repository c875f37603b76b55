import Accounts
import Foundation
import Households
import Kernel

/// The signed-in account, whom the caller acts as, and the persona it presents: `GET /api/me`, every account edit,
/// the `account` of a session, and `whoami --json` (also `signup`, `login`, `name`, `role`).
///
/// `actingAs` is always sent: `null` while acting as oneself.
public struct MeJSON: Codable, Sendable, Equatable {
    /// The persona presented: the primary profile, or the Circles shadow the account switched to.
    public struct PersonaJSON: Codable, Sendable, Equatable {
        public var profileId: String
        public var displayName: String
        /// `primary`, or the shadow's type (`professional`, `personal`, `anonymous`).
        public var type: String

        public init(profileId: String, displayName: String, type: String) {
            self.profileId = profileId
            self.displayName = displayName
            self.type = type
        }

        /// The primary profile of `account` (its id is the principal's persona, when it names one).
        public static func primary(of account: Account, principal: Principal?) -> PersonaJSON {
            PersonaJSON(
                profileId: principal?.personaProfileId ?? account.id, displayName: account.displayName, type: "primary")
        }
    }

    public var accountId: String
    public var email: String
    public var firstName: String
    public var lastName: String
    public var role: AccountRole
    public var accountType: AccountType
    public var authMethod: AuthMethod
    public var createdAt: Date
    /// Whether the account proved it receives mail at `email`.
    public var emailVerified: Bool
    @ExplicitNull public var actingAs: MemberNameJSON?
    public var persona: PersonaJSON
    /// The primary profile's photo, which saved accounts carry (null without one, or without Circles).
    @ExplicitNull public var photoURL: String?
    /// The content ceiling of whom the caller is: the member acted as, else the account (DOMAIN.md "Maturity").
    public var maturity: MaturityRating?
    /// `{lower, upper, method}` of the same, or null when none was declared.
    @ExplicitNull public var ageRange: AgeRange?
    /// `whoami`'s stats row (contacts and circles counts) in products with Circles; absent elsewhere and on the wire.
    public var stats: ProfileStatsJSON?

    /// `account` as `principal` sees it; `persona` defaults to the account's primary profile (a product without
    /// Circles, or when it cannot be read).
    public init(_ account: Account, principal: Principal?, persona: PersonaJSON? = nil, photoURL: String? = nil) {
        accountId = account.id
        email = account.email
        firstName = account.firstName
        lastName = account.lastName
        role = account.role
        accountType = account.accountType
        authMethod = account.authMethod
        createdAt = account.createdAt
        emailVerified = account.emailVerified
        actingAs = principal?.actingAs.map(MemberNameJSON.init)
        self.persona = persona ?? .primary(of: account, principal: principal)
        self.photoURL = photoURL
        maturity = account.maturity
        ageRange = account.ageRange
    }

    /// While acting, the member's ceiling and age range instead of the account's (`member` is the one acted as, as
    /// the caller read it from its active household); nothing changes when `member` is nil.
    public mutating func showAgeSignals(of member: Member?) {
        guard let member, actingAs?.memberId == member.memberId else { return }
        maturity = member.maturity
        ageRange = member.ageRange
    }

    public var account: Account {
        Account(
            id: accountId, email: email, firstName: firstName, lastName: lastName, role: role,
            accountType: accountType, authMethod: authMethod, createdAt: createdAt, emailVerified: emailVerified,
            maturity: actingAs == nil ? maturity ?? .account : .account, ageRange: actingAs == nil ? ageRange : nil)
    }
}
