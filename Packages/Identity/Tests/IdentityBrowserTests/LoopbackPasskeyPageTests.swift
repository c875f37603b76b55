import Accounts
import Foundation
import Identity
import IdentityBrowser
import Kernel
import Networking
import NetworkingTesting
import Testing
import WebAuthn

#if canImport(Glibc)
    import Glibc
#endif

/// A port nothing listens on now (the system's pick, released).
func freePort() throws -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    try #require(bound)
    return UInt16(bigEndian: address.sin_port)
}

/// What the page posts, read as plain base64url strings (the domain's checks take the bytes).
struct RegistrationJSON: Decodable, Sendable {
    struct Response: Decodable, Sendable {
        let clientDataJSON: String
        let attestationObject: String
        let transports: [String]?
    }
    let id: String
    let rawId: String
    let type: String
    let response: Response
    let authenticatorAttachment: String?
}

struct AssertionJSON: Decodable, Sendable {
    struct Response: Decodable, Sendable {
        let clientDataJSON: String
        let authenticatorData: String
        let signature: String
        let userHandle: String?
    }
    let id: String
    let rawId: String
    let type: String
    let response: Response
}

func bytes(_ base64url: String) throws -> [UInt8] { try #require(Base64URL.decode(base64url)) }

func randomBytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: .min ... .max) } }

@Suite("The passkey page in a real browser (headless Chromium, a virtual authenticator)")
struct PasskeyPageInChromiumTests {
    @Test func aPasskeyMadeOnThePageIsAcceptedAndThenSignsIn() async throws {
        let browser = try await HeadlessChromium.start()
        defer { browser.stop() }
        let creating = try LoopbackPasskeyPage(port: try freePort())
        let signing = try LoopbackPasskeyPage(port: try freePort())
        let relyingParty = try PasskeyRelyingParty(id: "localhost", origins: [creating.origin, signing.origin])

        // Registration: the domain's own checks accept what the browser made.
        let userHandle = randomBytes(16)
        let challenge = randomBytes(32)
        let creation = PasskeyCreationOptions(
            relyingParty: relyingParty, userHandle: userHandle, userName: "ada@example.com",
            displayName: "Ada Lovelace", challenge: challenge, excludedCredentialIDs: [])
        async let made = creating.run(.create, options: creation, as: RegistrationJSON.self)
        let created = try await browser.open(creating.url)
        #expect(created.status == "done", "\(created.text)")
        #expect(created.text == "Done: you can close this tab and return to Kith.")
        let registration = try await made
        #expect(registration.type == "public-key" && registration.id == registration.rawId)
        let credential = try PasskeyCeremony.verifyRegistration(
            clientDataJSON: try bytes(registration.response.clientDataJSON),
            attestationObject: try bytes(registration.response.attestationObject), expectedChallenge: challenge,
            relyingParty: relyingParty)
        #expect(credential.id == (try bytes(registration.rawId)))
        #expect(credential.algorithm == .es256)
        let held = try await browser.credentials()
        #expect(held.count == 1)
        #expect(held.first?.rpId == "localhost" && held.first?.userName == "ada@example.com")
        #expect(held.first?.isResidentCredential == true)

        // Sign-in with no account named: the browser finds the passkey, and it verifies with the stored key.
        let signInChallenge = randomBytes(32)
        let request = PasskeyRequestOptions(relyingParty: relyingParty, challenge: signInChallenge)
        async let found = signing.run(.get, options: request, as: AssertionJSON.self)
        let signed = try await browser.open(signing.url)
        #expect(signed.status == "done", "\(signed.text)")
        let assertion = try await found
        #expect(assertion.rawId == registration.rawId)
        #expect(try bytes(#require(assertion.response.userHandle)) == userHandle)
        let count = try PasskeyCeremony.verifyAssertion(
            clientDataJSON: try bytes(assertion.response.clientDataJSON),
            authenticatorData: try bytes(assertion.response.authenticatorData),
            signature: try bytes(assertion.response.signature), expectedChallenge: signInChallenge,
            relyingParty: relyingParty, storedPublicKey: credential.publicKey, storedSignCount: credential.signCount)
        #expect(count > credential.signCount)
    }

    @Test func theBrowsersRefusalEndsTheWaitWithItsName() async throws {
        let browser = try await HeadlessChromium.start()
        defer { browser.stop() }
        let first = try LoopbackPasskeyPage(port: try freePort())
        let again = try LoopbackPasskeyPage(port: try freePort())
        let relyingParty = try PasskeyRelyingParty(id: "localhost", origins: [first.origin, again.origin])
        let userHandle = randomBytes(16)
        func options(excluding: [[UInt8]]) -> PasskeyCreationOptions {
            PasskeyCreationOptions(
                relyingParty: relyingParty, userHandle: userHandle, userName: "bo@example.com", displayName: "Bo",
                challenge: randomBytes(32), excludedCredentialIDs: excluding)
        }
        async let made = first.run(.create, options: options(excluding: []), as: RegistrationJSON.self)
        _ = try await browser.open(first.url)
        let registration = try await made

        // The authenticator already holds an excluded credential: the browser refuses, and the page says so.
        async let refused = again.run(
            .create, options: options(excluding: [try bytes(registration.rawId)]), as: RegistrationJSON.self)
        let outcome = try await browser.open(again.url)
        #expect(outcome.status == "failed")
        #expect(outcome.text.contains("InvalidStateError"), "\(outcome.text)")
        do {
            _ = try await refused
            Issue.record("an excluded authenticator gave a credential")
        } catch let error as PasskeyPageError {
            #expect(error.code == .browserFailed)
            #expect(error.description.hasPrefix("The passkey did not work in the browser (InvalidStateError"))
        }
        #expect(try await browser.credentials().count == 1)
    }
}

