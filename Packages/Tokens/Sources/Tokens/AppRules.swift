import Foundation
import Kernel

/// The rules of registering apps: what a name and a webhook URL may be, and how secrets are made and checked.
public enum AppRules {
    /// Longest app name, in characters.
    public static let nameMaxLength = 64

    /// `name` without surrounding white space, or `.invalidAppName` when it is empty, longer than 64 characters or
    /// holds a control character (a name is shown in operator listings, one a line).
    public static func name(_ name: String) throws(TokensError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= nameMaxLength,
            !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
        else { throw .invalidAppName }
        return trimmed
    }

    /// `url` when it is an absolute `https` or `http` URL with a host and no user part; nil for nil (no webhook).
    /// `http` stays allowed for a backend on the same private network; a public one should use `https`.
    public static func webhookURL(_ url: String?) throws(TokensError) -> String? {
        guard let url else { return nil }
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
            trimmed.count <= 2048
        else { throw .invalidWebhookURL(trimmed) }
        return trimmed
    }

    /// Whether `id` is written as the ids `addApp` makes: a UUID string, 36 ASCII characters. Nothing else is looked
    /// up: both engines bind a text parameter up to its first NUL (SQLite's `-1` length, libpq's C strings), so
    /// `APP_ID\0anything` would otherwise find APP_ID.
    public static func isAppId(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy { index in
            let byte = bytes[index]
            if [8, 13, 18, 23].contains(index) { return byte == UInt8(ascii: "-") }
            return (48...57).contains(byte) || (97...102).contains(byte | 0x20)
        }
    }

    /// A new app secret: base64url of 32 random bytes.
    public static func newSecret(_ random: any RandomSource) -> String {
        Base64URL.encode(random.bytes(32))
    }

    /// A new webhook secret as Standard Webhooks writes one: `whsec_` and base64 of 32 random bytes.
    public static func newWebhookSecret(_ random: any RandomSource) -> String {
        "whsec_" + Data(random.bytes(32)).base64EncodedString()
    }

    /// Whether `secret` is the one `stored` was registered with.
    public static func matches(_ secret: String, _ stored: StoredApp) -> Bool {
        // Both sides are digests of high-entropy secrets: comparing them leaks nothing usable about the secret.
        TokenDigest.hexDigest(secret) == stored.secretHash
    }
}
