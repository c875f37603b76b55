import Accounts
import Device
import Foundation
import IdentityHTTP
import IdentityWire
import Kernel
import Networking
import NetworkingTesting
import Testing

/// `HTTPIdentityService` against a stub server: requests, JSON, errors, and the credentials file's rules.
@Suite("HTTPIdentityService")
struct HTTPIdentityServiceTests {
    let folder = NSTemporaryDirectory() + "kith-identity-http-\(UUID().uuidString)"
    let stub = StubHTTPClient()
    /// A clock the tests move, so "most recently used" never depends on two calls landing in one millisecond.
    let clock = ManualClock()

    var credentials: RemoteCredentials {
        RemoteCredentials(path: folder + "/kith/remote/127.0.0.1-8080.json", server: "http://127.0.0.1:8080")
    }

    func service() -> HTTPIdentityService {
        HTTPIdentityService(
            client: JSONClient(client: stub, baseURL: URL(string: "http://127.0.0.1:8080")!), credentials: credentials)
    }

    /// This device with `--remote`: its state in the credentials file, its sessions from `service`.
    func thisDevice(_ service: HTTPIdentityService) -> ThisDevice {
        ThisDevice(store: RemoteDeviceStore(credentials: credentials), sessions: service, clock: clock)
    }

    static func me(_ id: String, _ email: String, first: String = "Ana", role: String = "member") -> String {
        """
        {"accountId":"\(id)","email":"\(email)","firstName":"\(first)","lastName":"Lee","role":"\(role)",\
        "accountType":"private","authMethod":"password","createdAt":"2025-01-01T09:00:00Z","emailVerified":false,"actingAs":null,\
        "persona":{"profileId":"\(id)","displayName":"\(first) Lee","type":"primary"}}
        """
    }

    static func session(_ id: String, _ email: String, token: String, created: Bool = false) -> String {
        #"{"accountId":"\#(id)","sessionId":"s-\#(id)","token":"\#(token)","account":\#(me(id, email)),"created":\#(created)}"#
    }

    /// Signs up `count` accounts a1@example.com... through the stub.
    func signUp(_ device: ThisDevice, count: Int) async throws {
        for index in 1...count {
            stub.on(
                .post, "/api/auth/signup", status: 201,
                json: Self.session("a\(index)", "a\(index)@example.com", token: "t\(index)"))
            _ = try await device.signUp(
                SignUp(email: "a\(index)@example.com", firstName: "Ana", lastName: "Lee", password: "password-1"))
            clock.advance(by: 1)
        }
    }

    // MARK: - Requests

    @Test func signUpPostsTheBodyAndSavesTheTokenOnlyInTheCredentialsFile() async throws {
        let service = service()
        let device = thisDevice(service)
        stub.on(
            .post, "/api/auth/signup", status: 201, json: Self.session("a1", "ana@example.com", token: "secret-token"))
        let account = try await device.signUp(
            SignUp(email: " ana@example.com ", firstName: "Ana", lastName: "Lee", password: "password-1", role: .player)
        )
        #expect(account.id == "a1" && account.email == "ana@example.com")
        let request = try #require(stub.requests.last)
        #expect(request.method == .post && request.url.path == "/api/auth/signup")
        #expect(request.headers["Authorization"] == nil)
        let body = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        #expect(body["email"] as? String == "ana@example.com")
        #expect(body["role"] as? String == "player")

        let state = try credentials.load()
        #expect(state.currentAccountId == "a1")
        #expect(state.entry(accountId: "a1")?.token == "secret-token")
        #expect(try await device.currentPrincipal() == Principal(accountId: "a1", sessionId: "s-a1"))
    }

