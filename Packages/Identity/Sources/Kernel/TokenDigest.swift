import Crypto

/// SHA-256 in lower-case hex (swift-crypto): sessions store only the digest of their token, and ids derived from
/// text (suggestions) are digests too.
public enum TokenDigest {
    /// The digest of the UTF-8 bytes of `text`, as 64 lower-case hex digits.
    public static func hexDigest(_ text: String) -> String {
        hex(SHA256.hash(data: Array(text.utf8)))
    }

    /// Lower-case hex of `bytes`.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
