import Accounts
import Foundation
import Households
import Identity
import Storage

/// One transaction, on SQLite or PostgreSQL, seen as an `IdentityStoreTransaction`. Plain SQL, no rules.
///
/// Public so that other features' SQL stores can read and write Identity's tables inside their own transactions (a
/// family join adds the member and logs the attempt in one transaction).
public struct SQLIdentityTransaction: IdentityStoreTransaction {
    let connection: any SQLConnection

    /// The Identity view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: any SQLConnection) {
        self.connection = connection
    }

    // MARK: - Accounts

    private static let accountColumns =
        "id, email, first_name, last_name, role, account_type, auth_method, created_at, email_verified, maturity, "
        + "age_lower, age_upper, age_method"

    public func account(id: String) throws -> Account? {
        try connection.first("SELECT \(Self.accountColumns) FROM identity_accounts WHERE id = ?", [id])
            .map(Self.account)
    }

    public func account(email: String) throws -> Account? {
        try connection.first(
            "SELECT \(Self.accountColumns) FROM identity_accounts WHERE email_key = ?",
            [EmailAddress.comparisonKey(email)]
        ).map(Self.account)
    }

    public func passwordHash(accountId: String) throws -> String? {
        try connection.first("SELECT password_hash FROM identity_accounts WHERE id = ?", [accountId])?.string(0)
    }

    public func insertAccount(_ account: Account, passwordHash: String) throws {
        try connection.execute(
            """
            INSERT INTO identity_accounts
                (id, email, email_key, first_name, last_name, role, account_type, auth_method, password_hash,
                 created_at, email_verified, maturity, age_lower, age_upper, age_method)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                account.id, account.email, EmailAddress.comparisonKey(account.email), account.firstName,
                account.lastName, account.role.rawValue, account.accountType.rawValue, account.authMethod.rawValue,
                passwordHash, account.createdAt, account.emailVerified, account.maturity.rawValue,
                account.ageRange?.lower, account.ageRange?.upper, account.ageRange?.method.rawValue,
            ])
    }

    public func updateAccount(_ account: Account) throws {
        try connection.execute(
            """
            UPDATE identity_accounts
            SET email = ?, email_key = ?, first_name = ?, last_name = ?, role = ?, account_type = ?,
                auth_method = ?, email_verified = ?, maturity = ?, age_lower = ?, age_upper = ?, age_method = ?
            WHERE id = ?
            """,
            [
                account.email, EmailAddress.comparisonKey(account.email), account.firstName, account.lastName,
                account.role.rawValue, account.accountType.rawValue, account.authMethod.rawValue,
                account.emailVerified, account.maturity.rawValue, account.ageRange?.lower, account.ageRange?.upper,
                account.ageRange?.method.rawValue, account.id,
            ])
    }

    public func setPasswordHash(_ passwordHash: String, accountId: String) throws {
        try connection.execute(
            "UPDATE identity_accounts SET password_hash = ? WHERE id = ?", [passwordHash, accountId])
    }

    /// The account in `row`'s columns `offset...` (`accountColumns`' order).
    private static func account(_ row: SQLRow, from offset: Int) throws -> Account {
        Account(
            id: try row.string(offset), email: try row.string(offset + 1), firstName: try row.string(offset + 2),
            lastName: try row.string(offset + 3),
            role: AccountRole(rawValue: try row.string(offset + 4)) ?? .member,
            accountType: AccountType(rawValue: try row.string(offset + 5)) ?? .private,
            authMethod: AuthMethod(rawValue: try row.string(offset + 6)) ?? .password,
            createdAt: try row.date(offset + 7), emailVerified: try row.bool(offset + 8),
            maturity: MaturityRating(rawValue: try row.string(offset + 9)) ?? .account,
            ageRange: try Self.ageRange(row, from: offset + 10))
    }

    /// The age range in `row`'s columns `offset...` (lower, upper, method); nil when there is none, or when what is
    /// stored is not a valid range (it reads as none, never as an error).
    static func ageRange(_ row: SQLRow, from offset: Int) throws -> AgeRange? {
        guard let lower = try row.optionalInt(offset), let upper = try row.optionalInt(offset + 1),
            let method = row[offset + 2].flatMap(AgeRange.Method.init(rawValue:))
        else { return nil }
        return try? AgeRange(lower: lower, upper: upper, method: method)
    }

    private static func account(_ row: SQLRow) throws -> Account { try account(row, from: 0) }

    // MARK: - Linked identities

    private static let identityColumns = "provider, subject, account_id, email, linked_at"

    public func linkedIdentity(provider: IdentityProvider, subject: String) throws -> LinkedIdentity? {
        try connection.first(
            "SELECT \(Self.identityColumns) FROM identity_linked_identities WHERE provider = ? AND subject = ?",
            [provider.rawValue, subject]
        ).flatMap(Self.linkedIdentity)
    }

    public func linkedIdentities(accountId: String) throws -> [LinkedIdentity] {
        try connection.query(
            "SELECT \(Self.identityColumns) FROM identity_linked_identities WHERE account_id = ?", [accountId]
        ).compactMap(Self.linkedIdentity)
    }

    public func insertLinkedIdentity(_ identity: LinkedIdentity) throws {
        try connection.execute(
            """
            INSERT INTO identity_linked_identities (provider, subject, account_id, email, linked_at)
            VALUES (?, ?, ?, ?, ?)
            """,
            [identity.provider.rawValue, identity.subject, identity.accountId, identity.email, identity.linkedAt])
    }

    public func deleteLinkedIdentity(provider: IdentityProvider, accountId: String) throws {
        try connection.execute(
            "DELETE FROM identity_linked_identities WHERE provider = ? AND account_id = ?",
            [provider.rawValue, accountId])
    }

    private static func linkedIdentity(_ row: SQLRow) throws -> LinkedIdentity? {
        guard let provider = IdentityProvider(rawValue: try row.string(0)) else { return nil }
        return LinkedIdentity(
            provider: provider, subject: try row.string(1), accountId: try row.string(2), email: try row.string(3),
            linkedAt: try row.date(4))
    }

    // MARK: - Sessions

    private static let sessionColumns =
        "id, account_id, token_hash, created_at, expires_at, ended, last_used_at, created_where, signed_in_with"

    public func insertSession(_ session: Session) throws {
        try connection.execute(
            """
            INSERT INTO identity_sessions
                (id, account_id, token_hash, created_at, expires_at, ended, last_used_at, created_where, signed_in_with)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                session.id, session.accountId, session.tokenHash, session.createdAt, session.expiresAt, session.ended,
                session.lastUsedAt, session.createdWhere, session.signedInWith?.rawValue,
            ])
    }

    public func session(id: String) throws -> Session? {
        try connection.first("SELECT \(Self.sessionColumns) FROM identity_sessions WHERE id = ?", [id])
            .map(Self.session)
    }

    private static let sessionAndAccountSQL = """
        SELECT \(sessionColumns.split(separator: ", ").map { "s.\($0)" }.joined(separator: ", ")), \(
            accountColumns.split(separator: ", ").map { "a.\($0)" }.joined(separator: ", "))
        FROM identity_sessions s JOIN identity_accounts a ON a.id = s.account_id WHERE s.id = ?
        """

    /// One query, so one round trip to the database, for what every authenticated call reads.
    public func sessionAndAccount(sessionId: String) throws -> (session: Session, account: Account)? {
        try connection.first(Self.sessionAndAccountSQL, [sessionId]).map { row in
            (try Self.session(row), try Self.account(row, from: 9))
        }
    }

    /// Sent with the transaction's next statement (one round trip for both), read when the answer is called for.
    public func sessionAndAccountLater(sessionId: String) throws -> SessionAndAccountAnswer {
        let answer = try connection.later(Self.sessionAndAccountSQL, [sessionId])
        return {
            try answer.first().map { row in (try Self.session(row), try Self.account(row, from: 9)) }
        }
    }

    public func session(tokenHash: String) throws -> Session? {
        try connection.first("SELECT \(Self.sessionColumns) FROM identity_sessions WHERE token_hash = ?", [tokenHash])
            .map(Self.session)
    }

    public func endSession(id: String) throws {
        try connection.execute("UPDATE identity_sessions SET ended = true WHERE id = ?", [id])
    }

    public func endSessions(accountId: String, except sessionId: String?) throws {
        try connection.execute(
            "UPDATE identity_sessions SET ended = true WHERE account_id = ? AND id IS DISTINCT FROM ?",
            [accountId, sessionId])
    }

    public func sessions(accountId: String, liveAt now: Date) throws -> [SessionActivity] {
        try connection.query(
            """
            SELECT id, created_at, last_used_at, created_where FROM identity_sessions
            WHERE account_id = ? AND ended = false AND expires_at > ? ORDER BY created_at, id
            """,
            [accountId, now]
        ).map { row in
            SessionActivity(
                id: try row.string(0), createdAt: try row.date(1), lastUsedAt: try row.date(2), createdWhere: row[3])
        }
    }

    public func touchSession(id: String, at now: Date, ifLastUsedAtOrBefore cutoff: Date) throws {
        try connection.execute(
            "UPDATE identity_sessions SET last_used_at = ? WHERE id = ? AND last_used_at <= ?", [now, id, cutoff])
    }

    private static func session(_ row: SQLRow) throws -> Session {
        Session(
            id: try row.string(0), accountId: try row.string(1), tokenHash: try row.string(2),
            createdAt: try row.date(3), expiresAt: try row.date(4), ended: try row.bool(5),
            lastUsedAt: try row.date(6), createdWhere: row[7],
            signedInWith: row[8].flatMap(SessionSignIn.init(rawValue:)))
    }

    // MARK: - Per account

    public func activeHouseholdId(accountId: String) throws -> String? {
        try connection.first(
            "SELECT active_household_id FROM identity_account_state WHERE account_id = ?", [accountId])?[0]
    }

    public func setActiveHouseholdId(_ householdId: String?, accountId: String) throws {
        try connection.execute(
            """
            INSERT INTO identity_account_state (account_id, active_household_id) VALUES (?, ?)
            ON CONFLICT (account_id) DO UPDATE SET active_household_id = excluded.active_household_id
            """,
            [accountId, householdId])
    }

    // MARK: - Households

    public func household(id: String) throws -> Household? {
        guard
            let row = try connection.first(
                "SELECT id, name, owner_account_id, created_at FROM identity_households WHERE id = ?", [id])
        else { return nil }
        return Household(
            id: try row.string(0), name: try row.string(1), ownerAccountId: try row.string(2),
            createdAt: try row.date(3), members: try members(householdId: id))
    }

    public func households(memberAccountId: String) throws -> [Household] {
        let ids = try connection.query(
            "SELECT household_id FROM identity_members WHERE member_id = ? AND kind = ? ORDER BY seq",
            [memberAccountId, MemberKind.independent.rawValue]
        ).map { try $0.string(0) }
        return try ids.compactMap { try household(id: $0) }
    }

    public func insertHousehold(_ household: Household) throws {
        try connection.execute(
            "INSERT INTO identity_households (id, name, owner_account_id, created_at) VALUES (?, ?, ?, ?)",
            [household.id, household.name, household.ownerAccountId, household.createdAt])
        for member in household.members { try insertMember(member, householdId: household.id) }
    }

    public func renameHousehold(id: String, name: String) throws {
        try connection.execute("UPDATE identity_households SET name = ? WHERE id = ?", [name, id])
    }

    public func insertMember(_ member: Member, householdId: String) throws {
        try connection.execute(
            """
            INSERT INTO identity_members
                (household_id, member_id, display_name, kind, role, avatar_key, added_at, maturity, age_lower,
                 age_upper, age_method)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                householdId, member.memberId, member.displayName, member.kind.rawValue, member.role.rawValue,
                member.avatarKey, member.addedAt, member.maturity.rawValue, member.ageRange?.lower,
                member.ageRange?.upper, member.ageRange?.method.rawValue,
            ])
        try insertGuardians(member, householdId: householdId)
    }

    public func updateMember(_ member: Member, householdId: String) throws {
        try connection.execute(
            """
            UPDATE identity_members
            SET display_name = ?, kind = ?, role = ?, avatar_key = ?, maturity = ?, age_lower = ?, age_upper = ?,
                age_method = ?
            WHERE household_id = ? AND member_id = ?
            """,
            [
                member.displayName, member.kind.rawValue, member.role.rawValue, member.avatarKey,
                member.maturity.rawValue, member.ageRange?.lower, member.ageRange?.upper,
                member.ageRange?.method.rawValue, householdId, member.memberId,
            ])
        try connection.execute(
            "DELETE FROM identity_guardians WHERE household_id = ? AND member_id = ?",
            [householdId, member.memberId])
        try insertGuardians(member, householdId: householdId)
    }

    public func deleteMember(memberId: String, householdId: String) throws {
        // Guardian rows of the member go with it (ON DELETE CASCADE).
        try connection.execute(
            "DELETE FROM identity_members WHERE household_id = ? AND member_id = ?", [householdId, memberId])
    }

    /// A new member has no guardian rows yet: nothing to delete first.
    private func insertGuardians(_ member: Member, householdId: String) throws {
        for (position, accountId) in member.guardianAccountIds.enumerated() {
            try connection.execute(
                """
                INSERT INTO identity_guardians (household_id, member_id, account_id, position)
                VALUES (?, ?, ?, ?)
                """,
                [householdId, member.memberId, accountId, position])
        }
    }

    private func members(householdId: String) throws -> [Member] {
        var guardians: [String: [String]] = [:]
        let guardianRows = try connection.query(
            "SELECT member_id, account_id FROM identity_guardians WHERE household_id = ? ORDER BY position",
            [householdId])
        for row in guardianRows { guardians[try row.string(0), default: []].append(try row.string(1)) }
        return try connection.query(
            """
            SELECT member_id, display_name, kind, role, avatar_key, added_at, maturity, age_lower, age_upper,
                age_method
            FROM identity_members WHERE household_id = ? ORDER BY seq
            """,
            [householdId]
        ).map { row in
            let memberId = try row.string(0)
            let kind = MemberKind(rawValue: try row.string(2)) ?? .managed
            // An independent member's ceiling and age are its account's (filled in with its name); an unknown stored
            // rating reads as the default.
            return Member(
                memberId: memberId, displayName: try row.string(1), kind: kind,
                role: HouseholdRole(rawValue: try row.string(3)) ?? .member, avatarKey: try row.string(4),
                guardianAccountIds: guardians[memberId] ?? [], addedAt: try row.date(5),
                maturity: kind == .managed ? MaturityRating(rawValue: try row.string(6)) : nil,
                ageRange: kind == .managed ? try Self.ageRange(row, from: 7) : nil)
        }
    }

    // MARK: - Acting records

    public func insertActingRecord(_ record: ActingRecord) throws {
        try connection.execute(
            """
            INSERT INTO identity_acting_records
                (id, actor_account_id, subject_member_id, subject_display_name, action, at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
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
        try connection.query(
            """
            SELECT id, actor_account_id, subject_member_id, subject_display_name, action, at
            FROM identity_acting_records WHERE \(column) = ? ORDER BY seq
            """,
            [value]
        ).map { row in
            ActingRecord(
                id: try row.string(0), actorAccountId: try row.string(1), subjectMemberId: try row.string(2),
                subjectDisplayName: try row.string(3), action: try row.string(4), at: try row.date(5))
        }
    }

    public func reassignActingRecords(subjectMemberId: String, to accountId: String, displayName: String) throws {
        try connection.execute(
            """
            UPDATE identity_acting_records SET subject_member_id = ?, subject_display_name = ?
            WHERE subject_member_id = ?
            """,
            [accountId, displayName, subjectMemberId])
    }

    // MARK: - Claim codes

    public func insertClaimCode(_ code: ClaimCode) throws {
        try connection.execute(
            """
            INSERT INTO identity_claim_codes
                (code_hash, member_id, household_id, created_by, created_at, expires_at, used_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                code.codeHash, code.memberId, code.householdId, code.createdBy, code.createdAt, code.expiresAt,
                code.usedAt,
            ])
    }

    public func claimCode(codeHash: String) throws -> ClaimCode? {
        try connection.first(
            """
            SELECT code_hash, member_id, household_id, created_by, created_at, expires_at, used_at
            FROM identity_claim_codes WHERE code_hash = ?
            """,
            [codeHash]
        ).map { row in
            ClaimCode(
                codeHash: try row.string(0), memberId: try row.string(1), householdId: try row.string(2),
                createdBy: try row.string(3), createdAt: try row.date(4), expiresAt: try row.date(5),
                usedAt: try row.optionalDate(6))
        }
    }

    public func markClaimCodeUsed(codeHash: String, at date: Date) throws {
        try connection.execute("UPDATE identity_claim_codes SET used_at = ? WHERE code_hash = ?", [date, codeHash])
    }

    public func deleteClaimCodes(memberId: String) throws {
        try connection.execute("DELETE FROM identity_claim_codes WHERE member_id = ?", [memberId])
    }
}
