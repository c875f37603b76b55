/// Rows by id, listed in the order they were inserted, as the SQL stores list them; what the in-memory store keeps
/// of contacts, profiles, requests and grants.
struct InsertionOrdered<Value: Sendable>: Sendable {
    private var byId: [String: Value] = [:]
    private var order: [String] = []

    subscript(id: String) -> Value? { byId[id] }

    /// Every row, oldest first.
    var values: [Value] { order.compactMap { byId[$0] } }

    mutating func insert(_ value: Value, id: String) {
        byId[id] = value
        order.append(id)
    }

    /// Replaces the row `id`; false, changing nothing, when there is none (as an UPDATE that matches no row).
    mutating func update(_ value: Value, id: String) -> Bool {
        guard byId[id] != nil else { return false }
        byId[id] = value
        return true
    }

    mutating func remove(id: String) {
        byId[id] = nil
        order.removeAll { $0 == id }
    }

    mutating func removeAll(where isRemoved: (Value) -> Bool) {
        byId = byId.filter { !isRemoved($0.value) }
        order.removeAll { byId[$0] == nil }
    }

    /// Changes every row in place.
    mutating func modifyAll(_ change: (inout Value) -> Void) {
        for id in byId.keys { change(&byId[id]!) }
    }
}
