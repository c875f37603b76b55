import Foundation

/// One live session of an account as its owner sees it (`sessions`, the account export): never its token or hash.
public struct SessionActivity: Sendable, Hashable, Identifiable {
    /// The session's id (what `sessions end ID` takes).
    public var id: String
    public var createdAt: Date
    /// Kept to `SessionActivity.interval`.
    public var lastUsedAt: Date
    /// The client's label where it was made; nil when unknown (sessions made before labels were kept).
    public var createdWhere: String?
    /// It is the session of the caller who asked.
    public var current: Bool

    /// Creates a value.
    public init(id: String, createdAt: Date, lastUsedAt: Date, createdWhere: String?, current: Bool = false) {
        self.id = id
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.createdWhere = createdWhere
        self.current = current
    }

    /// How often, at most, a session's `lastUsedAt` is written: 5 minutes.
    ///
    /// Authenticating never writes: a call that found the session (a token's lookup, this device's saved entry) asks
    /// for a separate small write only when the stored time is at least this old, and the store writes it only if it
    /// still is (`IdentityStoreTransaction.touchSession`), so servers racing for one session write it once.
    public static let interval: TimeInterval = 5 * 60

    /// Whether a session last used at `lastUsedAt` is due a new "last used" at `now`.
    public static func isDue(lastUsedAt: Date, at now: Date) -> Bool {
        now.timeIntervalSince(lastUsedAt) >= interval
    }

    /// The longest label kept: a User-Agent can be long, and the label is only shown.
    public static let maxLabelLength = 200

    /// `raw` as a label: trimmed, control characters dropped, at most `maxLabelLength` characters; nil when empty.
    public static func label(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let scalars = raw.unicodeScalars.filter { $0.properties.generalCategory != .control }
        let cleaned = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty else { return nil }
        return String(cleaned.prefix(maxLabelLength))
    }
}
