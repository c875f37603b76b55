import Accounts
import Console
import Households
import IdentityWire

/// `member rating MEMBER VALUE`, `member age MEMBER LOW-HIGH` and `age LOW-HIGH` (DOMAIN.md "Maturity", "Age range").
enum MaturityCommands {
    static func memberRating(service: any ApprovalService, principals: any PrincipalSource) -> Command {
        Command(
            "member rating", summary: "Set the maturity rating of a managed member you guard",
            arguments: [
                Argument("MEMBER", "a managed member's id or name", completion: "member"),
                Argument("VALUE", "all-ages, 7+, 13+, 16+ or 18+"),
            ],
            details: "Apps read the rating (whoami, member listings) and keep what they show under it."
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let rating = try ApprovalCommands.usage { try MaturityRating.parse(arguments.argument("VALUE")) }
            let member = try await service.setMaturity(principal, member: arguments.argument("MEMBER"), rating: rating)
            return .value(
                MemberJSON(member),
                text: "\(context.style.bold(member.displayName))'s maturity rating is now \(member.maturity.rawValue).")
        }
    }

    static func memberAge(service: any ApprovalService, principals: any PrincipalSource) -> Command {
        Command(
            "member age", summary: "Declare the age range of a managed member you guard",
            arguments: [
                Argument("MEMBER", "a managed member's id or name", completion: "member"),
                Argument("LOW-HIGH", "whole years, e.g. 9-12"),
            ],
            details: "Never a birth date: a range in whole years, as apps ask for it."
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let range = try ApprovalCommands.usage {
                try AgeRange.parse(arguments.argument("LOW-HIGH"), method: .guardian)
            }
            let member = try await service.setAgeRange(
                principal, member: arguments.argument("MEMBER"), lower: range.lower, upper: range.upper)
            return .value(
                MemberJSON(member),
                text: "\(context.style.bold(member.displayName))'s age range is now \(range.text).")
        }
    }

    static func ownAge(service: any ApprovalService, principals: any PrincipalSource) -> Command {
        Command(
            "age", summary: "Declare your own age range",
            arguments: [Argument("LOW-HIGH", "whole years, e.g. 16-17")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let range = try ApprovalCommands.usage {
                try AgeRange.parse(arguments.argument("LOW-HIGH"), method: .selfDeclared)
            }
            let account = try await service.setOwnAgeRange(principal, lower: range.lower, upper: range.upper)
            return .value(MeJSON(account, principal: principal), text: "Your age range is now \(range.text).")
        }
    }
}

/// How requests read in a terminal.
enum ApprovalText {
    /// The member's requests: state, title, details, and who answered.
    static func requests(_ requests: [ApprovalRequest], style: Style) -> String {
        guard !requests.isEmpty else { return "No requests yet. Ask with `ask TITLE`." }
        var table = Table(headers: ["STATE", "TITLE", "KIND", "PRICE", "ANSWER"], truncated: [1], wrapped: [4])
        for request in requests {
            table.append([
                state(request.state, style: style), request.title, request.kind.rawValue, price(request),
                answer(request),
            ])
        }
        return table.render(style: style)
    }

    /// A guardian's pending requests: id, member, title, details, when asked.
    static func approvals(_ requests: [ApprovalRequest], style: Style) -> String {
        guard !requests.isEmpty else { return "Nothing waiting for your answer." }
        var table = Table(
            headers: ["ID", "MEMBER", "TITLE", "KIND", "PRICE", "RATING", "NOTE", "ASKED"], truncated: [2],
            wrapped: [6])
        for request in requests {
            table.append([
                style.dim(request.id), request.memberName, request.title, request.kind.rawValue, price(request),
                request.rating?.rawValue ?? "", request.note ?? "", HumanDate.text(request.askedAt),
            ])
        }
        return table.render(style: style) + "\nAnswer with `approve ID` or `decline ID` (an id or the exact title)."
    }

    static func price(_ request: ApprovalRequest) -> String {
        guard let price = request.price, let currency = request.currency else { return "" }
        return "\(price) \(currency)"
    }

    static func answer(_ request: ApprovalRequest) -> String {
        guard let decision = request.decision else { return "" }
        let how = decision.inPerson ? " (in person)" : ""
        let note = decision.note.map { ": \($0)" } ?? ""
        return "\(decision.approved ? "approved" : "declined") by \(decision.byName)\(how)\(note)"
    }

    static func state(_ state: ApprovalState, style: Style) -> String {
        switch state {
        case .pending: style.warning(state.rawValue)
        case .approved: style.accent(state.rawValue)
        case .declined, .expired: style.dim(state.rawValue)
        }
    }
}
