import Foundation
import Households
import IdentityMemory
import Kernel
import Synchronization

/// A `CirclesStore` in memory over an `InMemoryIdentityStore`, for tests and previews: an `InMemoryFeatureStore`, so a
/// failure leaves both features unchanged. Every commit that changed something bumps a version, which is the change
/// token.
public final class InMemoryCirclesStore: CirclesStore {
    private let store: InMemoryFeatureStore<InMemoryCirclesTransaction>
    private let serial = Mutex<Int64>(0)

    /// The Identity store whose transactions this store's transactions extend.
    public var identity: InMemoryIdentityStore { store.identity }

    /// A store over `identity` (pass the one the Identity service uses, so both see the same accounts).
    public init(identity: InMemoryIdentityStore) {
        store = InMemoryFeatureStore(identity: identity, state: InMemoryCirclesState())
    }

    public func read<T: Sendable>(
        _ body: @Sendable ((any CirclesStoreTransaction, any HouseholdsStoreTransaction)) throws -> T
    ) async throws -> T {
        try await store.read { try body(($0, $1)) }
    }

    public func write<T: Sendable>(
        durability: Durability,
        _ body: @Sendable ((any CirclesStoreTransaction, any HouseholdsStoreTransaction)) throws -> T
    ) async throws -> T {
        try await store.write(durability: durability) { transaction, identityTransaction in
            transaction.serial = self.serial.withLock {
                $0 += 1; return $0
            }
            return try body((transaction, identityTransaction))
        }
    }

    /// One version for every owner: coarser than the stores on disk (any write rebuilds every index), and exact.
    public func changeToken(owner: String) async throws -> ChangeToken {
        ChangeToken(external: store.committed.version, local: 0)
    }
}

/// Everything an `InMemoryCirclesStore` holds; a value, so a transaction can work on a copy.
struct InMemoryCirclesState: Sendable {
    var version: Int64 = 0
    var contacts = InsertionOrdered<Contact>()
    var circles: [String: Circle] = [:]
    var memberships: Set<Membership> = []
    var profiles = InsertionOrdered<Profile>()
    var personas: [String: String] = [:]
    var cells: [CellKey: Access] = [:]
    var staged: [String: [CellKey: Access]] = [:]
    var requests = InsertionOrdered<RequestRecord>()
    var grants = InsertionOrdered<GrantRecord>()
    var dismissed: [String: Set<String>] = [:]

    struct CellKey: Hashable, Sendable {
        var profileId: String
        var field: Field
        var circleId: String
    }
}

/// One transaction of `InMemoryCirclesStore`, over its own copy of the state.
final class InMemoryCirclesTransaction: CirclesStoreTransaction, InMemoryTransaction {
    typealias CellKey = InMemoryCirclesState.CellKey
    var state: InMemoryCirclesState
    /// Writes made so far; a transaction without any commits nothing.
    var changes: Int64 = 0

    /// Unique per write transaction (set by the store before the body runs), so tokens of uncommitted changes never
    /// repeat.
    var serial: Int64 = 0

    init(state: InMemoryCirclesState) {
        self.state = state
    }

    private func changed() { changes += 1 }

    /// Nothing when nothing changed; otherwise the changed state under the next version.
    var stateToCommit: InMemoryCirclesState? {
        guard changes > 0 else { return nil }
        var committed = state
        committed.version += 1
        return committed
    }

    /// The committed version; once this transaction has changed something, a value no other transaction has.
    func changeToken(owner: String) -> ChangeToken {
        ChangeToken(external: state.version, local: changes == 0 ? 0 : serial << 24 | changes)
    }

    // MARK: - Contacts

    func contacts(ownerAccountId: String) -> [Contact] {
        state.contacts.values.filter { $0.ownerAccountId == ownerAccountId }
    }

    func contact(id: String) -> Contact? { state.contacts[id] }

    func contact(ownerAccountId: String, linkedAccountId: String) -> Contact? {
        state.contacts.values.first { $0.ownerAccountId == ownerAccountId && $0.linkedAccountId == linkedAccountId }
    }

