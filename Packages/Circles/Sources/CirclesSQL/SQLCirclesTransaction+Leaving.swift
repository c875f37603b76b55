import Circles
import Storage

/// The reads and deletes an account's deletion and export need (`CirclesAccountData` holds their rules). Each delete
/// is one statement over an index (`circles.9-leaving-indexes` on SQLite, `circles.5` on PostgreSQL); the rows that
/// refer to a deleted contact, circle or profile go by ON DELETE CASCADE, and the version triggers bump every owner
/// whose rows change.
extension SQLCirclesTransaction {
    public func contacts(linkedAccountId: String) throws -> [Contact] {
        try contacts(
            connection.query(
                "SELECT \(Self.contactColumns) FROM circles_contacts WHERE linked_account_id = ? ORDER BY seq",
                [linkedAccountId]))
    }

    public func requests(requesterAccountId: String) throws -> [RequestRecord] {
        try Self.requests(
            connection.query(
                "SELECT \(Self.requestColumns) FROM circles_requests WHERE requester_account_id = ? ORDER BY seq",
                [requesterAccountId]))
    }

    public func grants(viewerAccountId: String) throws -> [GrantRecord] {
        try Self.grants(
            connection.query(
                "SELECT \(Self.grantColumns) FROM circles_grants WHERE viewer_account_id = ? ORDER BY seq",
                [viewerAccountId]))
    }

    public func deleteContacts(ownerAccountId: String) throws {
        try delete("DELETE FROM circles_contacts WHERE owner_account_id = ?", ownerAccountId)
    }

    public func deleteCircles(ownerAccountId: String) throws {
        try delete("DELETE FROM circles_circles WHERE owner_account_id = ?", ownerAccountId)
    }

    public func deleteProfiles(ownerAccountId: String) throws {
        try delete("DELETE FROM circles_profiles WHERE owner_account_id = ?", ownerAccountId)
    }

    public func deleteActivePersona(accountId: String) throws {
        try delete("DELETE FROM circles_personas WHERE account_id = ?", accountId)
    }

    public func deleteStagedCells(accountId: String) throws {
        try delete("DELETE FROM circles_staged_cells WHERE account_id = ?", accountId)
    }

    public func deleteDismissedSuggestions(ownerAccountId: String) throws {
        try delete("DELETE FROM circles_dismissed_suggestions WHERE owner_account_id = ?", ownerAccountId)
    }

    public func deleteRequests(requesterAccountId: String) throws {
        try delete("DELETE FROM circles_requests WHERE requester_account_id = ?", requesterAccountId)
    }

    public func deleteGrants(viewerAccountId: String) throws {
        try delete("DELETE FROM circles_grants WHERE viewer_account_id = ?", viewerAccountId)
    }

    public func deleteChangeVersion(owner: String) throws {
        try delete("DELETE FROM circles_versions WHERE owner_account_id = ?", owner)
    }

    private func delete(_ statement: String, _ accountId: String) throws {
        wrote()
        try connection.execute(statement, [accountId])
    }
}
