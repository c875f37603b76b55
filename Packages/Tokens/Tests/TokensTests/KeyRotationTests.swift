import Foundation
import Testing
import Tokens

/// `KeyRotation` alone: which key signs and which are published, from the keys and the time.
@Suite("Key rotation (pure)")
struct KeyRotationTests {
    let start = Date(timeIntervalSince1970: 1_735_689_600)

    func key(_ id: String, madeAt offset: TimeInterval, existing: [SigningKey]) -> SigningKey {
        let made = start.addingTimeInterval(offset)
        return SigningKey(
            id: id, createdAt: made, signsFrom: KeyRotation.signsFrom(madeAt: made, existing: existing), x: "x",
            y: "y", storedPrivateKey: "plain:")
    }

    @Test("the first key signs at once; a rotated one 10 minutes after it was made")
    func signsFrom() {
        let a = key("a", madeAt: 0, existing: [])
        #expect(a.signsFrom == start)
        let b = key("b", madeAt: 100, existing: [a])
        #expect(b.signsFrom == start.addingTimeInterval(700))
    }

    @Test("two rotations in a row: each key signs in turn, each stays published 5 minutes after it stopped")
    func twoRotations() {
        let a = key("a", madeAt: 0, existing: [])
        let b = key("b", madeAt: 100, existing: [a])
        let c = key("c", madeAt: 200, existing: [a, b])
        let keys = [c, a, b]
        func signer(_ offset: TimeInterval) -> String? {
            KeyRotation.signingKey(among: keys, at: start.addingTimeInterval(offset))?.id
        }
        func published(_ offset: TimeInterval) -> [String] {
            KeyRotation.published(among: keys, at: start.addingTimeInterval(offset)).map(\.id)
        }
        #expect([signer(699), signer(700), signer(799), signer(800)] == ["a", "b", "b", "c"])
        #expect(published(999) == ["a", "b", "c"])
        #expect(published(1000) == ["b", "c"])
        #expect(published(1099) == ["b", "c"])
        #expect(published(1100) == ["c"])
        #expect(KeyRotation.expired(among: keys, at: start.addingTimeInterval(1100)).map(\.id) == ["a", "b"])
        #expect(KeyRotation.state(of: b, among: keys, at: start.addingTimeInterval(750)) == .signing)
        #expect(
            KeyRotation.state(of: b, among: keys, at: start.addingTimeInterval(850))
                == .retired(publishedUntil: start.addingTimeInterval(1100)))
    }

    @Test("a server whose clock is behind the first key's maker signs with that key, not with none")
    func clockBehind() {
        let a = key("a", madeAt: 0, existing: [])
        #expect(KeyRotation.signingKey(among: [a], at: start.addingTimeInterval(-2))?.id == "a")
        #expect(KeyRotation.signingKey(among: [], at: start) == nil)
    }
}
