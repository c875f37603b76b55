import Households
import Logging
import ServiceLifecycle

/// Expires approval requests past their 24 hours in the background, each with its `approval.expired` event, so an app
/// hears of it within `pause` even when nobody asks, approves or declines again (those calls expire what is due
/// first). Every server on a database runs it; a request expires once, whoever gets there first.
struct ApprovalExpiryService: Service {
    let approvals: any ApprovalService
    let logger: Logger
    var pause: Duration = .seconds(60)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await expireDue()
                try? await Task.sleep(for: pause)
            }
        }
    }

    func expireDue() async {
        do {
            let expired = try await approvals.expireApprovalRequests()
            if expired > 0 { logger.info("approval requests expired", metadata: ["expired": "\(expired)"]) }
        } catch {
            logger.warning(
                "approval requests could not be expired: tried again shortly", metadata: ["error": "\(error)"])
        }
    }
}
