import Accounts

/// What a member asks for, checked: `init` refuses bad input with a sentence, so a value always holds valid fields.
public struct ApprovalAsk: Sendable, Codable, Hashable {
    public var kind: ApprovalKind
    /// Trimmed, 1-100 graphemes.
    public var title: String
    /// A decimal amount (`6.99`): up to 9 digits, then up to 3 decimals (some currencies have three).
    public var price: String?
    /// Three ASCII letters, upper case.
    public var currency: String?
    public var rating: MaturityRating?
    /// Trimmed, at most 500 graphemes; nil when empty.
    public var note: String?

    /// The longest title, in graphemes.
    public static let maxTitleLength = 100
    /// The longest note (of a request or of an answer), in graphemes.
    public static let maxNoteLength = 500

    /// Checks every field: "Please enter a title (1-100 characters)…", "Please enter a price such as 4.99",
    /// "Please enter a currency as a three-letter code such as EUR", "A price needs its currency…" (either alone), and
    /// the note's length.
    public init(
        kind: ApprovalKind = .default, title: String, price: String? = nil, currency: String? = nil,
        rating: MaturityRating? = nil, note: String? = nil
    ) throws(IdentityError) {
        let title = title.trimmingWhitespace()
        guard (1...Self.maxTitleLength).contains(title.count), !Self.hasControls(title) else {
            throw IdentityError.invalidApprovalTitle(maxLength: Self.maxTitleLength)
        }
        let price = price?.trimmingWhitespace()
        let currency = currency?.trimmingWhitespace().uppercased()
        if let price, !Self.isAmount(price) { throw IdentityError.invalidPrice }
        if let currency, !(currency.utf8.count == 3 && currency.utf8.allSatisfy({ (65...90).contains($0) })) {
            throw IdentityError.invalidCurrency
        }
        guard (price == nil) == (currency == nil) else { throw IdentityError.priceNeedsCurrency }
        self.init(
            storedKind: kind, title: title, price: price, currency: currency, rating: rating,
            note: try Self.checkedNote(note))
    }

    /// A value whose fields were checked when it was made (read back from a store): nothing is checked again.
    public init(
        storedKind kind: ApprovalKind, title: String, price: String?, currency: String?, rating: MaturityRating?,
        note: String?
    ) {
        self.kind = kind
        self.title = title
        self.price = price
        self.currency = currency
        self.rating = rating
        self.note = note
    }

    /// A note trimmed (nil when empty), or "A note is at most 500 characters" (or holds control characters).
    public static func checkedNote(_ note: String?) throws(IdentityError) -> String? {
        guard let note = note?.trimmingWhitespace(), !note.isEmpty else { return nil }
        guard note.count <= maxNoteLength, !hasControls(note) else {
            throw IdentityError.invalidNote(maxLength: maxNoteLength)
        }
        return note
    }

    /// Digits, optionally a point and 1-3 more digits: `4`, `4.99`, `0.125`; at most 9 digits before the point.
    package static func isAmount(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...9).contains(parts[0].utf8.count) else { return false }
        if parts.count == 2, !(1...3).contains(parts[1].utf8.count) { return false }
        return parts.allSatisfy { $0.utf8.allSatisfy { (48...57).contains($0) } }
    }

    /// Control and bidi-control characters, which would let a title rewrite what a guardian's terminal shows.
    package static func hasControls(_ text: String) -> Bool {
        // Format characters are refused too (bidi overrides among them), but ZWNJ and ZWJ, which scripts and emoji
        // sequences need.
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control: true
            case .format: scalar.value != 0x200C && scalar.value != 0x200D
            default: false
            }
        }
    }
}
