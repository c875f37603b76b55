import Kernel

/// Where Identity persists: transactions over `IdentityStoreTransaction`, and no rules.
public typealias IdentityStore = TransactionalStore<any IdentityStoreTransaction>
