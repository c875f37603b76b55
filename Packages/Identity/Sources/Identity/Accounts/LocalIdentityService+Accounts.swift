import Accounts
import Device
import Foundation
import Kernel
import WebAuthn

extension LocalIdentityService {
    // MARK: - The signed-in account

    public func account(_ principal: Principal) async throws -> Account {
        let now = clock.now()
        return try await store.read { try $0.authenticate(principal, at: now, unverifiedAllowed: true) }
    }

    public func changeName(_ principal: Principal, firstName: String, lastName: String) async throws -> Account {
        try await asSelf(principal) {
            let first = try Self.validName(firstName, field: "first name", .personName)
            let last = try Self.validName(lastName, field: "last name", .personName)
            let now = clock.now()
            let random = random
            return try await changedAccount { transaction in
                var account = try transaction.authenticate(principal, at: now)
                let before = account
                account.firstName = first
                account.lastName = last
                try transaction.updateAccount(account, from: before, at: now, random: random)
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
            let random = random
            return try await changedAccount { transaction in
                var account = try transaction.authenticate(principal, at: now)
                let before = account
                change(&account)
                try transaction.updateAccount(account, from: before, at: now, random: random)
                return account
            }
        }
    }

    /// Runs `body`, a change of the account, in one write; this device's saved entry (if any) follows it after.
    private func changedAccount(
        _ body: @Sendable (any IdentityStoreTransaction) throws -> Account
    ) async throws -> Account {
        let account = try await store.write(body)
        try await device?.follow(account)
        return account
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
            let random = random
            try await store.write(durability: .immediate) { transaction in
                _ = try transaction.authenticate(principal, at: now)
                let account = try transaction.requireUnchanged(verified)
                try transaction.setPasswordHash(newHash, accountId: account.id)
                try transaction.emitCredentialChanged(
                    accountId: account.id, .password,
                    verified.passwordHash == AccountRules.noPasswordHash ? .set : .changed, at: now, random: random)
                try transaction.endSessions(
                    accountId: account.id, except: principal.sessionId, reason: .passwordChanged, at: now,
                    random: random)
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
        try await registered(request).grant
    }

    /// `register`'s account and its new session.
    func registered(_ request: SignUp) async throws -> (grant: SessionGrant, account: Account) {
        let valid = try Self.validate(request)
        try await store.read { transaction in
            guard try transaction.account(email: valid.email) == nil else { throw IdentityError.emailTaken }
        }
        try await checkClaimable(request.claimCode)
        let passwordHash = try await hasher.hash(request.password)
        let now = clock.now()
        let random = random
        let label = newSessionWhere
        let mail = mail
        return try await writeNewAccount(claiming: request.claimCode, now: now) { transaction in
            guard try transaction.account(email: valid.email) == nil else { throw IdentityError.emailTaken }
            let account = Account(
                id: random.uuidString(), email: valid.email, firstName: valid.firstName, lastName: valid.lastName,
                role: request.role, accountType: request.accountType, authMethod: .password, createdAt: now)
            try transaction.insertAccount(account, passwordHash: passwordHash)
            try transaction.emit(
                IdentityEvents.accountCreated, subject: EventSubject(accountId: account.id),
                data: ["via": "password"], at: now, random: random)
            var (session, grant) = Self.newSession(
                accountId: account.id, now: now, random: random, where: label, signedInWith: .password)
            try transaction.insertSession(session)
            if let mail {
                try transaction.mailVerificationCode(to: account, settings: mail, at: now, random: random)
                grant.verificationSentTo = account.email
            }
            return ((grant, account), account)
        }
    }

    public func signIn(email: String, password: String, clientAddress: String?) async throws -> SessionGrant {
        let email = try EmailAddress.validate(email)
        let limits = SignInLimits(email: email, clientAddress: clientAddress)
        let attempted = clock.now()
        // Counted before the hash is computed, in the store every server shares: guesses made at once each take a
        // place, so exactly a limit's number are checked; while blocked, none is.
        let candidate = try await store.write { transaction in
            try transaction.countSignInAttempt(limits, at: attempted)
            return try transaction.passwordCandidate(email: email)
        }
        let verified = try await verify(password, against: candidate)
        let now = clock.now()
        let label = newSessionWhere
        let random = random
        let outcome = try await store.write { transaction -> Result<SessionGrant, IdentityError> in
            let account = try transaction.requireUnchanged(verified)
            // With two-step sign-in on, a right password is no failure (DOMAIN.md), but the sign-in is not done:
            // this attempt leaves the counts and every wrong code before it stays counted, until a code completes it.
            if let challenge = try Self.secondStep(
                for: account, clientAddress: clientAddress, attemptedAt: attempted, at: now, random: random,
                in: transaction)
            {
                try transaction.uncountSignInAttempt(limits, attemptedAt: attempted)
                return .failure(.secondFactorRequired(challenge: challenge))
            }
            try transaction.forgiveSignInAttempt(limits, attemptedAt: attempted)
            let (session, grant) = Self.newSession(
                accountId: account.id, now: now, random: random, where: label, signedInWith: .password)
            try transaction.insertSession(session)
            return .success(grant)
        }
        // Thrown after the commit, which keeps the challenge.
        return try outcome.get()
    }

    public func principal(forToken token: String) async throws -> Principal {
        let tokenHash = TokenDigest.hexDigest(token)
        let now = clock.now()
        let session = try await store.read { transaction in
            guard let session = try transaction.session(tokenHash: tokenHash), session.isLive(at: now),
                try transaction.account(id: session.accountId) != nil
            else { throw IdentityError.notSignedIn }
            return session
        }
        try await noteUse(of: session, at: now)
        var principal = Principal(accountId: session.accountId, sessionId: session.id)
        principal.requiresVerifiedEmail = requireVerifiedEmail
        return principal
    }

    public func endSession(token: String) async throws {
        let tokenHash = TokenDigest.hexDigest(token)
        let now = clock.now()
        let random = random
        try await store.write(durability: .immediate) { transaction in
            if let session = try transaction.session(tokenHash: tokenHash) {
                try transaction.endSession(session, reason: .signOut, at: now, random: random)
            }
        }
    }

    // MARK: - Helpers

    static func validate(_ request: SignUp) throws(IdentityError) -> AccountRules.ValidSignUp {
        try AccountRules.validate(request)
    }

    /// Where a session made now says it was made: the request's label, else this service's.
    var newSessionWhere: String? { SessionActivity.label(SessionLabel.current) ?? sessionLabel }

    /// A new session made `where`, signed in as `signedInWith`, and its grant; the raw token lives only in the grant.
    static func newSession(
        accountId: String, now: Date, random: any RandomSource, where label: String?, signedInWith: SessionSignIn
    ) -> (Session, SessionGrant) {
        let token = Base64URL.encode(random.bytes(32))
        let session = Session(
            id: random.uuidString(), accountId: accountId, tokenHash: TokenDigest.hexDigest(token), createdAt: now,
            expiresAt: now.addingTimeInterval(Session.lifetime), createdWhere: label, signedInWith: signedInWith)
        return (session, SessionGrant(sessionId: session.id, accountId: accountId, token: token))
    }
}

// MARK: - Sessions of this process's device

extension LocalIdentityService: DeviceSessions {
    // Locally a device keeps its session's id: the raw token is never kept, and the session's row is in the same file.

    public func deviceSignUp(_ request: SignUp) async throws -> DeviceSignIn {
        let (grant, account) = try await registered(request)
        var signIn = DeviceSignIn(account: account, sessionId: grant.sessionId, credential: grant.sessionId)
        signIn.verificationSentTo = grant.verificationSentTo
        return signIn
    }

    public func deviceSignIn(email: String, password: String) async throws -> DeviceSignIn {
        let grant = try await signIn(email: email, password: password)
        return try await deviceSignIn(grant)
    }

    public func deviceCompleteSignIn(challenge: String, code: String) async throws -> DeviceSignIn {
        try await deviceSignIn(try await completeSignIn(challenge: challenge, code: code, clientAddress: nil))
    }

    public func deviceSignIn(passkey: PasskeyAssertionCredential) async throws -> DeviceSignIn {
        try await deviceSignIn(try await signIn(passkey: passkey, clientAddress: nil))
    }

    public func deviceResetPassword(email: String, code: String, newPassword: String) async throws -> DeviceSignIn {
        try await deviceSignIn(
            try await resetPassword(email: email, code: code, newPassword: newPassword, clientAddress: nil))
    }

    public func deviceSignIn(with signIn: ProviderSignIn) async throws -> DeviceSignIn {
        let session = try await self.signIn(with: signIn)
        var device = try await deviceSignIn(session.grant)
        device.created = session.created
        return device
    }

    /// The device's sign-in for a new session's `grant`.
    private func deviceSignIn(_ grant: SessionGrant) async throws -> DeviceSignIn {
        let account = try await store.read { try $0.account(id: grant.accountId) }
        guard let account else { throw IdentityError.notSignedIn }
        return DeviceSignIn(account: account, sessionId: grant.sessionId, credential: grant.sessionId)
    }

    /// This process uses the entry's session: its "last used" follows, as a request's does on a server.
    public func principal(of entry: DeviceState.Entry) async throws -> Principal? {
        guard let sessionId = entry.credential else { return nil }
        let now = clock.now()
        let session = try await store.read { transaction -> Session? in
            guard let session = try transaction.session(id: sessionId), session.isLive(at: now),
                try transaction.account(id: session.accountId) != nil
            else { return nil }
            return session
        }
        guard let session, session.accountId == entry.account.accountId else { return nil }
        try await noteUse(of: session, at: now)
        return Principal(accountId: session.accountId, sessionId: sessionId)
    }

    public func sessionState(credential sessionId: String) async throws -> DeviceSessionState {
        let now = clock.now()
        return try await store.read { transaction in
            try Self.state(of: transaction.session(id: sessionId), at: now, transaction)
        }
    }

    /// The state of a bearer token's session (`POST /api/auth/session-state`): what `kith --remote` asks of a saved
    /// account's token.
    public func sessionState(token: String) async throws -> DeviceSessionState {
        let now = clock.now()
        let tokenHash = TokenDigest.hexDigest(token)
        return try await store.read { transaction in
            try Self.state(of: transaction.session(tokenHash: tokenHash), at: now, transaction)
        }
    }

    /// A session's state: no row at all (ended sessions are kept) means its account was deleted.
    static func state(
        of session: Session?, at now: Date, _ transaction: any IdentityStoreTransaction
    ) throws -> DeviceSessionState {
        guard let session, try transaction.account(id: session.accountId) != nil else { return .deleted }
        return session.isLive(at: now) ? .live(accountId: session.accountId) : .ended
    }

    public func endSession(credential sessionId: String) async throws {
        let now = clock.now()
        let random = random
        try await store.write(durability: .immediate) { transaction in
            if let session = try transaction.session(id: sessionId) {
                try transaction.endSession(session, reason: .signOut, at: now, random: random)
            }
        }
    }
}
