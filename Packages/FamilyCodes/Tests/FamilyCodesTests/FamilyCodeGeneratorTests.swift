import FamilyCodes
import Foundation
import Kernel
import Synchronization
import Testing

@Suite("Code generator")
struct FamilyCodeGeneratorTests {
    /// Chi-square with 35 degrees of freedom, 0.999 quantile. Applied to a seeded source only: its draws are
    /// the same on every run, so the test passes or fails every time, never by chance.
    static let critical = 66.62
    /// Chi-square with 35 degrees of freedom, about the 1 - 10⁻⁹ quantile (Wilson-Hilferty): for the system
    /// source, whose draws differ each run, six positions at 0.999 would fail 0.6% of correct runs. This bound
    /// fails about 6 in 10⁹ correct runs and still catches a `byte % 36` bias (A-D favoured, chi-square near 230
    /// at 100,000 draws).
    static let looseCritical = 112.0

    /// Draws `count` codes, checks the format of each, and returns the chi-square statistic of each position.
    static func statistics(_ random: any RandomSource, count: Int) -> (valid: Int, chiSquare: [Double]) {
        let generator = FamilyCodeGenerator(random: random)
        let alphabet = FamilyCodeFormat.alphabet
        let index = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($0.element, $0.offset) })
        var counts = [[Int]](repeating: [Int](repeating: 0, count: 36), count: 6)
        var valid = 0
        let pattern = /^FAM-[A-Z0-9]{6}$/
        for _ in 0..<count {
            let code = generator.next()
            if code.wholeMatch(of: pattern) != nil { valid += 1 }
            for (position, symbol) in code.dropFirst(4).enumerated() {
                if let slot = index[symbol] { counts[position][slot] += 1 }
            }
        }
        let expected = Double(count) / 36
        let chiSquare = counts.map { row in
            row.reduce(0.0) { sum, observed in
                sum + (Double(observed) - expected) * (Double(observed) - expected) / expected
            }
        }
        return (valid, chiSquare)
    }

    @Test("100,000 seeded codes: every one well-formed, symbols uniform per position")
    func seededProperty() {
        let (valid, chiSquare) = Self.statistics(SeededRandomSource(seed: 20_250_101), count: 100_000)
        #expect(valid == 100_000)
        print("chi-square per position (seeded):", chiSquare.map { String(format: "%.1f", $0) })
        for value in chiSquare { #expect(value < Self.critical) }
    }

    @Test("100,000 codes from the system CSPRNG: every one well-formed, no gross bias per position")
    func systemProperty() {
        let (valid, chiSquare) = Self.statistics(SystemRandomSource(), count: 100_000)
        #expect(valid == 100_000)
        print("chi-square per position (system):", chiSquare.map { String(format: "%.1f", $0) })
        for value in chiSquare { #expect(value < Self.looseCritical) }
    }

    @Test("the loose bound still catches a biased source")
    func looseBoundCatchesBias() {
        let (_, chiSquare) = Self.statistics(ModuloBiased(SeededRandomSource(seed: 7)), count: 100_000)
        for value in chiSquare { #expect(value > Self.looseCritical) }
    }

    @Test("bytes 252...255 are rejected, the rest map by byte % 36")
    func rejection() {
        // 255, 254, 253, 252 are skipped; 0 → A, 35 → 9, 36 → A, 251 → 251 % 36 = 35 → 9, 26 → 0, 27 → 1.
        let source = ScriptedBytes([[255, 254, 253, 252, 0, 35, 36, 251], [26, 27, 9, 9, 9, 9, 9, 9]])
        #expect(FamilyCodeGenerator(random: source).next() == "FAM-A9A901")
        // Only bytes below 252 are accepted: a biased `% 36` over 0...255 would favour A-D (256 = 7·36 + 4).
        #expect(FamilyCodeGenerator.acceptBelow == 252 && 252 % 36 == 0)
    }

    @Test("format: trimmed, upper-cased, exactly FAM- and six of [A-Z0-9]")
    func format() {
        #expect(FamilyCodeFormat.normalize("  fam-ab12cd ") == "FAM-AB12CD")
        #expect(FamilyCodeFormat.normalize("\tFAM-ZZ0099\n") == "FAM-ZZ0099")
        for bad in [
            "FAM-AB12C", "FAM-AB12CD!", "FAM-AB12CDE", "FAMAB12CD", "FAM_AB12CD", "", "FAM-AB 2CD", "FAM-ÄB12CD",
            "FAM-ab12cd\u{0301}", "XAM-AB12CD", "FAM-AB12C٣",
        ] {
            #expect(FamilyCodeFormat.normalize(bad) == nil, "\(bad)")
        }
    }
}

/// Hands out the scripted byte batches in order (one per `fill`), then zeros.
final class ScriptedBytes: RandomSource {
    private let batches: Mutex<[[UInt8]]>

    init(_ batches: [[UInt8]]) {
        self.batches = Mutex(batches)
    }

    func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        let batch = batches.withLock { $0.isEmpty ? [] : $0.removeFirst() }
        for index in 0..<buffer.count { buffer[index] = index < batch.count ? batch[index] : 0 }
    }
}

/// Returns zeros for the first `repeats` 8-byte requests (the generator's batches: always FAM-AAAAAA),
/// then passes through to `inner`; other requests (UUIDs) always pass through. Counts the code draws.
final class RepeatingRandomSource: RandomSource {
    private let inner: any RandomSource
    private let state: Mutex<(repeats: Int, draws: Int)>

    init(repeats: Int, inner: any RandomSource = SeededRandomSource(seed: 99)) {
        self.inner = inner
        state = Mutex((repeats, 0))
    }

    var draws: Int { state.withLock { $0.draws } }

    func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count == 8 else { return inner.fill(buffer) }
        let repeating = state.withLock { state in
            state.draws += 1
            guard state.repeats > 0 else { return false }
            state.repeats -= 1
            return true
        }
        if repeating {
            for index in 0..<buffer.count { buffer[index] = 0 }
        } else {
            inner.fill(buffer)
        }
    }
}

