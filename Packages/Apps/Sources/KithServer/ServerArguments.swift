import Accounts
import Foundation
import IdentityOIDC
import Kernel
import KithComposition
import Mail
import SQLiteStorage
import Storage
import WebAuthn

/// `kith-server [migrate [--check]] [FLAGS]`, parsed by hand from one table of flags (`ServerArguments.flags`): each
/// flag's value, its `KITH_...` environment twin and its line in `--help` come from the same entry, so none can be
/// missing from the others. The command line wins over the environment.
public struct ServerArguments: Sendable, Equatable {
    /// What the process does.
    public enum Mode: Sendable, Equatable {
        /// Serve HTTP until SIGTERM (migrating first, unless `--no-migrate`).
        case serve
        /// `migrate`: apply the pending migrations, print each, exit.
        case migrate
        /// `migrate --check`: exit 1 when migrations are pending, 0 when none are.
        case checkMigrations
    }

    /// How log lines are written.
    public enum LogFormat: String, Sendable, Equatable, CaseIterable {
        case text, json
    }

    public var mode: Mode = .serve
    /// nil: `KITH_DB`, then the same default file as `kith`.
    public var databasePath: String?
    /// A PostgreSQL connection URI (`--database`); nil: `KITH_DATABASE_URL`, else SQLite.
    public var databaseURL: String?
    /// PostgreSQL streaming replicas that reads may go to (`--read-replica`, `KITH_READ_REPLICA_URLS`).
    public var readReplicaURLs: [String] = []
    /// How long a replica may stay behind the reads that come to it before they stop trying it (`--replica-max-lag`).
    public var replicaMaxLag: Duration = .seconds(1)
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    /// Most owners whose access index the server keeps in memory (`--access-cache`); nil for the default of the
    /// feature that keeps one (Circles).
    public var accessCacheOwners: Int?
    /// Most bearer tokens whose principal the server keeps in memory (`--token-cache`); 0 looks every one up.
    public var tokenCacheSize: Int = BearerPrincipals.defaultCapacity
    /// Per provider, the client ids whose tokens are accepted (web, iOS, Android apps of one project).
    public var clientIds: [IdentityProvider: [String]] = [:]
    /// Per provider, an issuer other than the real one (a fake provider in tests).
    public var issuers: [IdentityProvider: String] = [:]
    public var logFormat: LogFormat = .text
    /// Peers whose `X-Forwarded-For` names the client (`--trusted-proxy`); none by default.
    public var trustedProxies: [TrustedProxies.Range] = []
    /// How long events are kept for apps' feeds and webhooks, in seconds (`--event-retention`): 7 days by default.
    public var eventRetention: TimeInterval = 7 * 86_400
    /// How long a server told to stop keeps serving, not ready, before it stops accepting (`--shutdown-delay`).
    public var shutdownDelay: Duration = .zero
    /// Whether serving applies pending migrations first; `--no-migrate` refuses to start with any pending.
    public var migratesOnStart = true
    /// `--smtp-url`: the SMTP server mail goes to (`smtp://` with STARTTLS when offered, or `smtps://`).
    public var smtpURL: String?
    /// `--smtp-user`: the SMTP login; its password comes from `KITH_SMTP_PASSWORD` or `--smtp-password-file`.
    public var smtpUser: String?
    public var smtpPasswordFile: String?
    /// `--smtp-ca-file`: a PEM bundle of the certificate authorities to trust for the SMTP server instead of the
    /// system's (a private CA); the certificate is still verified.
    public var smtpCAFile: String?
    /// `--mail-from`: the sender's address.
    public var mailFrom: String?
    /// `--maildir`: a Maildir that receives the messages instead of an SMTP server.
    public var maildir: String?
    /// `--require-verified-email`: an unverified account may only see itself, verify, sign out and leave.
    public var requireVerifiedEmail = false
    /// `--sealing-key-file`: 32 random bytes that seal TOTP secrets at rest.
    public var sealingKeyFile: String?
    /// `--passkey-rp-id`: the relying party id passkeys are made for (a domain); without it the passkey routes are 404.
    public var passkeyRelyingPartyId: String?
    /// `--passkey-origin` (repeatable): the origins passkey ceremonies may come from.
    public var passkeyOrigins: [String] = []
    /// `--issuer`: the URL tokens for apps name as `iss`; nil: `http://HOST:PORT` (`issuerURL`).
    public var issuer: String?

