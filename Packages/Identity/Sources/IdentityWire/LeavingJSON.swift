import Accounts

/// `account delete --json`: the email whose account was deleted.
public struct AccountDeletedJSON: Codable, Sendable, Equatable {
    public var deleted: String

    public init(deleted: String) {
        self.deleted = deleted
    }
}

/// `account export --output FILE --json` (and `member export`): where the document went, and its format.
public struct ExportWrittenJSON: Codable, Sendable, Equatable {
    public var path: String
    public var format: String

    public init(path: String, format: String) {
        self.path = path
        self.format = format
    }
}

/// `POST /api/auth/session-state`: a session's raw token.
public struct SessionStateBody: Codable, Sendable, Equatable {
    public var token: String

    public init(token: String) {
        self.token = token
    }
}

/// `POST /api/auth/session-state`'s answer: `live` (with its account), `ended`, or `deleted` (its account is gone).
public struct SessionStateJSON: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable {
        case live, ended, deleted
    }

    public var state: State
    public var accountId: String?

    public init(_ state: DeviceSessionState) {
        switch state {
        case .live(let accountId): (self.state, self.accountId) = (.live, accountId)
        case .ended, .unanswered: (self.state, self.accountId) = (.ended, nil)
        case .deleted: (self.state, self.accountId) = (.deleted, nil)
        }
    }

    public var sessionState: DeviceSessionState {
        switch state {
        case .live: accountId.map { .live(accountId: $0) } ?? .ended
        case .ended: .ended
        case .deleted: .deleted
        }
    }
}
