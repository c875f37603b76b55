/// What a claim's transaction produced (an account, a session) and the graduation other features carry over.
public struct Claimed<Value: Sendable>: Sendable {
    public var value: Value
    public var graduation: Graduation

    /// Pairs a value with its graduation.
    public init(_ value: Value, graduation: Graduation) {
        self.value = value
        self.graduation = graduation
    }
}
