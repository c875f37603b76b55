import Foundation

/// base64url without padding (RFC 4648 §5): how JOSE (RFC 7515 §2), WebAuthn and PKCE write bytes, and how Kith
/// writes the random tokens and secrets it hands out. The one copy every part of Kith uses.
public enum Base64URL {
    /// `bytes` encoded, without `=` padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text`, or nil when it is not unpadded base64url: padding and the `+` and `/` of plain base64
    /// are refused, as RFC 7515 §2 and WebAuthn require.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard !text.contains("="), !text.contains("+"), !text.contains("/") else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { Array($0) }
    }
}