    /// One flag: its name, its environment twin, the value it takes (nil: a switch), its help, and what it sets. Its
    /// name is written here only: parsing the command line and the environment finds the entry and calls its `set`.
    struct Flag: Sendable {
        let name: String
        let environment: String
        let value: String?
        let repeatable: Bool
        /// Whether parsing reads its environment twin; the stores' own variables are read by `store(environment:)`,
        /// in their order.
        let readsEnvironment: Bool
        let help: String
        /// Sets what the flag says from its values, or refuses them naming where they came from (a `UsageError`:
        /// untyped here only because a closure's `try` is not inferred as typed).
        let set: @Sendable (inout ServerArguments, FlagValues) throws -> Void

        init(
            _ name: String, _ environment: String, value: String?, repeatable: Bool = false,
            readsEnvironment: Bool = true, _ help: String,
            set: @escaping @Sendable (inout ServerArguments, FlagValues) throws -> Void
        ) {
            self.name = name
            self.environment = environment
            self.value = value
            self.repeatable = repeatable
            self.readsEnvironment = readsEnvironment
            self.help = help
            self.set = set
        }
    }

    /// What one flag was given (every value, for a repeatable one), from the command line or its environment twin
    /// (`source`, named in a refusal), with the readers the flags share.
    struct FlagValues {
        let values: [String]
        let source: String

        /// The value (the last, for a repeatable flag).
        var value: String { values.last ?? "" }

        /// The value as `read` reads it, else the refusal saying what `source` must be.
        func parse<T>(_ read: (String) -> T?, mustBe expected: String) throws(UsageError) -> T {
            try parse(value, read, mustBe: expected)
        }

        /// `text`, one of the values, as `read` reads it, else the refusal saying what `source` must be.
        func parse<T>(_ text: String, _ read: (String) -> T?, mustBe expected: String) throws(UsageError) -> T {
            guard let parsed = read(text) else {
                throw UsageError(description: "\(source) must be \(expected), not \(text)")
            }
            return parsed
        }

        /// The value as a whole number in `range`.
        func number(in range: some RangeExpression<Int>, mustBe expected: String) throws(UsageError) -> Int {
            try parse({ Int($0).flatMap { range.contains($0) ? $0 : nil } }, mustBe: expected)
        }

        /// The value as a number of seconds from 0 to 3600, to the millisecond.
        func seconds() throws(UsageError) -> Duration {
            let seconds = try parse(
                { Double($0).flatMap { $0.isFinite && (0...3600).contains($0) ? $0 : nil } },
                mustBe: "a number of seconds from 0 to 3600")
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }

        /// The value of a switch (from its environment twin: 1 or 0, true or false, yes or no).
        func isOn() throws(UsageError) -> Bool {
            try parse({ ServerArguments.switches[$0.lowercased()] }, mustBe: "1 or 0")
        }
    }

