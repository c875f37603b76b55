import Kernel

/// Two-step sign-in's recovery codes: 10 single-use codes XXXX-XXXX, shown once, kept only as password hashes.
///
/// The alphabet leaves out 0, 1, I and O, which read alike; 8 of its 32 characters give 40 bits, and each stored hash
/// is Argon2id's, so a copy of the database does not give the codes back.
public enum RecoveryCodes {
    public static let count = 10
    private static let alphabet = Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")

    /// `count` new codes.
    public static func generate(random: any RandomSource) -> [String] {
        (0..<count).map { _ in
            let characters = (0..<8).map { _ in alphabet[Int(random.integer(below: UInt64(alphabet.count)))] }
            return String(characters[0..<4]) + "-" + String(characters[4..<8])
        }
    }

    /// `typed` as a code is stored (upper case, XXXX-XXXX), or nil when it is not shaped like one: spaces and the
    /// hyphen are optional, and case does not matter.
    public static func normalized(_ typed: String) -> String? {
        let characters = Array(typed.uppercased().filter { $0 != "-" && $0 != " " })
        guard characters.count == 8, characters.allSatisfy(alphabet.contains) else { return nil }
        return String(characters[0..<4]) + "-" + String(characters[4..<8])
    }
}
