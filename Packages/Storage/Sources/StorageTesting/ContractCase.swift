/// One case of a store contract suite: a named check run against an environment built over some store.
///
/// A feature's `<Feature>Testing` library lists its cases once; each test target that owns a store (the domain's
/// tests with the in-memory store, the SQLite tests with SQLite and PostgreSQL) runs every case over its own
/// environment with one parameterised `@Test`, so the suite is written once and every store meets the same rules.
public struct ContractCase<Environment>: Sendable, CustomStringConvertible {
    /// What the case shows, as a sentence; the test report names the case by it.
    public let name: String
    private let body: @Sendable (Environment) async throws -> Void

    public init(_ name: String, _ body: @escaping @Sendable (Environment) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var description: String { name }

    /// Runs the check against `environment`.
    public func run(in environment: Environment) async throws {
        try await body(environment)
    }
}
