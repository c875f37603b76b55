import Foundation

// MARK: - Signing up and in on this device

extension LocalIdentityService {
    public func signUp(_ request: SignUp) async throws -> Account {
        try await ExitLock.requireUnlocked(exitLocks)
        let valid = try Self.validate(request)
        let device = try self.device()
        try await device.readWithDevice { transaction in
            try transaction.checkCanSave(email: valid.email)
            guard try transaction.account(email: valid.email) == nil else { throw IdentityError.emailTaken }
        }
        try await checkClaimable(request.claimCode)
        // Hash before the write transaction opens: it is the slow part.
        let passwordHash = try await hasher.hash(request.password)
        let now = clock.now()
        let random = random
        let account = try await writeNewAccount(claiming: request.claimCode, now: now) { transaction in
            // A device's stores (memory, SQLite) keep its state in every transaction, a claim's (opened by the
            // carry-over's store) included.
            guard let transaction = transaction as? any DeviceIdentityTransaction else { throw NoDeviceError() }
            try transaction.checkCanSave(email: valid.email)
            guard try transaction.account(email: valid.email) == nil else { throw IdentityError.emailTaken }
            let account = Account(
                id: random.uuidString(), email: valid.email, firstName: valid.firstName, lastName: valid.lastName,
                role: request.role, accountType: request.accountType, authMethod: .password, createdAt: now)
            try transaction.insertAccount(account, passwordHash: passwordHash)
            try Self.signInOnDevice(account, transaction, now: now, random: random)
            return (account, account)
        }
        setCurrent(account.id)
        return account
    }

    public func logIn(email: String, password: String) async throws -> Account {
        try await ExitLock.requireUnlocked(exitLocks)
        let email = try EmailAddress.validate(email)
        let device = try self.device()
        let candidate = try await device.readWithDevice { transaction -> PasswordCandidate in
            // The cap is checked before the password, so a full device refuses without hashing.
            try transaction.checkCanSave(email: email)
            return try transaction.passwordCandidate(email: email)
        }
        let verified = try await verify(password, against: candidate)
        let now = clock.now()
        let random = random
        let account = try await device.writeWithDevice { transaction -> Account in
            try transaction.checkCanSave(email: email)
            let account = try transaction.requireUnchanged(verified)
            try Self.signInOnDevice(account, transaction, now: now, random: random)
            return account
        }
        setCurrent(account.id)
        return account
    }

    public func logOut() async throws {
        try await ExitLock.requireUnlocked(exitLocks)
        guard let accountId = try await loadCurrent() else { throw IdentityError.notSignedIn }
        try await device().writeWithDevice(durability: .immediate) { transaction in
            if let record = try transaction.savedAccount(accountId: accountId), let sessionId = record.sessionId {
                try transaction.endSession(id: sessionId)
            }
            if try transaction.currentAccountId() == accountId { try transaction.setCurrentAccountId(nil) }
        }
        setCurrent(nil)
    }

    // MARK: - Saved accounts

    public func savedAccounts() async throws -> [SavedAccountStatus] {
        let current = try await loadCurrent()
        let now = clock.now()
        return try await device().readWithDevice { transaction in
            try transaction.savedAccounts()
                .sorted { AccountRules.isListedBefore($0.account, $1.account) }
                .map { record in
                    SavedAccountStatus(
                        account: record.account, isCurrent: record.account.accountId == current,
                        sessionLive: try transaction.liveSession(of: record, at: now) != nil)
                }
        }
    }

