import Accounts
import Console
import Foundation
import Households
import Identity
import IdentityWire

/// Human renderings shared by several commands: an account card and a household's member table.
enum IdentityText {
    /// "within 10 minutes": how recent a sign-in stands in for a password (`LocalIdentityService.recentSignIn`), as
    /// the help of the commands that ask for one says it. From the rule, so help and rule cannot drift apart.
    static let recentSignIn = "within \(minutes(LocalIdentityService.recentSignIn))"

    /// "15 minutes": how long a mailed recovery code works (`EmailCodeRules.lifetime(.recovery)`).
    static let recoveryCodeLifetime = minutes(EmailCodeRules.lifetime(.recovery))

    /// `interval` in whole hours, as help text says it ("24 hours").
    static func hours(_ interval: TimeInterval) -> String {
        let hours = Int(interval / 3600)
        return hours == 1 ? "1 hour" : "\(hours) hours"
    }

    /// `interval` in whole minutes, as help text says it.
    static func minutes(_ interval: TimeInterval) -> String {
        let minutes = Int(interval / 60)
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }

    /// `Dana Reyes` then aligned details: email (marked while not verified), role, account type, who it acts as, and the shadow it presents
    /// ("Presenting as Night Owl (professional)"; nothing for the primary); `stats`, the seed's stats row, under the
    /// name when given.
    static func account(
        _ account: Account, principal: Principal?, persona: MeJSON.PersonaJSON? = nil, stats: ProfileStatsJSON? = nil,
        maturity: MaturityRating? = nil, ageRange: AgeRange? = nil, style: Style
    ) -> String {
        var table = Table(headers: [], wrapped: [1])
        table.append(["  email", account.email + (account.emailVerified ? "" : style.dim(" (not verified)"))])
        table.append(["  role", account.role.rawValue])
        table.append(["  account", "\(label(account.accountType)) · \(method(account.authMethod))"])
        if let actingAs = principal?.actingAs {
            table.append(["  viewing as", actingAs.displayName])
        }
        // Whom the caller is (the member acted as, else the account): what apps read to keep content under it.
        if let maturity { table.append(["  maturity", maturity.rawValue]) }
        if let ageRange { table.append(["  age", "\(ageRange.text) (\(ageRange.method.rawValue))"]) }
        table.append(["  id", style.dim(account.id)])
        var out = style.bold(account.displayName) + "\n"
        if let stats { out += "  " + stats.text + "\n" }
        out += table.render(style: style)
        if let shadow = shadowName(persona) { out += "\n  Presenting as \(shadow)" }
        return out
    }

    /// "Night Owl (professional)" for a shadow persona; nil for the primary or when none is known.
    static func shadowName(_ persona: MeJSON.PersonaJSON?) -> String? {
        guard let persona, persona.type != "primary" else { return nil }
        return "\(persona.displayName) (\(persona.type))"
    }

    /// "Private" or "Corporate", the switcher's badge.
    static func label(_ type: AccountType) -> String {
        switch type {
        case .private: "Private"
        case .corporate: "Corporate"
        }
    }

    /// How an account signs in, as the seed's switcher shows it: an envelope for a password, `G` for Google.
    static func method(_ method: AuthMethod) -> String {
        switch method {
        case .password, .sso: "✉ \(method.rawValue)"
        case .google: "G google"
        case .apple: "A apple"
        }
    }

    /// Up to two initials of a display name, upper-cased: the switcher's avatar.
    static func initials(_ displayName: String) -> String {
        displayName.split(separator: " ").prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
    }

    /// A household's heading and its members: monogram, name, kind, role, guardians, maturity rating, age range.
    static func household(_ household: Household, style: Style) -> String {
        let heading =
            style.accent(style.bold(household.name)) + " · "
            + count(household.members.count, "member") + " of \(Household.capacity)"
        var table = Table(
            headers: ["", "NAME", "KIND", "ROLE", "GUARDIANS", "RATING", "AGE"], truncated: [1], wrapped: [4])
        for member in household.members {
            let monogram = member.monogram
            let guardians = member.guardianAccountIds.map { id in
                household.member(id)?.displayName ?? id
            }
            table.append([
                monogram, member.displayName, member.kind.rawValue, member.role.rawValue,
                guardians.joined(separator: ", "), member.maturity.rawValue, member.ageRange?.text ?? "",
            ])
        }
        return heading + "\n" + table.render(style: style)
    }

    /// "1 member", "3 members".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
