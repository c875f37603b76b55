import Foundation

/// Which contacts a list keeps: `contacts --search TEXT --circle CIRCLE` and `circle show CIRCLE --search TEXT`.
///
/// The text is found in a contact's display name, email or phone, ignoring case and accents ("jose" finds
/// "José"); a phone also matches on its digits alone ("5550100" finds "+1 555 0100"). A blank text keeps every
/// contact.
public struct ContactSearch: Sendable, Hashable {
    /// What to find; nil keeps every contact.
    public var text: String?
    /// A circle reference (id or name): only its members are kept. Contacts and Public hold every contact.
    public var circle: String?

    public init(text: String? = nil, circle: String? = nil) {
        self.text = text
        self.circle = circle
    }

    /// Every contact.
    public static let everyone = ContactSearch()

    /// Whether `contact` matches the text (always, when there is none).
    public func matches(_ contact: Contact) -> Bool {
        let needle = Self.folded(text ?? "")
        guard !needle.isEmpty else { return true }
        if [contact.displayName, contact.email, contact.phone].contains(where: {
            $0.map(Self.folded)?.contains(needle) == true
        }) {
            return true
        }
        // A phone number typed another way: compare digits when the text is nothing but a phone number.
        let digits = needle.filter(\.isASCIIDigit)
        guard !digits.isEmpty, needle.allSatisfy({ $0.isASCIIDigit || " +-().".contains($0) }) else { return false }
        return contact.phone.map { $0.filter(\.isASCIIDigit).contains(digits) } ?? false
    }

    /// Case and accents folded away, surrounding spaces trimmed.
    static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
