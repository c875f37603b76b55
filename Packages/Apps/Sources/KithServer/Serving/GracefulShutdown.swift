import Hummingbird
import Logging
import ServiceLifecycle

extension KithServerApplication {
    /// How long requests under way may take to finish once the server is told to stop (CLI.md: SIGTERM).
    public static let shutdownGrace: Duration = .seconds(10)

    /// Serves `app` until SIGTERM or SIGINT, then shuts down gracefully: marks `readiness` as stopping
    /// (`/health/ready` answers 503), keeps serving for `delay` while a load balancer stops routing here, then stops
    /// accepting connections, closes idle ones, lets requests under way finish and answer (at most `grace`, after
    /// which they are cancelled), and returns. The caller then releases the services, which closes the store.
    public static func serve(
        _ app: some ApplicationProtocol, logger: Logger, readiness: Readiness = Readiness(), delay: Duration = .zero,
        grace: Duration = shutdownGrace, background: [any Service] = []
    ) async throws {
        // A group shuts its services down last to first: the delay hears the signal first and holds the application;
        // the background services (the outbox's sender) stop after it.
        var configuration = ServiceGroupConfiguration(
            services: background.map { .init(service: $0) } + [
                .init(service: app),
                .init(
                    service: ShutdownDelay(readiness: readiness, delay: delay),
                    successTerminationBehavior: .gracefullyShutdownGroup),
            ], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = delay + grace
        // A request that ignores cancellation must not keep the process alive for ever.
        configuration.maximumCancellationDuration = .seconds(5)
        do {
            try await ServiceGroup(configuration: configuration).run()
        } catch is CancellationError {
            // The grace period ran out and the requests still under way were cancelled: still a shutdown asked for.
            logger.warning("requests still under way after \(grace) were cancelled")
        }
        logger.info("stopped")
    }
}
