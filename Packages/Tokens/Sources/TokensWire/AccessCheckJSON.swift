import Tokens

/// `POST /api/access/check`'s body: one check (`owner`, `viewer`, `circles`), or up to 100 in `checks`.
public struct AccessCheckRequest: Codable, Sendable, Hashable {
    public var owner: String?
    public var viewer: String?
    public var circles: [String]?
    public var checks: [AccessCheckJSON]?

    public init(owner: String? = nil, viewer: String? = nil, circles: [String]? = nil, checks: [AccessCheckJSON]? = nil)
    {
        self.owner = owner
        self.viewer = viewer
        self.circles = circles
        self.checks = checks
    }

    /// The checks asked for: `checks`, or the one check of the top-level fields; nil when the body is neither (a
    /// route answers 400 `invalid_json`).
    public var asked: [AccessCheck]? {
        if let checks, owner == nil, viewer == nil, circles == nil { return checks.map(\.check) }
        guard checks == nil, let owner, let viewer, let circles else { return nil }
        return [AccessCheck(owner: owner, viewer: viewer, circles: circles)]
    }

    /// Whether the answer is a list (`checks` was sent).
    public var isBatch: Bool { checks != nil }
}

/// One check in `checks`.
public struct AccessCheckJSON: Codable, Sendable, Hashable {
    public var owner: String
    public var viewer: String
    public var circles: [String]

    public init(owner: String, viewer: String, circles: [String]) {
        self.owner = owner
        self.viewer = viewer
        self.circles = circles
    }

    public var check: AccessCheck { AccessCheck(owner: owner, viewer: viewer, circles: circles) }
}

/// The answer: `{allowed}` for one check, `{results: [{allowed}...]}` in order for `checks`.
public struct AccessCheckResponse: Codable, Sendable, Hashable {
    public var allowed: Bool?
    public var results: [AccessCheckResult]?

    public init(allowed: Bool) { self.allowed = allowed }

    public init(results: [Bool]) { self.results = results.map(AccessCheckResult.init(allowed:)) }
}

/// One answer of `results`.
public struct AccessCheckResult: Codable, Sendable, Hashable {
    public var allowed: Bool
    public init(allowed: Bool) { self.allowed = allowed }
}
