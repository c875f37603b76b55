/// A dictionary of at most `capacity` entries that drops the least recently used one to make room.
///
/// Reads and writes are O(1): the entries form a doubly linked list, most recent first, threaded through an array
/// of slots (indices, not references, so the value stays a plain `Sendable` struct).
struct LeastRecentlyUsed<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private var slotOfKey: [Key: Int] = [:]
    private var slots: [Slot] = []
    /// The most recently used slot, or nil when empty.
    private var newest: Int?
    /// The least recently used slot, the next to go.
    private var oldest: Int?

    private struct Slot: Sendable {
        var key: Key
        var value: Value
        var newer: Int?
        var older: Int?
    }

    init(capacity: Int) {
        precondition(capacity > 0, "a cache must hold at least one entry")
        self.capacity = capacity
    }

    var count: Int { slotOfKey.count }

    /// The value for `key`, now the most recently used; nil when absent.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slotOfKey[key] else { return nil }
        moveToFront(slot)
        return slots[slot].value
    }

    /// Stores `value` for `key` as the most recently used, dropping the least recently used entry when full.
    mutating func set(_ value: Value, for key: Key) {
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
        } else {
            slots.append(Slot(key: key, value: value))
            slot = slots.count - 1
        }
        slotOfKey[key] = slot
        linkAtFront(slot)
    }

    mutating func removeAll() {
        slotOfKey.removeAll()
        slots.removeAll()
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
