import Foundation
import Kernel
import Passkeys
import Storage

// MARK: - Passkeys (bytes stored as base64url text)

extension SQLIdentityTransaction {
    private static let passkeyColumns =
        "credential_id, account_id, name, public_key, algorithm, sign_count, aaguid, created_at, last_used_at"

    public func passkeys(accountId: String) throws -> [Passkey] {
        try connection.query(
            """
            SELECT \(Self.passkeyColumns) FROM identity_passkeys WHERE account_id = ?
            ORDER BY created_at, credential_id
            """,
            [accountId]
        ).map(Self.passkey)
    }

    public func passkey(id: String) throws -> Passkey? {
        try connection.first(
            "SELECT \(Self.passkeyColumns) FROM identity_passkeys WHERE credential_id = ?", [id]
        ).map(Self.passkey)
    }

    public func insertPasskey(_ passkey: Passkey) throws {
        try connection.execute(
            "INSERT INTO identity_passkeys (\(Self.passkeyColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                passkey.id, passkey.accountId, passkey.name, Base64URL.encode(passkey.publicKey),
                passkey.algorithm, Int64(passkey.signCount), passkey.aaguid.map { Base64URL.encode($0) },
                passkey.createdAt, passkey.lastUsedAt,
            ])
    }

    public func recordPasskeyUse(id: String, signCount: UInt32, at date: Date) throws {
        try connection.execute(
            "UPDATE identity_passkeys SET sign_count = ?, last_used_at = ? WHERE credential_id = ?",
            [Int64(signCount), date, id])
    }

    public func deletePasskey(id: String) throws {
        try connection.execute("DELETE FROM identity_passkeys WHERE credential_id = ?", [id])
    }

    public func passkeyUserHandle(accountId: String) throws -> [UInt8]? {
        try connection.first("SELECT user_handle FROM identity_passkey_users WHERE account_id = ?", [accountId])
            .flatMap { row in Base64URL.decode(try row.string(0)) }
    }

    public func insertPasskeyUserHandle(_ handle: [UInt8], accountId: String) throws {
        try connection.execute(
            "INSERT INTO identity_passkey_users (account_id, user_handle) VALUES (?, ?)",
            [accountId, Base64URL.encode(handle)])
    }

    private static let passkeyChallengeColumns = "challenge_hash, purpose, account_id, created_at, expires_at"

    public func insertPasskeyChallenge(_ challenge: PasskeyChallenge, removingExpiredAt now: Date) throws {
        try connection.execute("DELETE FROM identity_passkey_challenges WHERE expires_at < ?", [now])
        try connection.execute(
            "INSERT INTO identity_passkey_challenges (\(Self.passkeyChallengeColumns)) VALUES (?, ?, ?, ?, ?)",
            [
                challenge.challengeHash, challenge.purpose.rawValue, challenge.accountId, challenge.createdAt,
                challenge.expiresAt,
            ])
    }

    public func takePasskeyChallenge(hash: String) throws -> PasskeyChallenge? {
        guard
            let challenge = try connection.first(
                "SELECT \(Self.passkeyChallengeColumns) FROM identity_passkey_challenges WHERE challenge_hash = ?",
                [hash]
            ).map(Self.passkeyChallenge)
        else { return nil }
        try connection.execute("DELETE FROM identity_passkey_challenges WHERE challenge_hash = ?", [hash])
        return challenge
    }

    public func passkeyChallenges(accountId: String) throws -> [PasskeyChallenge] {
        try connection.query(
            """
            SELECT \(Self.passkeyChallengeColumns) FROM identity_passkey_challenges WHERE account_id = ?
            ORDER BY created_at, challenge_hash
            """,
            [accountId]
        ).map(Self.passkeyChallenge)
    }

    private static func passkey(_ row: SQLRow) throws -> Passkey {
        guard let publicKey = Base64URL.decode(try row.string(3)),
            let signCount = UInt32(exactly: try row.int(5))
        else { throw StorageError(.failed, "identity_passkeys holds a public key or sign count that is not one") }
        return Passkey(
            id: try row.string(0), accountId: try row.string(1), name: try row.string(2), publicKey: publicKey,
            algorithm: try row.int(4), signCount: signCount, aaguid: row[6].flatMap { Base64URL.decode($0) },
            createdAt: try row.date(7), lastUsedAt: try row.optionalDate(8))
    }

    private static func passkeyChallenge(_ row: SQLRow) throws -> PasskeyChallenge {
        guard let purpose = PasskeyChallenge.Purpose(rawValue: try row.string(1)) else {
            throw StorageError(.failed, "identity_passkey_challenges holds an unknown purpose")
        }
        return PasskeyChallenge(
            challengeHash: try row.string(0), purpose: purpose, accountId: row[2], createdAt: try row.date(3),
            expiresAt: try row.date(4))
    }
}
