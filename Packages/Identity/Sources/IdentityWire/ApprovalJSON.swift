import Accounts
import Foundation
import Households
import Kernel

/// A request to approve: `ask --json` (with `renewed`), `requests --json`, `approvals --json`, `approve`/`decline
/// --json`, and the approval routes. `state` is where it stood when the server read it; `decision` is null until a
/// guardian answered.
public struct ApprovalJSON: Codable, Sendable, Equatable {
    public var requestId: String
    public var householdId: String
    public var memberId: String
    public var memberName: String
    public var askedByAccountId: String
    public var kind: ApprovalKind
    public var title: String
    /// A decimal amount as text (`"6.99"`), so no amount is rounded on the way.
    @ExplicitNull public var price: String?
    @ExplicitNull public var currency: String?
    @ExplicitNull public var rating: MaturityRating?
    @ExplicitNull public var note: String?
    public var state: ApprovalState
    public var createdAt: Date
    public var askedAt: Date
    public var expiresAt: Date
    @ExplicitNull public var decision: ApprovalDecision?
    /// Only in the answer to `ask`: whether it renewed a request already waiting.
    public var renewed: Bool?

    /// The JSON of `request` (`renewed` only for the answer to `ask`).
    public init(_ request: ApprovalRequest, renewed: Bool? = nil) {
        requestId = request.id
        householdId = request.householdId
        memberId = request.memberId
        memberName = request.memberName
        askedByAccountId = request.askedByAccountId
        kind = request.kind
        title = request.title
        price = request.price
        currency = request.currency
        rating = request.rating
        note = request.note
        state = request.state
        createdAt = request.createdAt
        askedAt = request.askedAt
        expiresAt = request.expiresAt
        decision = request.decision
        self.renewed = renewed
    }

    /// The request again, with the state the server saw.
    public var request: ApprovalRequest {
        var request = ApprovalRequest(
            id: requestId, householdId: householdId, memberId: memberId, memberName: memberName,
            askedByAccountId: askedByAccountId,
            ask: ApprovalAsk(
                storedKind: kind, title: title, price: price, currency: currency, rating: rating, note: note),
            createdAt: createdAt, askedAt: askedAt, expiresAt: expiresAt, decision: decision)
        request.state = state
        return request
    }
}

/// `POST /api/approvals` (while acting): what the member asks for. `kind` defaults to `purchase`; `price` may be a
/// JSON number or a string (`"6.99"`), always with `currency`; `rating` is a maturity rating (`13+`).
public struct AskBody: Codable, Sendable, Equatable {
    public var kind: String?
    public var title: String
    public var price: String?
    public var currency: String?
    public var rating: String?
    public var note: String?

    /// A body with every field.
    public init(_ ask: ApprovalAsk) {
        kind = ask.kind.rawValue
        title = ask.title
        price = ask.price
        currency = ask.currency
        rating = ask.rating?.rawValue
        note = ask.note
    }

    private enum CodingKeys: String, CodingKey {
        case kind, title, price, currency, rating, note
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        title = try container.decode(String.self, forKey: .title)
        // A number is read as the text it was written as (`6.99`, never 6.9900000001): the domain checks the text.
        if let text = try? container.decodeIfPresent(String.self, forKey: .price) {
            price = text
        } else if let number = try container.decodeIfPresent(Decimal.self, forKey: .price) {
            price = "\(number)"
        } else {
            price = nil
        }
        currency = try container.decodeIfPresent(String.self, forKey: .currency)
        rating = try container.decodeIfPresent(String.self, forKey: .rating)
        note = try container.decodeIfPresent(String.self, forKey: .note)
    }

    /// The ask, checked by the domain's rules (each refusal its sentence).
    public func ask() throws(IdentityError) -> ApprovalAsk {
        try ApprovalAsk(
            kind: try kind.map(ApprovalKind.parse) ?? .default, title: title, price: price, currency: currency,
            rating: try rating.map(MaturityRating.parse), note: note)
    }
}

/// `POST /api/approvals/{id}/approve` (`note`, and `pin` for an approval in person while acting) and
/// `POST /api/approvals/{id}/decline` (`note`).
public struct AnswerBody: Codable, Sendable, Equatable {
    public var note: String?
    public var pin: String?

    public init(note: String?, pin: String? = nil) {
        self.note = note
        self.pin = pin
    }
}

/// `PUT /api/members/{member}/maturity`.
public struct MaturityBody: Codable, Sendable, Equatable {
    public var rating: String

    public init(rating: MaturityRating) {
        self.rating = rating.rawValue
    }
}

/// `PUT /api/members/{member}/age-range` and `PUT /api/me/age-range`: whole years.
public struct AgeRangeBody: Codable, Sendable, Equatable {
    public var lower: Int
    public var upper: Int

    public init(lower: Int, upper: Int) {
        self.lower = lower
        self.upper = upper
    }
}
