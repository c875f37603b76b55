import Accounts
import Households
import Mail
import Passkeys
import TwoStep

/// Identity's parts, each with its share in an account's data, listed once as the composition lists the features:
/// an export's `identity` section is what they give, and a deletion is what they remove.
enum IdentityParts {
    static let shares: [IdentityPartShare<any IdentityStoreTransaction>] = [
        IdentityPartShare.accounts.over { $0 },
        IdentityPartShare.households.over { $0 },
        IdentityPartShare.twoStep.over { $0 },
        IdentityPartShare.passkeys.over { $0 },
    ]
}