@Suite("Code uniqueness")
struct CodeUniquenessTests {
    @Test("a collision with a live code is drawn again")
    func collisionRetried() async throws {
        let random = RepeatingRandomSource(repeats: 3)
        let world = try World.countingStatements(random: random)
        let ann = try await world.account("Ann", .player, lastName: "Lee")
        let first = try await world.service.code(ann)
        #expect(first.code == "FAM-AAAAAA")
        #expect(random.draws == 1)
        let bob = try await world.account("Bob", .player, lastName: "Ray")
        let lookupsBefore = try world.lookups()
        let second = try await world.service.code(bob)
        // Two more draws gave FAM-AAAAAA again (live: Ann's), the third was new.
        #expect(random.draws == 4)
        #expect(try world.lookups() - lookupsBefore == 3)
        #expect(second.code != "FAM-AAAAAA")
        #expect(FamilyCodeFormat.isValid(second.code))
    }

    @Test("a source that only repeats ends with a clear error, not a hang")
    func exhausted() async throws {
        let world = World(random: RepeatingRandomSource(repeats: 1_000))
        let ann = try await world.account("Ann", .player)
        #expect(try await world.service.code(ann).code == "FAM-AAAAAA")
        let bob = try await world.account("Bob", .player)
        #expect(await sentence { _ = try await world.service.code(bob) } == FamilyCodeError.noUniqueCode.description)
        #expect(FamilyCodeError.noUniqueCode.description == "Could not make a unique family code. Please try again.")
        // Nothing of the failed call remains: Bob has no family.
        #expect(try await world.identity.households(bob).isEmpty)
    }

    @Test("a retired code may be drawn again: only live codes must be unique")
    func retiredCodeReusable() async throws {
        let world = World(random: RepeatingRandomSource(repeats: 2))
        let ann = try await world.account("Ann", .player)
        #expect(try await world.service.code(ann).code == "FAM-AAAAAA")
        world.clock.advance(by: 60)
        // The regeneration's draw is FAM-AAAAAA again, Ann's own live code: drawn again.
        let regenerated = try await world.service.regenerateCode(ann)
        #expect(regenerated.code != "FAM-AAAAAA")
    }
}

/// `inner`'s bytes taken `% 252`: nothing is rejected, and A-D come out 8 times in 256 against 7 for the
/// rest, the bias of a plain `byte % 36`.
final class ModuloBiased: RandomSource {
    private let inner: any RandomSource

    init(_ inner: any RandomSource) {
        self.inner = inner
    }

    func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        inner.fill(buffer)
        for index in 0..<buffer.count { buffer[index] %= 252 }
    }
}
