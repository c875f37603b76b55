import Foundation

/// The other features' shares in an account's data, inside one transaction that Identity's view shares: each
/// feature that keeps rows about an account contributes one, as it contributes its migrations, so deleting and
/// exporting can never forget a feature (the composition lists them once, beside the migrations).
public protocol AccountDataShares {
    /// Every share removes or keeps its rows for `deletion` (run before Identity removes the account).
    func delete(_ deletion: AccountDeletion) throws
    /// Every share's part of an export of `subject`, by feature name; a feature that keeps nothing about the
    /// subject gives no part.
    func export(_ subject: ExportSubject) throws -> [ExportPart]
}

/// One feature's part of an export document: the value written under its feature's name.
public struct ExportPart: Sendable {
    public let feature: String
    public let value: any Encodable & Sendable

    public init(feature: String, value: any Encodable & Sendable) {
        self.feature = feature
        self.value = value
    }
}

/// No other feature: Identity alone (its own tests, or a product made of Identity only).
public struct NoAccountDataShares: AccountDataShares {
    public init() {}
    public func delete(_ deletion: AccountDeletion) {}
    public func export(_ subject: ExportSubject) -> [ExportPart] { [] }
}
