import Foundation
import Households
import Kernel

/// A cheap value that changes whenever one owner's stored Circles data may have changed (by this process or
/// another): two transactions that see the same token for an owner, on any connection, see the same data of that
/// owner.
///
/// The access engine rebuilds an owner's index when the owner's token differs from the one it was built under, so
/// a write by one account leaves every other account's index valid.
public struct ChangeToken: Sendable, Hashable {
    /// The version of the owner's committed data the transaction sees (SQLite and PostgreSQL: the owner's row of a
    /// versions table, which triggers bump on every change to a row of that owner; in memory: one version for
    /// every owner, bumped by each commit that changed something).
    public var external: Int64
    /// Tells apart a transaction's own uncommitted changes, so a token seen inside a transaction that rolls
    /// back is never matched again (SQLite: the connection's `total_changes()`, 0 on readers).
    public var local: Int64

    public init(external: Int64, local: Int64) {
        self.external = external
        self.local = local
    }
}

/// Where Circles persists, sharing each transaction with Identity's tables. Stores hold no rules.
public protocol CirclesStore: TransactionalStore
where Transaction == (any CirclesStoreTransaction, any HouseholdsStoreTransaction) {
    /// The current change token of `owner`'s committed data.
    func changeToken(owner: String) async throws -> ChangeToken
}

/// The plain reads and writes of Circles' data. Valid only inside a `read`/`write` body.
public protocol CirclesStoreTransaction {
    /// `owner`'s change token as this transaction sees it (inside `write`: including its own changes so far).
    func changeToken(owner: String) throws -> ChangeToken

    // MARK: - Contacts

    /// The owner's contacts, in creation order.
    func contacts(ownerAccountId: String) throws -> [Contact]
    func contact(id: String) throws -> Contact?
    /// The owner's contact linked to `linkedAccountId`.
    func contact(ownerAccountId: String, linkedAccountId: String) throws -> Contact?
    func insertContact(_ contact: Contact) throws
    func updateContact(_ contact: Contact) throws
    /// Deletes a contact and its memberships.
    func deleteContact(id: String) throws

    // MARK: - Circles

    /// The owner's circles, by position.
    func circles(ownerAccountId: String) throws -> [Circle]
    func insertCircle(_ circle: Circle) throws
    func updateCircle(_ circle: Circle) throws
    /// Deletes a circle with its memberships, matrix cells, staged edits and shadow audiences.
    func deleteCircle(id: String) throws
    /// Every membership of the owner's circles.
    func memberships(ownerAccountId: String) throws -> [Membership]
    func insertMembership(_ membership: Membership) throws
    func deleteMembership(_ membership: Membership) throws

    // MARK: - Profiles

    /// The account's profiles, in creation order.
    func profiles(ownerAccountId: String) throws -> [Profile]
    func profile(id: String) throws -> Profile?
    /// The profile with this username (compared lower-cased).
    func profile(username: String) throws -> Profile?
    func insertProfile(_ profile: Profile) throws
    func updateProfile(_ profile: Profile) throws
    /// Deletes a profile with its cells, staged edits, requests and grants.
    func deleteProfile(id: String) throws
    /// The account's persisted active persona.
    func activePersonaId(accountId: String) throws -> String?
    func setActivePersonaId(_ profileId: String?, accountId: String) throws

    // MARK: - The matrix

    /// The stored cells of the owner's profiles (a missing cell has its default).
    func cells(ownerAccountId: String) throws -> [MatrixCell]
    func cells(profileId: String) throws -> [MatrixCell]
    /// Stores one cell, replacing the previous value.
    func setCell(_ cell: MatrixCell) throws
    /// The account's staged edits of a profile.
    func stagedCells(accountId: String, profileId: String) throws -> [MatrixCell]
    /// The profiles of the account with staged edits.
    func profilesWithStagedCells(accountId: String) throws -> [String]
    func stageCell(_ cell: MatrixCell, accountId: String) throws
    func clearStagedCells(accountId: String, profileId: String) throws

    // MARK: - Requests and grants

    /// Every request to the owner (any status).
    func requests(ownerAccountId: String) throws -> [RequestRecord]
    func insertRequest(_ request: RequestRecord) throws
    func updateRequest(_ request: RequestRecord) throws
    /// Every grant of the owner.
    func grants(ownerAccountId: String) throws -> [GrantRecord]
    func insertGrant(_ grant: GrantRecord) throws
    func deleteGrant(id: String) throws

