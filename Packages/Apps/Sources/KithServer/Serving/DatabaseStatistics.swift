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
    /// Read-only transactions run on the primary, and on a replica.
    public var primaryReads = 0
    public var replicaReads = 0
    /// Reads a replica passed to the primary: it had not replayed what they needed, or it failed.
    public var replicaBehind = 0
    public var replicaFailures = 0
    /// Each replica's lag now.
    public var replicas: [Replica] = []

    /// One replica's lag: how long it has been behind the reads that came to it, and by how much WAL.
    public struct Replica: Sendable, Equatable {
        public var name: String
        public var lagSeconds: Double
        public var lagBytes: UInt64

        public init(name: String, lagSeconds: Double, lagBytes: UInt64) {
            self.name = name
            self.lagSeconds = lagSeconds
            self.lagBytes = lagBytes
        }
    }

    public init(retries: Int, exhausted: Int, replaced: Int, connectionsInUse: Int, waiting: Int) {
        self.retries = retries
        self.exhausted = exhausted
        self.replaced = replaced
        self.connectionsInUse = connectionsInUse
        self.waiting = waiting
    }
}
