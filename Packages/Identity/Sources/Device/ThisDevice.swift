import Accounts
import Foundation
import Kernel
import WebAuthn

/// This device's accounts (DOMAIN.md's Saved accounts): signing up, in and out, the saved accounts and the current
/// account, with the exit lock's refusals. Written once over the device's `DeviceStore` and the accounts service's
/// `DeviceSessions`, which are the `kith` file and the rules in this process, or the credentials file and a server.
///
/// The current account is read from the store once, then kept in memory: a running process keeps the account it
/// started with even when another process signs in on the same device.
public actor ThisDevice: PrincipalSource {
    package let store: any DeviceStore
    package let sessions: any DeviceSessions
    package let clock: any WallClock
    private var currentLoaded = false
    private var currentAccountId: String?

    /// The device whose state `store` keeps, signing in through `sessions`.
    public init(store: any DeviceStore, sessions: any DeviceSessions, clock: any WallClock = SystemClock()) {
        self.store = store
        self.sessions = sessions
        self.clock = clock
    }

    // MARK: - The current account of this process

    /// The account this process runs as, read from the store on first use only.
    package func loadCurrent() async throws -> String? {
        if currentLoaded { return currentAccountId }
        let persisted = try await store.load().currentAccountId
        // Another call may have signed in while this one read: its choice wins.
        if !currentLoaded {
            currentAccountId = persisted
            currentLoaded = true
        }
        return currentAccountId
    }

    package func setCurrent(_ accountId: String?) {
        currentAccountId = accountId
        currentLoaded = true
    }

    /// The principal this process runs as (acting as nobody), or nil when it is not signed in.
    public func currentPrincipal() async throws -> Principal? {
        guard let accountId = try await loadCurrent(), let entry = try await store.load().entry(accountId: accountId),
            entry.credential != nil
        else { return nil }
        return try await sessions.principal(of: entry)
    }

    /// Runs this process as the saved account `email` (`--account`), leaving the device's current account alone.
    public func runAs(email: String) async throws -> Principal {
        let entry = try await store.load().requireEntry(email: email)
        guard try await isLive(entry) else { throw IdentityError.sessionEnded(email: entry.account.email) }
        try await ExitLock.requireUnlocked(store, staying: entry.account.accountId)
        setCurrent(entry.account.accountId)
        return Principal(accountId: entry.account.accountId, sessionId: entry.sessionId)
    }

    /// Whether the entry's session is live ("Could not switch ..." when it is another account's). A session the
    /// accounts service cannot answer for (no connection) counts as live: the server checks it on the next call.
    package func isLive(_ entry: DeviceState.Entry) async throws -> Bool {
        guard let credential = entry.credential else { return false }
        switch try await sessions.sessionState(credential: credential) {
        case .live(let accountId):
            guard accountId == entry.account.accountId else {
                throw IdentityError.sessionMismatch(email: entry.account.email)
            }
            return true
        case .ended: return false
        case .unanswered: return true
        case .deleted:
            // Another device deleted it: nothing can bring it back, so this device forgets it.
            try await store.update { $0.remove(accountId: entry.account.accountId) }
            if currentAccountId == entry.account.accountId { setCurrent(nil) }
            throw IdentityError.accountNoLongerExists
        }
    }

    // MARK: - Signing up and in

    /// Creates an account, signs it in on this device, saves it and makes it current.
    public func signUp(_ request: SignUp) async throws -> Account {
        try await signUpSession(request).account
    }

    /// `signUp`, answering with the new session as the accounts service made it (where a verification code went).
    public func signUpSession(_ request: SignUp) async throws -> DeviceSignIn {
        try await ExitLock.requireUnlocked(store)
        let valid = try AccountRules.validate(request)
        // The cap is checked before anything is created or hashed.
        try AccountRules.checkCanSave(email: valid.email, saved: try await store.load().savedAccounts)
        let session = try await sessions.deviceSignUp(request)
        try await save(session)
        return session
    }

    /// Signs in on this device: adds or refreshes the saved entry and makes it current.
    public func logIn(email: String, password: String) async throws -> Account {
        try await ExitLock.requireUnlocked(store)
        let email = try EmailAddress.validate(email)
        // The cap is checked before the password, so a full device refuses without hashing or a request.
        try AccountRules.checkCanSave(email: email, saved: try await store.load().savedAccounts)
        let session = try await sessions.deviceSignIn(email: email, password: password)
        try await save(session)
        return session.account
    }

    /// Finishes a sign-in on this device whose password step answered `secondFactorRequired`, with a code. When
    /// `expectedAccountId` is given (switching to a saved account), a session of another account is not kept.
    public func logIn(challenge: String, code: String, expectedAccountId: String? = nil) async throws -> Account {
        try await ExitLock.requireUnlocked(store, staying: expectedAccountId)
        let session = try await sessions.deviceCompleteSignIn(challenge: challenge, code: code)
        if let expectedAccountId, session.account.id != expectedAccountId {
            try? await sessions.endSession(credential: session.credential)
            throw IdentityError.sessionMismatch(email: session.account.email)
        }
        try await save(session)
        return session.account
    }

    /// Signs in on this device with a passkey's assertion (two-step sign-in is not asked). The account is known only
    /// from the credential: on a full device, an account not saved here is refused when it would be saved, and the
    /// new session is ended ("savedAccountsFull").
    public func logIn(passkey: PasskeyAssertionCredential) async throws -> Account {
        try await ExitLock.requireUnlocked(store)
        let session = try await sessions.deviceSignIn(passkey: passkey)
        try await save(session)
        return session.account
    }

    /// Sets a new password with a mailed recovery code and signs this device in to the account (every other session
    /// of it ends).
    public func resetPassword(email: String, code: String, newPassword: String) async throws -> Account {
        try await ExitLock.requireUnlocked(store)
        let email = try EmailAddress.validate(email)
        try AccountRules.checkCanSave(email: email, saved: try await store.load().savedAccounts)
        let session = try await sessions.deviceResetPassword(email: email, code: code, newPassword: newPassword)
        try await save(session)
        return session.account
    }

    /// Signs in on this device with a provider's ID token: its linked account, or a new one (DOMAIN.md's rules).
    public func logIn(with signIn: ProviderSignIn) async throws -> ProviderLogIn {
        try await ExitLock.requireUnlocked(store)
        // The account is known only from the token: a full device says which accounts may sign in, so an eleventh is
        // refused before anything is created or signed in.
        let checked = signIn.checkingRoom(in: try await store.load().savedAccounts)
        let session = try await sessions.deviceSignIn(with: checked)
        try await save(session, as: signIn.provider)
        return ProviderLogIn(account: session.account, created: session.created)
    }

    /// Saves a new session's entry and makes its account current; the entry's previous session here is ended. An
    /// entry signed in with Google or Apple records `provider`, so switching back asks for that sign-in.
    @discardableResult
    package func save(_ signIn: DeviceSignIn, as provider: IdentityProvider? = nil) async throws -> SavedAccount {
        var account = signIn.account
        if let provider { account.authMethod = provider.authMethod }
        let now = clock.now()
        let (saved, previous): (SavedAccount, String?)
        do {
            (saved, previous) = try await store.update { [account] state -> (SavedAccount, String?) in
                try AccountRules.checkCanSave(email: account.email, saved: state.savedAccounts)
                let previous = state.entry(accountId: account.id)
                var saved = AccountRules.savedEntry(for: account, previous: previous?.account, now: now)
                if let photo = signIn.photoURL { saved.photoURL = photo }
                state.upsert(
                    DeviceState.Entry(account: saved, credential: signIn.credential, sessionId: signIn.sessionId))
                state.currentAccountId = account.id
                return (saved, previous?.credential)
            }
        } catch {
            // Not saved (another process filled the device meanwhile): the new session is not kept either.
            try? await sessions.endSession(credential: signIn.credential)
            throw error
        }
        setCurrent(account.id)
        if let previous, previous != signIn.credential { try? await sessions.endSession(credential: previous) }
        return saved
    }

    /// Ends the current session; the account stays saved.
    public func logOut() async throws {
        try await ExitLock.requireUnlocked(store)
        guard let accountId = try await loadCurrent() else { throw IdentityError.notSignedIn }
        if let credential = try await store.load().entry(accountId: accountId)?.credential {
            do {
                try await sessions.endSession(credential: credential)
            } catch IdentityError.notSignedIn {
                // Already ended.
            }
        }
        try await store.update { state in
            state.modify(accountId: accountId) {
                $0.credential = nil
                $0.sessionId = nil
            }
            if state.currentAccountId == accountId { state.currentAccountId = nil }
        }
        setCurrent(nil)
    }

    // MARK: - Saved accounts

    /// This device's saved accounts, most recently used first.
    public func savedAccounts() async throws -> [SavedAccountStatus] {
        let current = try await loadCurrent()
        var statuses: [SavedAccountStatus] = []
        for entry in try await store.load().entries {
            let live = (try? await isLive(entry)) ?? false
            statuses.append(
                SavedAccountStatus(
                    account: entry.account, isCurrent: entry.account.accountId == current, sessionLive: live))
        }
        return statuses.sorted { AccountRules.isListedBefore($0.account, $1.account) }
    }

    /// Switches to a saved account: silently when its session is live, else with `password`.
    public func switchAccount(to email: String, password: String?) async throws -> AccountSwitch {
        let current = try await loadCurrent()
        let entry = try await store.load().requireEntry(email: email)
        let accountId = entry.account.accountId
        try await ExitLock.requireUnlocked(store, staying: accountId)
        let live = try await isLive(entry)
        if live && accountId == current { return .alreadyCurrent(entry.account) }
        if live {
            // A live session switches silently: no password, no hashing.
            let now = clock.now()
            let saved = try await store.update { state -> SavedAccount in
                guard var fresh = state.entry(accountId: accountId), fresh.credential != nil else {
                    throw IdentityError.sessionEnded(email: entry.account.email)
                }
                fresh.account.lastUsed = now
                state.upsert(fresh)
                state.currentAccountId = accountId
                return fresh.account
            }
            setCurrent(accountId)
            return .switched(saved)
        }
        if let provider = entry.account.authMethod.provider {
            return .providerSignInRequired(entry.account, provider)
        }
        guard let password else { return .passwordRequired(entry.account) }
        // A wrong password throws here, before anything changed: the current account stays as it was.
        let session = try await sessions.deviceSignIn(email: entry.account.email, password: password)
        guard session.account.id == accountId else {
            try? await sessions.endSession(credential: session.credential)
            throw IdentityError.sessionMismatch(email: entry.account.email)
        }
        return .switched(try await save(session))
    }

    /// Switches to a saved account after `.providerSignInRequired`: the token must give that same account.
    public func switchAccount(to email: String, with signIn: ProviderSignIn) async throws -> AccountSwitch {
        let entry = try await store.load().requireEntry(email: email)
        try await ExitLock.requireUnlocked(store, staying: entry.account.accountId)
        // The accounts service refuses any other account, and creates none (`ProviderSignIn.expectedAccount`).
        let expecting = signIn.expecting(.init(accountId: entry.account.accountId, email: entry.account.email))
        let session = try await sessions.deviceSignIn(with: expecting)
        guard session.account.id == entry.account.accountId else {
            // A server that ignored the expected account: its session is not kept.
            try? await sessions.endSession(credential: session.credential)
            throw IdentityError.providerAccountMismatch(signIn.provider, email: entry.account.email)
        }
        return .switched(try await save(session, as: signIn.provider))
    }

    /// Switches to a saved account with a passkey's assertion, whatever sign-in it would otherwise need: the passkey
    /// must be that account's ("sessionMismatch" for another's, whose session is ended here, not kept).
    public func switchAccount(to email: String, passkey: PasskeyAssertionCredential) async throws -> AccountSwitch {
        let entry = try await store.load().requireEntry(email: email)
        try await ExitLock.requireUnlocked(store, staying: entry.account.accountId)
        let session = try await sessions.deviceSignIn(passkey: passkey)
        guard session.account.id == entry.account.accountId else {
            try? await sessions.endSession(credential: session.credential)
            throw IdentityError.sessionMismatch(email: entry.account.email)
        }
        return .switched(try await save(session))
    }

    /// Forgets a saved account and ends its session here; `principal` is nil when nobody is signed in.
    public func removeSavedAccount(_ email: String, by principal: Principal?) async throws {
        try principal?.requireActingAsSelf()
        let current = try await loadCurrent()
        let removed = try await store.update { state -> DeviceState.Entry in
            let entry = try state.requireEntry(email: email)
            guard entry.account.accountId != current else { throw IdentityError.cannotRemoveCurrentAccount }
            state.remove(accountId: entry.account.accountId)
            return entry
        }
        if let credential = removed.credential { try? await sessions.endSession(credential: credential) }
    }
}
