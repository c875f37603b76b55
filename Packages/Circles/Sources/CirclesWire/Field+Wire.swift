import Circles

extension Field {
    /// `values` keyed by the fields their keys name; keys that name no field are left out, so a newer server's
    /// field does not stop an older client from reading the rest.
    static func keyed<Value>(_ values: [String: Value]) -> [Field: Value] {
        var result: [Field: Value] = [:]
        for (key, value) in values {
            if let field = Field(rawValue: key) { result[field] = value }
        }
        return result
    }

    /// `values` keyed by the fields' names, as the JSON objects write them.
    static func named<Value>(_ values: [Field: Value]) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
    }
}
