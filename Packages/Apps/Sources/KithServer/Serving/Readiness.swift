import ServiceLifecycle
import Synchronization

/// Whether this server still wants traffic: false from the moment it is told to stop (SIGTERM), so
/// `/health/ready` fails at once while it keeps serving for `--shutdown-delay` and a load balancer stops routing
/// to it. The routes and the shutdown share one value.
public final class Readiness: Sendable {
    private let stopping = Atomic<Bool>(false)

    public init() {}

    /// Whether the server was told to stop.
    public var isStopping: Bool { stopping.load(ordering: .relaxed) }

    /// Marks the server as stopping: `/health/ready` answers 503 from now on.
    public func beginStopping() { stopping.store(true, ordering: .relaxed) }
}

/// The first service to hear a graceful shutdown (the last in the group, which shuts down in reverse order): it
/// marks the server not ready, then waits `delay` while the application still serves, and only then lets the group
/// go on to the application, which stops accepting and finishes what it took.
struct ShutdownDelay: Service {
    let readiness: Readiness
    let delay: Duration

    func run() async throws {
        // Cancelled (the group failed) rather than shut down: nothing to delay.
        guard (try? await gracefulShutdown()) != nil else { return }
        readiness.beginStopping()
        if delay > .zero { try? await Task.sleep(for: delay) }
    }
}
