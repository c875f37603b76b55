import Accounts
import Foundation
import Identity
import Kernel
import Passkeys
import StorageTesting
import Synchronization
import Testing
import TwoStep
import WebAuthn

/// DOMAIN.md's passkeys (contract, every store), with `TestAuthenticator` as the browser: registration and sign-in,
/// challenges used once and for 5 minutes, the sign count, the user handle, removal and the only-way-to-sign-in rule,
/// and one sentence for every refused ceremony while the log names the check.
public enum PasskeyContract {
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("register, list, sign in: a session, the count and last use kept", registerAndSignIn),
        ContractCase("a challenge is used once, even by a refused attempt, and lasts 5 minutes", challengesAreUsedOnce),
        ContractCase("registration rules: names, excluded and taken credentials, the account's own", registrationRules),
        ContractCase("sign-in refusals: each check logged, one sentence", signInRefusals),
        ContractCase("removal needs the password and never leaves no way to sign in", removal),
        ContractCase("a stored passkey whose id no sign-in can name is no way in", anUnusablePasskeyIsNoWayIn),
        ContractCase("a passkey sign-in skips two-step sign-in; this device saves the account", skipsTwoStep),
        ContractCase(
            "a full device refuses an eleventh account's passkey and keeps no session of it", aFullDeviceRefuses),
        ContractCase("without a relying party every call is refused", notConfigured),
        ContractCase("passkey sign-ins count against the address's limit", countedAgainstTheAddress),
        ContractCase("sign-in options: 30 a minute from one address, then refused and nothing stored", optionsLimit),
        ContractCase("switching to a saved account with its passkey, never with another account's", switching),
    ]

    public static let relyingParty = try! PasskeyRelyingParty(id: "kith.example", origins: ["https://kith.example"])

    /// Every check a refused ceremony logged, in order.
    public final class Log: Sendable {
        private let entries = Mutex<[PasskeyCheckFailure]>([])
        public init() {}
        public var record: @Sendable (PasskeyCheckFailure) -> Void {
            { failure in self.entries.withLock { $0.append(failure) } }
        }
        public var all: [PasskeyCheckFailure] { entries.withLock { $0 } }
        public var last: PasskeyCheckFailure? { all.last }
    }

    static func service(_ env: IdentityContractEnvironment, _ log: Log, google: Bool = false) -> LocalIdentityService {
        env.service(
            verifiers: google ? [StubVerifier.google] : [], passkeys: relyingParty, passkeyLog: log.record)
    }

    /// An authenticator with a credential id from the environment's random source.
    static func authenticator(_ env: IdentityContractEnvironment, signCount: UInt32 = 1) -> TestAuthenticator {
        TestAuthenticator(credentialID: env.random.bytes(16), signCount: signCount)
    }

    /// Registers a passkey of `principal` with `device`, named `name`.
    @discardableResult
    static func register(
        _ service: LocalIdentityService, _ principal: Principal, _ device: inout TestAuthenticator,
        name: String = "Laptop"
    ) async throws -> Passkey {
        let options = try await service.passkeyRegistrationOptions(principal)
        return try await service.registerPasskey(principal, name: name, credential: device.register(options))
    }

    /// A passkey sign-in with `device` from `address`.
    static func signIn(
        _ service: LocalIdentityService, _ device: inout TestAuthenticator, from address: String? = "10.0.0.1"
    ) async throws -> SessionGrant {
        let options = try await service.passkeySignInOptions(clientAddress: address)
        return try await service.signIn(passkey: device.assert(options), clientAddress: address)
    }

    static let failed = IdentityError.passkeySignInFailed

    static func registerAndSignIn(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log)
        let ann = try await service.register("Ann")
        let options = try await service.passkeyRegistrationOptions(ann)
        #expect(options.rp.id == "kith.example")
        #expect(options.user.name == email("Ann"))
        #expect(options.user.id != Base64URL.encode(Array(email("Ann").utf8)))
        #expect(Base64URL.decode(options.user.id)?.count == 32)
        #expect(Base64URL.decode(options.challenge)?.count == 32)
        #expect(options.excludeCredentials.isEmpty)
        var device = authenticator(env)
        let registered = env.clock.now()
        let passkey = try await service.registerPasskey(ann, name: "  Laptop  ", credential: device.register(options))
        #expect(passkey.id == device.id)
        #expect(passkey.name == "Laptop")
        #expect(passkey.algorithm == -7)
        #expect(passkey.signCount == 1)
        #expect(passkey.createdAt == registered && passkey.lastUsedAt == nil)
        #expect(try await service.passkeys(ann).map(\.id) == [device.id])
        // The same user handle every time.
        #expect(try await service.passkeyRegistrationOptions(ann).user.id == options.user.id)

        env.clock.advance(by: 60)
        let requestOptions = try await service.passkeySignInOptions(clientAddress: nil)
        #expect(requestOptions.rpId == "kith.example" && requestOptions.allowCredentials == nil)
        let grant: SessionGrant
        do {
            grant = try await service.signIn(passkey: device.assert(requestOptions), clientAddress: "10.0.0.1")
        } catch {
            Issue.record("refused: \(log.all)")
            throw error
        }
        #expect(grant.accountId == ann.accountId)
        // Kept with the session, for the `amr` of tokens made from it.
        #expect(try await env.store.read { try $0.session(id: grant.sessionId) }?.signedInWith == .passkey)
        let principal = try await service.principal(forToken: grant.token)
        #expect(try await service.account(principal).email == email("Ann"))
        let used = try #require(try await service.passkeys(ann).first)
        #expect(used.signCount == 2 && used.lastUsedAt == env.clock.now())
        // The count grows with each sign-in.
        _ = try await signIn(service, &device)
        #expect(try await service.passkeys(ann).first?.signCount == 3)
        #expect(log.all.isEmpty)
    }

    static func challengesAreUsedOnce(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log)
        let ann = try await service.register("Ann")
        var device = authenticator(env, signCount: 0)
        try await register(service, ann, &device)

        // Replayed: the first use took the challenge.
        let options = try await service.passkeySignInOptions(clientAddress: nil)
        let assertion = try device.assert(options)
        _ = try await service.signIn(passkey: assertion, clientAddress: nil)
        #expect(await identityError { _ = try await service.signIn(passkey: assertion, clientAddress: nil) } == failed)
        #expect(log.last == .unknownChallenge)

        // A refused attempt takes it too: the right answer after it is refused.
        let second = try await service.passkeySignInOptions(clientAddress: nil)
        var tampered = try device.assert(second)
        let good = tampered
        tampered.response.signature = Base64URL.encode([UInt8](repeating: 1, count: 70))
        #expect(await identityError { _ = try await service.signIn(passkey: tampered, clientAddress: nil) } == failed)
        #expect(log.last == .badSignature)
        #expect(await identityError { _ = try await service.signIn(passkey: good, clientAddress: nil) } == failed)
        #expect(log.last == .unknownChallenge)

        // 5 minutes: just before, accepted; after, refused.
        let early = try await service.passkeySignInOptions(clientAddress: nil)
        env.clock.advance(by: PasskeyChallenge.lifetime - 1)
        _ = try await service.signIn(passkey: device.assert(early), clientAddress: nil)
        let late = try await service.passkeySignInOptions(clientAddress: nil)
        env.clock.advance(by: PasskeyChallenge.lifetime)
        #expect(
            await identityError { _ = try await service.signIn(passkey: device.assert(late), clientAddress: nil) }
                == failed)
        #expect(log.last == .unknownChallenge)

        // A registration challenge is not a sign-in's, nor another account's.
        let registration = try await service.passkeyRegistrationOptions(ann)
        let asSignIn = PasskeyRequestOptions(
            relyingParty: relyingParty, challenge: Base64URL.decode(registration.challenge) ?? [])
        #expect(
            await identityError { _ = try await service.signIn(passkey: device.assert(asSignIn), clientAddress: nil) }
                == failed)
        #expect(log.last == .unknownChallenge)
        let bo = try await service.register("Bo")
        let annsOptions = try await service.passkeyRegistrationOptions(ann)
        var other = authenticator(env)
        #expect(
            await identityError {
                _ = try await service.registerPasskey(bo, name: "", credential: other.register(annsOptions))
            }
                == failed)
        #expect(log.last == .unknownChallenge)
        #expect(try await service.passkeys(bo).isEmpty)
    }

    static func registrationRules(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log)
        let ann = try await service.register("Ann")
        var laptop = authenticator(env)
        let first = try await register(service, ann, &laptop, name: "   ")
        #expect(first.name == "Passkey")
        env.clock.advance(by: 1)
        var phone = authenticator(env)
        try await register(service, ann, &phone, name: String(repeating: "é", count: 64))
        let options = try await service.passkeyRegistrationOptions(ann)
        #expect(Set(options.excludeCredentials.map(\.id)) == [laptop.id, phone.id])
        #expect(try await service.passkeys(ann).map(\.id) == [laptop.id, phone.id])

        // A name too long, or with a control character: refused before the challenge is used.
        var tablet = authenticator(env)
        let credential = tablet.register(options)
        let long = await identityError {
            _ = try await service.registerPasskey(ann, name: String(repeating: "a", count: 65), credential: credential)
        }
        #expect(log.all.isEmpty, "\(log.all)")
        #expect(long == .invalidName(field: "passkey name", problem: .tooLong(maxLength: 64), maxLength: 64))
        let control = await identityError {
            _ = try await service.registerPasskey(ann, name: "Tab\u{7}let", credential: credential)
        }
        #expect(control == .invalidName(field: "passkey name", problem: .controlCharacter, maxLength: 64))
        _ = try await service.registerPasskey(ann, name: "Tablet", credential: credential)

        // A credential registered already, to this account or another, is refused.
        let again = try await service.passkeyRegistrationOptions(ann)
        #expect(
            await identityError {
                _ = try await service.registerPasskey(ann, name: "", credential: laptop.register(again))
            } == failed)
        #expect(log.last == .credentialAlreadyRegistered)
        let bo = try await service.register("Bo")
        let bos = try await service.passkeyRegistrationOptions(bo)
        #expect(
            await identityError {
                _ = try await service.registerPasskey(bo, name: "", credential: laptop.register(bos))
            } == failed)
        #expect(log.last == .credentialAlreadyRegistered)
        #expect(try await service.passkeys(bo).isEmpty)

        // Credential ids of 16 to 1023 bytes (DOMAIN.md): an empty one was once stored and then could be neither used
        // nor removed.
        for length in [0, 1, 15] {
            var short = TestAuthenticator(credentialID: env.random.bytes(length))
            let options = try await service.passkeyRegistrationOptions(ann)
            #expect(
                await identityError {
                    _ = try await service.registerPasskey(ann, name: "Short", credential: short.register(options))
                } == failed)
            #expect(log.last == .credentialIDLength(length))
        }
        var tooLong = TestAuthenticator(credentialID: env.random.bytes(1024))
        let tooLongOptions = try await service.passkeyRegistrationOptions(ann)
        #expect(
            await identityError {
                _ = try await service.registerPasskey(
                    ann, name: "Long", credential: tooLong.register(tooLongOptions))
            } == failed)
        #expect(log.last == .malformed("authenticator data: credential id of 1024 bytes"))
        for length in [16, 1023] {
            var edge = TestAuthenticator(credentialID: env.random.bytes(length))
            let options = try await service.passkeyRegistrationOptions(ann)
            let passkey = try await service.registerPasskey(ann, name: "Edge", credential: edge.register(options))
            #expect(passkey.id == edge.id && passkey.canSignIn)
            _ = try await signIn(service, &edge)
            try await service.removePasskey(ann, id: edge.id, password: password("Ann"))
        }
        #expect(
            Set(try await service.passkeys(ann).map(\.name)) == [
                "Passkey", String(repeating: "é", count: 64), "Tablet",
            ])

        // Each WebAuthn check refuses by name: the type, the origin, the rp id.
        var wrongType = authenticator(env)
        let typeOptions = try await service.passkeyRegistrationOptions(bo)
        #expect(
            await identityError {
                _ = try await service.registerPasskey(
                    bo, name: "", credential: wrongType.register(typeOptions, type: "webauthn.get"))
            } == failed)
        #expect(log.last == .wrongType("webauthn.get"))
        var elsewhere = authenticator(env)
        elsewhere.origin = "https://evil.example"
        let originOptions = try await service.passkeyRegistrationOptions(bo)
        #expect(
            await identityError {
                _ = try await service.registerPasskey(bo, name: "", credential: elsewhere.register(originOptions))
            } == failed)
        #expect(log.last == .wrongOrigin("https://evil.example"))
        var otherParty = authenticator(env)
        var rpOptions = try await service.passkeyRegistrationOptions(bo)
        rpOptions.rp.id = "evil.example"
        #expect(
            await identityError {
                _ = try await service.registerPasskey(bo, name: "", credential: otherParty.register(rpOptions))
            } == failed)
        #expect(log.last == .wrongRelyingParty)
        #expect(try await service.passkeys(bo).isEmpty)
    }

    static func signInRefusals(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log)
        let ann = try await service.register("Ann")
        var device = authenticator(env, signCount: 5)
        try await register(service, ann, &device)
        _ = try await signIn(service, &device)

        // A cloned authenticator: the count does not grow.
        // (Registered with 5, signed in with 6.)
        var clone = device
        clone.signCount = 6
        #expect(await identityError { _ = try await signIn(service, &clone) } == failed)
        #expect(log.last == .signCountDidNotGrow(stored: 6, received: 6))

        // An unknown credential.
        var stranger = authenticator(env)
        #expect(await identityError { _ = try await signIn(service, &stranger) } == failed)
        #expect(log.last == .unknownCredential)

        // Another account's user handle.
        let bo = try await service.register("Bo")
        var bos = authenticator(env)
        try await register(service, bo, &bos)
        var swapped = device
        swapped.userHandle = bos.userHandle
        #expect(await identityError { _ = try await signIn(service, &swapped) } == failed)
        #expect(log.last == .userHandleMismatch)

        // The wrong rp id, origin and type.
        let options = try await service.passkeySignInOptions(clientAddress: nil)
        #expect(
            await identityError {
                _ = try await service.signIn(passkey: device.assert(options, rpID: "evil.example"), clientAddress: nil)
            } == failed)
        #expect(log.last == .wrongRelyingParty)
        var elsewhere = device
        elsewhere.origin = "https://kith.example:8443"
        #expect(await identityError { _ = try await signIn(service, &elsewhere) } == failed)
        #expect(log.last == .wrongOrigin("https://kith.example:8443"))
        let typeOptions = try await service.passkeySignInOptions(clientAddress: nil)
        #expect(
            await identityError {
                _ = try await service.signIn(
                    passkey: device.assert(typeOptions, type: "webauthn.create"), clientAddress: nil)
            } == failed)
        #expect(log.last == .wrongType("webauthn.create"))

        // Not base64url, or client data with no challenge.
        var garbled = try device.assert(try await service.passkeySignInOptions(clientAddress: nil))
        garbled.response.authenticatorData = "not base64url!"
        #expect(await identityError { _ = try await service.signIn(passkey: garbled, clientAddress: nil) } == failed)
        garbled.response.authenticatorData = ""
        garbled.response.clientDataJSON = Base64URL.encode(Array("{}".utf8))
        #expect(await identityError { _ = try await service.signIn(passkey: garbled, clientAddress: nil) } == failed)
        if case .malformed = log.last {
        } else {
            Issue.record("not logged as malformed: \(String(describing: log.last))")
        }

        // After all that, the real one still signs in; its count is the last accepted.
        _ = try await signIn(service, &device)
        #expect(try await service.passkeys(ann).first?.signCount == device.signCount - 1)
        #expect(log.all.allSatisfy { "\($0)".hasPrefix("passkey: ") })
    }

    /// A passkey stored before credential ids were checked (an empty id) can never sign in, so it does not keep
    /// Google unlinkable or another passkey removable as if it were a way in.
    static func anUnusablePasskeyIsNoWayIn(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log, google: true)
        @Sendable func dead(_ principal: Principal, like real: Passkey) -> Passkey {
            Passkey(
                id: "", accountId: principal.accountId, name: "Dead", publicKey: real.publicKey,
                algorithm: real.algorithm, signCount: 0, aaguid: nil, createdAt: env.clock.now())
        }
        // Bo: Google, a real passkey and a dead one. Google may go (the real passkey signs in); then the real one may
        // not, though another passkey is listed beside it.
        let bo = try await service.principal(
            forToken: try await service.signIn(with: StubVerifier.signIn("bo-google")).grant.token)
        var key = authenticator(env)
        let real = try await register(service, bo, &key)
        #expect(real.canSignIn && !dead(bo, like: real).canSignIn)
        try await env.store.write { try $0.insertPasskey(dead(bo, like: real)) }
        try await service.unlinkIdentity(bo, provider: .google)
        #expect(
            await identityError { try await service.removePasskey(bo, id: real.id, password: nil) }
                == .onlySignInMethod)
        #expect(try await service.passkeys(bo).count == 2)
        // Another Google account with only a dead passkey (an id too short) beside Google: Google is its only way in.
        let other = try await service.principal(
            forToken: try await service.signIn(with: StubVerifier.signIn("other-bo", first: "Bo", last: "Other")).grant
                .token)
        var short = dead(other, like: real)
        short.id = Base64URL.encode(env.random.bytes(8))
        let stored = short
        try await env.store.write { try $0.insertPasskey(stored) }
        #expect(
            await identityError { try await service.unlinkIdentity(other, provider: .google) } == .onlySignInMethod)
    }

    static func removal(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log, google: true)
        let ann = try await service.register("Ann")
        var laptop = authenticator(env)
        try await register(service, ann, &laptop)
        #expect(
            await identityError { try await service.removePasskey(ann, id: "nope", password: password("Ann")) }
                == .notFound(.passkey, "nope"))
        #expect(
            await identityError { try await service.removePasskey(ann, id: laptop.id, password: "wrong password") }
                == .incorrectCredentials)
        #expect(
            await identityError { try await service.removePasskey(ann, id: laptop.id, password: nil) }
                == .incorrectCredentials)
        // Another account's passkey is not found.
        let di = try await service.register("Di")
        #expect(
            await identityError { try await service.removePasskey(di, id: laptop.id, password: password("Di")) }
                == .notFound(.passkey, laptop.id))
        try await service.removePasskey(ann, id: laptop.id, password: password("Ann"))
        #expect(try await service.passkeys(ann).isEmpty)
        // Gone: its sign-in is refused.
        #expect(await identityError { _ = try await signIn(service, &laptop) } == failed)
        #expect(log.last == .unknownCredential)

        // A Google account (no password) with a passkey may unlink Google: the passkey is a way to sign in.
        let google = try await service.signIn(with: StubVerifier.signIn("bo-google")).grant
        let cy = try await service.principal(forToken: google.token)
        var key = authenticator(env)
        try await register(service, cy, &key)
        var spare = authenticator(env)
        try await register(service, cy, &spare)
        try await service.unlinkIdentity(cy, provider: .google)
        // Two passkeys: one may go (a recent sign-in is the proof); the last may not.
        try await service.removePasskey(cy, id: spare.id, password: nil)
        #expect(
            await identityError { try await service.removePasskey(cy, id: key.id, password: nil) } == .onlySignInMethod)
        // Without a password, an old session is not proof enough.
        var third = authenticator(env)
        try await register(service, cy, &third)
        env.clock.advance(by: 11 * 60)
        #expect(
            await identityError { try await service.removePasskey(cy, id: third.id, password: nil) }
                == .recentSignInNeededToRemovePasskey)
        // A fresh passkey sign-in is.
        let fresh = try await service.principal(forToken: try await signIn(service, &key).token)
        try await service.removePasskey(fresh, id: third.id, password: nil)
        #expect(try await service.passkeys(cy).map(\.id) == [key.id])
    }

    static func skipsTwoStep(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log)
        let ann = try await service.register("Ann")
        let setup = try await service.beginTwoStep(ann, password: password("Ann"))
        let secret = try #require(Base32.decode(setup.secret))
        _ = try await service.confirmTwoStep(ann, code: TOTP.code(secret: secret, step: TOTP.step(at: env.clock.now())))
        var device = authenticator(env)
        try await register(service, ann, &device)
        let grant = try await signIn(service, &device)
        #expect(grant.accountId == ann.accountId)

        // This device: a passkey sign-in saves the account and makes it current.
        let thisDevice = env.device(service)
        let options = try await service.passkeySignInOptions(clientAddress: nil)
        let account = try await thisDevice.logIn(passkey: try device.assert(options))
        #expect(account.id == ann.accountId)
        #expect(try await thisDevice.me().accountId == ann.accountId)
    }

    static func aFullDeviceRefuses(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log)
        let kai = try await service.register("Kai")
        var key = authenticator(env)
        try await register(service, kai, &key)
        let device = env.device(service)
        for name in SavedAccountsContract.names { try await device.signUp(name) }
        let current = try await device.me()
        let error = await identityError {
            _ = try await device.logIn(
                passkey: try key.assert(try await service.passkeySignInOptions(clientAddress: nil)))
        }
        #expect(error == .savedAccountsFull)
        #expect(try await device.me() == current)
        #expect(!(try await device.savedAccounts().map(\.account.email).contains(email("Kai"))))
        // The session the passkey made was ended: Kai's only live one is the registration's.
        let live = try await env.store.read { try $0.sessions(accountId: kai.accountId, liveAt: env.clock.now()) }
        #expect(live.map(\.id) == [kai.sessionId])
    }

    static func notConfigured(_ env: IdentityContractEnvironment) async throws {
        let service = env.service()
        let ann = try await service.register("Ann")
        var device = authenticator(env)
        let options = PasskeyCreationOptions(
            relyingParty: relyingParty, userHandle: [1], userName: "", displayName: "", challenge: [1],
            excludedCredentialIDs: [])
        let request = PasskeyRequestOptions(relyingParty: relyingParty, challenge: [1])
        let calls: [() async throws -> Void] = [
            { _ = try await service.passkeyRegistrationOptions(ann) },
            { _ = try await service.registerPasskey(ann, name: "", credential: device.register(options)) },
            { _ = try await service.passkeys(ann) },
            { try await service.removePasskey(ann, id: "x", password: password("Ann")) },
            { _ = try await service.passkeySignInOptions(clientAddress: nil) },
            { _ = try await service.signIn(passkey: device.assert(request), clientAddress: nil) },
        ]
        for call in calls {
            #expect(await identityError(call) == .passkeysNotConfigured)
        }
        #expect(IdentityError.passkeysNotConfigured.description == "Passkeys are not set up here")
        #expect(IdentityError.passkeySignInFailed.description == "Passkey sign-in failed. Please try again.")
    }

    static func countedAgainstTheAddress(_ env: IdentityContractEnvironment) async throws {
        let log = Log()
        let service = service(env, log)
        let ann = try await service.register("Ann")
        var device = authenticator(env, signCount: 0)
        try await register(service, ann, &device)
        var stranger = authenticator(env)
        // 100 failures an hour block the address: the 101st attempt is refused before anything is checked. (One every
        // 2.1 s, and a minute's pause: the options' own limit of 30 a minute is not what refuses it.)
        for _ in 0..<100 {
            #expect(await identityError { _ = try await signIn(service, &stranger, from: "10.9.9.9") } == failed)
            env.clock.advance(by: 2.1)
        }
        env.clock.advance(by: 61)
        let blocked = await identityError { _ = try await signIn(service, &device, from: "10.9.9.9") }
        guard case .tooManySignInAttempts = blocked else {
            Issue.record("not blocked: \(String(describing: blocked))")
            return
        }
        // Another address is not.
        _ = try await signIn(service, &device, from: "10.0.0.2")
    }

    static func optionsLimit(_ env: IdentityContractEnvironment) async throws {
        let service = service(env, Log())
        let ann = try await service.register("Ann")
        var device = authenticator(env)
        try await register(service, ann, &device)
        for _ in 0..<30 { _ = try await service.passkeySignInOptions(clientAddress: "10.7.7.7") }
        let stored = try await env.store.read { try $0.rateLimitState(key: "passkey-options:10.7.7.7") }
        #expect(stored.failures.count == 30)
        // The 31st is refused, with how long to wait, before anything is stored; refused asks are not counted.
        let refused = await identityError { _ = try await service.passkeySignInOptions(clientAddress: "10.7.7.7") }
        #expect(refused == .tooManySignInAttempts(retryAfter: 60))
        #expect(try await env.store.read { try $0.rateLimitState(key: "passkey-options:10.7.7.7") } == stored)
        // Another address asks on, and signs in; a minute later so does this one.
        _ = try await signIn(service, &device, from: "10.7.7.8")
        env.clock.advance(by: 60)
        _ = try await signIn(service, &device, from: "10.7.7.7")
    }

    static func switching(_ env: IdentityContractEnvironment) async throws {
        let service = service(env, Log())
        var annKey = authenticator(env)
        try await register(service, try await service.register("Ann"), &annKey)
        var boKey = authenticator(env)
        try await register(service, try await service.register("Bo"), &boKey)
        let device = env.device(service)
        let ann = try await device.logIn(email: email("Ann"), password: password("Ann"))
        env.clock.advance(by: 20 * IdentityContractEnvironment.day)
        let bo = try await device.logIn(email: email("Bo"), password: password("Bo"))
        env.clock.advance(by: 10 * IdentityContractEnvironment.day + 1)
        // Ann's session on this device has ended: her password would be asked.
        let asked = try await device.switchAccount(to: email("Ann"), password: nil)
        #expect(asked == .passwordRequired(asked.account) && asked.account.accountId == ann.id)

        // Bo's passkey is not Ann's: refused, Bo stays current, and the session it made is ended.
        let boSessions = try await env.store.read { try $0.sessions(accountId: bo.id, liveAt: env.clock.now()) }
            .map(\.id)
        let options = try await service.passkeySignInOptions(clientAddress: nil)
        let refused = await identityError {
            _ = try await device.switchAccount(to: email("Ann"), passkey: try boKey.assert(options))
        }
        #expect(refused == .sessionMismatch(email: email("Ann")))
        #expect(try await device.me().accountId == bo.id)
        let live = try await env.store.read { try $0.sessions(accountId: bo.id, liveAt: env.clock.now()) }
        #expect(live.map(\.id) == boSessions)

        // Ann's own passkey switches, without her password.
        let work = env.hasher.total
        let switched = try await device.switchAccount(
            to: email("Ann"), passkey: try annKey.assert(try await service.passkeySignInOptions(clientAddress: nil)))
        #expect(switched == .switched(switched.account) && switched.account.accountId == ann.id)
        #expect(try await device.me().accountId == ann.id)
        #expect(env.hasher.total == work)
    }
}