    func insertContact(_ contact: Contact) {
        var stored = contact
        stored.circleIds = []
        stored.circleNames = []
        state.contacts.insert(stored, id: contact.id)
        changed()
    }

    func updateContact(_ contact: Contact) {
        var stored = contact
        stored.circleIds = []
        stored.circleNames = []
        guard state.contacts.update(stored, id: contact.id) else { return }
        changed()
    }

    func deleteContact(id: String) {
        state.contacts.remove(id: id)
        state.memberships = state.memberships.filter { $0.contactId != id }
        changed()
    }

    // MARK: - Circles

    func circles(ownerAccountId: String) -> [Circle] {
        state.circles.values.filter { $0.ownerAccountId == ownerAccountId }.sorted { $0.position < $1.position }
    }

    func insertCircle(_ circle: Circle) {
        var stored = circle
        stored.memberCount = nil
        state.circles[circle.id] = stored
        changed()
    }

    func updateCircle(_ circle: Circle) {
        guard state.circles[circle.id] != nil else { return }
        var stored = circle
        stored.memberCount = nil
        state.circles[circle.id] = stored
        changed()
    }

    func deleteCircle(id: String) {
        state.circles[id] = nil
        state.memberships = state.memberships.filter { $0.circleId != id }
        state.cells = state.cells.filter { $0.key.circleId != id }
        for account in state.staged.keys {
            state.staged[account] = state.staged[account]?.filter { $0.key.circleId != id }
        }
        state.profiles.modifyAll { profile in profile.shownToCircleIds.removeAll { $0 == id } }
        changed()
    }

    func memberships(ownerAccountId: String) -> [Membership] {
        state.memberships.filter { state.circles[$0.circleId]?.ownerAccountId == ownerAccountId }
    }

    func insertMembership(_ membership: Membership) {
        state.memberships.insert(membership)
        changed()
    }

    func deleteMembership(_ membership: Membership) {
        state.memberships.remove(membership)
        changed()
    }

    // MARK: - Profiles

    func profiles(ownerAccountId: String) -> [Profile] {
        state.profiles.values.filter { $0.ownerAccountId == ownerAccountId }
    }

    func profile(id: String) -> Profile? { state.profiles[id] }

    func profile(username: String) -> Profile? {
        let key = username.lowercased()
        return state.profiles.values.first { $0.username?.lowercased() == key }
    }

    func insertProfile(_ profile: Profile) {
        state.profiles.insert(profile, id: profile.id)
        changed()
    }

    func updateProfile(_ profile: Profile) {
        guard state.profiles.update(profile, id: profile.id) else { return }
        changed()
    }

    func deleteProfile(id: String) {
        state.profiles.remove(id: id)
        state.cells = state.cells.filter { $0.key.profileId != id }
        for account in state.staged.keys {
            state.staged[account] = state.staged[account]?.filter { $0.key.profileId != id }
        }
        state.requests.removeAll { $0.profileId == id }
        state.grants.removeAll { $0.profileId == id }
        for (account, persona) in state.personas where persona == id { state.personas[account] = nil }
        changed()
    }

    func activePersonaId(accountId: String) -> String? { state.personas[accountId] }

    func setActivePersonaId(_ profileId: String?, accountId: String) {
        state.personas[accountId] = profileId
        changed()
    }

    // MARK: - The matrix

    func cells(ownerAccountId: String) -> [MatrixCell] {
        state.cells.compactMap { key, access in
            state.profiles[key.profileId]?.ownerAccountId == ownerAccountId
                ? MatrixCell(profileId: key.profileId, field: key.field, circleId: key.circleId, access: access) : nil
        }
    }

    func cells(profileId: String) -> [MatrixCell] {
        state.cells.compactMap { key, access in
            key.profileId == profileId
                ? MatrixCell(profileId: key.profileId, field: key.field, circleId: key.circleId, access: access) : nil
        }
    }

    func setCell(_ cell: MatrixCell) {
        state.cells[CellKey(profileId: cell.profileId, field: cell.field, circleId: cell.circleId)] = cell.access
        changed()
    }

