import Foundation

/// A store transaction that answers a repeated read of an owner's contacts, circles, memberships, profiles or requests
/// (or an account's active persona) from memory, until a write that may change it: a membership written forgets the
/// memberships; any other write forgets everything.
///
/// One call's rules read the same lists several times (find the circle, check the members, then build the detail
/// the call answers with); inside one transaction those reads cannot change but by the call's own writes, so the
/// answer is the same and the store is asked once. On PostgreSQL each read is a round trip. The lists are the
/// stored rows: a contact's circles and a circle's member count are filled in by the rules from the memberships,
/// so writing a membership changes no other list.
///
/// A call that knows which lists it will need can `prefetch` them: the store then sends their queries together
/// with its next statement (one round trip for all on PostgreSQL), and each is read when first asked for.
final class MemoizedTransaction: CirclesStoreTransaction {
    /// What `prefetch` can ask for, by owner.
    enum OwnerList: CaseIterable {
        case contacts, circles, memberships, profiles, requests, activePersona
    }

    private let base: any CirclesStoreTransaction
    private var contacts = Memo<[Contact]>()
    private var circles = Memo<[Circle]>()
    private var memberships = Memo<[Membership]>()
    private var profiles = Memo<[Profile]>()
    private var requests = Memo<[RequestRecord]>()
    private var activePersonas = Memo<String?>()

    init(_ base: any CirclesStoreTransaction) { self.base = base }

    /// One kind of read, by owner: read, or asked for and not read yet.
    private struct Memo<Value> {
        enum Entry {
            case known(Value)
            case pending(() throws -> Value)
        }
        var entries: [String: Entry] = [:]

        mutating func value(_ owner: String, _ read: (String) throws -> Value) throws -> Value {
            let value: Value
            switch entries[owner] {
            case .known(let known): return known
            case .pending(let answer): value = try answer()
            case nil: value = try read(owner)
            }
            entries[owner] = .known(value)
            return value
        }

        mutating func expect(_ owner: String, _ later: (String) throws -> () throws -> Value) throws {
            if entries[owner] == nil { entries[owner] = .pending(try later(owner)) }
        }
    }

    /// Asks the store for `lists` of `owner` now, to be read with its next statement; must come before any write
    /// of the transaction (a write forgets what was asked, so a later call reads again).
    func prefetch(_ lists: [OwnerList], owner: String) throws {
        for list in lists {
            switch list {
            case .contacts: try contacts.expect(owner, base.contactsLater)
            case .circles: try circles.expect(owner, base.circlesLater)
            case .memberships: try memberships.expect(owner, base.membershipsLater)
            case .profiles: try profiles.expect(owner, base.profilesLater)
            case .requests: try requests.expect(owner, base.requestsLater)
            case .activePersona: try activePersonas.expect(owner, base.activePersonaIdLater)
            }
        }
    }

    /// The store, for a write: what was read may be about to change, so it is forgotten first.
    private func writing() -> any CirclesStoreTransaction {
        contacts = Memo()
        circles = Memo()
        memberships = Memo()
        profiles = Memo()
        requests = Memo()
        activePersonas = Memo()
        return base
    }

    /// The store, for a membership write: only the memberships can change, as the lists are the stored rows.
    private func writingMembership() -> any CirclesStoreTransaction {
        memberships = Memo()
        return base
    }

    func changeToken(owner: String) throws -> ChangeToken { try base.changeToken(owner: owner) }
    func changeTokenLater(owner: String) throws -> () throws -> ChangeToken {
        try base.changeTokenLater(owner: owner)
    }

    // MARK: - Contacts

    func contacts(ownerAccountId: String) throws -> [Contact] {
        try contacts.value(ownerAccountId) { try base.contacts(ownerAccountId: $0) }
    }
    func contact(id: String) throws -> Contact? { try base.contact(id: id) }
    func contact(ownerAccountId: String, linkedAccountId: String) throws -> Contact? {
        try base.contact(ownerAccountId: ownerAccountId, linkedAccountId: linkedAccountId)
    }
    func insertContact(_ contact: Contact) throws { try writing().insertContact(contact) }
    func updateContact(_ contact: Contact) throws { try writing().updateContact(contact) }
    func deleteContact(id: String) throws { try writing().deleteContact(id: id) }

    // MARK: - Circles

    func circles(ownerAccountId: String) throws -> [Circle] {
        try circles.value(ownerAccountId) { try base.circles(ownerAccountId: $0) }
    }
    func insertCircle(_ circle: Circle) throws { try writing().insertCircle(circle) }
    func updateCircle(_ circle: Circle) throws { try writing().updateCircle(circle) }
    func deleteCircle(id: String) throws { try writing().deleteCircle(id: id) }
    func memberships(ownerAccountId: String) throws -> [Membership] {
        try memberships.value(ownerAccountId) { try base.memberships(ownerAccountId: $0) }
    }
    func insertMembership(_ membership: Membership) throws { try writingMembership().insertMembership(membership) }
    func deleteMembership(_ membership: Membership) throws { try writingMembership().deleteMembership(membership) }

