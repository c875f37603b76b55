/// Carries a closure to the thread that runs it, once, and lets it go before the caller resumes.
///
/// The transactions of both stores run their bodies on threads of their own (a reader's, a connection's) and hand
/// them over in a box: a body that is escaping only for the length of the call (`withoutActuallyEscaping`) must be
/// released by then, which `run` does before it returns.
public final class WorkBox<T>: @unchecked Sendable {
    // Touched by one thread at a time: set by the caller, then run and cleared by the thread it was handed to.
    private var work: (() throws -> T)?

    public init(_ work: @escaping () throws -> T) { self.work = work }

    /// Runs the closure; it is released when this returns.
    public func run() throws -> T {
        guard let work else { preconditionFailure("a WorkBox runs once") }
        self.work = nil
        return try work()
    }
}