    public func switchAccount(to email: String, password: String?) async throws -> AccountSwitch {
        let current = try await loadCurrent()
        let now = clock.now()
        let device = try self.device()
        let (record, live) = try await device.readWithDevice { transaction -> (SavedAccountRecord, Bool) in
            let record = try transaction.requireSavedAccount(email: email)
            if let sessionId = record.sessionId, let session = try transaction.session(id: sessionId),
                session.isLive(at: now), session.accountId != record.account.accountId
            {
                throw IdentityError.sessionMismatch(email: record.account.email)
            }
            return (record, try transaction.liveSession(of: record, at: now) != nil)
        }
        let accountId = record.account.accountId
        try await ExitLock.requireUnlocked(exitLocks, staying: accountId)
        if live && accountId == current { return .alreadyCurrent(record.account) }
        if live {
            // A live session switches silently: no password, no hashing.
            let saved = try await device.writeWithDevice { transaction -> SavedAccount in
                guard var fresh = try transaction.savedAccount(accountId: accountId),
                    try transaction.liveSession(of: fresh, at: now) != nil
                else { throw IdentityError.sessionEnded(email: record.account.email) }
                fresh.account.lastUsed = now
                try transaction.saveAccount(fresh)
                try transaction.setCurrentAccountId(accountId)
                return fresh.account
            }
            setCurrent(accountId)
            return .switched(saved)
        }
        if let provider = record.account.authMethod.provider {
            return .providerSignInRequired(record.account, provider)
        }
        guard let password else { return .passwordRequired(record.account) }
        let candidate = try await store.read { try $0.passwordCandidate(email: record.account.email) }
        // A wrong password throws here, before anything changed: the current account stays as it was.
        let verified = try await verify(password, against: candidate)
        guard verified.account?.id == accountId else {
            throw IdentityError.sessionMismatch(email: record.account.email)
        }
        let random = random
        let saved = try await device.writeWithDevice { transaction -> SavedAccount in
            let account = try transaction.requireUnchanged(verified)
            return try Self.signInOnDevice(account, transaction, now: now, random: random)
        }
        setCurrent(accountId)
        return .switched(saved)
    }

    public func removeSavedAccount(_ email: String, by principal: Principal?) async throws {
        try await asSelf(principal) {
            let current = try await loadCurrent()
            try await device().writeWithDevice(durability: .immediate) { transaction in
                let record = try transaction.requireSavedAccount(email: email)
                let accountId = record.account.accountId
                guard accountId != current else { throw IdentityError.cannotRemoveCurrentAccount }
                if let sessionId = record.sessionId { try transaction.endSession(id: sessionId) }
                try transaction.removeSavedAccount(accountId: accountId)
                if try transaction.currentAccountId() == accountId { try transaction.setCurrentAccountId(nil) }
            }
        }
    }

    // MARK: - The signed-in account

    public func account(_ principal: Principal) async throws -> Account {
        let now = clock.now()
        return try await store.read { try $0.authenticate(principal, at: now) }
    }

    public func changeName(_ principal: Principal, firstName: String, lastName: String) async throws -> Account {
        try await asSelf(principal) {
            let first = try Self.validName(firstName, field: "first name", .personName)
            let last = try Self.validName(lastName, field: "last name", .personName)
            let now = clock.now()
            return try await writeAccount { transaction, device in
                var account = try transaction.authenticate(principal, at: now)
                account.firstName = first
                account.lastName = last
                try transaction.updateAccount(account)
                if let device { try Self.refreshSavedEntry(account, device) }
                return account
            }
        }
    }

    public func changeRole(_ principal: Principal, to role: AccountRole) async throws -> Account {
        try await editAccount(principal) { $0.role = role }
    }

    public func changeAccountType(_ principal: Principal, to type: AccountType) async throws -> Account {
        try await editAccount(principal) { $0.accountType = type }
    }

    /// Applies `change` to the principal's own account in one write; this device's saved entry follows it.
    private func editAccount(
        _ principal: Principal, _ change: @escaping @Sendable (inout Account) -> Void
    ) async throws -> Account {
        try await asSelf(principal) {
            let now = clock.now()
            return try await writeAccount { transaction, device in
                var account = try transaction.authenticate(principal, at: now)
                change(&account)
                try transaction.updateAccount(account)
                if let device { try Self.refreshSavedEntry(account, device) }
                return account
            }
        }
    }

    public func changePassword(_ principal: Principal, current: String?, new: String) async throws {
        try await asSelf(principal) {
            try Self.checkNewPassword(new)
            let now = clock.now()
            let candidate = try await store.read { transaction -> PasswordCandidate in
                let account = try transaction.authenticate(principal, at: now)
                return PasswordCandidate(
                    account: account, passwordHash: try transaction.passwordHash(accountId: account.id))
            }
            // Without a password, the live session is the proof: a Google or Apple account sets its first one.
            // With one, a missing current password is a wrong one. Either way the write below refuses if the hash
            // changed meanwhile.
            let verified =
                candidate.passwordHash == AccountRules.noPasswordHash
                ? candidate : try await verify(current ?? "", against: candidate)
            let newHash = try await hasher.hash(new)
            try await store.write(durability: .immediate) { transaction in
                _ = try transaction.authenticate(principal, at: now)
                let account = try transaction.requireUnchanged(verified)
                try transaction.setPasswordHash(newHash, accountId: account.id)
                try transaction.endSessions(accountId: account.id, except: principal.sessionId)
            }
        }
    }

