import Foundation

/// An app registered by the server's operator: an audience tokens are issued for, and a client of introspection,
/// access checks and events. Its secrets are never part of it.
public struct RegisteredApp: Sendable, Hashable, Identifiable {
    /// UUID string: the `aud` and `client_id` of its tokens.
    public var id: String
    public var name: String
    /// Where its events are pushed; nil when it only pulls.
    public var webhookURL: String?
    public var createdAt: Date

    public init(id: String, name: String, webhookURL: String?, createdAt: Date) {
        self.id = id
        self.name = name
        self.webhookURL = webhookURL
        self.createdAt = createdAt
    }
}

/// An app as stores keep it: the SHA-256 of its secret, never the secret, and its webhook secret sealed (or, without
/// a sealing key, plain).
public struct StoredApp: Sendable, Hashable {
    public var app: RegisteredApp
    /// Lower-case hex SHA-256 of the secret (`TokenDigest`): the secret is 32 random bytes, so no slow hash is needed.
    public var secretHash: String
    /// `StoredSecret`'s form of the `whsec_` secret; nil without a webhook.
    public var storedWebhookSecret: String?

    public init(app: RegisteredApp, secretHash: String, storedWebhookSecret: String?) {
        self.app = app
        self.secretHash = secretHash
        self.storedWebhookSecret = storedWebhookSecret
    }
}

/// What registering an app (or rotating its secret) shows once: the only time the secrets exist outside the app.
public struct AppSecrets: Sendable, Hashable {
    public var app: RegisteredApp
    public var secret: String
    /// The `whsec_` secret webhooks are signed with (Standard Webhooks); nil without a webhook, and when only the
    /// app's secret was rotated.
    public var webhookSecret: String?

    public init(app: RegisteredApp, secret: String, webhookSecret: String?) {
        self.app = app
        self.secret = secret
        self.webhookSecret = webhookSecret
    }
}

/// How an app proves itself: its id and secret, as HTTP Basic carries them.
public struct AppCredentials: Sendable, Hashable {
    public var appId: String
    public var secret: String

    public init(appId: String, secret: String) {
        self.appId = appId
        self.secret = secret
    }
}
