import Foundation

/// One header field as sent or received.
public struct HTTPHeader: Hashable, Sendable {
    public var name: String
    public var value: String
}

/// An ordered list of header fields with case-insensitive lookup by name.
///
/// `description` redacts credentials (`Authorization`, `Cookie`, ...), so headers can be logged.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The fields, in order.
    public private(set) var fields: [HTTPHeader]

    /// Headers from fields, in order.
    public init(_ fields: [HTTPHeader] = []) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HTTPHeader(name: $0.0, value: $0.1) }
    }

    /// The number of fields.
    public var count: Int { fields.count }
    /// True when there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[HTTPHeader]> { fields.makeIterator() }

    // MARK: - Lookup

    /// The first value for `name` (any case); setting replaces every field of that name, nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            if let index = fields.firstIndex(where: { Self.same($0.name, name) }) {
                fields[index].value = newValue
                fields[(index + 1)...].removeAll { Self.same($0.name, name) }
            } else {
                fields.append(HTTPHeader(name: name, value: newValue))
            }
        }
    }

    /// Every value for `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// True when a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool { fields.contains { Self.same($0.name, name) } }

    // MARK: - Changing

    /// Appends a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(HTTPHeader(name: name, value: value))
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    // MARK: - Logging

    /// Names whose values never appear in `description`.
    public static let redactedNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    public var description: String {
        let shown = fields.map { field in
            Self.redactedNames.contains(field.name.lowercased())
                ? "\(field.name): <redacted>" : "\(field.name): \(field.value)"
        }
        return "[" + shown.joined(separator: ", ") + "]"
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b) == .orderedSame
    }
}
