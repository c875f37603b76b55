import Accounts
import Foundation
import Preferences
import PreferencesHTTP
import Testing

/// `HTTPPreferencesService` against the real router and services, for the account and while acting.
@Suite("HTTPPreferencesService against kith-server's router")
struct PreferencesOverHTTPTests {
    @Test func theAccountsAndAManagedMembersPreferences() async throws {
        let server = try TestServer()
        try await server.withCheckedJSONClient { client, json, checker in
            let world = try await ActingAsTests.world(client)
            let service = HTTPPreferencesService(client: json) { _ in world.alice.token }
            let alice = Principal(accountId: world.alice.accountId)
            var asMax = alice
            asMax.actingAs = ActingAs(memberId: world.max, displayName: "Max")

            #expect(try await service.preferences(alice) == MemberPreferences(memberId: world.alice.accountId))
            let dark = try await service.setTheme(asMax, .dark)
            #expect(dark == MemberPreferences(memberId: world.max, theme: .dark))
            let large = try await service.setFontSize(asMax, .extraLarge)
            #expect(large.theme == .dark && large.fontSize == .extraLarge)
            // Max's, not Alice's.
            #expect(try await service.preferences(alice).theme == .system)
            #expect(try await service.reset(asMax) == MemberPreferences(memberId: world.max))

            // Mia is Bob's to guard, not Alice's: DOMAIN.md's fixed 403 comes back as the domain's refusal.
            var asMia = alice
            asMia.actingAs = ActingAs(memberId: world.mia, displayName: "Mia")
            await #expect(throws: PreferencesError.notAvailable) { _ = try await service.setTheme(asMia, .light) }
            #expect(checker.problems.isEmpty, "\(checker.problems)")
        }
    }
}