    // MARK: - Profiles

    func profiles(ownerAccountId: String) throws -> [Profile] {
        try profiles.value(ownerAccountId) { try base.profiles(ownerAccountId: $0) }
    }
    func profile(id: String) throws -> Profile? { try base.profile(id: id) }
    func profile(username: String) throws -> Profile? { try base.profile(username: username) }
    func insertProfile(_ profile: Profile) throws { try writing().insertProfile(profile) }
    func updateProfile(_ profile: Profile) throws { try writing().updateProfile(profile) }
    func deleteProfile(id: String) throws { try writing().deleteProfile(id: id) }
    func activePersonaId(accountId: String) throws -> String? {
        try activePersonas.value(accountId) { try base.activePersonaId(accountId: $0) }
    }
    func setActivePersonaId(_ profileId: String?, accountId: String) throws {
        try writing().setActivePersonaId(profileId, accountId: accountId)
    }

    // MARK: - The matrix

    func cells(ownerAccountId: String) throws -> [MatrixCell] { try base.cells(ownerAccountId: ownerAccountId) }
    func cells(profileId: String) throws -> [MatrixCell] { try base.cells(profileId: profileId) }
    func setCell(_ cell: MatrixCell) throws { try writing().setCell(cell) }
    func stagedCells(accountId: String, profileId: String) throws -> [MatrixCell] {
        try base.stagedCells(accountId: accountId, profileId: profileId)
    }
    func profilesWithStagedCells(accountId: String) throws -> [String] {
        try base.profilesWithStagedCells(accountId: accountId)
    }
    func stageCell(_ cell: MatrixCell, accountId: String) throws { try writing().stageCell(cell, accountId: accountId) }
    func clearStagedCells(accountId: String, profileId: String) throws {
        try writing().clearStagedCells(accountId: accountId, profileId: profileId)
    }

    // MARK: - Requests and grants

    func requests(ownerAccountId: String) throws -> [RequestRecord] {
        try requests.value(ownerAccountId) { try base.requests(ownerAccountId: $0) }
    }
    func insertRequest(_ request: RequestRecord) throws { try writing().insertRequest(request) }
    func updateRequest(_ request: RequestRecord) throws { try writing().updateRequest(request) }
    func grants(ownerAccountId: String) throws -> [GrantRecord] { try base.grants(ownerAccountId: ownerAccountId) }
    func insertGrant(_ grant: GrantRecord) throws { try writing().insertGrant(grant) }
    func deleteGrant(id: String) throws { try writing().deleteGrant(id: id) }

    // MARK: - Suggestions

    func dismissedSuggestions(ownerAccountId: String) throws -> Set<String> {
        try base.dismissedSuggestions(ownerAccountId: ownerAccountId)
    }
    func dismissSuggestion(_ suggestionId: String, ownerAccountId: String) throws {
        try writing().dismissSuggestion(suggestionId, ownerAccountId: ownerAccountId)
    }

    // MARK: - An account's deletion and export

    func contacts(linkedAccountId: String) throws -> [Contact] { try base.contacts(linkedAccountId: linkedAccountId) }
    func requests(requesterAccountId: String) throws -> [RequestRecord] {
        try base.requests(requesterAccountId: requesterAccountId)
    }
    func grants(viewerAccountId: String) throws -> [GrantRecord] { try base.grants(viewerAccountId: viewerAccountId) }
    func deleteContacts(ownerAccountId: String) throws { try writing().deleteContacts(ownerAccountId: ownerAccountId) }
    func deleteCircles(ownerAccountId: String) throws { try writing().deleteCircles(ownerAccountId: ownerAccountId) }
    func deleteProfiles(ownerAccountId: String) throws { try writing().deleteProfiles(ownerAccountId: ownerAccountId) }
    func deleteActivePersona(accountId: String) throws { try writing().deleteActivePersona(accountId: accountId) }
    func deleteStagedCells(accountId: String) throws { try writing().deleteStagedCells(accountId: accountId) }
    func deleteDismissedSuggestions(ownerAccountId: String) throws {
        try writing().deleteDismissedSuggestions(ownerAccountId: ownerAccountId)
    }
    func deleteRequests(requesterAccountId: String) throws {
        try writing().deleteRequests(requesterAccountId: requesterAccountId)
    }
    func deleteGrants(viewerAccountId: String) throws { try writing().deleteGrants(viewerAccountId: viewerAccountId) }
    func deleteChangeVersion(owner: String) throws { try writing().deleteChangeVersion(owner: owner) }
}
