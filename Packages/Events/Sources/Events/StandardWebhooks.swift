import Crypto
import Foundation

/// The Standard Webhooks signature (https://www.standardwebhooks.com): the headers of one delivery.
public enum StandardWebhooks {
    public struct MalformedSecret: Error, CustomStringConvertible {
        public var description: String { "A webhook secret is whsec_ and base64 of its key" }
    }

    /// The key of a `whsec_` secret: the base64 after the prefix, decoded.
    public static func key(_ secret: String) throws -> SymmetricKey {
        let encoded = secret.hasPrefix("whsec_") ? String(secret.dropFirst(6)) : secret
        guard let bytes = Data(base64Encoded: encoded), !bytes.isEmpty else { throw MalformedSecret() }
        return SymmetricKey(data: bytes)
    }

    /// `v1,` and base64 of HMAC-SHA256 over `id.timestamp.body` with the secret's key.
    public static func signature(id: String, timestamp: Int64, body: Data, secret: String) throws -> String {
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: try key(secret))
        return "v1," + Data(mac).base64EncodedString()
    }

    /// `webhook-id`, `webhook-timestamp` (unix seconds) and `webhook-signature`, with the JSON content type.
    public static func headers(id: String, timestamp: Int64, body: Data, secret: String) throws -> [String: String] {
        [
            "content-type": "application/json",
            "webhook-id": id,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": try signature(id: id, timestamp: timestamp, body: body, secret: secret),
        ]
    }
}
