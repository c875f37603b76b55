import Kernel
import Testing

@Suite("LeastRecentlyUsed: a bounded dictionary")
struct LeastRecentlyUsedTests {
    @Test func theLeastRecentlyUsedEntryMakesRoomWhenFull() {
        var cache = LeastRecentlyUsed<String, Int>(capacity: 2)
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        // Reading "a" makes "b" the oldest.
        #expect(cache.value(for: "a") == 1)
        cache.set(3, for: "c")
        #expect(cache.count == 2)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3)
        // Setting a kept key replaces its value and makes it the newest.
        cache.set(10, for: "a")
        cache.set(4, for: "d")
        #expect(cache.value(for: "a") == 10 && cache.value(for: "c") == nil && cache.value(for: "d") == 4)
    }

    @Test func aRemovedEntryIsGoneAndItsRoomIsReused() {
        var cache = LeastRecentlyUsed<String, Int>(capacity: 3)
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        cache.set(3, for: "c")
        cache.removeValue(for: "b")
        cache.removeValue(for: "missing")
        #expect(cache.count == 2)
        #expect(cache.value(for: "b") == nil)
        // Room for one more before anything is dropped: "a" (the oldest) stays.
        cache.set(4, for: "d")
        #expect(cache.count == 3)
        #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3 && cache.value(for: "d") == 4)
        // Removing the newest and the oldest keeps the order of the rest.
        cache.removeValue(for: "d")
        cache.removeValue(for: "c")
        cache.set(5, for: "e")
        cache.set(6, for: "f")
        cache.set(7, for: "g")
        #expect(cache.value(for: "a") == nil)
        #expect(cache.value(for: "e") == 5 && cache.value(for: "f") == 6 && cache.value(for: "g") == 7)
    }

    @Test func manyKeysNeverHoldMoreThanTheCapacity() {
        var cache = LeastRecentlyUsed<Int, Int>(capacity: 50)
        for key in 0..<1_000 {
            cache.set(key, for: key)
            if key % 3 == 0 { cache.removeValue(for: key - 1) }
        }
        #expect(cache.count <= 50)
        #expect(cache.value(for: 999) == 999)
    }
}
