import Accounts
import Foundation
import Households
import Identity
import Preferences
import StorageTesting
import Testing

/// The rules of DOMAIN.md's Preferences section every `PreferencesStore` must keep: each test target that owns a
/// store runs every case over it (the domain's tests in memory, the SQLite tests on SQLite and PostgreSQL).
public enum PreferencesContract {
    public static let cases: [ContractCase<PreferencesContractEnvironment>] = [
        ContractCase("a new member has the defaults") { fixture in
            let family = try await fixture.family()
            let service = fixture.preferences()
            let mine = try await service.preferences(family.dana)
            #expect(mine == MemberPreferences(memberId: family.dana.accountId, theme: .system, fontSize: .medium))
            let max = try await service.preferences(family.dana.acting(as: family.max))
            #expect(max == MemberPreferences(memberId: family.max.memberId))
        },
        ContractCase("theme and font size are kept, and read by another process") { fixture in
            let family = try await fixture.family()
            let service = fixture.preferences()
            _ = try await service.setTheme(family.dana, .light)
            let after = try await service.setFontSize(family.dana, .extraLarge)
            #expect(after.theme == .light && after.fontSizeOffset == 4)
            let again = try await fixture.preferences().preferences(family.dana)
            #expect(again == after)
            #expect(try await fixture.identity().actingRecords(family.dana).isEmpty)
        },
        ContractCase("Max's theme does not change Dana's, nor Dana's Max's") { fixture in
            let family = try await fixture.family()
            let service = fixture.preferences()
            let asMax = family.dana.acting(as: family.max)
            let max = try await service.setTheme(asMax, .dark)
            #expect(max.memberId == family.max.memberId && max.theme == .dark)
            #expect(try await service.preferences(family.dana).theme == .system)
            _ = try await service.setFontSize(family.dana, .small)
            #expect(try await service.preferences(asMax).fontSize == .medium)
            #expect(try await service.preferences(asMax).theme == .dark)
            #expect(try await service.preferences(family.dana).fontSize == .small)
        },
        ContractCase("writes while acting record actor and subject") { fixture in
            let family = try await fixture.family()
            let service = fixture.preferences()
            let asMax = family.dana.acting(as: family.max)
            _ = try await service.setTheme(asMax, .dark)
            _ = try await service.setFontSize(asMax, .large)
            _ = try await service.reset(asMax)
            _ = try await service.preferences(asMax)
            _ = try await service.setTheme(family.dana, .light)
            let records = try await fixture.identity().actingRecords(family.dana)
            #expect(records.map(\.action) == ["set theme to dark", "set font size to L", "reset preferences"])
            #expect(records.allSatisfy { $0.actorAccountId == family.dana.accountId })
            #expect(records.allSatisfy { $0.subjectMemberId == family.max.memberId && $0.subjectDisplayName == "Max" })
            #expect(records.allSatisfy { $0.at == fixture.clock.now() })
        },
        ContractCase("reset puts the defaults back") { fixture in
            let family = try await fixture.family()
            let service = fixture.preferences()
            _ = try await service.setTheme(family.dana, .dark)
            _ = try await service.setFontSize(family.dana, .small)
            _ = try await service.setTheme(family.dana.acting(as: family.max), .light)
            let reset = try await service.reset(family.dana)
            #expect(reset == MemberPreferences(memberId: family.dana.accountId))
            #expect(try await service.preferences(family.dana) == reset)
            #expect(try await service.preferences(family.dana.acting(as: family.max)).theme == .light)
            let stored = try await fixture.store.read { preferences, _ in
                try preferences.values(memberId: family.dana.accountId)
            }
            #expect(stored.isEmpty)
        },
        ContractCase("a malformed stored value reads as the default") { fixture in
            let family = try await fixture.family()
            let memberId = family.dana.accountId
            try await fixture.store.write { preferences, _ in
                try preferences.setValue("purple", forKey: PreferenceKey.theme, memberId: memberId)
                try preferences.setValue("3", forKey: PreferenceKey.fontSizeOffset, memberId: memberId)
            }
            let service = fixture.preferences()
            #expect(try await service.preferences(family.dana) == MemberPreferences(memberId: memberId))
            // Writing one preference repairs the other to what was shown.
            _ = try await service.setTheme(family.dana, .dark)
            let stored = try await fixture.store.read { preferences, _ in try preferences.values(memberId: memberId) }
            #expect(stored == [PreferenceKey.theme: "dark", PreferenceKey.fontSizeOffset: "0"])
        },
        ContractCase("only a guardian may act for a member") { fixture in
            let family = try await fixture.family()
            let service = fixture.preferences()
            let refused: [Principal] = [
                family.erin.acting(as: family.max),  // same household, not a guardian
                family.dana.acting(as: family.ada),  // another household's member
                family.finn.acting(as: family.max),  // a stranger
                family.dana.acting(
                    as: Member(
                        memberId: family.erin.accountId, displayName: "Erin", kind: .independent, role: .parent,
                        addedAt: Date())),  // an independent member
                family.dana.acting(
                    as: Member(
                        memberId: "managed_00000000-0000-4000-8000-000000000000", displayName: "Ghost", kind: .managed,
                        role: .member, addedAt: Date())),  // nobody
            ]
            for principal in refused {
                await #expect(throws: PreferencesError.notAvailable) { try await service.preferences(principal) }
                await #expect(throws: PreferencesError.notAvailable) { try await service.setTheme(principal, .dark) }
                await #expect(throws: PreferencesError.notAvailable) { try await service.reset(principal) }
            }
            #expect(try await fixture.identity().actingRecords(family.dana).isEmpty)
            #expect(try await fixture.identity().actingRecords(family.erin).isEmpty)
            let stored = try await fixture.store.read { preferences, _ in
                try preferences.values(memberId: family.max.memberId)
            }
            #expect(stored.isEmpty)
            #expect(PreferencesError.notAvailable.description == "That profile is not available to act as")
        },
        ContractCase("a second guardian may act for the member too") { fixture in
            let family = try await fixture.family()
            _ = try await family.danaService.addGuardian(family.dana, member: "Max", email: "erin@example.com")
            let service = fixture.preferences()
            _ = try await service.setTheme(family.erin.acting(as: family.max), .dark)
            #expect(try await service.preferences(family.dana.acting(as: family.max)).theme == .dark)
            let records = try await fixture.identity().actingRecords(family.erin)
            #expect(records.map(\.action) == ["set theme to dark"])
        },
        ContractCase("a guardian removed from the member can no longer act for it") { fixture in
            let family = try await fixture.family()
            _ = try await family.danaService.addGuardian(family.dana, member: "Max", email: "erin@example.com")
            _ = try await family.danaService.removeGuardian(family.dana, member: "Max", email: "dana@example.com")
            await #expect(throws: PreferencesError.notAvailable) {
                try await fixture.preferences().setTheme(family.dana.acting(as: family.max), .dark)
            }
        },
        ContractCase("an ended session is not signed in") { fixture in
            let family = try await fixture.family()
            let grant = try await family.danaService.signIn(email: "dana@example.com", password: "password-dana")
            let dana = try await family.danaService.principal(forToken: grant.token)
            _ = try await fixture.preferences().preferences(dana)
            try await family.danaService.endSession(token: grant.token)
            await #expect(throws: IdentityError.notSignedIn) { try await fixture.preferences().preferences(dana) }
            await #expect(throws: IdentityError.notSignedIn) { try await fixture.preferences().setTheme(dana, .dark) }
        },
        ContractCase("a write that throws leaves neither preferences nor records") { fixture in
            struct Boom: Error {}
            let family = try await fixture.family()
            let record = ActingRecord(
                id: "00000000-0000-4000-8000-000000000001", actorAccountId: family.dana.accountId,
                subjectMemberId: family.max.memberId, subjectDisplayName: "Max", action: "set theme to dark",
                at: fixture.clock.now())
            await #expect(throws: Boom.self) {
                try await fixture.store.write { preferences, identity in
                    try preferences.setValue("dark", forKey: PreferenceKey.theme, memberId: family.max.memberId)
                    try identity.insertActingRecord(record)
                    throw Boom()
                }
            }
            #expect(try await fixture.preferences().preferences(family.dana.acting(as: family.max)).theme == .system)
            #expect(try await fixture.identity().actingRecords(family.dana).isEmpty)
        },
    ]
}
