import Foundation

/// A title as the rules accept it (`VoteRules.title(_:)`): trimmed, not empty, at most `VoteRules.titleMaxLength`
/// characters, no control characters.
///
/// A title keeps the case it was typed in, but two spellings that differ only in case (or in how an accent is
/// encoded) are the same title: they share `key`, which is what ballots are stored and counted under.
public struct MovieTitle: Sendable, Hashable {
    /// The title as typed, trimmed.
    public let text: String
    /// What titles are compared by: the text in Unicode's canonical composition (NFC), lower-cased.
    public let key: String

    /// A checked title; only `VoteRules.title(_:)` makes one from what a person typed.
    init(checked text: String) {
        self.text = text
        key = Self.key(of: text)
    }

    /// The comparison key of `text` (already trimmed): `Dune`, `DUNE` and `dune` share one.
    public static func key(of text: String) -> String {
        text.precomposedStringWithCanonicalMapping.lowercased()
    }
}
