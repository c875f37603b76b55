import Foundation
import GRDB
import Identity

/// One GRDB transaction seen as an `IdentityStoreTransaction` and this device's `DeviceStateTransaction`. Plain SQL, no
/// rules.
///
/// Public so that other features' SQLite stores can read and write Identity's tables inside their own
/// transactions (a family join adds the member and logs the attempt in one transaction).
public struct SQLiteIdentityTransaction: IdentityStoreTransaction, DeviceStateTransaction {
    let db: Database

    public init(_ db: Database) {
        self.db = db
    }

    // MARK: - Accounts

    private static let accountColumns =
        "id, email, first_name, last_name, role, account_type, auth_method, created_at"

    public func account(id: String) throws -> Account? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.accountColumns) FROM identity_accounts WHERE id = ?"),
            arguments: [id]
        ).map(Self.account)
    }

    public func account(email: String) throws -> Account? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(Self.accountColumns) FROM identity_accounts WHERE email_key = ?"),
            arguments: [EmailAddress.comparisonKey(email)]
        ).map(Self.account)
    }

    public func passwordHash(accountId: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT password_hash FROM identity_accounts WHERE id = ?"), arguments: [accountId])
    }

    public func insertAccount(_ account: Account, passwordHash: String) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO identity_accounts
                    (id, email, email_key, first_name, last_name, role, account_type, auth_method, password_hash,
                     created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            account.id, account.email, EmailAddress.comparisonKey(account.email), account.firstName,
            account.lastName, account.role.rawValue, account.accountType.rawValue, account.authMethod.rawValue,
            passwordHash, account.createdAt,
        ])
    }

    public func updateAccount(_ account: Account) throws {
        try db.cachedStatement(
            sql: """
                UPDATE identity_accounts
                SET email = ?, email_key = ?, first_name = ?, last_name = ?, role = ?, account_type = ?,
                    auth_method = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            account.email, EmailAddress.comparisonKey(account.email), account.firstName, account.lastName,
            account.role.rawValue, account.accountType.rawValue, account.authMethod.rawValue, account.id,
        ])
    }

    public func setPasswordHash(_ passwordHash: String, accountId: String) throws {
        try db.cachedStatement(sql: "UPDATE identity_accounts SET password_hash = ? WHERE id = ?").execute(arguments: [
            passwordHash, accountId,
        ])
    }

    /// The account in `row`'s columns `offset...` (`accountColumns`' order), read by position: a lookup by name costs
    /// more than the read itself on every authenticated call.
    private static func account(_ row: Row, from offset: Int) -> Account {
        Account(
            id: row[offset], email: row[offset + 1], firstName: row[offset + 2], lastName: row[offset + 3],
            role: AccountRole(rawValue: row[offset + 4]) ?? .member,
            accountType: AccountType(rawValue: row[offset + 5]) ?? .private,
            authMethod: AuthMethod(rawValue: row[offset + 6]) ?? .password,
            createdAt: row[offset + 7])
    }

    private static func account(_ row: Row) -> Account { account(row, from: 0) }

    // MARK: - Linked identities

    private static let identityColumns = "provider, subject, account_id, email, linked_at"

    public func linkedIdentity(provider: IdentityProvider, subject: String) throws -> LinkedIdentity? {
        try Row.fetchOne(
            db.cachedStatement(
                sql: "SELECT \(Self.identityColumns) FROM identity_linked_identities WHERE provider = ? AND subject = ?"
            ),
            arguments: [provider.rawValue, subject]
        ).flatMap(Self.linkedIdentity)
    }

    public func linkedIdentities(accountId: String) throws -> [LinkedIdentity] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT \(Self.identityColumns) FROM identity_linked_identities WHERE account_id = ?"),
            arguments: [accountId]
        ).compactMap(Self.linkedIdentity)
    }

    public func insertLinkedIdentity(_ identity: LinkedIdentity) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO identity_linked_identities (provider, subject, account_id, email, linked_at)
                VALUES (?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            identity.provider.rawValue, identity.subject, identity.accountId, identity.email, identity.linkedAt,
        ])
    }

    public func deleteLinkedIdentity(provider: IdentityProvider, accountId: String) throws {
        try db.cachedStatement(sql: "DELETE FROM identity_linked_identities WHERE provider = ? AND account_id = ?")
            .execute(arguments: [provider.rawValue, accountId])
    }

    private static func linkedIdentity(_ row: Row) -> LinkedIdentity? {
        guard let provider = IdentityProvider(rawValue: row["provider"]) else { return nil }
        return LinkedIdentity(
            provider: provider, subject: row["subject"], accountId: row["account_id"], email: row["email"],
            linkedAt: row["linked_at"])
    }

    // MARK: - Sessions

    public func insertSession(_ session: Session) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO identity_sessions (id, account_id, token_hash, created_at, expires_at, ended)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            session.id, session.accountId, session.tokenHash, session.createdAt, session.expiresAt, session.ended,
        ])
    }

    public func session(id: String) throws -> Session? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM identity_sessions WHERE id = ?"), arguments: [id]).map(
            Self.session)
    }

    private static let sessionAndAccountSQL = """
        SELECT s.id, s.account_id, s.token_hash, s.created_at, s.expires_at, s.ended, \(
            accountColumns.split(separator: ", ").map { "a.\($0)" }.joined(separator: ", "))
        FROM identity_sessions s JOIN identity_accounts a ON a.id = s.account_id WHERE s.id = ?
        """

    public func sessionAndAccount(sessionId: String) throws -> (session: Session, account: Account)? {
        try Row.fetchOne(db.cachedStatement(sql: Self.sessionAndAccountSQL), arguments: [sessionId]).map { row in
            (
                Session(
                    id: row[0], accountId: row[1], tokenHash: row[2], createdAt: row[3], expiresAt: row[4],
                    ended: row[5]),
                Self.account(row, from: 6)
            )
        }
    }

    public func session(tokenHash: String) throws -> Session? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM identity_sessions WHERE token_hash = ?"), arguments: [tokenHash]
        )
        .map(Self.session)
    }

    public func endSession(id: String) throws {
        try db.cachedStatement(sql: "UPDATE identity_sessions SET ended = 1 WHERE id = ?").execute(arguments: [id])
    }

    public func endSessions(accountId: String, except sessionId: String?) throws {
        try db.cachedStatement(sql: "UPDATE identity_sessions SET ended = 1 WHERE account_id = ? AND id IS NOT ?")
            .execute(arguments: [accountId, sessionId])
    }

    private static func session(_ row: Row) -> Session {
        Session(
            id: row["id"], accountId: row["account_id"], tokenHash: row["token_hash"], createdAt: row["created_at"],
            expiresAt: row["expires_at"], ended: row["ended"])
    }

    // MARK: - This device

    public func savedAccounts() throws -> [SavedAccountRecord] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM identity_saved_accounts")).map { row in
            SavedAccountRecord(
                account: SavedAccount(
                    accountId: row["account_id"], email: row["email"], displayName: row["display_name"],
                    photoURL: row["photo_url"],
                    accountType: AccountType(rawValue: row["account_type"]) ?? .private,
                    authMethod: AuthMethod(rawValue: row["auth_method"]) ?? .password,
                    lastUsed: row["last_used"]),
                sessionId: row["session_id"])
        }
    }

    public func saveAccount(_ record: SavedAccountRecord) throws {
        let account = record.account
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO identity_saved_accounts
                    (account_id, email, display_name, photo_url, account_type, auth_method, last_used, session_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            account.accountId, account.email, account.displayName, account.photoURL, account.accountType.rawValue,
            account.authMethod.rawValue, account.lastUsed, record.sessionId,
        ])
    }

    public func removeSavedAccount(accountId: String) throws {
        try db.cachedStatement(sql: "DELETE FROM identity_saved_accounts WHERE account_id = ?").execute(arguments: [
            accountId
        ])
    }

    private static let currentAccountKey = "current_account_id"

    public func currentAccountId() throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT value FROM identity_device WHERE key = ?"),
            arguments: [Self.currentAccountKey])
    }

    public func setCurrentAccountId(_ accountId: String?) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO identity_device (key, value) VALUES (?, ?)").execute(
            arguments: [Self.currentAccountKey, accountId])
    }

    // MARK: - Per account

    public func activeHouseholdId(accountId: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT active_household_id FROM identity_account_state WHERE account_id = ?"),
            arguments: [accountId])
    }

    public func setActiveHouseholdId(_ householdId: String?, accountId: String) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO identity_account_state (account_id, active_household_id) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET active_household_id = excluded.active_household_id
                """
        ).execute(arguments: [accountId, householdId])
    }

    // MARK: - Households

    public func household(id: String) throws -> Household? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM identity_households WHERE id = ?"), arguments: [id])
        else { return nil }
        return Household(
            id: row["id"], name: row["name"], ownerAccountId: row["owner_account_id"], createdAt: row["created_at"],
            members: try members(householdId: id))
    }

    public func households(memberAccountId: String) throws -> [Household] {
        let ids = try String.fetchAll(
            db.cachedStatement(
                sql: "SELECT household_id FROM identity_members WHERE member_id = ? AND kind = ? ORDER BY seq"),
            arguments: [memberAccountId, MemberKind.independent.rawValue])
        return try ids.compactMap { try household(id: $0) }
    }

    public func insertHousehold(_ household: Household) throws {
        try db.cachedStatement(
            sql: "INSERT INTO identity_households (id, name, owner_account_id, created_at) VALUES (?, ?, ?, ?)"
        ).execute(arguments: [household.id, household.name, household.ownerAccountId, household.createdAt])
        for member in household.members { try insertMember(member, householdId: household.id) }
    }

    public func renameHousehold(id: String, name: String) throws {
        try db.cachedStatement(sql: "UPDATE identity_households SET name = ? WHERE id = ?").execute(arguments: [
            name, id,
        ])
    }

    public func insertMember(_ member: Member, householdId: String) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO identity_members (household_id, member_id, display_name, kind, role, avatar_key, added_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            householdId, member.memberId, member.displayName, member.kind.rawValue, member.role.rawValue,
            member.avatarKey, member.addedAt,
        ])
        try insertGuardians(member, householdId: householdId)
    }

    public func updateMember(_ member: Member, householdId: String) throws {
        try db.cachedStatement(
            sql: """
                UPDATE identity_members SET display_name = ?, kind = ?, role = ?, avatar_key = ?
                WHERE household_id = ? AND member_id = ?
                """
        ).execute(arguments: [
            member.displayName, member.kind.rawValue, member.role.rawValue, member.avatarKey, householdId,
            member.memberId,
        ])
        try writeGuardians(member, householdId: householdId)
    }

    public func deleteMember(memberId: String, householdId: String) throws {
        // Guardian rows of the member go with it (ON DELETE CASCADE).
        try db.cachedStatement(sql: "DELETE FROM identity_members WHERE household_id = ? AND member_id = ?").execute(
            arguments: [householdId, memberId])
    }

    private func writeGuardians(_ member: Member, householdId: String) throws {
        try db.cachedStatement(sql: "DELETE FROM identity_guardians WHERE household_id = ? AND member_id = ?").execute(
            arguments: [householdId, member.memberId])
        try insertGuardians(member, householdId: householdId)
    }

    /// A new member has no guardian rows yet: nothing to delete first.
    private func insertGuardians(_ member: Member, householdId: String) throws {
        for (position, accountId) in member.guardianAccountIds.enumerated() {
            try db.cachedStatement(
                sql: """
                    INSERT INTO identity_guardians (household_id, member_id, account_id, position)
                    VALUES (?, ?, ?, ?)
                    """
            ).execute(arguments: [householdId, member.memberId, accountId, position])
        }
    }

    private func members(householdId: String) throws -> [Member] {
        var guardians: [String: [String]] = [:]
        let guardianRows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT member_id, account_id FROM identity_guardians WHERE household_id = ? ORDER BY position"),
            arguments: [householdId])
        for row in guardianRows { guardians[row["member_id"], default: []].append(row["account_id"]) }
        return try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM identity_members WHERE household_id = ? ORDER BY seq"),
            arguments: [householdId]
        ).map { row in
            let memberId: String = row["member_id"]
            return Member(
                memberId: memberId, displayName: row["display_name"],
                kind: MemberKind(rawValue: row["kind"]) ?? .managed,
                role: HouseholdRole(rawValue: row["role"]) ?? .member, avatarKey: row["avatar_key"],
                guardianAccountIds: guardians[memberId] ?? [], addedAt: row["added_at"])
        }
    }

    // MARK: - Acting records

    public func insertActingRecord(_ record: ActingRecord) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO identity_acting_records
                    (id, actor_account_id, subject_member_id, subject_display_name, action, at)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            record.id, record.actorAccountId, record.subjectMemberId, record.subjectDisplayName, record.action,
            record.at,
        ])
    }

    public func actingRecords(actorAccountId: String) throws -> [ActingRecord] {
        try actingRecords(where: "actor_account_id", is: actorAccountId)
    }

    public func actingRecords(subjectMemberId: String) throws -> [ActingRecord] {
        try actingRecords(where: "subject_member_id", is: subjectMemberId)
    }

    private func actingRecords(where column: String, is value: String) throws -> [ActingRecord] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM identity_acting_records WHERE \(column) = ? ORDER BY seq"),
            arguments: [value]
        ).map { row in
            ActingRecord(
                id: row["id"], actorAccountId: row["actor_account_id"], subjectMemberId: row["subject_member_id"],
                subjectDisplayName: row["subject_display_name"], action: row["action"], at: row["at"])
        }
    }

    public func reassignActingRecords(subjectMemberId: String, to accountId: String, displayName: String) throws {
        try db.cachedStatement(
            sql: """
                UPDATE identity_acting_records SET subject_member_id = ?, subject_display_name = ?
                WHERE subject_member_id = ?
                """
        ).execute(arguments: [accountId, displayName, subjectMemberId])
    }

    // MARK: - Claim codes

    public func insertClaimCode(_ code: ClaimCode) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO identity_claim_codes
                    (code_hash, member_id, household_id, created_by, created_at, expires_at, used_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            code.codeHash, code.memberId, code.householdId, code.createdBy, code.createdAt, code.expiresAt, code.usedAt,
        ])
    }

    public func claimCode(codeHash: String) throws -> ClaimCode? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM identity_claim_codes WHERE code_hash = ?"), arguments: [codeHash]
        ).map { row in
            ClaimCode(
                codeHash: row["code_hash"], memberId: row["member_id"], householdId: row["household_id"],
                createdBy: row["created_by"], createdAt: row["created_at"], expiresAt: row["expires_at"],
                usedAt: row["used_at"])
        }
    }

    public func markClaimCodeUsed(codeHash: String, at date: Date) throws {
        try db.cachedStatement(sql: "UPDATE identity_claim_codes SET used_at = ? WHERE code_hash = ?")
            .execute(arguments: [date, codeHash])
    }

    public func deleteClaimCodes(memberId: String) throws {
        try db.cachedStatement(sql: "DELETE FROM identity_claim_codes WHERE member_id = ?").execute(arguments: [
            memberId
        ])
    }
}
