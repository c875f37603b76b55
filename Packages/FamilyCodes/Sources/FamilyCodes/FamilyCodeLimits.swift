import Foundation

/// What a player may ask of a new code (`family regenerate --expires 7d --max-uses 3`): both optional.
public struct FamilyCodeLimits: Sendable, Hashable {
    /// How long the code lasts, in seconds; nil: until it is regenerated.
    public var lifetime: TimeInterval?
    /// How many joins it admits; nil: no limit.
    public var maxUses: Int?

    /// The longest a code may last: 30 days.
    public static let longestLifetime: TimeInterval = 30 * 24 * 60 * 60
    /// The uses a code may be given.
    public static let usesRange = 1...100
    /// No limits: the seed's code, which lasts until regenerated.
    public static let none = FamilyCodeLimits()

    public init(lifetime: TimeInterval? = nil, maxUses: Int? = nil) {
        self.lifetime = lifetime
        self.maxUses = maxUses
    }

    /// Refuses a lifetime that is not positive or longer than 30 days, and uses outside 1-100.
    public func validate() throws(FamilyCodeError) {
        if let lifetime, !(lifetime > 0 && lifetime <= Self.longestLifetime) { throw .invalidLifetime }
        if let maxUses, !Self.usesRange.contains(maxUses) { throw .invalidMaxUses }
    }

    /// A code for `familyId` made at `now` with these limits.
    ///
    /// The expiry is cut to a whole second: SQLite keeps milliseconds, PostgreSQL microseconds and JSON seconds, so
    /// a finer deadline could show one second apart in what `regenerate` printed and what `family code` reads back.
    func code(_ code: String, familyId: String, at now: Date) -> FamilyCode {
        FamilyCode(
            familyId: familyId, code: code, generatedAt: now,
            expiresAt: lifetime.map {
                Date(timeIntervalSince1970: now.addingTimeInterval($0).timeIntervalSince1970.rounded(.down))
            },
            maxUses: maxUses)
    }
}
