import Foundation
import Kernel

/// How claim codes look: `CLAIM-` and three groups of four characters drawn from 32 that cannot be misread
/// (no 0/O, 1/I): 60 bits from the system CSPRNG, so guessing one of the few live codes is hopeless.
public enum ClaimCodeFormat {
    package static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    package static let prefix = "CLAIM-"

    /// A new code from `random`, without modulo bias (32 divides 256).
    public static func generate(_ random: any RandomSource) -> String {
        let characters = random.bytes(12).map { alphabet[Int($0 & 31)] }
        let groups = stride(from: 0, to: 12, by: 4).map { String(characters[$0..<$0 + 4]) }
        return prefix + groups.joined(separator: "-")
    }

    /// The code as stored: trimmed and upper-cased, so a code typed in lower case is the same code.
    public static func normalized(_ code: String) -> String {
        code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    }

    /// The digest a code is stored and looked up by.
    public static func digest(_ code: String) -> String {
        TokenDigest.hexDigest(normalized(code))
    }
}
