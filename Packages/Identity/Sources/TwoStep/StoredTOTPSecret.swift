import Foundation
import Kernel

/// How a TOTP secret is stored: "sealed:" and the AEAD's combined box in base64 when a key is configured, else
/// "plain:" and the secret in base32.
package enum StoredTOTPSecret {
    package static func store(_ secret: [UInt8], accountId: String, key: SealingKey?) throws -> String {
        guard let key else { return "plain:" + Base32.encode(secret) }
        return "sealed:" + Data(try key.seal(secret, context: accountId)).base64EncodedString()
    }

    package static func open(_ stored: String, accountId: String, key: SealingKey?) throws -> [UInt8] {
        if stored.hasPrefix("plain:"), let secret = Base32.decode(String(stored.dropFirst(6))) { return secret }
        guard stored.hasPrefix("sealed:"), let key, let combined = Data(base64Encoded: String(stored.dropFirst(7)))
        else { throw SealingKeyError.cannotOpen }
        return try key.open(Array(combined), context: accountId)
    }
}
