import Circles
import Foundation
import Storage
import Synchronization

/// One transaction of SQLite or PostgreSQL seen as a `CirclesStoreTransaction`. Plain SQL written once with `?`
/// parameters, no rules; the engines differ only in how an insert numbers its row (`insert(into:)`).
///
/// An owner's change token: `circles_versions` holds one version per owner account, bumped by triggers on every
/// change to that account's Circles rows (cascaded deletes included), read with the transaction's snapshot. Once
/// the transaction has written, its tokens carry a mark that no other transaction of the process ever has, so
/// nothing seen inside it, committed or rolled back, is matched again (a rollback takes the version back, and a
/// later commit of the same size reaches it with other data).
public final class SQLCirclesTransaction: CirclesStoreTransaction {
    let connection: any SQLConnection
    /// Set by each write: the mark of the transaction's changes so far.
    private var writeMark: Int64?

    /// Unique per write, for the whole process: tokens are only ever compared by one process's engine.
    private static let marks = Atomic<Int64>(0)

    /// The Circles view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: any SQLConnection) {
        self.connection = connection
    }

    // MARK: - The change token

    public func changeToken(owner: String) throws -> ChangeToken {
        token(version: try Self.version(of: owner, connection))
    }

    public func changeTokenLater(owner: String) throws -> () throws -> ChangeToken {
        let answer = try connection.later(Self.versionOfOwner, [owner])
        return { self.token(version: Int64(try answer.first()?.int(0) ?? 0)) }
    }

    /// The token of a committed `version`, marked with this transaction's writes so far.
    private func token(version: Int64) -> ChangeToken {
        ChangeToken(external: version, local: writeMark.map { -$0 } ?? 0)
    }

    private static let versionOfOwner = "SELECT version FROM circles_versions WHERE owner_account_id = ?"

    /// The committed version of `owner`'s data (0 before its first row).
    static func version(of owner: String, _ connection: any SQLConnection) throws -> Int64 {
        let version = try connection.first(versionOfOwner, [owner])?.int(0)
        return Int64(version ?? 0)
    }

    private static func nextMark() -> Int64 { marks.add(1, ordering: .relaxed).newValue }

    /// Marks the transaction as having written (before each write).
    func wrote() {
        writeMark = Self.nextMark()
    }

    /// `INSERT INTO <table> (<columns>) VALUES (?, ...)` for a table whose rows are kept in creation order
    /// (`seq`), the one statement the engines spell differently: PostgreSQL numbers the row itself (an identity
    /// column: `MAX(seq) + 1` would read the whole table, so under SERIALIZABLE every insert would conflict with
    /// every other), SQLite, whose writes take turns, takes the next number.
    private func insert(into table: String, _ columns: String) -> String {
        let count = columns.split(separator: ",").count
        switch connection.dialect {
        case .postgres:
            return "INSERT INTO \(table) (\(columns)) VALUES (\(connection.marks(count)))"
        case .sqlite:
            return """
                INSERT INTO \(table) (\(columns), seq)
                VALUES (\(connection.marks(count)), (SELECT COALESCE(MAX(seq), 0) + 1 FROM \(table)))
                """
        }
    }

    // MARK: - Contacts

    static let contactColumns =
        "id, owner_account_id, display_name, linked_account_id, phone, email, created_at"

    func contacts(_ rows: [SQLRow]) throws -> [Contact] {
        try rows.map { row in
            let contact = Contact(
                id: try row.string(0), ownerAccountId: try row.string(1), displayName: try row.string(2),
                linkedAccountId: row[3], phone: row[4], email: row[5], createdAt: try row.date(6))
            return contact
        }
    }

    private static let contactsOfOwner =
        "SELECT \(contactColumns) FROM circles_contacts WHERE owner_account_id = ? ORDER BY seq"

    public func contacts(ownerAccountId: String) throws -> [Contact] {
        try contacts(connection.query(Self.contactsOfOwner, [ownerAccountId]))
    }

    public func contactsLater(ownerAccountId: String) throws -> () throws -> [Contact] {
        let answer = try connection.later(Self.contactsOfOwner, [ownerAccountId])
        return { try self.contacts(answer.rows()) }
    }

    public func contact(id: String) throws -> Contact? {
        try contacts(connection.query("SELECT \(Self.contactColumns) FROM circles_contacts WHERE id = ?", [id]))
            .first
    }

    public func contact(ownerAccountId: String, linkedAccountId: String) throws -> Contact? {
        return try contacts(
            connection.query(
                """
                SELECT \(Self.contactColumns) FROM circles_contacts WHERE owner_account_id = ? AND linked_account_id = ?
                """,
                [ownerAccountId, linkedAccountId])
        ).first
    }

    public func insertContact(_ contact: Contact) throws {
        wrote()
        try connection.execute(
            insert(
                into: "circles_contacts",
                "id, owner_account_id, display_name, linked_account_id, phone, email, created_at"),
            [
                contact.id, contact.ownerAccountId, contact.displayName, contact.linkedAccountId, contact.phone,
                contact.email, contact.createdAt,
            ])
    }

    public func updateContact(_ contact: Contact) throws {
        wrote()
        try connection.execute(
            "UPDATE circles_contacts SET display_name = ?, linked_account_id = ?, phone = ?, email = ? WHERE id = ?",
            [contact.displayName, contact.linkedAccountId, contact.phone, contact.email, contact.id])
    }

    public func deleteContact(id: String) throws {
        wrote()
        // Memberships go by ON DELETE CASCADE.
        try connection.execute("DELETE FROM circles_contacts WHERE id = ?", [id])
    }

    // MARK: - Circles

    private static let circlesOfOwner = """
        SELECT id, owner_account_id, name, built_in, emoji, color, position, created_at
        FROM circles_circles WHERE owner_account_id = ? ORDER BY position
        """

    private static func circles(_ rows: [SQLRow]) throws -> [Circle] {
        try rows.map { row in
            Circle(
                id: try row.string(0), ownerAccountId: try row.string(1), name: try row.string(2),
                builtIn: row[3].flatMap(BuiltInCircle.init(rawValue:)), emoji: try row.string(4),
                color: CircleColor(rawValue: try row.string(5)) ?? .gray, position: try row.int(6),
                createdAt: try row.date(7))
        }
    }

    public func circles(ownerAccountId: String) throws -> [Circle] {
        try Self.circles(connection.query(Self.circlesOfOwner, [ownerAccountId]))
    }

    public func circlesLater(ownerAccountId: String) throws -> () throws -> [Circle] {
        let answer = try connection.later(Self.circlesOfOwner, [ownerAccountId])
        return { try Self.circles(answer.rows()) }
    }

    public func insertCircle(_ circle: Circle) throws {
        wrote()
        try connection.execute(
            """
            INSERT INTO circles_circles (id, owner_account_id, name, built_in, emoji, color, position, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                circle.id, circle.ownerAccountId, circle.name, circle.builtIn?.rawValue, circle.emoji,
                circle.color.rawValue, circle.position, circle.createdAt,
            ])
    }

    public func updateCircle(_ circle: Circle) throws {
        wrote()
        try connection.execute(
            "UPDATE circles_circles SET name = ?, emoji = ?, color = ?, position = ? WHERE id = ?",
            [circle.name, circle.emoji, circle.color.rawValue, circle.position, circle.id])
    }

    public func deleteCircle(id: String) throws {
        wrote()
        // Memberships, cells, staged cells and shadow audiences go by ON DELETE CASCADE.
        try connection.execute("DELETE FROM circles_circles WHERE id = ?", [id])
    }

    private static let membershipsOfOwner =
        "SELECT circle_id, contact_id FROM circles_memberships WHERE owner_account_id = ?"

    private static func memberships(_ rows: [SQLRow]) throws -> [Membership] {
        try rows.map { Membership(circleId: try $0.string(0), contactId: try $0.string(1)) }
    }

    public func memberships(ownerAccountId: String) throws -> [Membership] {
        try Self.memberships(connection.query(Self.membershipsOfOwner, [ownerAccountId]))
    }

    public func membershipsLater(ownerAccountId: String) throws -> () throws -> [Membership] {
        let answer = try connection.later(Self.membershipsOfOwner, [ownerAccountId])
        return { try Self.memberships(answer.rows()) }
    }

    // A membership's insert and delete go out with the transaction's next statement: nothing is decided by their
    // answer, and a failure still fails the transaction (with its SQLSTATE, so a lost race is run again).

    public func insertMembership(_ membership: Membership) throws {
        wrote()
        _ = try connection.later(
            """
            INSERT INTO circles_memberships (circle_id, contact_id, owner_account_id)
            SELECT id, ?, owner_account_id FROM circles_circles WHERE id = ?
            ON CONFLICT (circle_id, contact_id) DO NOTHING
            """,
            [membership.contactId, membership.circleId])
    }

    public func deleteMembership(_ membership: Membership) throws {
        wrote()
        _ = try connection.later(
            "DELETE FROM circles_memberships WHERE circle_id = ? AND contact_id = ?",
            [membership.circleId, membership.contactId])
    }

    // MARK: - Profiles

    private static let profileColumns = """
        id, owner_account_id, type, display_name, username, bio, phone, email, photo, revealed_at, last_used_at,
        created_at
        """

    /// The profiles `condition` selects, in creation order, each with its audience (one more query for them all).
    private func profiles(where condition: String, _ parameters: [any SQLBindable]) throws -> [Profile] {
        let rows = try connection.query(
            "SELECT \(Self.profileColumns) FROM circles_profiles WHERE \(condition) ORDER BY seq", parameters)
        guard !rows.isEmpty else { return [] }
        let ids = try rows.map { try $0.string(0) }
        let audiences = try connection.query(
            """
            SELECT s.profile_id, s.circle_id FROM circles_shadow_circles s JOIN circles_circles c ON c.id = s.circle_id
            WHERE s.profile_id IN (\(connection.marks(ids.count))) ORDER BY c.position
            """,
            ids)
        return try Self.profiles(rows, audiences: audiences)
    }

    public func profilesLater(ownerAccountId: String) throws -> () throws -> [Profile] {
        let profiles = try connection.later(
            "SELECT \(Self.profileColumns) FROM circles_profiles WHERE owner_account_id = ? ORDER BY seq",
            [ownerAccountId])
        // The audiences by owner, so both queries go out together (`profiles(where:)` needs the ids first).
        let audiences = try connection.later(
            """
            SELECT s.profile_id, s.circle_id FROM circles_shadow_circles s JOIN circles_circles c ON c.id = s.circle_id
            JOIN circles_profiles p ON p.id = s.profile_id WHERE p.owner_account_id = ? ORDER BY c.position
            """,
            [ownerAccountId])
        return { try Self.profiles(profiles.rows(), audiences: audiences.rows()) }
    }

    /// Profiles from their rows, each with the circles it is shown to (`audiences`: profile id, circle id).
    private static func profiles(_ rows: [SQLRow], audiences audienceRows: [SQLRow]) throws -> [Profile] {
        var audiences: [String: [String]] = [:]
        for row in audienceRows {
            audiences[try row.string(0), default: []].append(try row.string(1))
        }
        return try rows.map { row in
            let id = try row.string(0)
            let profile = Profile(
                id: id, ownerAccountId: try row.string(1),
                type: ProfileType(rawValue: try row.string(2)) ?? .primary, displayName: try row.string(3),
                username: row[4], bio: row[5], phone: row[6], email: row[7], photo: row[8],
                shownToCircleIds: audiences[id] ?? [], revealedAt: try row.optionalDate(9),
                lastUsedAt: try row.optionalDate(10), createdAt: try row.date(11))
            return profile
        }
    }

    public func profiles(ownerAccountId: String) throws -> [Profile] {
        return try profiles(where: "owner_account_id = ?", [ownerAccountId])
    }

    public func profile(id: String) throws -> Profile? { try profiles(where: "id = ?", [id]).first }

    public func profile(username: String) throws -> Profile? {
        try profiles(where: "username = ?", [username.lowercased()]).first
    }

    public func insertProfile(_ profile: Profile) throws {
        wrote()
        try connection.execute(
            insert(
                into: "circles_profiles",
                """
                id, owner_account_id, type, display_name, username, bio, phone, email, photo, revealed_at,
                last_used_at, created_at
                """),
            [
                profile.id, profile.ownerAccountId, profile.type.rawValue, profile.displayName,
                profile.username?.lowercased(), profile.bio, profile.phone, profile.email, profile.photo,
                profile.revealedAt, profile.lastUsedAt, profile.createdAt,
            ])
        try setAudience(profile)
    }

    public func updateProfile(_ profile: Profile) throws {
        wrote()
        try connection.execute(
            """
            UPDATE circles_profiles SET display_name = ?, username = ?, bio = ?, phone = ?, email = ?, photo = ?,
                revealed_at = ?, last_used_at = ?
            WHERE id = ?
            """,
            [
                profile.displayName, profile.username?.lowercased(), profile.bio, profile.phone, profile.email,
                profile.photo, profile.revealedAt, profile.lastUsedAt, profile.id,
            ])
        try setAudience(profile)
    }

    private func setAudience(_ profile: Profile) throws {
        let current = try connection.query(
            "SELECT circle_id FROM circles_shadow_circles WHERE profile_id = ?", [profile.id]
        ).map { try $0.string(0) }
        guard Set(current) != Set(profile.shownToCircleIds) else { return }
        try connection.execute("DELETE FROM circles_shadow_circles WHERE profile_id = ?", [profile.id])
        for circleId in profile.shownToCircleIds {
            try connection.execute(
                """
                INSERT INTO circles_shadow_circles (profile_id, circle_id, owner_account_id)
                SELECT id, ?, owner_account_id FROM circles_profiles WHERE id = ?
                ON CONFLICT (profile_id, circle_id) DO NOTHING
                """,
                [circleId, profile.id])
        }
    }

    public func deleteProfile(id: String) throws {
        wrote()
        // Cells, staged cells, requests, grants and audiences go by ON DELETE CASCADE.
        try connection.execute("DELETE FROM circles_profiles WHERE id = ?", [id])
    }

    private static let activePersonaOfAccount = "SELECT profile_id FROM circles_personas WHERE account_id = ?"

    public func activePersonaId(accountId: String) throws -> String? {
        try connection.first(Self.activePersonaOfAccount, [accountId])?[0]
    }

    public func activePersonaIdLater(accountId: String) throws -> () throws -> String? {
        let answer = try connection.later(Self.activePersonaOfAccount, [accountId])
        return { try answer.first()?[0] }
    }

    public func setActivePersonaId(_ profileId: String?, accountId: String) throws {
        wrote()
        try connection.execute(
            """
            INSERT INTO circles_personas (account_id, profile_id) VALUES (?, ?)
            ON CONFLICT (account_id) DO UPDATE SET profile_id = excluded.profile_id
            """,
            [accountId, profileId])
    }

    // MARK: - The matrix

    private static let cellColumns = "profile_id, field, circle_id, access"

    private static func cell(_ row: SQLRow) throws -> MatrixCell? {
        guard let field = Field(rawValue: try row.string(1)), let access = Access(rawValue: try row.string(3)) else {
            return nil
        }
        return MatrixCell(profileId: try row.string(0), field: field, circleId: try row.string(2), access: access)
    }

    public func cells(ownerAccountId: String) throws -> [MatrixCell] {
        return try connection.query(
            "SELECT \(Self.cellColumns) FROM circles_cells WHERE owner_account_id = ?", [ownerAccountId]
        ).compactMap(Self.cell)
    }

    public func cells(profileId: String) throws -> [MatrixCell] {
        let rows = try connection.query(
            "SELECT \(Self.cellColumns), owner_account_id FROM circles_cells WHERE profile_id = ?", [profileId])
        return try rows.compactMap(Self.cell)
    }

    public func setCell(_ cell: MatrixCell) throws {
        wrote()
        try connection.execute(
            """
            INSERT INTO circles_cells (profile_id, field, circle_id, access, owner_account_id)
            SELECT id, ?, ?, ?, owner_account_id FROM circles_profiles WHERE id = ?
            ON CONFLICT (profile_id, field, circle_id) DO UPDATE SET access = excluded.access
            """,
            [cell.field.rawValue, cell.circleId, cell.access.rawValue, cell.profileId])
    }

    public func stagedCells(accountId: String, profileId: String) throws -> [MatrixCell] {
        return try connection.query(
            "SELECT \(Self.cellColumns) FROM circles_staged_cells WHERE account_id = ? AND profile_id = ?",
            [accountId, profileId]
        ).compactMap(Self.cell)
    }

    public func profilesWithStagedCells(accountId: String) throws -> [String] {
        return try connection.query(
            "SELECT DISTINCT profile_id FROM circles_staged_cells WHERE account_id = ? ORDER BY profile_id",
            [accountId]
        ).map { try $0.string(0) }
    }

    public func stageCell(_ cell: MatrixCell, accountId: String) throws {
        wrote()
        try connection.execute(
            """
            INSERT INTO circles_staged_cells (account_id, profile_id, field, circle_id, access)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (account_id, profile_id, field, circle_id) DO UPDATE SET access = excluded.access
            """,
            [accountId, cell.profileId, cell.field.rawValue, cell.circleId, cell.access.rawValue])
    }

    public func clearStagedCells(accountId: String, profileId: String) throws {
        wrote()
        try connection.execute(
            "DELETE FROM circles_staged_cells WHERE account_id = ? AND profile_id = ?", [accountId, profileId])
    }

    // MARK: - Requests and grants

    static let requestColumns = """
        id, owner_account_id, profile_id, requester_account_id, requester_profile_id, requester_display_name,
            requester_username, field, reason, created_at, expires_at, status
        """

    private static let requestsToOwner =
        "SELECT \(requestColumns) FROM circles_requests WHERE owner_account_id = ? ORDER BY seq"

    public func requests(ownerAccountId: String) throws -> [RequestRecord] {
        try Self.requests(connection.query(Self.requestsToOwner, [ownerAccountId]))
    }

    public func requestsLater(ownerAccountId: String) throws -> () throws -> [RequestRecord] {
        let answer = try connection.later(Self.requestsToOwner, [ownerAccountId])
        return { try Self.requests(answer.rows()) }
    }

    static func requests(_ rows: [SQLRow]) throws -> [RequestRecord] {
        try rows.compactMap { row in
            guard let field = Field(rawValue: try row.string(7)),
                let status = RequestStatus(rawValue: try row.string(11))
            else { return nil }
            return RequestRecord(
                id: try row.string(0), ownerAccountId: try row.string(1), profileId: try row.string(2),
                requesterAccountId: try row.string(3), requesterProfileId: try row.string(4),
                requester: PersonaSummary(displayName: try row.string(5), username: row[6]), field: field,
                reason: row[8], createdAt: try row.date(9), expiresAt: try row.date(10), status: status)
        }
    }

    public func insertRequest(_ request: RequestRecord) throws {
        wrote()
        try connection.execute(
            insert(
                into: "circles_requests",
                """
                id, owner_account_id, profile_id, requester_account_id, requester_profile_id, requester_display_name,
                requester_username, field, reason, created_at, expires_at, status
                """),
            [
                request.id, request.ownerAccountId, request.profileId, request.requesterAccountId,
                request.requesterProfileId, request.requester.displayName, request.requester.username,
                request.field.rawValue, request.reason, request.createdAt, request.expiresAt, request.status.rawValue,
            ])
    }

    public func updateRequest(_ request: RequestRecord) throws {
        wrote()
        try connection.execute(
            "UPDATE circles_requests SET status = ? WHERE id = ?", [request.status.rawValue, request.id])
    }

    static let grantColumns = """
        id, owner_account_id, profile_id, viewer_account_id, viewer_display_name, viewer_username, field, created_at,
            expires_at
        """

    public func grants(ownerAccountId: String) throws -> [GrantRecord] {
        try Self.grants(
            connection.query(
                "SELECT \(Self.grantColumns) FROM circles_grants WHERE owner_account_id = ? ORDER BY seq",
                [ownerAccountId]))
    }

    static func grants(_ rows: [SQLRow]) throws -> [GrantRecord] {
        try rows.map { row in
            GrantRecord(
                id: try row.string(0), ownerAccountId: try row.string(1), profileId: try row.string(2),
                viewerAccountId: try row.string(3),
                viewer: PersonaSummary(displayName: try row.string(4), username: row[5]),
                field: row[6].flatMap(Field.init(rawValue:)), createdAt: try row.date(7),
                expiresAt: try row.optionalDate(8))
        }
    }

    public func insertGrant(_ grant: GrantRecord) throws {
        wrote()
        try connection.execute(
            insert(
                into: "circles_grants",
                """
                id, owner_account_id, profile_id, viewer_account_id, viewer_display_name, viewer_username, field,
                created_at, expires_at
                """),
            [
                grant.id, grant.ownerAccountId, grant.profileId, grant.viewerAccountId, grant.viewer.displayName,
                grant.viewer.username, grant.field?.rawValue, grant.createdAt, grant.expiresAt,
            ])
    }

    public func deleteGrant(id: String) throws {
        wrote()
        try connection.execute("DELETE FROM circles_grants WHERE id = ?", [id])
    }

    // MARK: - Suggestions

    public func dismissedSuggestions(ownerAccountId: String) throws -> Set<String> {
        return Set(
            try connection.query(
                "SELECT suggestion_id FROM circles_dismissed_suggestions WHERE owner_account_id = ?", [ownerAccountId]
            ).map { try $0.string(0) })
    }

    public func dismissSuggestion(_ suggestionId: String, ownerAccountId: String) throws {
        wrote()
        try connection.execute(
            """
            INSERT INTO circles_dismissed_suggestions (owner_account_id, suggestion_id) VALUES (?, ?)
            ON CONFLICT (owner_account_id, suggestion_id) DO NOTHING
            """,
            [ownerAccountId, suggestionId])
    }
}
