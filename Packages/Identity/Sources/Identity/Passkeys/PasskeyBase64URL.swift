import Foundation

/// base64url without padding (RFC 4648 §5), as WebAuthn writes challenges, credential ids and user handles.
/// (IdentityOIDC has its own for JOSE; the domain cannot reach it.)
public enum PasskeyBase64URL {
    /// `bytes` encoded, without `=` padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text`, or nil when it is not unpadded base64url.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard !text.contains("="), !text.contains("+"), !text.contains("/") else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { Array($0) }
    }
}
