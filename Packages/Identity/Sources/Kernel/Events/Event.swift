import Foundation

/// A change an app may need to follow (DOMAIN.md "Events"): written in the same transaction as the change, so there is
/// never one without the other, and read by apps from the feed or their webhook.
///
/// Thin on purpose: ids and fixed words only (`reason: sign_out`), never an email address, a name, a token, a code or a
/// password. An app that needs more asks Kith with its own credentials.
public struct Event: Sendable, Hashable, Codable {
    /// Unique; the `webhook-id` of every delivery of it, retries included.
    public var id: String
    /// A catalogue type (`account.deleted`) or a feature's own (`votes.cast`).
    public var type: String
    public var occurredAt: Date
    /// Where the event is in the log: a reader that has read up to a cursor never later finds an event below it.
    public var cursor: EventCursor
    public var subject: EventSubject
    /// More ids and fixed words, by name; empty when the type says everything.
    public var data: [String: String]

    public init(
        id: String, type: String, occurredAt: Date, cursor: EventCursor, subject: EventSubject,
        data: [String: String] = [:]
    ) {
        self.id = id
        self.type = type
        self.occurredAt = occurredAt
        self.cursor = cursor
        self.subject = subject
        self.data = data
    }
}

/// Whom an event is about: an account, a managed member, a household, or several of them.
public struct EventSubject: Sendable, Hashable, Codable {
    public var accountId: String?
    public var memberId: String?
    public var householdId: String?

    public init(accountId: String? = nil, memberId: String? = nil, householdId: String? = nil) {
        self.accountId = accountId
        self.memberId = memberId
        self.householdId = householdId
    }
}

/// An event a change is about to write: everything but its id, time and cursor, which the log gives it.
public struct NewEvent: Sendable, Hashable {
    public var type: String
    public var subject: EventSubject
    public var data: [String: String]

    public init(_ type: String, subject: EventSubject, data: [String: String] = [:]) {
        self.type = type
        self.subject = subject
        self.data = data
    }
}

/// An event type a feature emits, declared by its feature value so an app can list everything it may receive.
public struct EventType: Sendable, Hashable {
    /// `area.change`: lower-case words joined by `_`, one dot (`account.email_changed`).
    public let name: String
    /// When it is written, in one sentence (the OpenAPI document and `kith events --types` show it).
    public let summary: String

    public init(_ name: String, _ summary: String) {
        self.name = name
        self.summary = summary
    }

    /// Whether `name` has the catalogue's shape.
    public static func isWellFormed(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { part in
                !part.isEmpty && part.first != "_" && part.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
            }
    }
}
