import Circles
import Identity
import Synchronization

/// What a told-to-fail `setCell` throws.
public struct InjectedFailure: Error, Equatable {
    public init() {}
}

/// A store around another whose `setCell` can be told to throw on its Nth call (to break `access save` half-way).
public final class FailingStore: CirclesStore {
    public let inner: any CirclesStore
    private let state = Mutex((armed: Int?.none, calls: 0))

    public init(_ inner: any CirclesStore) {
        self.inner = inner
    }

    /// Makes the `n`th `setCell` from now throw (nil: never).
    public func failCellWrite(at n: Int?) { state.withLock { $0 = (n, 0) } }

    /// How many `setCell` calls were made since the last `failCellWrite(at:)`.
    public var cellWrites: Int { state.withLock { $0.calls } }

    func countCellWrite() throws {
        let fail = state.withLock { state -> Bool in
            state.calls += 1
            return state.armed == state.calls
        }
        if fail { throw InjectedFailure() }
    }

    public func read<T: Sendable>(
        _ body: @Sendable ((any CirclesStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await inner.read { circles, identity in
            try body((FailingTransaction(inner: circles, store: self), identity))
        }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable ((any CirclesStoreTransaction, any IdentityStoreTransaction)) throws -> T
    ) async throws -> T {
        try await inner.write(durability: durability) { circles, identity in
            try body((FailingTransaction(inner: circles, store: self), identity))
        }
    }

    public func changeToken(owner: String) async throws -> ChangeToken { try await inner.changeToken(owner: owner) }
}

struct FailingTransaction: CirclesStoreTransaction {
    let inner: any CirclesStoreTransaction
    let store: FailingStore

    func changeToken(owner: String) throws -> ChangeToken {
        try inner.changeToken(owner: owner)
    }


    func contacts(ownerAccountId: String) throws -> [Contact] {
        try inner.contacts(ownerAccountId: ownerAccountId)
    }

    func contact(id: String) throws -> Contact? {
        try inner.contact(id: id)
    }

    func contact(ownerAccountId: String, linkedAccountId: String) throws -> Contact? {
        try inner.contact(ownerAccountId: ownerAccountId, linkedAccountId: linkedAccountId)
    }

    func insertContact(_ contact: Contact) throws {
        try inner.insertContact(contact)
    }

    func updateContact(_ contact: Contact) throws {
        try inner.updateContact(contact)
    }

    func deleteContact(id: String) throws {
        try inner.deleteContact(id: id)
    }

    func circles(ownerAccountId: String) throws -> [Circle] {
        try inner.circles(ownerAccountId: ownerAccountId)
    }

    func insertCircle(_ circle: Circle) throws {
        try inner.insertCircle(circle)
    }

    func updateCircle(_ circle: Circle) throws {
        try inner.updateCircle(circle)
    }

    func deleteCircle(id: String) throws {
        try inner.deleteCircle(id: id)
    }

    func memberships(ownerAccountId: String) throws -> [Membership] {
        try inner.memberships(ownerAccountId: ownerAccountId)
    }

    func insertMembership(_ membership: Membership) throws {
        try inner.insertMembership(membership)
    }

    func deleteMembership(_ membership: Membership) throws {
        try inner.deleteMembership(membership)
    }

    func profiles(ownerAccountId: String) throws -> [Profile] {
        try inner.profiles(ownerAccountId: ownerAccountId)
    }

    func profile(id: String) throws -> Profile? {
        try inner.profile(id: id)
    }

    func profile(username: String) throws -> Profile? {
        try inner.profile(username: username)
    }

    func insertProfile(_ profile: Profile) throws {
        try inner.insertProfile(profile)
    }

    func updateProfile(_ profile: Profile) throws {
        try inner.updateProfile(profile)
    }

    func deleteProfile(id: String) throws {
        try inner.deleteProfile(id: id)
    }

    func activePersonaId(accountId: String) throws -> String? {
        try inner.activePersonaId(accountId: accountId)
    }

    func setActivePersonaId(_ profileId: String?, accountId: String) throws {
        try inner.setActivePersonaId(profileId, accountId: accountId)
    }

    func cells(ownerAccountId: String) throws -> [MatrixCell] {
        try inner.cells(ownerAccountId: ownerAccountId)
    }

    func cells(profileId: String) throws -> [MatrixCell] {
        try inner.cells(profileId: profileId)
    }

    func setCell(_ cell: MatrixCell) throws {
        try store.countCellWrite()
        try inner.setCell(cell)
    }

    func stagedCells(accountId: String, profileId: String) throws -> [MatrixCell] {
        try inner.stagedCells(accountId: accountId, profileId: profileId)
    }

    func profilesWithStagedCells(accountId: String) throws -> [String] {
        try inner.profilesWithStagedCells(accountId: accountId)
    }

    func stageCell(_ cell: MatrixCell, accountId: String) throws {
        try inner.stageCell(cell, accountId: accountId)
    }

    func clearStagedCells(accountId: String, profileId: String) throws {
        try inner.clearStagedCells(accountId: accountId, profileId: profileId)
    }

    func requests(ownerAccountId: String) throws -> [RequestRecord] {
        try inner.requests(ownerAccountId: ownerAccountId)
    }

    func insertRequest(_ request: RequestRecord) throws {
        try inner.insertRequest(request)
    }

    func updateRequest(_ request: RequestRecord) throws {
        try inner.updateRequest(request)
    }

    func grants(ownerAccountId: String) throws -> [GrantRecord] {
        try inner.grants(ownerAccountId: ownerAccountId)
    }

    func insertGrant(_ grant: GrantRecord) throws {
        try inner.insertGrant(grant)
    }

    func deleteGrant(id: String) throws {
        try inner.deleteGrant(id: id)
    }

    func dismissedSuggestions(ownerAccountId: String) throws -> Set<String> {
        try inner.dismissedSuggestions(ownerAccountId: ownerAccountId)
    }

    func dismissSuggestion(_ suggestionId: String, ownerAccountId: String) throws {
        try inner.dismissSuggestion(suggestionId, ownerAccountId: ownerAccountId)
    }
}
