/// A profile field that the access matrix controls, in the matrix's row order.
public enum Field: String, Sendable, Codable, CaseIterable, Hashable, Comparable {
    case displayName
    case username
    case photo
    case bio
    case email
    case phone

    /// The field's bit in a field set (`1 << bit`); also its row in the matrix.
    @inlinable public var bit: Int {
        switch self {
        case .displayName: 0
        case .username: 1
        case .photo: 2
        case .bio: 3
        case .email: 4
        case .phone: 5
        }
    }

    /// Every field as a field set.
    public static let allFieldsMask: UInt8 = 0b11_1111

    /// The field named `text`: its raw name (`displayName`), kebab case (`display-name`) or `name`, any case.
    public static func parse(_ text: String) -> Field? {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "-", with: "")
            .replacingOccurrences(of: "_", with: "")
        if key == "name" { return .displayName }
        return allCases.first { $0.rawValue.lowercased() == key }
    }

    public static func < (lhs: Field, rhs: Field) -> Bool { lhs.bit < rhs.bit }
}
