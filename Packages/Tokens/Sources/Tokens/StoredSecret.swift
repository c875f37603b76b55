import Foundation
import Kernel

/// How Tokens keeps a secret it must read back (a signing key's private key, a webhook secret): `sealed:` and base64
/// of the sealing key's box when a sealing key is configured, else `plain:` and base64 of the bytes. The row's id is
/// the box's context, so a sealed secret copied to another row does not open.
enum StoredSecret {
    static func store(_ bytes: [UInt8], rowId: String, key: SealingKey?) throws -> String {
        guard let key else { return "plain:" + Data(bytes).base64EncodedString() }
        return "sealed:" + Data(try key.seal(bytes, context: rowId)).base64EncodedString()
    }

    static func open(_ stored: String, rowId: String, key: SealingKey?) throws(TokensError) -> [UInt8] {
        if stored.hasPrefix("plain:"), let bytes = Data(base64Encoded: String(stored.dropFirst(6))) {
            return Array(bytes)
        }
        guard stored.hasPrefix("sealed:"), let key, let box = Data(base64Encoded: String(stored.dropFirst(7))),
            let bytes = try? key.open(Array(box), context: rowId)
        else { throw .sealedSecret }
        return bytes
    }
}
