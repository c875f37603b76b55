import Foundation
import Kernel

/// Everything an `InMemoryFamilyCodeStore` holds; a value, so a transaction can work on a copy.
struct InMemoryFamilyCodeState: Sendable {
    struct StoredCode: Sendable {
        var code: FamilyCode
        var retiredAt: Date?
    }

    /// Every code ever made, in the order made.
    var codes: [StoredCode] = []
    var rateLimits: [String: RateLimitState] = [:]
    /// In insertion order.
    var usage: [FamilyCodeUsage] = []
}
