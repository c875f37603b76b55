import Accounts

extension ProviderSignIn {
    /// This sign-in as a device with `saved` accounts sends it: restricted to them when there is no room for another.
    public func checkingRoom(in saved: [SavedAccount]) -> ProviderSignIn {
        var signIn = self
        signIn.savedAccountIds = AccountRules.hasRoom(saved) ? nil : saved.map(\.accountId)
        return signIn
    }
}
