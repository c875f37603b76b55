/// An optional that encodes as an explicit `null`, so clients can rely on every documented key being present.
struct Nullable<Wrapped: Encodable & Sendable>: Encodable, Sendable {
    let value: Wrapped?

    init(_ value: Wrapped?) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