    public func signInMethods(_ principal: Principal) async throws -> SignInMethods {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.read { transaction in
                try transaction.signInMethods(accountId: try transaction.authenticate(principal, at: now).id)
            }
        }
    }

    // MARK: - Bearer sessions

    public func register(_ request: SignUp) async throws -> SessionGrant {
        let valid = try Self.validate(request)
        try await store.read { transaction in
            guard try transaction.account(email: valid.email) == nil else { throw IdentityError.emailTaken }
        }
        try await checkClaimable(request.claimCode)
        let passwordHash = try await hasher.hash(request.password)
        let now = clock.now()
        let random = random
        return try await writeNewAccount(claiming: request.claimCode, now: now) { transaction in
            guard try transaction.account(email: valid.email) == nil else { throw IdentityError.emailTaken }
            let account = Account(
                id: random.uuidString(), email: valid.email, firstName: valid.firstName, lastName: valid.lastName,
                role: request.role, accountType: request.accountType, authMethod: .password, createdAt: now)
            try transaction.insertAccount(account, passwordHash: passwordHash)
            let (session, grant) = Self.newSession(accountId: account.id, now: now, random: random)
            try transaction.insertSession(session)
            return (grant, account)
        }
    }

    public func signIn(email: String, password: String) async throws -> SessionGrant {
        let email = try EmailAddress.validate(email)
        let candidate = try await store.read { try $0.passwordCandidate(email: email) }
        let verified = try await verify(password, against: candidate)
        let now = clock.now()
        let random = random
        return try await store.write { transaction in
            let account = try transaction.requireUnchanged(verified)
            let (session, grant) = Self.newSession(accountId: account.id, now: now, random: random)
            try transaction.insertSession(session)
            return grant
        }
    }

    public func principal(forToken token: String) async throws -> Principal {
        let tokenHash = TokenDigest.hexDigest(token)
        let now = clock.now()
        return try await store.read { transaction in
            guard let session = try transaction.session(tokenHash: tokenHash), session.isLive(at: now),
                try transaction.account(id: session.accountId) != nil
            else { throw IdentityError.notSignedIn }
            return Principal(accountId: session.accountId, sessionId: session.id)
        }
    }

    public func endSession(token: String) async throws {
        let tokenHash = TokenDigest.hexDigest(token)
        try await store.write(durability: .immediate) { transaction in
            if let session = try transaction.session(tokenHash: tokenHash) {
                try transaction.endSession(id: session.id)
            }
        }
    }

    // MARK: - Helpers

    static func validate(_ request: SignUp) throws(IdentityError) -> AccountRules.ValidSignUp {
        try AccountRules.validate(request)
    }

    /// A new session and its grant; the raw token lives only in the grant.
    static func newSession(accountId: String, now: Date, random: any RandomSource) -> (Session, SessionGrant) {
        let token = Data(random.bytes(32)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let session = Session(
            id: random.uuidString(), accountId: accountId, tokenHash: TokenDigest.hexDigest(token), createdAt: now,
            expiresAt: now.addingTimeInterval(Session.lifetime))
        return (session, SessionGrant(sessionId: session.id, accountId: accountId, token: token))
    }

    /// Signs `account` in on this device: a new session whose token is dropped, the saved entry, current.
    @discardableResult
    static func signInOnDevice(
        _ account: Account, _ transaction: any DeviceIdentityTransaction, now: Date, random: any RandomSource
    ) throws -> SavedAccount {
        // Locally a session is only its row: the raw token is never kept.
        let (session, _) = newSession(accountId: account.id, now: now, random: random)
        try transaction.insertSession(session)
        let previous = try transaction.savedAccount(accountId: account.id)
        if let old = previous?.sessionId { try transaction.endSession(id: old) }
        let saved = AccountRules.savedEntry(for: account, previous: previous?.account, now: now)
        try transaction.saveAccount(SavedAccountRecord(account: saved, sessionId: session.id))
        try transaction.setCurrentAccountId(account.id)
        return saved
    }

    /// Keeps this device's saved entry in step with the account's name.
    static func refreshSavedEntry(_ account: Account, _ transaction: any DeviceStateTransaction) throws {
        guard var record = try transaction.savedAccount(accountId: account.id) else { return }
        record.account.displayName = account.displayName
        record.account.accountType = account.accountType
        try transaction.saveAccount(record)
    }
}
