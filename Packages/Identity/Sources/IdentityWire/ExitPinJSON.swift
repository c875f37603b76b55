import Households

/// `PUT /api/members/{member}/pin`: the guardian's password and the new PIN.
public struct ExitPinSetBody: Codable, Sendable, Equatable {
    public var password: String
    public var pin: String

    public init(password: String, pin: String) {
        self.password = password
        self.pin = pin
    }
}

/// `POST /api/members/{member}/pin/clear`: the guardian's password.
public struct ExitPinClearBody: Codable, Sendable, Equatable {
    public var password: String

    public init(password: String) {
        self.password = password
    }
}

/// `POST /api/members/{member}/pin/verify`: the PIN that leaves the member.
public struct ExitPinVerifyBody: Codable, Sendable, Equatable {
    public var pin: String

    public init(pin: String) {
        self.pin = pin
    }
}

/// `GET /api/members/{member}/pin`: the member and whether it has an exit PIN (never the PIN or its hash).
public struct ExitPinStatusJSON: Codable, Sendable, Equatable {
    public var member: MemberJSON
    public var isSet: Bool

    public init(_ status: ExitPinStatus) {
        member = MemberJSON(status.member)
        isSet = status.isSet
    }

    /// The domain value.
    public var status: ExitPinStatus { ExitPinStatus(member: member.member, isSet: isSet) }
}
