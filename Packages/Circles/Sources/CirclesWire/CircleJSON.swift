import Circles
import Foundation
import IdentityWire
import Kernel

/// A circle (`GET /api/circles`, `circles --json`, create, edit, delete, merge): CLI.md's `{circleId, name, kind,
/// emoji, color, memberCount}`, `memberCount` null for Public.
public struct CircleJSON: Codable, Sendable, Equatable {
    public var circleId: String
    public var name: String
    public var kind: CircleKind
    public var emoji: String
    public var color: CircleColor
    @ExplicitNull public var memberCount: Int?

    /// The JSON of `circle`.
    public init(_ circle: Circle) {
        circleId = circle.id
        name = circle.name
        kind = circle.kind
        emoji = circle.emoji
        color = circle.color
        memberCount = circle.memberCount
    }

    /// A circle's JSON from its keys.
    init(circleId: String, name: String, kind: CircleKind, emoji: String, color: CircleColor, memberCount: Int?) {
        self.circleId = circleId
        self.name = name
        self.kind = kind
        self.emoji = emoji
        self.color = color
        self.memberCount = memberCount
    }

    /// The circle again, owned by `owner` at `position` (its place in the list; neither is on the wire). A built-in
    /// circle is known by its name, which can never change.
    public func circle(owner: String, position: Int) -> Circle {
        let builtIn = kind == .custom ? nil : BuiltInCircle.allCases.first { $0.name == name }
        return Circle(
            id: circleId, ownerAccountId: owner, name: name, builtIn: builtIn, emoji: emoji, color: color,
            position: position, createdAt: .distantPast, memberCount: memberCount)
    }
}
