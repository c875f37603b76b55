import Foundation
import Kernel
import Testing

@Suite("Injected clock and random source")
struct ClockAndRandomTests {
    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualClock()
        let start = clock.now()
        #expect(clock.now() == start)
        clock.advance(by: 60)
        #expect(clock.now() == start.addingTimeInterval(60))
        clock.set(Date(timeIntervalSince1970: 0))
        #expect(clock.now() == Date(timeIntervalSince1970: 0))
    }

    @Test func systemClockIsNearNow() {
        #expect(abs(SystemClock().now().timeIntervalSinceNow) < 5)
    }

    @Test func seededSourceIsDeterministic() {
        let first = SeededRandomSource(seed: 42)
        let second = SeededRandomSource(seed: 42)
        #expect(first.bytes(33) == second.bytes(33))
        #expect(SeededRandomSource(seed: 1).bytes(16) != SeededRandomSource(seed: 2).bytes(16))
    }

    @Test func systemSourceFillsEveryByte() {
        let source = SystemRandomSource()
        #expect(source.bytes(37).count == 37)
        #expect(source.bytes(32) != source.bytes(32))
    }

    @Test func uuidStringsAreVersion4LowerCase() {
        let id = SeededRandomSource().uuidString()
        #expect(UUID(uuidString: id) != nil)
        #expect(id == id.lowercased())
        #expect(Array(id)[14] == "4")
    }

    @Test func integersStayBelowTheBound() {
        let source = SeededRandomSource(seed: 3)
        let values = (0..<500).map { _ in source.integer(below: 36) }
        #expect(values.allSatisfy { $0 < 36 })
        #expect(Set(values).count == 36)
    }
}
