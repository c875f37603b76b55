/// A password source that could not be used; never carries the password itself.
struct PasswordInputError: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    static let mismatch = PasswordInputError("The new passwords do not match: nothing changed.")
    static let cancelled = PasswordInputError("No password was typed: nothing changed.")
}
