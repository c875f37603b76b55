import Foundation
import Identity
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
}
