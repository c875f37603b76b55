import Foundation
import IdentityMemory
import Testing

@testable import Circles

/// One call's repeated reads of an owner's lists are answered from memory, and any write of the call forgets them.
@Suite("Memoized transaction reads")
struct MemoizedTransactionTests {
    func circle(_ name: String, position: Int) -> Circle {
        Circle(
            id: "circle-\(name)", ownerAccountId: "owner", name: name, builtIn: nil, emoji: "🙂", color: .blue,
            position: position, createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func aRepeatedReadIsAnsweredFromMemoryUntilTheCallWrites() async throws {
        let store = InMemoryCirclesStore(identity: InMemoryIdentityStore())
        let names = try await store.write { base, _ -> [[String]] in
            let memoized = MemoizedTransaction(base)
            var seen = [try memoized.circles(ownerAccountId: "owner").map(\.name)]
            // Written behind its back (no call does this): the repeated read is still the remembered one.
            try base.insertCircle(circle("Hidden", position: 0))
            seen.append(try memoized.circles(ownerAccountId: "owner").map(\.name))
            // A write through it forgets every remembered read: the next read sees both rows.
            try memoized.insertCircle(circle("Climbing", position: 1))
            seen.append(try memoized.circles(ownerAccountId: "owner").map(\.name))
            // Another owner's lists are remembered apart.
            seen.append(try memoized.circles(ownerAccountId: "someone else").map(\.name))
            return seen
        }
        #expect(names == [[], [], ["Hidden", "Climbing"], []])
    }

    @Test func aMembershipWrittenForgetsOnlyTheMemberships() async throws {
        let store = InMemoryCirclesStore(identity: InMemoryIdentityStore())
        let seen = try await store.write { base, _ -> [[String]] in
            let memoized = MemoizedTransaction(base)
            let family = circle("Family", position: 0)
            try memoized.insertCircle(family)
            let contact = Contact(
                id: "contact-Ann", ownerAccountId: "owner", displayName: "Ann",
                createdAt: Date(timeIntervalSince1970: 0))
            try memoized.insertContact(contact)
            var seen = [
                try memoized.circles(ownerAccountId: "owner").map(\.name),
                try memoized.contacts(ownerAccountId: "owner").map(\.displayName),
                try memoized.memberships(ownerAccountId: "owner").map(\.contactId),
            ]
            // Written behind its back: a circle and a contact the memoized lists do not know of.
            try base.insertCircle(circle("Hidden", position: 1))
            try base.insertContact(
                Contact(
                    id: "contact-Bo", ownerAccountId: "owner", displayName: "Bo",
                    createdAt: Date(timeIntervalSince1970: 0)))
            try memoized.insertMembership(Membership(circleId: family.id, contactId: contact.id))
            // The memberships are read again; the circles and contacts are still the remembered ones.
            seen.append(try memoized.circles(ownerAccountId: "owner").map(\.name))
            seen.append(try memoized.contacts(ownerAccountId: "owner").map(\.displayName))
            seen.append(try memoized.memberships(ownerAccountId: "owner").map(\.contactId))
            try memoized.deleteMembership(Membership(circleId: family.id, contactId: contact.id))
            seen.append(try memoized.memberships(ownerAccountId: "owner").map(\.contactId))
            return seen
        }
        #expect(seen == [["Family"], ["Ann"], [], ["Family"], ["Ann"], ["contact-Ann"], []])
    }

    @Test func aPrefetchedListIsReadWhenAskedForAndForgottenByAWrite() async throws {
        let store = InMemoryCirclesStore(identity: InMemoryIdentityStore())
        let seen = try await store.write { base, _ -> [[String]] in
            let memoized = MemoizedTransaction(base)
            try memoized.prefetch([.circles, .profiles], owner: "owner")
            try memoized.insertCircle(circle("Family", position: 0))
            // The write came after the prefetch: the list is read again, with the new circle.
            var seen = [try memoized.circles(ownerAccountId: "owner").map(\.name)]
            try base.insertCircle(circle("Hidden", position: 1))
            // Asked for again once read: still the remembered answer.
            try memoized.prefetch([.circles], owner: "owner")
            seen.append(try memoized.circles(ownerAccountId: "owner").map(\.name))
            return seen
        }
        #expect(seen == [["Family"], ["Family"]])
    }
}
