import Accounts
import Foundation

/// What a managed member asks its guardians for (DOMAIN.md "Ask to approve").
public enum ApprovalKind: String, Sendable, Codable, CaseIterable, Hashable {
    case purchase
    case app
    case content
    case contact

    /// The kind of an `ask` that names none: asking to buy is what the flow is for.
    public static let `default` = ApprovalKind.purchase

    /// The kind `text` names (trimmed, any case), or "Please choose a kind: purchase, app, content or contact".
    public static func parse(_ text: String) throws(IdentityError) -> ApprovalKind {
        guard let kind = ApprovalKind(rawValue: text.trimmingWhitespace().lowercased()) else {
            throw IdentityError.invalidApprovalKind
        }
        return kind
    }
}

/// Where a request stands at a given moment. `expired` is not stored: a pending request becomes it 24 hours after it
/// was last asked, by the service's clock.
public enum ApprovalState: String, Sendable, Codable, CaseIterable, Hashable {
    case pending
    case approved
    case declined
    case expired
}

/// A guardian's answer to a request.
public struct ApprovalDecision: Sendable, Codable, Hashable {
    /// Approved (true) or declined (false).
    public var approved: Bool
    /// The guardian's account.
    public var byAccountId: String
    /// The guardian's name when it answered, for "Already approved by NAME." even after the account is gone.
    public var byName: String
    public var at: Date
    public var note: String?
    /// Approved on the member's own device with its exit PIN, while the guardian acted as the member.
    public var inPerson: Bool

    /// Creates a decision.
    public init(approved: Bool, byAccountId: String, byName: String, at: Date, note: String?, inPerson: Bool) {
        self.approved = approved
        self.byAccountId = byAccountId
        self.byName = byName
        self.at = at
        self.note = note
        self.inPerson = inPerson
    }
}

/// One request of a managed member, as the store keeps it.
public struct ApprovalRequest: Sendable, Codable, Hashable, Identifiable {
    /// UUID string.
    public var id: String
    public var householdId: String
    /// The managed member it is for.
    public var memberId: String
    /// The member's name when it last asked.
    public var memberName: String
    /// The guardian account that acted as the member when it (last) asked.
    public var askedByAccountId: String
    public var kind: ApprovalKind
    public var title: String
    /// A decimal amount as written (`6.99`), always with `currency`.
    public var price: String?
    /// An ISO 4217 code, upper case.
    public var currency: String?
    public var rating: MaturityRating?
    public var note: String?
    /// When it was first asked.
    public var createdAt: Date
    /// When it was last asked: the same request again renews it.
    public var askedAt: Date
    public var expiresAt: Date
    /// Nil while pending (or once expired unanswered).
    public var decision: ApprovalDecision?
    /// Where it stood when the service read it, by the service's clock (`state(at:)`); never stored.
    public var state: ApprovalState = .pending

    /// Creates a request value (the service creates requests; this is for stores and tests).
    public init(
        id: String, householdId: String, memberId: String, memberName: String, askedByAccountId: String,
        ask: ApprovalAsk, createdAt: Date, askedAt: Date, expiresAt: Date, decision: ApprovalDecision? = nil
    ) {
        self.id = id
        self.householdId = householdId
        self.memberId = memberId
        self.memberName = memberName
        self.askedByAccountId = askedByAccountId
        kind = ask.kind
        title = ask.title
        price = ask.price
        currency = ask.currency
        rating = ask.rating
        note = ask.note
        self.createdAt = createdAt
        self.askedAt = askedAt
        self.expiresAt = expiresAt
        self.decision = decision
    }

    /// How long a request waits for an answer after it was (last) asked: 24 hours.
    public static let lifetime: TimeInterval = 24 * 60 * 60
    /// The most requests one member may have pending at once.
    public static let maxPending = 20

    /// Where it stands at `now`.
    public func state(at now: Date) -> ApprovalState {
        if let decision { return decision.approved ? .approved : .declined }
        return now < expiresAt ? .pending : .expired
    }

    /// What the member asked, as given to `ask`.
    public var ask: ApprovalAsk {
        ApprovalAsk(storedKind: kind, title: title, price: price, currency: currency, rating: rating, note: note)
    }

    /// The request with `state` as it stands at `now`.
    public func seen(at now: Date) -> ApprovalRequest {
        var request = self
        request.state = state(at: now)
        return request
    }

    /// Whether asking `other` again is this request again: the same kind and the same title (as names compare).
    public func isSameAsk(as other: ApprovalAsk) -> Bool {
        kind == other.kind && ReferenceResolver.normalizedKey(title) == ReferenceResolver.normalizedKey(other.title)
    }
}