    @Test func aGoogleSignInSaysWhetherItMadeTheAccountAndALinkComesBackWithItsSubject() async throws {
        let service = service()
        let device = thisDevice(service)
        let google = ProviderSignIn(provider: .google, idToken: "id-token", nonce: "n")
        stub.on(
            .post, "/api/auth/google", status: 201,
            json: Self.session("a1", "ana@example.com", token: "t-1", created: true))
        let first = try await device.logIn(with: google)
        #expect(first.created && first.account.id == "a1")
        #expect(try await service.signIn(with: google).created)
        stub.on(.post, "/api/auth/google", status: 200, json: Self.session("a1", "ana@example.com", token: "t-2"))
        #expect(try await !device.logIn(with: google).created)
        #expect(try await !service.signIn(with: google).created)

        stub.on(
            .post, "/api/me/identities/apple", status: 200,
            json:
                #"{"provider":"apple","subject":"apple-7","email":"ana@icloud.com","linkedAt":"2025-01-01T09:00:00Z"}"#)
        let principal = try #require(try await device.currentPrincipal())
        let linked = try await service.linkIdentity(principal, ProviderSignIn(provider: .apple, idToken: "apple-token"))
        #expect(linked.provider == .apple && linked.subject == "apple-7" && linked.accountId == "a1")
        #expect(linked.email == "ana@icloud.com")
    }

    @Test func theCredentialsFileIs0600InA0700Folder() async throws {
        try await signUp(thisDevice(service()), count: 1)
        let file = try FileManager.default.attributesOfItem(atPath: credentials.path)[.posixPermissions] as? Int
        #expect(file == 0o600)
        let parent = (credentials.path as NSString).deletingLastPathComponent
        let mode = try FileManager.default.attributesOfItem(atPath: parent)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let text = try String(contentsOfFile: credentials.path, encoding: .utf8)
        #expect(!text.contains("password-1"))
    }

    @Test func callsCarryTheBearerAndTheActingHeaderOnlyWhileActing() async throws {
        let service = service()
        let device = thisDevice(service)
        try await signUp(device, count: 1)
        stub.on(.get, "/api/me", json: Self.me("a1", "a1@example.com"))
        let principal = try #require(try await device.currentPrincipal())
        _ = try await service.account(principal)
        #expect(stub.requests.last?.headers["Authorization"] == "Bearer t1")
        #expect(stub.requests.last?.headers["X-Acting-As-Member"] == nil)

        var acting = principal
        acting.actingAs = ActingAs(memberId: "managed_1", displayName: "Max")
        _ = try await service.account(acting)
        #expect(stub.requests.last?.headers["Authorization"] == "Bearer t1")
        #expect(stub.requests.last?.headers["X-Acting-As-Member"] == "managed_1")
    }

    @Test func householdsAndMembersMapFromTheServersJSON() async throws {
        let service = service()
        let device = thisDevice(service)
        try await signUp(device, count: 1)
        let principal = try #require(try await device.currentPrincipal())
        stub.on(
            .get, "/api/household",
            json: """
                {"householdId":"h1","name":"Lee Family","ownerAccountId":"a1","createdAt":"2025-01-01T09:00:00Z",\
                "members":[{"memberId":"managed_1","displayName":"Max","kind":"managed","role":"member",\
                "avatarKey":"fox","monogram":"M","guardianAccountIds":["a1"],"addedAt":"2025-01-01T09:00:00Z"}]}
                """)
        let household = try #require(try await service.activeHousehold(principal))
        #expect(household.id == "h1" && household.members.first?.guardianAccountIds == ["a1"])

        stub.on(
            .get, "/api/household", status: 404,
            json: #"{"error":"identity.no_active_household","message":"Reworded: none yet"}"#)
        #expect(try await service.activeHousehold(principal) == nil)
        // Any other 404 (a server without the route) is not "no household".
        stub.on(.get, "/api/household", status: 404, json: #"{"error":"not_found","message":"No such endpoint"}"#)
        await #expect(throws: NetworkingError.self) { _ = try await service.activeHousehold(principal) }

        stub.on(
            .post, "/api/households/Lee Family/use",
            json:
                #"{"householdId":"h1","name":"Lee Family","ownerAccountId":"a1","createdAt":"2025-01-01T09:00:00Z","members":[]}"#
        )
        _ = try await service.useHousehold(principal, "Lee Family")
        #expect(stub.requests.last?.url.absoluteString == "http://127.0.0.1:8080/api/households/Lee%20Family/use")
    }

    // MARK: - Errors

    /// The messages here are deliberately not the domain's sentences: the client reads the code and the details,
    /// never the message, so the errors (and the sentences users read) are the local service's.
    @Test func refusalsReadAsTheDomainsErrorsByCode() async throws {
        let service = service()
        let device = thisDevice(service)
        stub.on(
            .post, "/api/auth/signin", status: 401,
            json: #"{"error":"identity.incorrect_credentials","message":"Reworded: try again"}"#)
        await #expect(throws: IdentityError.incorrectCredentials) {
            _ = try await device.logIn(email: "ana@example.com", password: "wrong-pass")
        }
        stub.on(
            .post, "/api/auth/signup", status: 409,
            json: #"{"error":"identity.email_taken","message":"Reworded: taken"}"#)
        await #expect(throws: IdentityError.emailTaken) {
            _ = try await service.register(
                SignUp(email: "ana@example.com", firstName: "Ana", lastName: "Lee", password: "password-1"))
        }
        try await signUp(device, count: 1)
        let principal = try #require(try await device.currentPrincipal())
        stub.on(.get, "/api/me", status: 401, json: #"{"error":"unauthorized","message":"Sign in first"}"#)
        await #expect(throws: IdentityError.notSignedIn) { _ = try await service.account(principal) }

        stub.on(
            .delete, "/api/members/Max/guardians/a1@example.com", status: 409,
            json: #"{"error":"identity.needs_guardian","message":"Reworded","details":{"name":"Max"}}"#)
        let needsGuardian = await #expect(throws: IdentityError.needsGuardian("Max")) {
            _ = try await service.removeGuardian(principal, member: "Max", email: "a1@example.com")
        }
        #expect(needsGuardian?.description == "Max needs at least one guardian")
        #expect(stub.requests.last?.url.absoluteString.hasSuffix("/api/members/Max/guardians/a1%40example.com") == true)
        stub.on(
            .post, "/api/households", status: 400,
            json: #"""
                {"error":"identity.invalid_name","message":"Reworded","details":{"field":"household name",                "problem":"too_long","maxLength":50}}
                """#)
        await #expect(
            throws: IdentityError.invalidName(field: "household name", problem: .tooLong(maxLength: 50), maxLength: 50)
        ) { _ = try await service.createHousehold(principal, name: "Reyes") }
        stub.on(
            .delete, "/api/members/Máx", status: 400,
            json: #"""
                {"error":"identity.ambiguous","message":"Reworded","details":{"name":"Máx",                "candidates":[{"id":"managed_1","name":"Máx"},{"id":"managed_2","name":"Máx"}]}}
                """#)
        await #expect(
            throws: IdentityError.ambiguous(
                "Máx",
                candidates: [ReferenceCandidate(id: "managed_1", name: "Máx"), .init(id: "managed_2", name: "Máx")])
        ) { _ = try await service.removeMember(principal, "Máx") }
        #expect(stub.requests.last?.url.absoluteString.hasSuffix("/api/members/M%C3%A1x") == true)

        stub.goOffline()
        let offline = await #expect(throws: NetworkingError.self) { _ = try await service.households(principal) }
        #expect(offline?.description == "Connection error. Please try again.")
    }

    /// A code no table knows keeps the server's sentence, so a newer server's refusal still reads well.
    @Test func anUnknownCodeKeepsTheServersSentence() async throws {
        let service = service()
        let device = thisDevice(service)
        try await signUp(device, count: 1)
        let principal = try #require(try await device.currentPrincipal())
        stub.on(
            .post, "/api/members", status: 409,
            json: #"{"error":"identity.some_new_rule","message":"A rule this client does not know"}"#)
        let error = await #expect(throws: NetworkingError.self) {
            _ = try await service.addManagedMember(principal, displayName: "Max", avatarKey: "")
        }
        #expect(error?.description == "A rule this client does not know")
    }

    /// The server reads the header under IdentityWire's name; clients send it under Networking's.
    @Test func theActingHeaderHasOneNameOnBothSides() {
        #expect(WireHeaders.actingAsMember == ActingAsMiddleware.headerName)
        #expect(WireHeaders.actingAsMember == "X-Acting-As-Member")
    }

    @Test func accountActionsAreRefusedWhileActingBeforeAnyRequest() async throws {
        let service = service()
        let device = thisDevice(service)
        try await signUp(device, count: 1)
        var principal = try #require(try await device.currentPrincipal())
        principal.actingAs = ActingAs(memberId: "managed_1", displayName: "Max")
        let before = stub.requests.count
        await #expect(throws: IdentityError.notWhileActing("Max")) {
            _ = try await service.createHousehold(principal, name: "Other")
        }
        #expect(stub.requests.count == before)
    }

    // MARK: - Saved accounts: the DOMAIN rules on the credentials file

    @Test func anEleventhAccountIsRefusedBeforeAnyRequest() async throws {
        let service = service()
        let device = thisDevice(service)
        try await signUp(device, count: 10)
        let before = stub.requests.count
        await #expect(throws: IdentityError.savedAccountsFull) {
            _ = try await device.signUp(
                SignUp(email: "eleven@example.com", firstName: "Ana", lastName: "Lee", password: "password-1"))
        }
        await #expect(throws: IdentityError.savedAccountsFull) {
            _ = try await device.logIn(email: "eleven@example.com", password: "password-1")
        }
        #expect(stub.requests.count == before)
        #expect(IdentityError.savedAccountsFull.description == "You can save up to 10 accounts. Remove one first.")
        #expect(try credentials.load().accounts.count == 10)
    }

    @Test func switchingIsSilentWhileLiveAndAsksForThePasswordOtherwise() async throws {
        let service = service()
        let device = thisDevice(service)
        try await signUp(device, count: 2)
        // A saved session's state is asked with its token in the body.
        stub.on(.post, "/api/auth/session-state") { request in
            let token = String(decoding: request.body ?? Data(), as: UTF8.self)
            let body =
                token.contains("t1") ? #"{"state":"live","accountId":"a1"}"# : #"{"state":"live","accountId":"a2"}"#
            return .success(HTTPResponse(status: 200, body: Data(body.utf8)))
        }
        let statuses = try await device.savedAccounts()
        #expect(statuses.map(\.account.email) == ["a2@example.com", "a1@example.com"])
        #expect(statuses.map(\.isCurrent) == [true, false])

        #expect(
            try await device.switchAccount(to: "A2@example.com", password: nil) == .alreadyCurrent(statuses[0].account)
        )
        guard case .switched = try await device.switchAccount(to: "a1@example.com", password: nil) else {
            Issue.record("expected a silent switch")
            return
        }
        #expect(try await device.currentPrincipal()?.accountId == "a1")

        await #expect(throws: IdentityError.cannotRemoveCurrentAccount) {
            try await device.removeSavedAccount("a1@example.com", by: nil)
        }
        // a2's session ended on the server: the password is asked for, and nothing changed.
        stub.on(.post, "/api/auth/session-state") { request in
            let token = String(decoding: request.body ?? Data(), as: UTF8.self)
            let body = token.contains("t1") ? #"{"state":"live","accountId":"a1"}"# : #"{"state":"ended"}"#
            return .success(HTTPResponse(status: 200, body: Data(body.utf8)))
        }
        guard case .passwordRequired = try await device.switchAccount(to: "a2@example.com", password: nil) else {
            Issue.record("expected the password to be asked for")
            return
        }
        #expect(try await device.currentPrincipal()?.accountId == "a1")

        try await device.removeSavedAccount("a2@example.com", by: nil)
        #expect(try credentials.load().accounts.map(\.account.email) == ["a1@example.com"])
        #expect(stub.requests.last?.url.path == "/api/auth/signout")
        #expect(stub.requests.last?.headers["Authorization"] == "Bearer t2")
    }

    @Test func anAccountDeletedElsewhereIsForgottenOnSwitch() async throws {
        let service = service()
        let device = thisDevice(service)
        try await signUp(device, count: 2)
        stub.on(.post, "/api/auth/session-state") { request in
            let token = String(decoding: request.body ?? Data(), as: UTF8.self)
            let body = token.contains("t1") ? #"{"state":"deleted"}"# : #"{"state":"live","accountId":"a2"}"#
            return .success(HTTPResponse(status: 200, body: Data(body.utf8)))
        }
        await #expect(throws: IdentityError.accountNoLongerExists) {
            _ = try await device.switchAccount(to: "a1@example.com", password: nil)
        }
        #expect(try credentials.load().accounts.map(\.account.email) == ["a2@example.com"])
        #expect(try await device.currentPrincipal()?.accountId == "a2")
    }

    @Test func logoutEndsTheSessionAndKeepsTheAccountSaved() async throws {
        let service = service()
        let device = thisDevice(service)
        try await signUp(device, count: 1)
        stub.on(.post, "/api/auth/signout", status: 204, json: "")
        try await device.logOut()
        #expect(stub.requests.last?.headers["Authorization"] == "Bearer t1")
        let state = try credentials.load()
        #expect(state.currentAccountId == nil)
        #expect(state.accounts.count == 1 && state.accounts[0].token == nil)
        #expect(try await device.currentPrincipal() == nil)
    }

    // MARK: - Offline profiles

    @Test func withoutAConnectionTheLastLoadedProfilesAnswer() async throws {
        let base = service()
        let device = thisDevice(base)
        try await signUp(device, count: 1)
        let offline = OfflineProfileReads(base: base)
        let principal = try #require(try await device.currentPrincipal())
        stub.on(.get, "/api/me", json: Self.me("a1", "a1@example.com"))
        stub.on(
            .get, "/api/household",
            json: """
                {"householdId":"h1","name":"Lee Family","ownerAccountId":"a1","createdAt":"2025-01-01T09:00:00Z",\
                "members":[{"memberId":"a1","displayName":"Ana Lee","kind":"independent","role":"owner",\
                "avatarKey":"","monogram":"A","guardianAccountIds":[],"addedAt":"2025-01-01T09:00:00Z"},\
                {"memberId":"managed_1","displayName":"Max","kind":"managed","role":"member",\
                "avatarKey":"","monogram":"M","guardianAccountIds":["a1"],"addedAt":"2025-01-01T09:00:00Z"},\
                {"memberId":"managed_2","displayName":"Mia","kind":"managed","role":"member",\
                "avatarKey":"","monogram":"M","guardianAccountIds":["b1"],"addedAt":"2025-01-01T09:00:00Z"}]}
                """)
        _ = try await offline.account(principal)
        _ = try await offline.activeHousehold(principal)

        stub.goOffline()
        #expect(try await offline.account(principal).id == "a1")
        let household = try #require(try await offline.activeHousehold(principal))
        // Only the managed members the account guards are remembered.
        #expect(household.members.map(\.memberId) == ["managed_1"])
        // The plain service still reports the connection error.
        await #expect(throws: NetworkingError.self) { _ = try await base.activeHousehold(principal) }
    }
}