    /// Every flag of `kith-server`, in `--help`'s order.
    static let flags: [Flag] =
        [
            Flag(
                "--db", "KITH_DB", value: "FILE", readsEnvironment: false,
                "the SQLite file (default: the same file as kith)"
            ) {
                $0.databasePath = $1.value
            },
            Flag(
                "--database", "KITH_DATABASE_URL", value: "URL", readsEnvironment: false,
                "a PostgreSQL connection URI, for any number of servers on one database (without it, SQLite)"
            ) { $0.databaseURL = $1.value },
            Flag(
                "--read-replica", "KITH_READ_REPLICA_URLS", value: "URL", repeatable: true,
                "a streaming replica of --database that reads may use when it has replayed what they must see (repeatable)"
            ) { $0.readReplicaURLs = $1.values },
            Flag(
                "--replica-max-lag", "KITH_REPLICA_MAX_LAG", value: "SECONDS",
                "a replica that has fallen behind the reads sent to it for longer than this gets one read a period until it catches up, the rest going to the primary (default 1)"
            ) { $0.replicaMaxLag = try $1.seconds() },
            Flag("--host", "KITH_HOST", value: "HOST", "the address to listen on (default 127.0.0.1)") {
                $0.host = $1.value
            },
            Flag("--port", "KITH_PORT", value: "N", "the port to listen on, 1-65535 (default 8080)") {
                $0.port = try $1.number(in: 1...65_535, mustBe: "a number from 1 to 65535")
            },
            Flag(
                "--access-cache", "KITH_ACCESS_CACHE", value: "N",
                "the most owners whose Circles access index is kept in memory, least recently used dropped first (default: Circles' own)"
            ) { $0.accessCacheOwners = try $1.number(in: 1..., mustBe: "a number of owners, at least 1") },
            Flag(
                "--token-cache", "KITH_TOKEN_CACHE", value: "N",
                "the most bearer tokens whose account is kept in memory (every request still checks its session); 0 looks each token up (default \(BearerPrincipals.defaultCapacity))"
            ) { $0.tokenCacheSize = try $1.number(in: 0..., mustBe: "a number of tokens, 0 or more") },
        ]
        + IdentityProvider.allCases.flatMap { provider in
            [
                Flag(
                    "--\(provider.rawValue)-client-id", "KITH_\(provider.rawValue.uppercased())_CLIENT_ID", value: "ID",
                    repeatable: true,
                    "accept \(provider.displayName) sign-in for this client id (repeatable: web, iOS, Android)"
                ) { $0.clientIds[provider] = $1.values },
                Flag(
                    "--\(provider.rawValue)-issuer", "KITH_\(provider.rawValue.uppercased())_ISSUER", value: "URL",
                    "\(provider.displayName)'s issuer (default \(OIDCProviderConfiguration.defaultIssuer(of: provider)))"
                ) { $0.issuers[provider] = $1.value },
            ]
        } + [
            Flag("--log-format", "KITH_LOG_FORMAT", value: "text|json", "text lines, or one JSON object a line") {
                $0.logFormat = try $1.parse(LogFormat.init(rawValue:), mustBe: "text or json")
            },
            Flag(
                "--trusted-proxy", "KITH_TRUSTED_PROXY", value: "CIDR", repeatable: true,
                "a load balancer or proxy whose X-Forwarded-For names the client (repeatable)"
            ) { arguments, given throws(UsageError) in
                arguments.trustedProxies = try given.values.map { value throws(UsageError) in
                    try given.parse(
                        value, TrustedProxies.Range.init(_:), mustBe: "an address or a range such as 10.0.0.0/8")
                }
            },
            Flag(
                "--shutdown-delay", "KITH_SHUTDOWN_DELAY", value: "SECONDS",
                "after SIGTERM, answer /health/ready 503 and keep serving this long before closing (default 0)"
            ) { $0.shutdownDelay = try $1.seconds() },
            Flag(
                "--no-migrate", "KITH_NO_MIGRATE", value: nil,
                "refuse to start while migrations are pending (run `kith-server migrate` first)"
            ) { $0.migratesOnStart = try !$1.isOn() },
            Flag(
                "--smtp-url", "KITH_SMTP_URL", value: "URL",
                "send mail through this SMTP server: smtp://HOST:PORT (STARTTLS when offered) or smtps://HOST:PORT"
            ) {
                $0.smtpURL = try $1.parse(
                    { ["smtp", "smtps"].contains(URL(string: $0)?.scheme?.lowercased()) ? $0 : nil },
                    mustBe: "an smtp:// or smtps:// URL")
            },
            Flag(
                "--smtp-user", "KITH_SMTP_USER", value: "NAME",
                "the SMTP login (its password from KITH_SMTP_PASSWORD or --smtp-password-file)"
            ) { $0.smtpUser = $1.value },
            Flag(
                "--smtp-password-file", "KITH_SMTP_PASSWORD_FILE", value: "FILE",
                "a file holding the SMTP password"
            ) { $0.smtpPasswordFile = $1.value },
            Flag(
                "--smtp-ca-file", "KITH_SMTP_CA_FILE", value: "FILE",
                "trust the certificate authorities in this PEM file (a private CA) for the SMTP server's TLS"
            ) {
                $0.smtpCAFile = try $1.parse(
                    { FileManager.default.isReadableFile(atPath: $0) ? $0 : nil }, mustBe: "a readable PEM file")
            },
            Flag("--mail-from", "KITH_MAIL_FROM", value: "ADDRESS", "the address mail is sent from") {
                $0.mailFrom = try $1.parse({ try? EmailAddress.validate($0) }, mustBe: "an email address")
            },
            Flag(
                "--maildir", "KITH_MAILDIR", value: "DIR",
                "write each message into this Maildir instead of sending it (one file a message, mode 0600)"
            ) { $0.maildir = $1.value },
            Flag(
                "--require-verified-email", "KITH_REQUIRE_VERIFIED_EMAIL", value: nil,
                "until an account verifies its email it may only see itself, verify, sign out and delete itself"
            ) { $0.requireVerifiedEmail = try $1.isOn() },
            Flag(
                "--sealing-key-file", "KITH_SEALING_KEY_FILE", value: "FILE",
                "32 random bytes (head -c 32 /dev/urandom) that seal secrets at rest: two-step (TOTP) secrets, token signing keys, webhook secrets"
            ) { $0.sealingKeyFile = $1.value },
            Flag(
                "--passkey-rp-id", "KITH_PASSKEY_RP_ID", value: "ID",
                "the domain passkeys are made for; without it the passkey routes answer 404"
            ) { $0.passkeyRelyingPartyId = $1.value },
            Flag(
                "--passkey-origin", "KITH_PASSKEY_ORIGIN", value: "ORIGIN", repeatable: true,
                "an origin passkey ceremonies may come from (repeatable; https, or http://localhost:N, http://127.0.0.1:N)"
            ) { $0.passkeyOrigins = $1.values },
            Flag(
                "--issuer", "KITH_ISSUER", value: "URL",
                "the http(s) URL apps know this server by: the iss of its tokens and the base of its metadata (default http://HOST:PORT)"
            ) {
                // Typed: with `issuer` optional, the reader's nil would be taken for a value.
                let url: String = try $1.parse(
                    { text -> String? in
                        let url = URL(string: text)
                        let isWeb = ["http", "https"].contains(url?.scheme?.lowercased())
                        return isWeb && url?.host?.isEmpty == false ? text : nil
                    }, mustBe: "an http:// or https:// URL with a host")
                $0.issuer = url
            },
            Flag(
                "--event-retention", "KITH_EVENT_RETENTION", value: "DURATION",
                "how long events are kept for apps' feeds and webhooks, pruned hourly: a number and s, m, h or d, from 1h to 365d (default 7d)"
            ) {
                $0.eventRetention = try $1.parse(
                    { Self.duration($0).flatMap { (3_600...365 * 86_400).contains($0) ? $0 : nil } },
                    mustBe: "a duration from 1h to 365d, such as 7d or 36h")
            },
        ]

