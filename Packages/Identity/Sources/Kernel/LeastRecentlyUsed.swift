/// A dictionary of at most `capacity` entries that drops the least recently used one to make room.
///
/// Reads and writes are O(1): the entries form a doubly linked list, most recent first, threaded through an array
/// of slots (indices, not references, so the value stays a plain `Sendable` struct). Shared by the caches that
/// must stay bounded on a server: the access engine's indexes (Circles) and the server's bearer principals.
public struct LeastRecentlyUsed<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Most entries kept.
    public let capacity: Int
    private var slotOfKey: [Key: Int] = [:]
    private var slots: [Slot] = []
    /// The most recently used slot, or nil when empty.
    private var newest: Int?
    /// The least recently used slot, the next to go.
    private var oldest: Int?
    /// Slots of removed entries, reused before the array grows.
    private var freeSlots: [Int] = []

    private struct Slot: Sendable {
        var key: Key
        var value: Value
        var newer: Int?
        var older: Int?
    }

    /// An empty cache that keeps at most `capacity` entries (at least one).
    public init(capacity: Int) {
        precondition(capacity > 0, "a cache must hold at least one entry")
        self.capacity = capacity
    }

    /// Entries kept now.
    public var count: Int { slotOfKey.count }

    /// The value for `key`, now the most recently used; nil when absent.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slotOfKey[key] else { return nil }
        moveToFront(slot)
        return slots[slot].value
    }

    /// Stores `value` for `key` as the most recently used, dropping the least recently used entry when full.
    public mutating func set(_ value: Value, for key: Key) {
        if let slot = slotOfKey[key] {
            slots[slot].value = value
            moveToFront(slot)
            return
        }
        let slot: Int
        if slotOfKey.count == capacity, let victim = oldest {
            // Reuse the oldest slot for the new entry.
            unlink(victim)
            slotOfKey[slots[victim].key] = nil
            slots[victim] = Slot(key: key, value: value)
            slot = victim
        } else if let free = freeSlots.popLast() {
            slots[free] = Slot(key: key, value: value)
            slot = free
        } else {
            slots.append(Slot(key: key, value: value))
            slot = slots.count - 1
        }
        slotOfKey[key] = slot
        linkAtFront(slot)
    }

    /// Forgets `key`'s entry, if any; its slot is reused by the next new entry.
    public mutating func removeValue(for key: Key) {
        guard let slot = slotOfKey.removeValue(forKey: key) else { return }
        unlink(slot)
        freeSlots.append(slot)
    }

    /// Forgets every entry.
    public mutating func removeAll() {
        slotOfKey.removeAll()
        slots.removeAll()
        freeSlots.removeAll()
        newest = nil
        oldest = nil
    }

    private mutating func moveToFront(_ slot: Int) {
        guard newest != slot else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if let newer { slots[newer].older = older } else { newest = older }
        if let older { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = nil
        slots[slot].older = nil
    }

    private mutating func linkAtFront(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = nil
        if let newest { slots[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}
