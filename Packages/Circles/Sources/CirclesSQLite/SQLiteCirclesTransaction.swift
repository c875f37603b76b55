import Circles
import Foundation
import GRDB

/// One GRDB transaction seen as a `CirclesStoreTransaction`. Plain SQL, no rules.
public struct SQLiteCirclesTransaction: CirclesStoreTransaction {
    let db: Database

    /// A view over `db`, valid inside the GRDB transaction it belongs to.
    public init(_ db: Database) {
        self.db = db
    }

    /// The version of `owner`'s Circles data `db` sees (bumped by triggers on every change to a row of that owner),
    /// with `total_changes()` of `db`'s connection.
    ///
    /// The version alone would repeat after a rollback: a transaction that changed rows and then rolled back saw
    /// versions a later commit reaches with other data. `total_changes()` never goes back, and is 0 on reader
    /// connections (they never write), so a token seen inside such a transaction is never seen again.
    static func token(_ db: Database, owner: String) throws -> ChangeToken {
        let version =
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT version FROM circles_owner_versions WHERE owner_account_id = ?"),
                arguments: [owner]) ?? 0
        // `sqlite3_total_changes` itself, as `total_changes()` returns: no statement to step.
        return ChangeToken(external: version, local: Int64(db.totalChangesCount))
    }

    public func changeToken(owner: String) throws -> ChangeToken { try Self.token(db, owner: owner) }

    private func nextSeq(_ table: String) throws -> Int64 {
        (try Int64.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(seq), 0) + 1 FROM \(table)"))) ?? 1
    }

    // MARK: - Contacts

    private static let contactColumns =
        "id, owner_account_id, display_name, linked_account_id, phone, email, created_at"

    private static func contact(_ row: Row) -> Contact {
        Contact(
            id: row["id"], ownerAccountId: row["owner_account_id"], displayName: row["display_name"],
            linkedAccountId: row["linked_account_id"], phone: row["phone"], email: row["email"],
            createdAt: row["created_at"])
    }

    public func contacts(ownerAccountId: String) throws -> [Contact] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(Self.contactColumns) FROM circles_contacts WHERE owner_account_id = ? ORDER BY seq"),
            arguments: [ownerAccountId]
        ).map(Self.contact)
    }

    public func contact(id: String) throws -> Contact? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.contactColumns) FROM circles_contacts WHERE id = ?"), arguments: [id]
        )
        .map(Self.contact)
    }

    public func contact(ownerAccountId: String, linkedAccountId: String) throws -> Contact? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT \(Self.contactColumns) FROM circles_contacts WHERE owner_account_id = ? AND linked_account_id = ?
                    """),
            arguments: [ownerAccountId, linkedAccountId]
        ).map(Self.contact)
    }

    public func insertContact(_ contact: Contact) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO circles_contacts
                    (id, owner_account_id, display_name, linked_account_id, phone, email, created_at, seq)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            contact.id, contact.ownerAccountId, contact.displayName, contact.linkedAccountId, contact.phone,
            contact.email, contact.createdAt, try nextSeq("circles_contacts"),
        ])
    }

    public func updateContact(_ contact: Contact) throws {
        try db.cachedStatement(
            sql: """
                UPDATE circles_contacts SET display_name = ?, linked_account_id = ?, phone = ?, email = ? WHERE id = ?
                """
        ).execute(arguments: [contact.displayName, contact.linkedAccountId, contact.phone, contact.email, contact.id])
    }

    public func deleteContact(id: String) throws {
        try db.cachedStatement(sql: "DELETE FROM circles_contacts WHERE id = ?").execute(arguments: [id])
    }

    // MARK: - Circles

    public func circles(ownerAccountId: String) throws -> [Circle] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT id, owner_account_id, name, built_in, emoji, color, position, created_at
                    FROM circles_circles WHERE owner_account_id = ? ORDER BY position
                    """),
            arguments: [ownerAccountId]
        ).map { row in
            Circle(
                id: row["id"], ownerAccountId: row["owner_account_id"], name: row["name"],
                builtIn: (row["built_in"] as String?).flatMap(BuiltInCircle.init(rawValue:)), emoji: row["emoji"],
                color: CircleColor(rawValue: row["color"]) ?? .gray, position: row["position"],
                createdAt: row["created_at"])
        }
    }

    public func insertCircle(_ circle: Circle) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO circles_circles (id, owner_account_id, name, built_in, emoji, color, position, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            circle.id, circle.ownerAccountId, circle.name, circle.builtIn?.rawValue, circle.emoji,
            circle.color.rawValue, circle.position, circle.createdAt,
        ])
    }

    public func updateCircle(_ circle: Circle) throws {
        try db.cachedStatement(
            sql: "UPDATE circles_circles SET name = ?, emoji = ?, color = ?, position = ? WHERE id = ?"
        ).execute(arguments: [circle.name, circle.emoji, circle.color.rawValue, circle.position, circle.id])
    }

    public func deleteCircle(id: String) throws {
        // Memberships, cells, staged cells and shadow audiences go by ON DELETE CASCADE.
        try db.cachedStatement(sql: "DELETE FROM circles_circles WHERE id = ?").execute(arguments: [id])
    }

    public func memberships(ownerAccountId: String) throws -> [Membership] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT circle_id, contact_id FROM circles_memberships WHERE owner_account_id = ?"),
            arguments: [ownerAccountId]
        ).map { Membership(circleId: $0["circle_id"], contactId: $0["contact_id"]) }
    }

    public func insertMembership(_ membership: Membership) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO circles_memberships (circle_id, contact_id, owner_account_id)
                SELECT ?, ?, owner_account_id FROM circles_circles WHERE id = ?
                """
        ).execute(arguments: [membership.circleId, membership.contactId, membership.circleId])
    }

    public func deleteMembership(_ membership: Membership) throws {
        try db.cachedStatement(sql: "DELETE FROM circles_memberships WHERE circle_id = ? AND contact_id = ?").execute(
            arguments: [membership.circleId, membership.contactId])
    }

    // MARK: - Profiles

    private static let profileColumns = """
        id, owner_account_id, type, display_name, username, bio, phone, email, photo, revealed_at, last_used_at,
        created_at
        """

    private func profiles(where condition: String, _ arguments: StatementArguments) throws -> [Profile] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(Self.profileColumns) FROM circles_profiles WHERE \(condition) ORDER BY seq"),
            arguments: arguments)
        guard !rows.isEmpty else { return [] }
        return try rows.map { row in
            let id: String = row["id"]
            let audience = try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT s.circle_id FROM circles_shadow_circles s JOIN circles_circles c ON c.id = s.circle_id
                        WHERE s.profile_id = ? ORDER BY c.position
                        """),
                arguments: [id])
            return Profile(
                id: id, ownerAccountId: row["owner_account_id"],
                type: ProfileType(rawValue: row["type"]) ?? .primary, displayName: row["display_name"],
                username: row["username"], bio: row["bio"], phone: row["phone"], email: row["email"],
                photo: row["photo"], shownToCircleIds: audience, revealedAt: row["revealed_at"],
                lastUsedAt: row["last_used_at"], createdAt: row["created_at"])
        }
    }

    public func profiles(ownerAccountId: String) throws -> [Profile] {
        try profiles(where: "owner_account_id = ?", [ownerAccountId])
    }

    public func profile(id: String) throws -> Profile? { try profiles(where: "id = ?", [id]).first }

    public func profile(username: String) throws -> Profile? {
        try profiles(where: "username = ?", [username.lowercased()]).first
    }

    public func insertProfile(_ profile: Profile) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO circles_profiles
                    (id, owner_account_id, type, display_name, username, bio, phone, email, photo, revealed_at,
                     last_used_at, created_at, seq)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            profile.id, profile.ownerAccountId, profile.type.rawValue, profile.displayName,
            profile.username?.lowercased(), profile.bio, profile.phone, profile.email, profile.photo,
            profile.revealedAt, profile.lastUsedAt, profile.createdAt, try nextSeq("circles_profiles"),
        ])
        try setAudience(profile)
    }

    public func updateProfile(_ profile: Profile) throws {
        try db.cachedStatement(
            sql: """
                UPDATE circles_profiles SET display_name = ?, username = ?, bio = ?, phone = ?, email = ?, photo = ?,
                    revealed_at = ?, last_used_at = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            profile.displayName, profile.username?.lowercased(), profile.bio, profile.phone, profile.email,
            profile.photo, profile.revealedAt, profile.lastUsedAt, profile.id,
        ])
        try setAudience(profile)
    }

    private func setAudience(_ profile: Profile) throws {
        let current = try String.fetchAll(
            db.cachedStatement(sql: "SELECT circle_id FROM circles_shadow_circles WHERE profile_id = ?"),
            arguments: [profile.id])
        guard Set(current) != Set(profile.shownToCircleIds) else { return }
        try db.cachedStatement(sql: "DELETE FROM circles_shadow_circles WHERE profile_id = ?").execute(arguments: [
            profile.id
        ])
        for circleId in profile.shownToCircleIds {
            try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO circles_shadow_circles (profile_id, circle_id) VALUES (?, ?)"
            ).execute(arguments: [profile.id, circleId])
        }
    }

    public func deleteProfile(id: String) throws {
        // Cells, staged cells, requests, grants and audiences go by ON DELETE CASCADE.
        try db.cachedStatement(sql: "DELETE FROM circles_profiles WHERE id = ?").execute(arguments: [id])
    }

    public func activePersonaId(accountId: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT profile_id FROM circles_personas WHERE account_id = ?"),
            arguments: [accountId])
    }

    public func setActivePersonaId(_ profileId: String?, accountId: String) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO circles_personas (account_id, profile_id) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET profile_id = excluded.profile_id
                """
        ).execute(arguments: [accountId, profileId])
    }

    // MARK: - The matrix

    private static func cell(_ row: Row) -> MatrixCell? {
        guard let field = Field(rawValue: row["field"]), let access = Access(rawValue: row["access"]) else {
            return nil
        }
        return MatrixCell(profileId: row["profile_id"], field: field, circleId: row["circle_id"], access: access)
    }

    public func cells(ownerAccountId: String) throws -> [MatrixCell] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT profile_id, field, circle_id, access FROM circles_cells WHERE owner_account_id = ?"),
            arguments: [ownerAccountId]
        ).compactMap(Self.cell)
    }

    public func cells(profileId: String) throws -> [MatrixCell] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT profile_id, field, circle_id, access FROM circles_cells WHERE profile_id = ?"),
            arguments: [profileId]
        ).compactMap(Self.cell)
    }

    public func setCell(_ cell: MatrixCell) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO circles_cells (profile_id, field, circle_id, access, owner_account_id)
                SELECT ?, ?, ?, ?, owner_account_id FROM circles_profiles WHERE id = ?
                ON CONFLICT (profile_id, field, circle_id) DO UPDATE SET access = excluded.access
                """
        ).execute(arguments: [cell.profileId, cell.field.rawValue, cell.circleId, cell.access.rawValue, cell.profileId])
    }

    public func stagedCells(accountId: String, profileId: String) throws -> [MatrixCell] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT profile_id, field, circle_id, access FROM circles_staged_cells
                    WHERE account_id = ? AND profile_id = ?
                    """),
            arguments: [accountId, profileId]
        ).compactMap(Self.cell)
    }

    public func profilesWithStagedCells(accountId: String) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: "SELECT DISTINCT profile_id FROM circles_staged_cells WHERE account_id = ? ORDER BY profile_id"),
            arguments: [accountId])
    }

    public func stageCell(_ cell: MatrixCell, accountId: String) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO circles_staged_cells (account_id, profile_id, field, circle_id, access)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (account_id, profile_id, field, circle_id) DO UPDATE SET access = excluded.access
                """
        ).execute(arguments: [accountId, cell.profileId, cell.field.rawValue, cell.circleId, cell.access.rawValue])
    }

    public func clearStagedCells(accountId: String, profileId: String) throws {
        try db.cachedStatement(sql: "DELETE FROM circles_staged_cells WHERE account_id = ? AND profile_id = ?").execute(
            arguments: [accountId, profileId])
    }

    // MARK: - Requests and grants

    public func requests(ownerAccountId: String) throws -> [RequestRecord] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM circles_requests WHERE owner_account_id = ? ORDER BY seq"),
            arguments: [ownerAccountId]
        ).compactMap { row in
            guard let field = Field(rawValue: row["field"]), let status = RequestStatus(rawValue: row["status"]) else {
                return nil
            }
            return RequestRecord(
                id: row["id"], ownerAccountId: row["owner_account_id"], profileId: row["profile_id"],
                requesterAccountId: row["requester_account_id"], requesterProfileId: row["requester_profile_id"],
                requester: PersonaSummary(
                    displayName: row["requester_display_name"], username: row["requester_username"]),
                field: field, reason: row["reason"], createdAt: row["created_at"], expiresAt: row["expires_at"],
                status: status)
        }
    }

    public func insertRequest(_ request: RequestRecord) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO circles_requests
                    (id, owner_account_id, profile_id, requester_account_id, requester_profile_id,
                     requester_display_name, requester_username, field, reason, created_at, expires_at, status, seq)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            request.id, request.ownerAccountId, request.profileId, request.requesterAccountId,
            request.requesterProfileId, request.requester.displayName, request.requester.username,
            request.field.rawValue, request.reason, request.createdAt, request.expiresAt,
            request.status.rawValue, try nextSeq("circles_requests"),
        ])
    }

    public func updateRequest(_ request: RequestRecord) throws {
        try db.cachedStatement(sql: "UPDATE circles_requests SET status = ? WHERE id = ?").execute(arguments: [
            request.status.rawValue, request.id,
        ])
    }

    public func grants(ownerAccountId: String) throws -> [GrantRecord] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM circles_grants WHERE owner_account_id = ? ORDER BY seq"),
            arguments: [ownerAccountId]
        ).map { row in
            GrantRecord(
                id: row["id"], ownerAccountId: row["owner_account_id"], profileId: row["profile_id"],
                viewerAccountId: row["viewer_account_id"],
                viewer: PersonaSummary(displayName: row["viewer_display_name"], username: row["viewer_username"]),
                field: (row["field"] as String?).flatMap(Field.init(rawValue:)), createdAt: row["created_at"],
                expiresAt: row["expires_at"])
        }
    }

    public func insertGrant(_ grant: GrantRecord) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO circles_grants
                    (id, owner_account_id, profile_id, viewer_account_id, viewer_display_name, viewer_username, field,
                     created_at, expires_at, seq)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            grant.id, grant.ownerAccountId, grant.profileId, grant.viewerAccountId, grant.viewer.displayName,
            grant.viewer.username, grant.field?.rawValue, grant.createdAt, grant.expiresAt,
            try nextSeq("circles_grants"),
        ])
    }

    public func deleteGrant(id: String) throws {
        try db.cachedStatement(sql: "DELETE FROM circles_grants WHERE id = ?").execute(arguments: [id])
    }

    // MARK: - Suggestions

    public func dismissedSuggestions(ownerAccountId: String) throws -> Set<String> {
        Set(
            try String.fetchAll(
                db.cachedStatement(
                    sql: "SELECT suggestion_id FROM circles_dismissed_suggestions WHERE owner_account_id = ?"),
                arguments: [ownerAccountId]))
    }

    public func dismissSuggestion(_ suggestionId: String, ownerAccountId: String) throws {
        try db.cachedStatement(
            sql: "INSERT OR IGNORE INTO circles_dismissed_suggestions (owner_account_id, suggestion_id) VALUES (?, ?)"
        ).execute(arguments: [ownerAccountId, suggestionId])
    }
}
