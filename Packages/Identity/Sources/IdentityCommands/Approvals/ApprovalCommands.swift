import Accounts
import Console
import Foundation
import Households
import IdentityWire

/// `ask`, `requests`, `approvals`, `approve`, `decline` (DOMAIN.md "Ask to approve"): thin over `ApprovalService`.
enum ApprovalCommands {
    /// `ask TITLE [--kind K] [--price P --currency C] [--rating R] [--note N]`, while acting as a member.
    static func ask(service: any ApprovalService, principals: any PrincipalSource) -> Command {
        Command(
            "ask", summary: "Ask your guardians to approve something (while viewing as a family member)",
            arguments: [Argument("TITLE", "what you ask for, e.g. \"Minecraft\"")],
            options: [
                Option(
                    "kind", value: "KIND", "what it is (default purchase)",
                    choices: ApprovalKind.allCases.map(\.rawValue)),
                Option("price", value: "PRICE", "its price, e.g. 4.99 (with --currency)"),
                Option("currency", value: "CODE", "the price's currency, e.g. EUR"),
                Option("rating", value: "RATING", "its maturity rating: all-ages, 7+, 13+, 16+ or 18+"),
                Option("note", value: "TEXT", "a note for your guardians"),
            ],
            details: """
                The same kind and title asked again while it waits renews it. A request waits 24 hours; at most 20 \
                wait at once. A guardian answers with `approve` or `decline`, or approves here with `approve ID --pin`.
                """
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let ask = try usage {
                try ApprovalAsk(
                    kind: try arguments.option("kind").map(ApprovalKind.parse) ?? .default,
                    title: arguments.argument("TITLE"), price: arguments.option("price"),
                    currency: arguments.option("currency"),
                    rating: try arguments.option("rating").map(MaturityRating.parse), note: arguments.option("note"))
            }
            let asked = try await service.ask(principal, ask)
            let title = context.style.bold(asked.request.title)
            let text =
                asked.renewed
                ? "Asked your guardians again: \(title). It waits another \(IdentityText.hours(ApprovalRequest.lifetime))."
                : "Asked your guardians: \(title)."
            return .value(ApprovalJSON(asked.request, renewed: asked.renewed), text: text)
        }
        // Refused before anything is read when not acting: the member asks, never the account itself.
        .requiring { try await principals.requireActing() }
    }

    /// `requests`, while acting: the member's requests and their states. Stands in for another feature's `requests`
    /// (Circles' inbox, refused while acting) while acting.
    static func requests(service: any ApprovalService, principals: any PrincipalSource) -> Command {
        Command(
            "requests", summary: "Your requests to your guardians and their answers (while viewing as a family member)"
        ) { _, context in
            let principal = try await principals.requirePrincipal()
            let requests = try await service.requests(principal)
            return .value(
                requests.map { ApprovalJSON($0) }, text: ApprovalText.requests(requests, style: context.style))
        }
        .requiring { try await principals.requireActing() }
        .standingIn { try await principals.currentPrincipal()?.actingAs != nil }
    }

    /// `approvals`: a guardian's pending requests, newest first.
    static func approvals(service: any ApprovalService, principals: any PrincipalSource) -> Command {
        Command("approvals", summary: "Requests waiting for your answer, from the members you guard") { _, context in
            let principal = try await principals.requirePrincipal()
            let requests = try await service.approvals(principal)
            return .value(
                requests.map { ApprovalJSON($0) }, text: ApprovalText.approvals(requests, style: context.style))
        }
    }

    /// `approve ID [--note N] [--pin]`.
    static func approve(service: any ApprovalService, principals: any PrincipalSource) -> Command {
        Command(
            "approve", summary: "Approve a request of a member you guard",
            arguments: [Argument("ID", "the request's id, or its exact title")],
            options: [
                Option("note", value: "TEXT", "a note for the member"),
                Option("pin", "approve in person, while viewing as the member, with its exit PIN"),
            ] + ExitPinInput.options,
            details: """
                The first answer wins: a request answered already says by whom. While viewing as the member, only \
                `approve ID --pin` works, with the member's exit PIN (asked for, or --pin-file or KITH_PIN); a wrong \
                PIN counts like any wrong PIN.
                """
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            var pin: String?
            if let acting = principal.actingAs {
                guard arguments.flag("pin") else { throw IdentityError.approvalNeedsPin(acting.displayName) }
                guard let given = try ExitPinInput.pin(arguments, context, for: acting.displayName) else {
                    throw ExitPinInput.missing
                }
                pin = given
            }
            let request = try await service.approve(
                principal, request: arguments.argument("ID"), note: arguments.option("note"), pin: pin)
            return .value(
                ApprovalJSON(request),
                text: "Approved: \(context.style.bold(request.title)) for \(request.memberName).")
        }
    }

    /// `decline ID [--note N]`.
    static func decline(service: any ApprovalService, principals: any PrincipalSource) -> Command {
        Command(
            "decline", summary: "Decline a request of a member you guard",
            arguments: [Argument("ID", "the request's id, or its exact title")],
            options: [Option("note", value: "TEXT", "a note for the member")]
        ) { arguments, context in
            let principal = try await principals.requirePrincipal()
            let request = try await service.decline(
                principal, request: arguments.argument("ID"), note: arguments.option("note"))
            return .value(
                ApprovalJSON(request),
                text: "Declined: \(context.style.bold(request.title)) for \(request.memberName).")
        }
    }

    /// Runs `parse`, turning a refused value into a usage error (exit 2) with the domain's sentence: a value the
    /// command line gave in the wrong form.
    static func usage<T>(_ parse: () throws -> T) throws -> T {
        do {
            return try parse()
        } catch let error as IdentityError {
            throw UsageError(error.description)
        }
    }
}

extension PrincipalSource {
    /// Refuses a caller that is not acting as a member: "Only while viewing as a family member…".
    func requireActing() async throws {
        guard try await requirePrincipal().actingAs != nil else { throw IdentityError.askNeedsActing }
    }
}
