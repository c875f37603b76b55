import Foundation
import Testing
import TwoStep

@Suite("TOTP, base32 and recovery codes: the rules as pure functions")
struct TOTPTests {
    /// RFC 6238 Appendix B's SHA-1 vectors (the 8-digit codes' last 6 digits are the 6-digit codes of RFC 4226's
    /// truncation), with its 20-byte secret "12345678901234567890".
    @Test(
        arguments: [
            (59, "287082"), (1_111_111_109, "081804"), (1_111_111_111, "050471"), (1_234_567_890, "005924"),
            (2_000_000_000, "279037"), (20_000_000_000, "353130"),
        ] as [(Int64, String)])
    func rfc6238Vectors(_ time: Int64, _ expected: String) {
        let secret = Array("12345678901234567890".utf8)
        let step = TOTP.step(at: Date(timeIntervalSince1970: TimeInterval(time)))
        #expect(TOTP.code(secret: secret, step: step) == expected)
    }

    @Test func oneStepOfDriftEitherWayAndNeverAStepAlreadyUsed() {
        let secret = Array("12345678901234567890".utf8)
        let now = Date(timeIntervalSince1970: 1_111_111_111)
        let step = TOTP.step(at: now)
        for drift in [-1, 0, 1] as [Int64] {
            #expect(
                TOTP.acceptedStep(
                    for: TOTP.code(secret: secret, step: step + drift), secret: secret, at: now, after: nil) == step
                    + drift)
        }
        for far in [-2, 2] as [Int64] {
            #expect(
                TOTP.acceptedStep(for: TOTP.code(secret: secret, step: step + far), secret: secret, at: now, after: nil)
                    == nil)
        }
        let current = TOTP.code(secret: secret, step: step)
        #expect(TOTP.acceptedStep(for: current, secret: secret, at: now, after: step) == nil)
        #expect(TOTP.acceptedStep(for: current, secret: secret, at: now, after: step - 1) == step)
        for malformed in ["", "12345", "1234567", "12345a", "１２３４５６"] {
            #expect(TOTP.acceptedStep(for: malformed, secret: secret, at: now, after: nil) == nil)
        }
    }

    @Test func theURIIsGoogleAuthenticatorsKeyFormat() {
        let uri = TOTP.uri(secret: Array("12345678901234567890".utf8), email: "ann+kith@example.com")
        #expect(
            uri
                == "otpauth://totp/Kith:ann%2Bkith@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Kith&algorithm=SHA1&digits=6&period=30"
        )
    }

    /// RFC 4648 section 10's vectors, and reading ignores case, spaces and padding.
    @Test func base32() {
        let vectors = [
            "": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB",
            "foobar": "MZXW6YTBOI",
        ]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
        }
        #expect(Base32.decode("mzxw 6ytb oi======") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW1") == nil)
    }

    @Test func recoveryCodesAreReadLoosely() {
        #expect(RecoveryCodes.normalized("abcd-efgh") == "ABCD-EFGH")
        #expect(RecoveryCodes.normalized(" abcd efgh ") == "ABCD-EFGH")
        #expect(RecoveryCodes.normalized("ABCDEFGH") == "ABCD-EFGH")
        // 0, 1, I and O are not in the alphabet; lengths other than 8 are not codes.
        for notACode in ["ABCD-EFG0", "ABCD-EFGI", "ABC-EFGH", "ABCD-EFGHJ", "123456"] {
            #expect(RecoveryCodes.normalized(notACode) == nil)
        }
    }
}