    // MARK: - Suggestions

    func dismissedSuggestions(ownerAccountId: String) throws -> Set<String>
    func dismissSuggestion(_ suggestionId: String, ownerAccountId: String) throws

    // MARK: - An account's deletion and export

    /// Every owner's contact linked to `linkedAccountId`, in creation order.
    func contacts(linkedAccountId: String) throws -> [Contact]
    /// Every request `requesterAccountId` made, to any owner, in any status, in creation order.
    func requests(requesterAccountId: String) throws -> [RequestRecord]
    /// Every grant `viewerAccountId` holds, of any owner, in creation order.
    func grants(viewerAccountId: String) throws -> [GrantRecord]
    /// Deletes the owner's contacts with their memberships.
    func deleteContacts(ownerAccountId: String) throws
    /// Deletes the owner's circles with their memberships, matrix cells, staged edits and shadow audiences.
    func deleteCircles(ownerAccountId: String) throws
    /// Deletes the account's profiles with their cells, staged edits, requests, grants and audiences (an active
    /// persona naming one of them is cleared).
    func deleteProfiles(ownerAccountId: String) throws
    /// Deletes the account's persisted active persona.
    func deleteActivePersona(accountId: String) throws
    /// Deletes the account's staged edits of every profile.
    func deleteStagedCells(accountId: String) throws
    func deleteDismissedSuggestions(ownerAccountId: String) throws
    /// Deletes every request `requesterAccountId` made, to any owner.
    func deleteRequests(requesterAccountId: String) throws
    /// Deletes every grant `viewerAccountId` holds, of any owner.
    func deleteGrants(viewerAccountId: String) throws
    /// Forgets `owner`'s change version (SQL: its version row), which any later change of the owner's rows would
    /// bring back: the last step of removing an owner.
    func deleteChangeVersion(owner: String) throws

    // MARK: - Reads that can wait

    /// `owner`'s change token as `changeToken(owner:)` reads it, when the returned function is first called; as
    /// `contactsLater`.
    func changeTokenLater(owner: String) throws -> () throws -> ChangeToken

    /// The owner's contacts as `contacts(ownerAccountId:)` reads them, when the returned function is first called.
    /// A store that can (PostgreSQL) sends the query with the transaction's next statement rather than alone, so
    /// the caller must call it before the transaction writes anything (or not at all). The default reads when called.
    func contactsLater(ownerAccountId: String) throws -> () throws -> [Contact]
    /// The owner's circles, as `contactsLater`.
    func circlesLater(ownerAccountId: String) throws -> () throws -> [Circle]
    /// The owner's memberships, as `contactsLater`.
    func membershipsLater(ownerAccountId: String) throws -> () throws -> [Membership]
    /// The account's profiles, as `contactsLater`.
    func profilesLater(ownerAccountId: String) throws -> () throws -> [Profile]
    /// Every request to the owner, as `contactsLater`.
    func requestsLater(ownerAccountId: String) throws -> () throws -> [RequestRecord]
    /// The account's persisted active persona, as `contactsLater`.
    func activePersonaIdLater(accountId: String) throws -> () throws -> String?
}

extension CirclesStoreTransaction {
    public func changeTokenLater(owner: String) throws -> () throws -> ChangeToken {
        { try changeToken(owner: owner) }
    }
    public func contactsLater(ownerAccountId: String) throws -> () throws -> [Contact] {
        { try contacts(ownerAccountId: ownerAccountId) }
    }
    public func circlesLater(ownerAccountId: String) throws -> () throws -> [Circle] {
        { try circles(ownerAccountId: ownerAccountId) }
    }
    public func membershipsLater(ownerAccountId: String) throws -> () throws -> [Membership] {
        { try memberships(ownerAccountId: ownerAccountId) }
    }
    public func profilesLater(ownerAccountId: String) throws -> () throws -> [Profile] {
        { try profiles(ownerAccountId: ownerAccountId) }
    }
    public func requestsLater(ownerAccountId: String) throws -> () throws -> [RequestRecord] {
        { try requests(ownerAccountId: ownerAccountId) }
    }
    public func activePersonaIdLater(accountId: String) throws -> () throws -> String? {
        { try activePersonaId(accountId: accountId) }
    }
}
