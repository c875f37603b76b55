import Events
import Logging
import ServiceLifecycle

/// Prunes the event log at start and every `EventRetention.interval` until the server shuts down. Every server on a
/// database prunes; pruning twice removes nothing more.
struct RetentionService: Service {
    let retention: EventRetention
    let logger: Logger
    var pause: Duration = EventRetention.interval

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await prune()
                try? await Task.sleep(for: pause)
            }
        }
    }

    func prune() async {
        do {
            let removed = try await retention.prune()
            if removed > 0 { logger.info("events pruned", metadata: ["removed": "\(removed)"]) }
        } catch {
            logger.warning("the event log could not be pruned: tried again next hour", metadata: ["error": "\(error)"])
        }
    }
}
