import Events
import KithServer
import Logging
import ServiceLifecycle

/// Delivers webhooks in the background until the server shuts down: a pass, then the next at once when it delivered
/// something (more may be waiting: under a steady stream of changes apps keep up instead of falling a pause behind
/// each pass), else after `pause`. Each attempt is logged with the app id, event id, status and result, never the
/// secret, the URL or the body, and counted for `/metrics`.
public struct WebhookService: Service {
    let deliverer: WebhookDeliverer
    let metrics: ServerMetrics
    let logger: Logger
    var pause: Duration = .seconds(1)

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                if await deliverDue() { await Task.yield() } else { try? await Task.sleep(for: pause) }
            }
        }
    }

    /// One pass, logged and counted; a database that does not answer is tried again next pass. Whether it delivered
    /// an event.
    @discardableResult
    func deliverDue() async -> Bool {
        do {
            let report = try await deliverer.deliverDue()
            Self.record(report, metrics: metrics)
            for attempt in report.attempts {
                let metadata: Logger.Metadata = [
                    "app": "\(attempt.appId)", "event": "\(attempt.eventId)",
                    "status": "\(attempt.status.map { String($0) } ?? "none")", "result": "\(attempt.result.rawValue)",
                ]
                switch attempt.result {
                case .delivered: logger.info("webhook delivered", metadata: metadata)
                case .retried: logger.warning("webhook not delivered: tried again later", metadata: metadata)
                case .givenUp: logger.error("webhook not delivered: given up", metadata: metadata)
                case .disabled: logger.error("webhook answered 410: disabled until its URL changes", metadata: metadata)
                case .leaseLost: logger.warning("webhook answered after the claim ran out", metadata: metadata)
                }
            }
            return report.attempts.contains { $0.result == .delivered }
        } catch {
            logger.warning("webhooks could not be claimed: tried again shortly", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// `kith_webhook_deliveries_total{result}` for each attempt (every result's series shown from the first pass, at 0), and `kith_webhook_oldest_pending_seconds`.
    public static func record(_ report: WebhookReport, metrics: ServerMetrics) {
        for result in [WebhookReport.Result.delivered, .retried, .givenUp, .disabled] {
            let count = report.attempts.filter { $0.result == result }.count
            metrics.count(deliveries, labels: [("result", result.rawValue)], by: count)
        }
        metrics.set(oldestPending, to: report.oldestPendingAge ?? 0)
    }

    static let deliveries = ServerMetrics.FeatureSeries(
        subsystem: "webhook", name: "deliveries", unit: "total",
        help: "Webhook attempts, by result: delivered (2xx), retried, given_up (after 3 days), disabled (410)")
    static let oldestPending = ServerMetrics.FeatureSeries(
        subsystem: "webhook", name: "oldest_pending", unit: "seconds",
        help: "Age of the oldest event not yet delivered to an app with a live webhook (0: none waiting)")
}
