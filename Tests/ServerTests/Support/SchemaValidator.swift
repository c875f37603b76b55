import Foundation

/// Checks a JSON value against a schema of `openapi.json`: the subset of JSON Schema the document uses (`$ref`,
/// `type` with `null`, `properties` / `required` / `additionalProperties`, `items`, `enum`, `oneOf` / `anyOf`).
///
/// An object may not carry a key its schema does not name, and must carry every required one: that is how a Wire
/// type and the document are kept equal.
struct SchemaValidator {
    let schemas: [String: Any]

    init(document: [String: Any]) {
        schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
    }

    /// The problems of `value` against the schema named `name`; empty when it conforms.
    func problems(_ value: JSONValue, schemaNamed name: String) -> [String] {
        guard let schema = schemas[name] else { return ["no schema named \(name)"] }
        return problems(value, schema, at: name)
    }

    func problems(_ value: JSONValue, _ schema: Any, at path: String) -> [String] {
        guard let schema = schema as? [String: Any] else { return ["\(path): the schema is not an object"] }
        if let ref = schema["$ref"] as? String {
            let name = String(ref.split(separator: "/").last ?? "")
            guard let target = schemas[name] else { return ["\(path): no schema \(ref)"] }
            return problems(value, target, at: path)
        }
        for key in ["oneOf", "anyOf"] {
            if let options = schema[key] as? [Any] {
                let fits = options.contains { problems(value, $0, at: path).isEmpty }
                return fits ? [] : ["\(path): fits none of \(key)"]
            }
        }
        if let allowed = schema["enum"] as? [Any], case .string(let text) = value {
            guard allowed.contains(where: { $0 as? String == text }) else {
                return ["\(path): \(text) is not in the enum"]
            }
        }
        let types: [String] =
            (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        let kind = value.kind
        guard types.isEmpty || types.contains(kind) || (kind == "integer" && types.contains("number")) else {
            return ["\(path): a \(kind) where \(types) is expected"]
        }
        switch value {
        case .object(let object): return objectProblems(object, schema, at: path)
        case .array(let array):
            guard let items = schema["items"] else { return [] }
            return array.enumerated().flatMap { problems($0.element, items, at: "\(path)[\($0.offset)]") }
        default: return []
        }
    }

    private func objectProblems(_ object: [String: JSONValue], _ schema: [String: Any], at path: String) -> [String] {
        let properties = schema["properties"] as? [String: Any] ?? [:]
        var found: [String] = []
        let required = schema["required"] as? [String] ?? []
        for key in required where object[key] == nil { found.append("\(path): the required key \(key) is missing") }
        for (key, value) in object {
            if let property = properties[key] {
                found += problems(value, property, at: "\(path).\(key)")
            } else if let additional = schema["additionalProperties"] as? [String: Any] {
                found += problems(value, additional, at: "\(path).\(key)")
            } else if schema["additionalProperties"] as? Bool != true {
                found.append("\(path): the key \(key) is not in the schema")
            }
        }
        return found
    }
}

/// A JSON value as decoded strictly (a boolean is never a number), for checking against a schema.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value of `data`.
    static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    /// Its JSON Schema type name.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
