import Events
import KithServer

/// `kith-server webhooks enable ID`: turns an app's webhook on again after its receiver answered 410 (`apps list`
/// notes which are off). Thin: the rule is `WebhookDeliveries.enable`.
enum EventsOperatorCommands {
    static let usage = ["webhooks enable ID"]

    static var commands: [OperatorCommand] {
        [
            OperatorCommand(name: "webhooks", usage: usage) { arguments, services in
                guard let deliveries = services[WebhookDeliveries.self] else {
                    return .refused("This server has no Events feature")
                }
                guard arguments.count == 2, arguments[0] == "enable" else {
                    return .usage("webhooks enable takes one app ID")
                }
                do {
                    return try await deliveries.enable(appId: arguments[1])
                        ? OperatorOutput(text: "The webhook of \(arguments[1]) is on again: its events follow.")
                        : OperatorOutput(text: "The webhook of \(arguments[1]) was not disabled.")
                } catch {
                    return .refused("\(error)")
                }
            }
        ]
    }
}
