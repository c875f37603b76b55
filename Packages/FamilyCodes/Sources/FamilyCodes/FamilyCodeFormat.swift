
/// The shape of a family code, and the normalization every input goes through.
public enum FamilyCodeFormat {
    /// What every code starts with.
    public static let prefix = "FAM-"
    /// The 36 symbols of the six random characters, in the order the generator maps bytes to them.
    public static let alphabet: [Character] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    /// How many random characters follow the prefix.
    public static let length = 6

    /// Whether `text` is exactly `^FAM-[A-Z0-9]{6}$`.
    public static func isValid(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == prefix.unicodeScalars.count + length, text.hasPrefix(prefix) else { return false }
        return scalars.dropFirst(prefix.unicodeScalars.count).allSatisfy { scalar in
            ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
    }

    /// The input trimmed and upper-cased, or nil when it is not a well-formed code.
    public static func normalize(_ input: String) -> String? {
        let candidate = input.trimmingWhitespace().uppercased()
        return isValid(candidate) ? candidate : nil
    }

    /// The code `input` names, normalized, or `FamilyCodeError.invalidFormat`: the rule every service checks before
    /// anything else (the local one before the store, the HTTP one before the network), so a malformed code gets the
    /// format sentence everywhere, offline included.
    public static func code(_ input: String) throws(FamilyCodeError) -> String {
        guard let code = normalize(input) else { throw .invalidFormat }
        return code
    }
}
