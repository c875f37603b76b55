import Foundation
import Kernel

/// The rules of mailed codes as pure functions: how a code is made, kept, compared and spent.
///
/// A verification or email-change code is 6 digits and works for 30 minutes; a recovery code is 8 Crockford base32
/// characters, shown `XXXX-XXXX` and read without regard to case or dashes, for 15 minutes. A newer code of the same
/// purpose ends the older one; 5 wrong tries end it too. Only a digest is stored (SHA-256 over the account, the
/// purpose and the code, so equal codes of two accounts differ), compared in constant time.
public enum EmailCodeRules {
    /// Wrong tries that end a code.
    public static let maxWrongTries = 5
    /// How many digits a verification or email-change code has.
    public static let digits = 6

    /// How long a code of `purpose` works.
    public static func lifetime(_ purpose: EmailCode.Purpose) -> TimeInterval {
        purpose == .recovery ? 15 * 60 : 30 * 60
    }

    /// A new code of `purpose` from `random`: 6 digits, or 8 Crockford base32 characters for recovery.
    public static func newCode(_ purpose: EmailCode.Purpose, random: any RandomSource) -> String {
        guard purpose == .recovery else {
            let number = random.integer(below: (0..<digits).reduce(1) { bound, _ in bound * 10 })
            return String(repeating: "0", count: digits - String(number).count) + String(number)
        }
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        let characters = (0..<8).map { _ in alphabet[Int(random.integer(below: 32))] }
        return String(characters[0..<4]) + "-" + String(characters[4..<8])
    }

    /// What the user typed, as the code is compared: trimmed; for recovery, upper-cased without dashes or spaces,
    /// with the letters Crockford reads as digits (I and L as 1, O as 0).
    public static func normalized(_ typed: String, _ purpose: EmailCode.Purpose) -> String {
        let trimmed = typed.trimmingWhitespace()
        guard purpose == .recovery else { return trimmed }
        return String(
            trimmed.uppercased().compactMap { character -> Character? in
                switch character {
                case "-", " ": nil
                case "I", "L": "1"
                case "O": "0"
                default: character
                }
            })
    }

    /// The stored digest of `code` (as typed or as made) for the account and purpose.
    public static func digest(_ code: String, accountId: String, purpose: EmailCode.Purpose) -> String {
        TokenDigest.hexDigest("\(accountId):\(purpose.rawValue):\(normalized(code, purpose))")
    }

    /// A new record of `code`, sent to `email` at `now`.
    public static func record(
        _ code: String, accountId: String, purpose: EmailCode.Purpose, email: String, at now: Date
    ) -> EmailCode {
        EmailCode(
            accountId: accountId, purpose: purpose, codeHash: digest(code, accountId: accountId, purpose: purpose),
            email: email, createdAt: now, expiresAt: now.addingTimeInterval(lifetime(purpose)))
    }

    /// What a typed code does to the live one.
    public enum Check: Sendable, Hashable {
        /// It matches: spend the code.
        case matches
        /// It does not: keep `counted` (one more wrong try).
        case wrong(counted: EmailCode)
        /// No live code to compare with: none, expired, or out of tries.
        case expired
    }

    /// Checks `typed` against `code` (the account's live one of its purpose, if any) at `now`.
    public static func check(_ typed: String, against code: EmailCode?, at now: Date) -> Check {
        guard let code, now < code.expiresAt, code.wrongTries < maxWrongTries else { return .expired }
        let typedHash = digest(typed, accountId: code.accountId, purpose: code.purpose)
        guard constantTimeEqual(typedHash, code.codeHash) else {
            var counted = code
            counted.wrongTries += 1
            return .wrong(counted: counted)
        }
        return .matches
    }

    /// Equality that takes the same time wherever two digests of equal length differ.
    package static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let left = Array(left.utf8)
        let right = Array(right.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
