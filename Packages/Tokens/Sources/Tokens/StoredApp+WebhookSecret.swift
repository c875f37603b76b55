import Foundation
import Kernel

extension StoredApp {
    /// The `whsec_` secret its webhook deliveries are signed with, opened with `sealingKey` (the one it was stored
    /// with, or none); nil without a webhook.
    public func webhookSecret(sealingKey: SealingKey?) throws(TokensError) -> String? {
        guard let storedWebhookSecret else { return nil }
        return String(
            decoding: try StoredSecret.open(storedWebhookSecret, rowId: app.id, key: sealingKey), as: UTF8.self)
    }
}
