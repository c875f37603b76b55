/// What the database layer has counted since the server started, and its pool now.
public struct DatabaseStatistics: Sendable, Equatable {
    /// Transactions that lost to a concurrent one and ran again.
    public var retries: Int
    /// Transactions that gave up after every retry.
    public var exhausted: Int
    /// Connections found broken and replaced.
    public var replaced: Int
    /// Connections running a transaction now.
    public var connectionsInUse: Int
    /// Transactions waiting for a free connection now.
    public var waiting: Int

    public init(retries: Int, exhausted: Int, replaced: Int, connectionsInUse: Int, waiting: Int) {
        self.retries = retries
        self.exhausted = exhausted
        self.replaced = replaced
        self.connectionsInUse = connectionsInUse
        self.waiting = waiting
    }
}
