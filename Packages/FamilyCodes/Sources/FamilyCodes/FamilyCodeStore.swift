import Households
import Kernel

/// Where family codes persist, sharing each transaction with Identity's tables: every service call runs in one
/// `read` or `write` that spans both features, so a join's lock check, lookup, membership and usage-log row commit
/// together, or (when the body throws) not at all.
public typealias FamilyCodeStore = TransactionalStore<(any FamilyCodeStoreTransaction, any HouseholdsStoreTransaction)>
