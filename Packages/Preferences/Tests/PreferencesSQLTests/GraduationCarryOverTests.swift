import Accounts
import Argon2
import Foundation
import Households
import Identity
import Preferences
import PreferencesTesting
import Testing

/// A claim carries the managed member's preferences over to the new account, in the claim's own transaction.
@Suite("Preferences carried over by a graduation")
struct GraduationCarryOverTests {
    func claiming(_ fixture: Fixture) -> LocalIdentityService {
        LocalIdentityService(
            store: fixture.identityStore,
            options: IdentityOptions(
                clock: fixture.clock, random: fixture.random,
                hasher: Argon2PasswordHasher(parameters: .testing, random: fixture.random),
                carryOver: PreferencesCarryOver(store: fixture.store)))
    }

    func claim(_ code: String, _ service: LocalIdentityService) async throws -> Principal {
        let grant = try await service.register(
            SignUp(
                email: "max@example.com", firstName: "Max", lastName: "Reyes", password: "password-max", claimCode: code
            ))
        return try await service.principal(forToken: grant.token)
    }

    @Test("the member's preferences become the account's", arguments: StoreKind.allCases)
    func carriedOver(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        let family = try await fixture.family()
        let preferences = fixture.preferences()
        let asMax = family.dana.acting(as: family.max)
        _ = try await preferences.setTheme(asMax, .dark)
        _ = try await preferences.setFontSize(asMax, .large)
        let grant = try await family.danaService.graduateMember(family.dana, "Max")
        // Before the claim, nothing has moved.
        #expect(try await preferences.preferences(asMax).theme == .dark)

        let max = try await claim(grant.code, claiming(fixture))
        let mine = try await preferences.preferences(max)
        #expect(mine == MemberPreferences(memberId: max.accountId, theme: .dark, fontSize: .large))
        let left = try await fixture.store.read { preferences, _ in
            try preferences.values(memberId: family.max.memberId)
        }
        #expect(left.isEmpty)
        // Dana's records of those writes now name the account.
        let records = try await fixture.identity().actingRecords(family.dana)
        #expect(records.count == 2 && records.allSatisfy { $0.subjectMemberId == max.accountId })
    }

    @Test("a refused claim moves nothing and creates nothing", arguments: StoreKind.allCases)
    func refused(_ kind: StoreKind) async throws {
        let fixture = try await Fixture(kind)
        let family = try await fixture.family()
        let preferences = fixture.preferences()
        let asMax = family.dana.acting(as: family.max)
        _ = try await preferences.setTheme(asMax, .light)
        let grant = try await family.danaService.graduateMember(family.dana, "Max")
        fixture.clock.advance(by: ClaimCode.lifetime)
        await #expect(throws: IdentityError.claimCodeInvalid) { _ = try await claim(grant.code, claiming(fixture)) }
        #expect(try await preferences.preferences(asMax).theme == .light)
        #expect(try await fixture.identityStore.read { try $0.account(email: "max@example.com") } == nil)
    }
}
