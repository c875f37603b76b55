import Foundation
import Logging
import Mail
import ServiceLifecycle

/// Sends the outbox in the background: every `pause`, whatever is due, until the server has shut down (it stops
/// last, so what the last requests queued still goes). Each attempt is logged with the message's outbox id and the
/// receiving end's answer (any address in it masked), never the recipient or the message (which may hold a code),
/// and counted for `/metrics`.
struct OutboxService: Service {
    let sender: OutboxSender
    let metrics: ServerMetrics
    let logger: Logger
    var pause: Duration = .seconds(1)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sendDue()
                try? await Task.sleep(for: pause)
            }
        }
        // One last pass after shutdown began: what the final requests queued.
        await sendDue()
    }

    /// One pass of the sender, logged and counted; a database that does not answer is tried again next pass.
    func sendDue() async {
        do {
            let report = try await sender.sendDue()
            metrics.record(report)
            for attempt in report.sent { logger.info("mail sent", metadata: Self.metadata(attempt)) }
            for attempt in report.retried {
                logger.warning("mail not sent: tried again later", metadata: Self.metadata(attempt))
            }
            for attempt in report.failed { logger.error("mail not sent: given up", metadata: Self.metadata(attempt)) }
        } catch {
            logger.warning("the outbox could not be read: tried again shortly", metadata: ["error": "\(error)"])
        }
    }

    /// What a log line says of an attempt: the outbox id and the reply, with every address in it masked (a server
    /// may name the recipient in a refusal).
    static func metadata(_ attempt: OutboxReport.Attempt) -> Logger.Metadata {
        let reply = attempt.reply.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.contains("@")
                ? AccountMail.masked(word.trimmingCharacters(in: CharacterSet(charactersIn: "<>,;:"))) : String(word)
        }
        return ["message": "\(attempt.id)", "reply": "\(reply.joined(separator: " "))"]
    }
}
