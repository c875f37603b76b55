/// A JSON object whose members are written once, in key order, for two writers: an `Encoder` (`encode(to:)`) and
/// `JSONText` (the same text as `JSONEncoder` with sorted keys, written directly).
protocol JSONObject {
    func write(to json: inout some JSONObjectWriter) throws
}

/// Where a `JSONObject` writes its members. Values are strings or null, lists of strings, string-valued objects
/// and nested objects: what the wire's hot answers hold.
protocol JSONObjectWriter {
    /// A string, or null.
    mutating func string(_ key: some CodingKey, _ value: String?) throws
    /// A list of strings.
    mutating func strings(_ key: some CodingKey, _ values: [String]) throws
    /// An object of `values`, each written as `text(value)`: a string, or null.
    mutating func strings<Value>(_ key: some CodingKey, _ values: [String: Value], _ text: (Value) -> String?) throws
    /// A nested object, or null.
    mutating func object(_ key: some CodingKey, _ value: (some JSONObject)?) throws
}

extension JSONObject {
    /// What `encode(to:)` does: the members into `encoder`'s keyed container.
    func encodeMembers(to encoder: any Encoder) throws {
        var container = EncoderObjectWriter(container: encoder.container(keyedBy: JSONKey.self))
        try write(to: &container)
    }
}

/// A key given by its text.
struct JSONKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(_ key: some CodingKey) { stringValue = key.stringValue }
}

/// The members into an encoder's keyed container, each value a plain string or null (never the encoder's generic
/// path for a dictionary's values).
struct EncoderObjectWriter: JSONObjectWriter {
    var container: KeyedEncodingContainer<JSONKey>

    mutating func string(_ key: some CodingKey, _ value: String?) throws {
        if let value {
            try container.encode(value, forKey: JSONKey(key))
        } else {
            try container.encodeNil(forKey: JSONKey(key))
        }
    }

    mutating func strings(_ key: some CodingKey, _ values: [String]) throws {
        var list = container.nestedUnkeyedContainer(forKey: JSONKey(key))
        for value in values { try list.encode(value) }
    }

    mutating func strings<Value>(_ key: some CodingKey, _ values: [String: Value], _ text: (Value) -> String?) throws {
        var object = EncoderObjectWriter(
            container: container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(key)))
        for (name, value) in values { try object.string(JSONKey(stringValue: name), text(value)) }
    }

    mutating func object(_ key: some CodingKey, _ value: (some JSONObject)?) throws {
        guard let value else { return try container.encodeNil(forKey: JSONKey(key)) }
        var object = EncoderObjectWriter(
            container: container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(key)))
        try value.write(to: &object)
    }
}