    /// What `--help` prints, and what follows a usage error: every flag with its environment twin.
    public static var usage: String { usage(commands: []) }

    /// The usage with the features' operator commands (`apps add NAME ...`), each run on the server's database.
    public static func usage(commands: [String]) -> String {
        var lines = [
            "usage: kith-server [FLAGS]             serve (applying pending migrations first, unless --no-migrate)",
            "       kith-server migrate [FLAGS]     apply pending migrations, print each, and exit",
            "       kith-server migrate --check     exit 1 when migrations are pending, 0 when none are",
        ]
        if !commands.isEmpty {
            lines.append("")
            lines.append(
                "Operator commands, on the server's database (the same --db or --database; pending migrations refuse unless --migrate):"
            )
            lines += commands.map { "       kith-server \($0)" }
        }
        lines += [
            "",
            "Each flag may be given as its environment variable instead (lists comma-separated); a flag wins.",
        ]
        for flag in flags {
            let name = flag.value.map { "\(flag.name) \($0)" } ?? flag.name
            lines.append("  \(name)  [\(flag.environment)]")
            lines.append("      \(flag.help)")
        }
        return lines.joined(separator: "\n")
    }

    /// A usage error: the sentence to print before the usage (the process exits 2).
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What the command line and `environment` ask for: `nil` when they ask for `--help`.
    public static func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(UsageError) -> ServerArguments? {
        var parsed = ServerArguments()
        var remaining = arguments[...]
        if remaining.first == "migrate" {
            remaining.removeFirst()
            parsed.mode = .migrate
        }
        var given: [String: [String]] = [:]
        while let argument = remaining.popFirst() {
            // `--flag=value` and `--flag value` are both accepted.
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if name == "--help" || name == "-h" { return nil }
            if name == "--check" && parsed.mode != .serve && parts.count == 1 {
                parsed.mode = .checkMigrations
                continue
            }
            guard let flag = flags.first(where: { $0.name == name }) else {
                throw UsageError(description: "unknown argument \(argument)")
            }
            guard flag.value != nil else {
                guard parts.count == 1 else { throw UsageError(description: "\(name) takes no value") }
                given[name, default: []].append("true")
                continue
            }
            guard let value = parts.count == 2 ? parts[1] : remaining.popFirst(), !value.isEmpty else {
                throw UsageError(description: "\(name) needs a value")
            }
            if given[name] != nil && !flag.repeatable { throw UsageError(description: "\(name) is given twice") }
            given[name, default: []].append(value)
        }
        if flags.filter({ !$0.readsEnvironment }).allSatisfy({ given[$0.name] != nil }) {
            throw UsageError(description: "--db and --database are two different stores: give one")
        }
        for flag in flags {
            if let values = given[flag.name] {
                try parsed.set(flag, FlagValues(values: values, source: flag.name))
            } else if flag.readsEnvironment, let text = environment[flag.environment], !text.isEmpty {
                let values =
                    flag.repeatable
                    ? text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    : [text]
                try parsed.set(flag, FlagValues(values: values, source: flag.environment))
            }
        }
        try parsed.checkMail()
        if !parsed.readReplicaURLs.isEmpty, case .sqlite = parsed.store(environment: environment) {
            throw UsageError(description: "--read-replica needs --database: replicas are PostgreSQL's")
        }
        for (provider, _) in parsed.issuers where parsed.clientIds[provider] == nil {
            throw UsageError(description: "--\(provider.rawValue)-issuer needs --\(provider.rawValue)-client-id")
        }
        do {
            _ = try parsed.providers()
        } catch {
            throw UsageError(description: "\(error)")
        }
        _ = try parsed.passkeyRelyingParty()
        return parsed
    }

