import Accounts
import Foundation
import Households
import Kernel
import Mail
import Passkeys
import TwoStep

/// The reads and writes available inside one Identity store transaction: every part's, so that a change spanning
/// parts (a sign-in that asks for its second step, a deletion) commits as one. Valid only inside the `read`/`write`
/// body.
///
/// Every feature's transaction extends one of these, so its event log is where any feature writes its events, in the
/// same transaction as its change. A rule that needs one part only takes that part's protocol.
public protocol IdentityStoreTransaction:
    AccountsStoreTransaction, HouseholdsStoreTransaction, TwoStepStoreTransaction, PasskeysStoreTransaction,
    OutboxStoreTransaction
{}
