import Accounts

/// The format of an exit PIN: 4 to 8 ASCII digits, nothing else (no spaces, no other scripts' digits).
public enum ExitPinRules {
    /// The shortest PIN.
    public static let minLength = 4
    /// The longest PIN.
    public static let maxLength = 8

    /// Throws "A PIN is 4 to 8 digits" unless `pin` is one.
    public static func validate(_ pin: String) throws(IdentityError) {
        let bytes = Array(pin.utf8)
        guard (minLength...maxLength).contains(bytes.count),
            bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { throw IdentityError.invalidPin(minLength: minLength, maxLength: maxLength) }
    }
}
