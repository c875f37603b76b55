/// A Google or Apple sign-in on this device: the account, and whether the sign-in created it.
public struct ProviderLogIn: Sendable, Hashable {
    public var account: Account
    /// A new account was made from the token, rather than a linked one signed in to (201 and 200 on the wire).
    public var created: Bool

    package init(account: Account, created: Bool) {
        self.account = account
        self.created = created
    }
}
