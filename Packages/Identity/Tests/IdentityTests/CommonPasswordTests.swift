import Accounts
import Foundation
import Identity
import IdentityMemory
import IdentityTesting
import Mail
import Testing

@Suite("Common passwords are refused on every path that sets one")
struct CommonPasswordTests {
    let env = IdentityContractEnvironment(store: InMemoryIdentityStore())
    static let common = ["password123", "Password123", "qwertyuiop", "iloveyou1", "trustno1", "PASSWORD1"]
    static let refusal = IdentityError.commonPassword

    @Test func theListIsReadAndComparedIgnoringCase() {
        #expect(Self.refusal.description == "This password is too common. Choose another.")
        for password in Self.common { #expect(CommonPasswords.contains(password) == true, "\(password)") }
        // The comment lines at the list's head are not entries; an entry that starts with "#" is.
        #expect(CommonPasswords.contains("# the 10,000 most common passwords, most common first, lower-cased") == false)
        #expect(CommonPasswords.contains("#1bitch") == true)
        #expect(CommonPasswords.contains("vT9#qLm2!xR7wZp4") == false)
    }

    @Test func signUpChangeFirstPasswordAndResetAllRefuseOne() async throws {
        let service = env.service(verifiers: [StubVerifier.google], mail: MailSettings(from: "kith@localhost"))
        for common in Self.common {
            let signUp = SignUp(email: "cy@example.com", firstName: "Cy", lastName: "Lee", password: common)
            #expect(await identityError { _ = try await service.register(signUp) } == Self.refusal)
            #expect(await identityError { _ = try await env.device(service).signUp(signUp) } == Self.refusal)
        }
        #expect(try await env.store.read { try $0.account(email: "cy@example.com") } == nil)

        let ann = try await service.register("Ann")
        for common in Self.common {
            #expect(
                await identityError { try await service.changePassword(ann, current: password("Ann"), new: common) }
                    == Self.refusal)
        }
        // The first password of an account Google made.
        let google = try await service.principal(
            forToken: try await service.signIn(with: StubVerifier.signIn("bo-google")).grant.token)
        #expect(
            await identityError { try await service.changePassword(google, current: nil, new: "password123") }
                == Self.refusal)
        #expect(!(try await service.signInMethods(google).hasPassword))

        try await service.forgotPassword(email: email("Ann"), clientAddress: nil)
        let text = try #require(try await env.outbox().last?.mail.text)
        let code = String(try #require(text.firstMatch(of: /Your code is ([0-9A-Z]{4}-[0-9A-Z]{4})/)).1)
        #expect(
            await identityError {
                _ = try await service.resetPassword(
                    email: email("Ann"), code: code, newPassword: "password123", clientAddress: nil)
            } == Self.refusal)
        // Nothing changed, and a long random password is taken on every path.
        _ = try await service.signIn(email: email("Ann"), password: password("Ann"))
        try await service.changePassword(ann, current: password("Ann"), new: "vT9#qLm2!xR7wZp4")
        try await service.changePassword(google, current: nil, new: "nB4$kW8@pQ2^zL6&")
        _ = try await service.resetPassword(
            email: email("Ann"), code: code, newPassword: "hJ3*fM9%tY5+cX1=", clientAddress: nil)
        _ = try await service.register(
            SignUp(email: "cy@example.com", firstName: "Cy", lastName: "Lee", password: "gR7!sD2@wE9#uI4$"))
    }
}
