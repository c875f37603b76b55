/// Whether an account is a private person's or a company's; shown as a badge in the switcher.
public enum AccountType: String, Sendable, Codable, CaseIterable, Hashable {
    case `private`
    case corporate
}
