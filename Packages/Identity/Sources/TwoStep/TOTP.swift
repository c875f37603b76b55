import Crypto
import Foundation

/// Time-based one-time codes as DOMAIN.md fixes them (RFC 6238 over RFC 4226): HMAC-SHA-1, 30-second steps from the
/// Unix epoch, 6 digits, and one step of drift either way. Pure functions over the secret and the time.
public enum TOTP {
    public static let stepSeconds: Int64 = 30
    public static let digits = 6
    /// How many steps before and after the current one a code may come from (a phone's clock a little off).
    public static let drift: Int64 = 1
    /// The secret's length in bytes: 160 bits, as RFC 4226 recommends for HMAC-SHA-1.
    public static let secretLength = 20

    /// The step `date` falls in.
    public static func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / Double(stepSeconds)).rounded(.down))
    }

    /// The code of `step` (RFC 4226's HOTP with the step as its counter), zero-padded.
    public static func code(secret: [UInt8], step: Int64) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let truncated =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        let value = truncated % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The step whose code `code` is, within the drift of `date`'s step, and later than `lastUsedStep`: a code is
    /// accepted once, so a code already used (or one from before it) is refused even while it is current. Nil when
    /// no step matches.
    public static func acceptedStep(
        for code: String, secret: [UInt8], at date: Date, after lastUsedStep: Int64?
    ) -> Int64? {
        guard isCodeShaped(code) else { return nil }
        let now = step(at: date)
        var accepted: Int64?
        // Every candidate is computed and compared in full, so the time taken does not say which step matched.
        for candidate in (now - drift)...(now + drift) {
            let matches = constantTimeEqual(Self.code(secret: secret, step: candidate), code)
            if matches, accepted == nil, candidate > (lastUsedStep ?? Int64.min) { accepted = candidate }
        }
        return accepted
    }

    /// Six ASCII digits.
    public static func isCodeShaped(_ code: String) -> Bool {
        code.utf8.count == digits && code.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The `otpauth://` URI authenticator apps read (Google Authenticator's key URI format), labelled "Kith:EMAIL".
    public static func uri(secret: [UInt8], email: String, issuer: String = "Kith") -> String {
        let label = percentEncoded("\(issuer):\(email)")
        let query = [
            "secret=\(Base32.encode(secret))", "issuer=\(percentEncoded(issuer))", "algorithm=SHA1",
            "digits=\(digits)", "period=\(stepSeconds)",
        ]
        return "otpauth://totp/\(label)?\(query.joined(separator: "&"))"
    }

    private static func percentEncoded(_ text: String) -> String {
        // RFC 3986's unreserved characters, plus ':' and '@', which the key URI format keeps in labels.
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        allowed.insert(charactersIn: ":@")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let left = Array(left.utf8)
        let right = Array(right.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
