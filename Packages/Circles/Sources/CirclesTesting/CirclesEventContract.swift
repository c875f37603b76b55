import Circles
import Foundation
import IdentityTesting
import Kernel
import StorageTesting
import Testing

/// Circles' event (contract, every store): `circles.access_changed` names the owner alone, once per change that
/// touched its matrix, its memberships or its linked contacts, and never for a change that changed none of them or
/// was refused.
public enum CirclesEventContract {
    public static let cases: [ContractCase<CirclesContractEnvironment>] = [
        ContractCase("memberships, linked contacts and the saved matrix: one event per change, the owner only") { env in
            _ = try await env.account("Erin")
            let dana = try await env.account("Dana")
            let changed = [NewEvent("circles.access_changed", subject: EventSubject(accountId: dana.accountId))]
            let s = env.service
            // First use makes the built-in circles: no event.
            _ = try await s.circles(dana)
            var seen = try await env.identityStore.eventCount()
            func expectWritten(
                _ expected: [NewEvent], sourceLocation: SourceLocation = #_sourceLocation
            ) async throws {
                #expect(
                    try await env.identityStore.newEvents(since: seen) == expected, sourceLocation: sourceLocation)
                seen = try await env.identityStore.eventCount()
            }

            let erin = try await s.addContact(dana, ContactDraft(displayName: "Erin", accountEmail: "erin@example.com"))
            try await expectWritten(changed)
            let frank = try await s.addContact(dana, ContactDraft(displayName: "Frank", phone: "+1 555 0100"))
            _ = try await s.createCircle(dana, name: "Book club", emoji: nil, color: nil)
            try await expectWritten([])

            // Two added in one call: one event.
            _ = try await s.addMembers(dana, circle: "Book club", contacts: [erin.id, frank.id])
            try await expectWritten(changed)
            _ = try await s.addMembers(dana, circle: "Book club", contacts: [erin.id])
            try await expectWritten([])
            _ = try await s.removeMembers(dana, circle: "Book club", contacts: [frank.id])
            try await expectWritten(changed)
            _ = try await s.removeMembers(dana, circle: "Book club", contacts: [frank.id])
            try await expectWritten([])

            // The matrix changes when a save changes a cell; staging alone, or saving nothing new, writes none.
            _ = try await s.cycleAccess(dana, profile: nil, field: .phone, circle: "Friends")
            try await expectWritten([])
            _ = try await s.saveAccess(dana, profile: nil)
            try await expectWritten(changed)
            _ = try await s.saveAccess(dana, profile: nil)
            let shown = try await s.accessMatrix(dana, profile: nil).access(
                .phone,
                try #require(
                    try await s.circles(dana).first { $0.name == "Friends" }?.id))
            _ = try await s.setAccess(dana, profile: nil, field: .phone, circle: "Friends", access: try #require(shown))
            _ = try await s.saveAccess(dana, profile: nil)
            try await expectWritten([])

            _ = try await s.deleteCircle(dana, "Book club", moveTo: nil)
            try await expectWritten(changed)
            _ = try await s.removeContact(dana, frank.id)
            try await expectWritten([])
            _ = try await s.removeContact(dana, erin.id)
            try await expectWritten(changed)
        },
        ContractCase("refused changes write no event") { env in
            let dana = try await env.account("Dana")
            let s = env.service
            let frank = try await s.addContact(dana, ContactDraft(displayName: "Frank"))
            let seen = try await env.identityStore.eventCount()
            #expect(
                await sentence { _ = try await s.addMembers(dana, circle: "Family", contacts: [frank.id, "nobody"]) }
                    != nil)
            #expect(await sentence { _ = try await s.addMembers(dana, circle: "Public", contacts: [frank.id]) } != nil)
            #expect(await sentence { _ = try await s.deleteCircle(dana, "Family", moveTo: nil) } != nil)
            #expect(await sentence { _ = try await s.mergeCircles(dana, from: "Family", into: "Friends") } != nil)
            #expect(
                await sentence {
                    _ = try await s.addContact(
                        dana, ContactDraft(displayName: "Ghost", accountEmail: "ghost@example.com"))
                } != nil)
            #expect(try await env.identityStore.newEvents(since: seen) == [])
        },
    ]
}