    func stagedCells(accountId: String, profileId: String) -> [MatrixCell] {
        (state.staged[accountId] ?? [:]).compactMap { key, access in
            key.profileId == profileId
                ? MatrixCell(profileId: key.profileId, field: key.field, circleId: key.circleId, access: access) : nil
        }
    }

    func profilesWithStagedCells(accountId: String) -> [String] {
        Array(Set((state.staged[accountId] ?? [:]).keys.map(\.profileId))).sorted()
    }

    func stageCell(_ cell: MatrixCell, accountId: String) {
        state.staged[accountId, default: [:]][
            CellKey(profileId: cell.profileId, field: cell.field, circleId: cell.circleId)] = cell.access
        changed()
    }

    func clearStagedCells(accountId: String, profileId: String) {
        state.staged[accountId] = state.staged[accountId]?.filter { $0.key.profileId != profileId }
        changed()
    }

    // MARK: - Requests and grants

    func requests(ownerAccountId: String) -> [RequestRecord] {
        state.requests.values.filter { $0.ownerAccountId == ownerAccountId }
    }

    func insertRequest(_ request: RequestRecord) {
        state.requests.insert(request, id: request.id)
        changed()
    }

    func updateRequest(_ request: RequestRecord) {
        guard state.requests.update(request, id: request.id) else { return }
        changed()
    }

    func grants(ownerAccountId: String) -> [GrantRecord] {
        state.grants.values.filter { $0.ownerAccountId == ownerAccountId }
    }

    func insertGrant(_ grant: GrantRecord) {
        state.grants.insert(grant, id: grant.id)
        changed()
    }

    func deleteGrant(id: String) {
        state.grants.remove(id: id)
        changed()
    }

    // MARK: - Suggestions

    func dismissedSuggestions(ownerAccountId: String) -> Set<String> { state.dismissed[ownerAccountId] ?? [] }

    func dismissSuggestion(_ suggestionId: String, ownerAccountId: String) {
        state.dismissed[ownerAccountId, default: []].insert(suggestionId)
        changed()
    }

    // MARK: - An account's deletion and export

    func contacts(linkedAccountId: String) -> [Contact] {
        state.contacts.values.filter { $0.linkedAccountId == linkedAccountId }
    }

    func requests(requesterAccountId: String) -> [RequestRecord] {
        state.requests.values.filter { $0.requesterAccountId == requesterAccountId }
    }

    func grants(viewerAccountId: String) -> [GrantRecord] {
        state.grants.values.filter { $0.viewerAccountId == viewerAccountId }
    }

    func deleteContacts(ownerAccountId: String) {
        let ids = Set(contacts(ownerAccountId: ownerAccountId).map(\.id))
        state.contacts.removeAll { ids.contains($0.id) }
        state.memberships = state.memberships.filter { !ids.contains($0.contactId) }
        changed()
    }

    func deleteCircles(ownerAccountId: String) {
        for circle in circles(ownerAccountId: ownerAccountId) { deleteCircle(id: circle.id) }
        changed()
    }

    func deleteProfiles(ownerAccountId: String) {
        for profile in profiles(ownerAccountId: ownerAccountId) { deleteProfile(id: profile.id) }
        changed()
    }

    func deleteActivePersona(accountId: String) {
        state.personas[accountId] = nil
        changed()
    }

    func deleteStagedCells(accountId: String) {
        state.staged[accountId] = nil
        changed()
    }

    func deleteDismissedSuggestions(ownerAccountId: String) {
        state.dismissed[ownerAccountId] = nil
        changed()
    }

    func deleteRequests(requesterAccountId: String) {
        state.requests.removeAll { $0.requesterAccountId == requesterAccountId }
        changed()
    }

    func deleteGrants(viewerAccountId: String) {
        state.grants.removeAll { $0.viewerAccountId == viewerAccountId }
        changed()
    }

    /// One version for every owner, which the commit bumps: nothing of the owner's own to forget.
    func deleteChangeVersion(owner: String) {}
}
