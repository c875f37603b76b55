/// A declared age range (DOMAIN.md "Age range, never a birth date"): whole years, as Apple's Declared Age Range and
/// Google Play's Age Signals give apps, and who declared it.
public struct AgeRange: Sendable, Codable, Hashable {
    /// Who declared a range.
    public enum Method: String, Sendable, Codable, CaseIterable, Hashable {
        /// A guardian, for a managed member (`member age`).
        case guardian
        /// The account itself (`age`).
        case selfDeclared = "self"
    }

    public var lower: Int
    public var upper: Int
    public var method: Method

    /// The oldest age a range may name.
    public static let oldest = 120

    /// A range from `lower` to `upper`, or "Please enter an age range…" unless both are whole years from 0 to 120 and
    /// `lower` is at most `upper`.
    public init(lower: Int, upper: Int, method: Method) throws(IdentityError) {
        guard lower >= 0, lower <= upper, upper <= Self.oldest else { throw IdentityError.invalidAgeRange }
        self.lower = lower
        self.upper = upper
        self.method = method
    }

    /// The range `text` writes as `LOW-HIGH` (ASCII digits, e.g. `9-12`; a single age `16` is `16-16`), or
    /// "Please enter an age range…".
    public static func parse(_ text: String, method: Method) throws(IdentityError) -> AgeRange {
        let parts = text.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { throw IdentityError.invalidAgeRange }
        let ages = parts.map(Self.wholeYears)
        guard let lower = ages[0], let upper = ages[ages.count - 1] else { throw IdentityError.invalidAgeRange }
        return try AgeRange(lower: lower, upper: upper, method: method)
    }

    /// `LOW-HIGH`, as `parse` reads it.
    public var text: String { "\(lower)-\(upper)" }

    /// A count of years written in 1 to 3 ASCII digits (no sign, no other scripts' digits), so no text can overflow.
    private static func wholeYears(_ text: Substring) -> Int? {
        guard (1...3).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}