extension PasskeyPageInChromiumTests {
    @Test func thePageSaysDoneOnlyOnceKithHasUsedThePasskeyAndShowsItsRefusal() async throws {
        let browser = try await HeadlessChromium.start()
        defer { browser.stop() }
        let page = try LoopbackPasskeyPage(port: try freePort())
        let relyingParty = try PasskeyRelyingParty(id: "localhost", origins: [page.origin])
        let options = PasskeyCreationOptions(
            relyingParty: relyingParty, userHandle: randomBytes(16), userName: "cy@example.com", displayName: "Cy",
            challenge: randomBytes(32), excludedCredentialIDs: [])
        let refused = Task {
            try await page.run(.create, options: options) { (_: RegistrationJSON) -> Int in
                throw IdentityError.passkeySignInFailed
            }
        }
        let outcome = try await browser.open(page.url)
        #expect(outcome.status == "failed")
        #expect(outcome.text == "Kith could not finish: Passkey sign-in failed. Please try again.")
        await #expect(throws: IdentityError.passkeySignInFailed) { try await refused.value }
    }
}

@Suite("The passkey page's loopback server")
struct LoopbackPasskeyPageTests {
    struct Options: Codable, Sendable { var challenge = "abc" }

    func get(_ url: String, headers: HTTPHeaders = [:]) async throws -> HTTPResponse {
        try await CurlHTTPClient().send(HTTPRequest(url: try #require(URL(string: url)), headers: headers))
    }

    func post(_ url: String, _ body: String, origin: String?) async throws -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let origin { headers["Origin"] = origin }
        return try await CurlHTTPClient().send(
            HTTPRequest(method: .post, url: try #require(URL(string: url)), headers: headers, body: Data(body.utf8)))
    }

    @Test func servesThePageAndItsOptionsOnlyUnderItsSecretFolderAndItsOwnName() async throws {
        let page = try LoopbackPasskeyPage(port: try freePort())
        #expect(page.url.hasPrefix("http://localhost:\(page.port)/") && page.url.count > page.origin.count + 20)
        let waited = Task { try await page.run(.get, options: Options(), as: RegistrationJSON.self) }

        let html = try await get(page.url)
        #expect(html.status == 200)
        #expect(html.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(html.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
        #expect(html.text.contains("navigator.credentials.create"))
        let options = try await get(page.url + "options")
        let object = try JSONSerialization.jsonObject(with: options.body) as? [String: Any]
        #expect(object?["ceremony"] as? String == "get")
        #expect((object?["publicKey"] as? [String: Any])?["challenge"] as? String == "abc")

        #expect(try await get(page.origin + "/").status == 404)
        #expect(try await get(page.origin + "/options").status == 404)
        // Another name for this address (DNS rebinding) is not the page's origin.
        #expect(try await get(page.url + "options", headers: ["Host": "evil.example:\(page.port)"]).status == 421)
        // 127.0.0.1 is not an origin "localhost" passkeys work on: sent to the page's own name.
        let numeric = try await get(page.url.replacingOccurrences(of: "localhost", with: "127.0.0.1"))
        #expect(numeric.status == 303 && numeric.headers["Location"] == page.url)

        // An answer from another origin is refused, and the page still waits; its own origin's error ends the wait.
        #expect(try await post(page.url + "result", #"{"error":"x"}"#, origin: "http://evil.example").status == 403)
        #expect(try await post(page.url + "result", #"{"error":"x"}"#, origin: nil).status == 403)
        let answer = try await post(
            page.url + "result", #"{"error":"NotAllowedError: The operation was cancelled."}"#, origin: page.origin)
        #expect(answer.status == 204)
        await #expect(throws: PasskeyPageError.browserFailed("NotAllowedError: The operation was cancelled.")) {
            try await waited.value
        }
    }

    @Test func aPortAnotherProgramListensOnIsNamed() throws {
        let page = try LoopbackPasskeyPage(port: try freePort())
        #expect(throws: PasskeyPageError.portInUse(page.port)) { try LoopbackPasskeyPage(port: page.port) }
        let error = PasskeyPageError.portInUse(page.port)
        #expect(error.description.contains("KITH_PASSKEY_PORT"))
    }
}
