import Accounts
import Foundation
import IdentityTesting
import ProfileSession
import Testing

@Suite("After a graduation, former guardians cannot act as the member")
struct GraduationActingTests {
    @Test func formerGuardiansLoseTheProfileAndTheActingEnds() async throws {
        let device = Device()
        let ann = device.process()
        try await ann.signUp("Ann")
        let annPrincipal = try await ann.me()
        _ = try await ann.identity.createHousehold(annPrincipal, name: "Home")
        let mia = try await ann.identity.addManagedMember(annPrincipal, displayName: "Mia", avatarKey: "")
        let manager = ann.manager()
        try await manager.switch(to: "Mia")
        #expect(try await manager.currentPrincipal()?.actingAs?.memberId == mia.memberId)

        let grant = try await ann.identity.graduateMember(annPrincipal, "Mia")
        let child = device.process()
        let account = try await child.device.signUp(
            SignUp(
                email: email("Mia"), firstName: "Mia", lastName: "Lee", password: password("Mia"), claimCode: grant.code
            ))

        // The acting Ann had started ends by itself, and neither the old id nor the new name can be switched to.
        #expect(try await manager.currentPrincipal()?.actingAs == nil)
        #expect(try await manager.refresh().map(\.memberId) == [annPrincipal.accountId])
        #expect(await refusal { try await manager.switch(to: mia.memberId) } == notAvailable)
        #expect(await refusal { try await manager.switch(to: "Mia Lee") } == notAvailable)
        #expect(await refusal { try await manager.switch(to: account.id) } == notAvailable)
    }
}