    /// The seconds `text` spells as a whole number and a unit (`30s`, `90m`, `36h`, `7d`); nil for anything else.
    public static func duration(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int(text.dropLast()), count >= 0,
            text.dropLast().allSatisfy(\.isASCII)
        else { return nil }
        return TimeInterval(count) * unit
    }

    /// The relying party passkeys are made for (`--passkey-rp-id` with its `--passkey-origin`s), or nil when neither
    /// is given; one without the other, or an origin the relying party refuses, is a usage error.
    public func passkeyRelyingParty() throws(UsageError) -> PasskeyRelyingParty? {
        guard let id = passkeyRelyingPartyId else {
            guard passkeyOrigins.isEmpty else {
                throw UsageError(description: "--passkey-origin needs --passkey-rp-id")
            }
            return nil
        }
        guard !passkeyOrigins.isEmpty else { throw UsageError(description: "--passkey-rp-id needs --passkey-origin") }
        do {
            return try PasskeyRelyingParty(id: id, origins: passkeyOrigins)
        } catch {
            throw UsageError(description: error.description)
        }
    }

    /// Sets `flag` from `given`: its own setter, whose refusals are usage errors.
    private mutating func set(_ flag: Flag, _ given: FlagValues) throws(UsageError) {
        do {
            try flag.set(&self, given)
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(description: "\(given.source): \(error)")
        }
    }

