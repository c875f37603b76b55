import Foundation
import Kernel

extension LocalTokenService {
    // MARK: - Apps

    public func addApp(name: String, webhookURL: String?) async throws -> AppSecrets {
        let name = try AppRules.name(name)
        let webhookURL = try AppRules.webhookURL(webhookURL)
        let app = RegisteredApp(id: random.uuidString(), name: name, webhookURL: webhookURL, createdAt: now)
        let secret = AppRules.newSecret(random)
        let webhookSecret = webhookURL.map { _ in AppRules.newWebhookSecret(random) }
        let stored = StoredApp(
            app: app, secretHash: TokenDigest.hexDigest(secret),
            storedWebhookSecret: try webhookSecret.map {
                try StoredSecret.store(Array($0.utf8), rowId: app.id, key: sealingKey)
            })
        try await store.write(durability: .immediate) { tokens, _, _ in try tokens.insertApp(stored) }
        return AppSecrets(app: app, secret: secret, webhookSecret: webhookSecret)
    }

    public func apps() async throws -> [RegisteredApp] {
        try await store.read { tokens, _, _ in try tokens.apps().map(\.app) }
    }

    public func removeApp(id: String) async throws -> RegisteredApp {
        let id = id.trimmingWhitespace()
        return try await store.write(durability: .immediate) { tokens, _, _ in
            guard let stored = try Self.storedApp(id: id, in: tokens) else { throw TokensError.appNotFound(id) }
            try tokens.deleteApp(id: id)
            return stored.app
        }
    }

    public func rotateSecret(appId: String) async throws -> AppSecrets {
        let id = appId.trimmingWhitespace()
        let secret = AppRules.newSecret(random)
        let app = try await store.write(durability: .immediate) { tokens, _, _ in
            guard var stored = try Self.storedApp(id: id, in: tokens) else { throw TokensError.appNotFound(id) }
            stored.secretHash = TokenDigest.hexDigest(secret)
            try tokens.updateApp(stored)
            return stored.app
        }
        return AppSecrets(app: app, secret: secret, webhookSecret: nil)
    }

    /// The `whsec_` secret of the app's webhook (for signing deliveries); nil when it has none.
    public func webhookSecret(appId: String) async throws -> String? {
        let stored = try await store.read { tokens, _, _ in try Self.storedApp(id: appId, in: tokens) }
        guard let stored else { throw TokensError.appNotFound(appId) }
        guard let sealed = stored.storedWebhookSecret else { return nil }
        return String(decoding: try StoredSecret.open(sealed, rowId: appId, key: sealingKey), as: UTF8.self)
    }

    /// The app `credentials` name, when its secret matches; else `.wrongAppCredentials`, the same for an unknown id.
    /// Public so every feature that serves apps (the event feed) checks them by this one rule.
    public static func requireApp(
        _ credentials: AppCredentials, in tokens: any TokensStoreTransaction
    ) throws -> RegisteredApp {
        guard let stored = try storedApp(id: credentials.appId, in: tokens),
            AppRules.matches(credentials.secret, stored)
        else {
            throw TokensError.wrongAppCredentials
        }
        return stored.app
    }

    /// The app `id` names; nil, without a lookup, for an id that is not written as an app's (`AppRules.isAppId`).
    static func storedApp(id: String, in tokens: any TokensStoreTransaction) throws -> StoredApp? {
        guard AppRules.isAppId(id) else { return nil }
        return try tokens.app(id: id)
    }
}
