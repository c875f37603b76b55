import Foundation
import Storage
import Tokens

/// One SQL transaction (SQLite or PostgreSQL) seen as a `TokensStoreTransaction`. Plain SQL, no rules; every
/// statement is the same on both engines.
public struct SQLTokensTransaction: TokensStoreTransaction {
    let connection: any SQLConnection

    /// The Tokens view of an open transaction on `connection`, valid inside the body it was given to.
    public init(_ connection: any SQLConnection) {
        self.connection = connection
    }

    // MARK: - Apps

    private static let appColumns = "id, name, webhook_url, secret_hash, webhook_secret, created_at"

    public func apps() throws -> [StoredApp] {
        try connection.query("SELECT \(Self.appColumns) FROM tokens_apps ORDER BY seq", []).map(Self.app)
    }

    public func app(id: String) throws -> StoredApp? {
        try connection.first("SELECT \(Self.appColumns) FROM tokens_apps WHERE id = ?", [id]).map(Self.app)
    }

    public func insertApp(_ app: StoredApp) throws {
        try connection.execute(
            "INSERT INTO tokens_apps (\(Self.appColumns)) VALUES (?, ?, ?, ?, ?, ?)",
            [
                app.app.id, app.app.name, app.app.webhookURL, app.secretHash, app.storedWebhookSecret,
                app.app.createdAt,
            ])
    }

    public func updateApp(_ app: StoredApp) throws {
        try connection.execute(
            "UPDATE tokens_apps SET name = ?, webhook_url = ?, secret_hash = ?, webhook_secret = ? WHERE id = ?",
            [app.app.name, app.app.webhookURL, app.secretHash, app.storedWebhookSecret, app.app.id])
    }

    public func deleteApp(id: String) throws {
        try connection.execute("DELETE FROM tokens_apps WHERE id = ?", [id])
    }

    private static func app(_ row: SQLRow) throws -> StoredApp {
        StoredApp(
            app: RegisteredApp(
                id: try row.string(0), name: try row.string(1), webhookURL: row[2], createdAt: try row.date(5)),
            secretHash: try row.string(3), storedWebhookSecret: row[4])
    }

    // MARK: - Signing keys

    public func signingKeys() throws -> [SigningKey] {
        try connection.query("SELECT id, created_at, signs_from, x, y, private_key FROM tokens_signing_keys", []).map {
            row in
            SigningKey(
                id: try row.string(0), createdAt: try row.date(1), signsFrom: try row.date(2), x: try row.string(3),
                y: try row.string(4), storedPrivateKey: try row.string(5))
        }
    }

    public func insertSigningKey(_ key: SigningKey) throws {
        try connection.execute(
            "INSERT INTO tokens_signing_keys (id, created_at, signs_from, x, y, private_key) VALUES (?, ?, ?, ?, ?, ?)",
            [key.id, key.createdAt, key.signsFrom, key.x, key.y, key.storedPrivateKey])
    }

    public func deleteSigningKey(id: String) throws {
        try connection.execute("DELETE FROM tokens_signing_keys WHERE id = ?", [id])
    }
}
