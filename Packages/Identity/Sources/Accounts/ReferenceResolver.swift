import Foundation
import Kernel

/// Finds the one item a user named by id or by exact, case-insensitive name (DOMAIN.md "References").
public enum ReferenceResolver {
    /// Words that are never names: `me` (a member) and `primary` (a profile).
    public static let reservedWords: Set<String> = ["me", "primary"]

    /// Whether `text` is a reserved word (case-insensitively, ignoring surrounding spaces).
    public static func isReserved(_ text: String) -> Bool {
        reservedWords.contains(normalizedKey(text))
    }

    /// The item whose id equals `reference`, else the one whose name matches it case-insensitively.
    ///
    /// Throws "NAME is ambiguous: ..." with every candidate and its id when several names match, and
    /// "No KIND named NAME" when nothing does. Reserved words never match a name; callers that give
    /// `me` a meaning handle it before calling.
    public static func resolve<Item>(
        _ reference: String,
        in items: [Item],
        kind: ReferenceKind,
        id: (Item) -> String,
        name: (Item) -> String
    ) throws(IdentityError) -> Item {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if let byId = items.first(where: { id($0) == trimmed }) { return byId }
        guard !isReserved(trimmed) else { throw IdentityError.notFound(kind, trimmed) }
        let key = normalizedKey(trimmed)
        let matches = items.filter { normalizedKey(name($0)) == key }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw IdentityError.notFound(kind, trimmed)
        default:
            throw IdentityError.ambiguous(
                trimmed, candidates: matches.map { ReferenceCandidate(id: id($0), name: name($0)) })
        }
    }

    /// NFC, trimmed and lower-cased: two names are "the same" when these keys are equal.
    public static func normalizedKey(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping.lowercased()
    }
}
