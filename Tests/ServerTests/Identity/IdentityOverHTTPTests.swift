import Accounts
import Foundation
import IdentityHTTP
import Testing

/// `HTTPIdentityService` against the real router and services, every exchange checked against `openapi.json`.
@Suite("HTTPIdentityService against kith-server's router")
struct IdentityOverHTTPTests {
    @Test func accountsSessionsHouseholdsAndMembers() async throws {
        let server = try TestServer()
        let folder = server.directory.path
        try await server.withCheckedJSONClient { _, json, checker in
            let (identity, device, _) = remoteDevice(json, path: folder + "/remote.json")
            let dana = try await device.signUp(
                SignUp(
                    email: "dana@example.com", firstName: "Dana", lastName: "Lee", password: "correct horse",
                    role: .player))
            await #expect(throws: IdentityError.emailTaken) {
                _ = try await device.signUp(
                    SignUp(email: "DANA@example.com", firstName: "Dee", lastName: "Lee", password: "correct horse"))
            }
            let principal = try #require(try await device.currentPrincipal())
            #expect(principal.accountId == dana.id)
            #expect(try await identity.changeName(principal, firstName: "Dana", lastName: "Reyes").lastName == "Reyes")
            #expect(try await identity.changeRole(principal, to: .parent).role == .parent)
            await #expect(throws: IdentityError.self) {
                _ = try await identity.changeName(principal, firstName: "D4na", lastName: "Reyes")
            }

            let household = try await identity.createHousehold(principal, name: "Reyes Family")
            #expect(try await identity.activeHousehold(principal)?.id == household.id)
            _ = try await identity.renameHousehold(principal, name: "The Reyes")
            let max = try await identity.addManagedMember(principal, displayName: "Max", avatarKey: "fox")
            #expect(max.kind == .managed && max.guardianAccountIds == [dana.id])
            await #expect(throws: IdentityError.needsGuardian("Max")) {
                _ = try await identity.removeGuardian(principal, member: "Max", email: "dana@example.com")
            }
            var asMax = principal
            asMax.actingAs = ActingAs(memberId: max.memberId, displayName: "Max")
            await #expect(throws: IdentityError.notWhileActing("Max")) {
                _ = try await identity.createHousehold(asMax, name: "Elsewhere")
            }
            #expect(try await identity.removeMember(principal, "Max").memberId == max.memberId)
            await #expect(throws: IdentityError.notFound(.member, "Max")) {
                _ = try await identity.removeMember(principal, "Max")
            }

            // A second account on the same device, then back, silently, while Dana's session is live.
            _ = try await device.signUp(
                SignUp(email: "sam@example.com", firstName: "Sam", lastName: "Ray", password: "correct horse"))
            let back = try await device.switchAccount(to: "dana@example.com", password: nil)
            guard case .switched(let saved) = back else {
                Issue.record("expected a silent switch, got \(back)")
                return
            }
            #expect(saved.accountId == dana.id)
            try await identity.changePassword(
                try #require(try await device.currentPrincipal()), current: "correct horse", new: "battery staple")
            try await device.logOut()
            await #expect(throws: IdentityError.incorrectCredentials) {
                _ = try await device.logIn(email: "dana@example.com", password: "correct horse")
            }
            #expect(try await device.logIn(email: "dana@example.com", password: "battery staple").id == dana.id)

            #expect(checker.problems.isEmpty, "\(checker.problems)")
            #expect(checker.operations.count >= 13, "\(checker.operations.sorted())")
        }
    }
}