    /// How a switch's value (from its environment twin) reads.
    static let switches = ["true": true, "1": true, "yes": true, "false": false, "0": false, "no": false]

    /// Refuses mail settings that cannot work together.
    private func checkMail() throws(UsageError) {
        if smtpURL != nil && maildir != nil {
            throw UsageError(description: "--smtp-url and --maildir are two ways to deliver mail: give one")
        }
        if smtpURL != nil && mailFrom == nil { throw UsageError(description: "--smtp-url needs --mail-from ADDRESS") }
        if smtpURL == nil && (smtpUser != nil || smtpPasswordFile != nil || smtpCAFile != nil) {
            throw UsageError(description: "--smtp-user, --smtp-password-file and --smtp-ca-file need --smtp-url")
        }
        if requireVerifiedEmail && smtpURL == nil && maildir == nil {
            throw UsageError(description: "--require-verified-email needs mail: --smtp-url or --maildir")
        }
    }

    /// Mail as the flags set it up: an SMTP server (its password from `KITH_SMTP_PASSWORD` or the password file), a
    /// Maildir, or none.
    public func mailSetup(environment: [String: String]) throws -> MailSetup? {
        if let smtpURL, let mailFrom {
            var password = environment["KITH_SMTP_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
            if let smtpPasswordFile {
                password = try String(contentsOfFile: smtpPasswordFile, encoding: .utf8)
                    .trimmingCharacters(in: .newlines)
            }
            return try MailSetup.smtp(
                url: smtpURL, user: smtpUser, password: password, from: mailFrom, caFile: smtpCAFile)
        }
        if let maildir { return MailSetup.maildir(maildir, from: mailFrom ?? MailSettings.localDefault.from) }
        return nil
    }

    /// The issuer of tokens for apps: `--issuer`, else the address the server listens on (`http://HOST:PORT`, an
    /// IPv6 host in brackets), which is right when apps reach it directly.
    public var issuerURL: String {
        if let issuer { return issuer }
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// The key that seals TOTP secrets (`--sealing-key-file`), or nil when none is given.
    public func sealingKey() throws -> SealingKey? {
        try sealingKeyFile.map { try SealingKey(contentsOf: $0) }
    }

    /// The providers to accept, each with its client ids and issuer (the real one unless given).
    public func providers() throws(OIDCConfigurationError) -> [OIDCProviderConfiguration] {
        var configurations: [OIDCProviderConfiguration] = []
        for provider in IdentityProvider.allCases {
            guard let ids = clientIds[provider] else { continue }
            configurations.append(
                try OIDCProviderConfiguration(
                    provider: provider,
                    issuer: issuers[provider] ?? OIDCProviderConfiguration.defaultIssuer(of: provider), clientIds: ids))
        }
        return configurations
    }

    /// The store to open: `--database`, `--db`, then `KITH_DATABASE_URL`, then `KITH_DB` or kith's file.
    public func store(environment: [String: String]) -> Store {
        if let databaseURL { return .postgres(databaseURL) }
        if databasePath == nil, let url = environment["KITH_DATABASE_URL"], !url.isEmpty { return .postgres(url) }
        return .sqlite(DatabaseLocation.resolve(explicitPath: databasePath, environment: environment))
    }

    /// Where the server keeps its data.
    public enum Store: Sendable, Equatable {
        /// One SQLite file (one server).
        case sqlite(String)
        /// A PostgreSQL database (any number of servers).
        case postgres(String)
    }
}
