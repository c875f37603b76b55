import Foundation
import Kernel

/// One of Identity's parts' share in an account's data, as `AccountDataShares` is each other feature's: the members it
/// adds to the export's `identity` section, and what it removes when the account is deleted, each over its own part
/// of the store. The composition lists its parts once, so neither an export nor a deletion can forget one.
public struct IdentityPartShare<Transaction>: Sendable {
    /// The part's name, for reading (the section is one object whatever parts fill it).
    public let part: String
    let export: @Sendable (ExportSubject, Transaction, Date) throws -> ExportFields
    let delete: (@Sendable (AccountDeletion, Transaction, any RandomSource) throws -> Void)?

    /// The share of `part`: `export` gives its members of the identity section for a subject at a time (every list,
    /// even empty, so the section's shape does not depend on the data); `delete` removes its rows and writes the
    /// events apps follow (nil: its rows are the account's own and every store removes them with the account).
    public init(
        part: String, export: @escaping @Sendable (ExportSubject, Transaction, Date) throws -> ExportFields,
        delete: (@Sendable (AccountDeletion, Transaction, any RandomSource) throws -> Void)? = nil
    ) {
        self.part = part
        self.export = export
        self.delete = delete
    }

    /// This share over a wider transaction that holds the part's (the composition's).
    public func over<Wider>(_ part: @escaping @Sendable (Wider) -> Transaction) -> IdentityPartShare<Wider> {
        let export = export
        var widerDelete: (@Sendable (AccountDeletion, Wider, any RandomSource) throws -> Void)?
        if let delete {
            widerDelete = { deletion, wider, random in try delete(deletion, part(wider), random) }
        }
        return IdentityPartShare<Wider>(
            part: self.part, export: { subject, wider, now in try export(subject, part(wider), now) },
            delete: widerDelete)
    }

    /// Every share's members of the identity section, in one object.
    public static func export(
        _ shares: [IdentityPartShare], _ subject: ExportSubject, _ transaction: Transaction, at now: Date
    ) throws -> ExportFields {
        var section = ExportFields()
        for share in shares { section.merge(try share.export(subject, transaction, now)) }
        return section
    }

    /// Every share's removal, the later parts first: their rows may name the earlier parts' (a household its owner).
    public static func delete(
        _ shares: [IdentityPartShare], _ deletion: AccountDeletion, _ transaction: Transaction,
        random: any RandomSource
    ) throws {
        for share in shares.reversed() { try share.delete?(deletion, transaction, random) }
    }
}
