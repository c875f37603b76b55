import Foundation
import Testing

@testable import KithServer

@Suite("kith-server arguments")
struct ServerArgumentsTests {
    @Test func defaultsAndFlags() throws {
        #expect(try ServerArguments.parse([]) == ServerArguments())
        let parsed = try #require(
            try ServerArguments.parse(["--db", "/tmp/k.sqlite", "--host=0.0.0.0", "--port", "9090"]))
        #expect(parsed.databasePath == "/tmp/k.sqlite")
        #expect(parsed.host == "0.0.0.0")
        #expect(parsed.port == 9090)
        #expect(parsed.accessCacheOwners == nil)
        #expect(try ServerArguments.parse(["--access-cache=50"])?.accessCacheOwners == 50)
        #expect(parsed.tokenCacheSize == 10_000)
        #expect(try ServerArguments.parse(["--token-cache", "0"])?.tokenCacheSize == 0)
        #expect(try ServerArguments.parse(["--help"]) == nil)
    }

    @Test func usageErrors() {
        for arguments in [
            ["--port", "0"], ["--port", "http"], ["--db"], ["--verbose"], ["serve"], ["--host="],
            ["--access-cache", "0"], ["--access-cache", "many"], ["--token-cache", "-1"], ["--token-cache", "all"],
        ] {
            #expect(throws: ServerArguments.UsageError.self, "\(arguments)") { try ServerArguments.parse(arguments) }
        }
    }

    @Test func theStoreIsPostgreSQLOnlyWhenAskedFor() throws {
        let url = "postgresql://kith@db.example/kith"
        let postgres = try #require(try ServerArguments.parse(["--database", url]))
        #expect(postgres.store(environment: [:]) == .postgres(url))
        #expect(
            try #require(try ServerArguments.parse([])).store(environment: ["KITH_DATABASE_URL": url]) == .postgres(url)
        )
        // An explicit file wins over the environment's URL.
        let file = try #require(try ServerArguments.parse(["--db", "/tmp/k.sqlite"]))
        #expect(file.store(environment: ["KITH_DATABASE_URL": url]) == .sqlite("/tmp/k.sqlite"))
        #expect(
            try #require(try ServerArguments.parse([])).store(environment: ["KITH_DB": "/tmp/e.sqlite"])
                == .sqlite("/tmp/e.sqlite"))
        let both = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(["--db", "/tmp/k.sqlite", "--database", url])
        }
        #expect(both?.description == "--db and --database are two different stores: give one")
        #expect(throws: ServerArguments.UsageError.self) { try ServerArguments.parse(["--database="]) }
    }

    @Test func readReplicasAreNamedOnceEachOrInOneVariableAndNeedPostgreSQL() throws {
        let (url, first, second) = (
            "postgresql://kith@db/kith", "postgresql://kith@replica1/kith", "postgresql://kith@replica2/kith"
        )
        let flags = try #require(
            try ServerArguments.parse([
                "--database", url, "--read-replica", first, "--read-replica=\(second)", "--replica-max-lag", "0.25",
            ]))
        #expect(flags.readReplicaURLs == [first, second])
        #expect(flags.replicaMaxLag == .milliseconds(250))
        let defaults = try #require(try ServerArguments.parse(["--database", url]))
        #expect(defaults.readReplicaURLs.isEmpty && defaults.replicaMaxLag == .seconds(1))
        let environment = try #require(
            try ServerArguments.parse(
                [],
                environment: [
                    "KITH_DATABASE_URL": url, "KITH_READ_REPLICA_URLS": "\(first), \(second)",
                    "KITH_REPLICA_MAX_LAG": "2",
                ]))
        #expect(environment.readReplicaURLs == [first, second] && environment.replicaMaxLag == .seconds(2))
        let onSQLite = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(["--db", "/tmp/k.sqlite", "--read-replica", first])
        }
        #expect(onSQLite?.description == "--read-replica needs --database: replicas are PostgreSQL's")
        #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(["--database", url, "--replica-max-lag", "soon"])
        }
    }

    @Test func operationsFlagsAndMigrate() throws {
        let parsed = try #require(
            try ServerArguments.parse([
                "--log-format", "json", "--trusted-proxy", "10.0.0.0/8", "--trusted-proxy=fd00::/8",
                "--shutdown-delay", "2.5", "--no-migrate",
            ]))
        #expect(parsed.logFormat == .json)
        #expect(parsed.trustedProxies.map(\.description) == ["10.0.0.0/8", "fd00::/8"])
        #expect(parsed.shutdownDelay == .milliseconds(2500))
        #expect(!parsed.migratesOnStart && parsed.mode == .serve)
        #expect(try ServerArguments.parse(["migrate"])?.mode == .migrate)
        #expect(try ServerArguments.parse(["migrate", "--check", "--db", "/tmp/k.sqlite"])?.mode == .checkMigrations)
        for arguments in [
            ["--log-format", "xml"], ["--trusted-proxy", "10.0.0.0/33"], ["--trusted-proxy", "example.com"],
            ["--shutdown-delay", "-1"], ["--shutdown-delay", "soon"], ["--shutdown-delay", "3601"],
            ["--no-migrate=yes"], ["--check"], ["--port", "1", "--port", "2"], ["--db", "x", "migrate"],
        ] {
            #expect(throws: ServerArguments.UsageError.self, "\(arguments)") { try ServerArguments.parse(arguments) }
        }
    }

    @Test func everyFlagHasAnEnvironmentTwinThatTheCommandLineOverrides() throws {
        let environment = [
            "KITH_HOST": "0.0.0.0", "KITH_PORT": "9191", "KITH_ACCESS_CACHE": "7", "KITH_TOKEN_CACHE": "0",
            "KITH_GOOGLE_CLIENT_ID": "web, ios", "KITH_GOOGLE_ISSUER": "http://127.0.0.1:9/google",
            "KITH_LOG_FORMAT": "json", "KITH_TRUSTED_PROXY": "10.0.0.0/8,192.168.0.0/16", "KITH_SHUTDOWN_DELAY": "3",
            "KITH_NO_MIGRATE": "1",
        ]
        let parsed = try #require(try ServerArguments.parse([], environment: environment))
        #expect(parsed.host == "0.0.0.0" && parsed.port == 9191)
        #expect(parsed.accessCacheOwners == 7 && parsed.tokenCacheSize == 0)
        #expect(parsed.clientIds[.google] == ["web", "ios"] && parsed.issuers[.google] == "http://127.0.0.1:9/google")
        #expect(parsed.logFormat == .json && parsed.trustedProxies.count == 2)
        #expect(parsed.shutdownDelay == .seconds(3) && !parsed.migratesOnStart)
        let overridden = try #require(
            try ServerArguments.parse(["--port", "8181", "--log-format", "text"], environment: environment))
        #expect(overridden.port == 8181 && overridden.logFormat == .text && overridden.host == "0.0.0.0")
        let refused = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse([], environment: ["KITH_PORT": "http"])
        }
        #expect(refused?.description == "KITH_PORT must be a number from 1 to 65535, not http")
        // --help lists every flag with its twin.
        for flag in ServerArguments.flags {
            #expect(
                ServerArguments.usage.contains(flag.name) && ServerArguments.usage.contains("[\(flag.environment)]"))
            #expect(
                flag.environment == "KITH_"
                    + flag.name.dropFirst(2).uppercased().replacingOccurrences(of: "-", with: "_")
                    || ["--database", "--read-replica"].contains(flag.name))
        }
    }

    @Test func theIssuerIsAnHTTPURLWithAHostOrTheListeningAddress() throws {
        #expect(try #require(try ServerArguments.parse([])).issuerURL == "http://127.0.0.1:8080")
        #expect(
            try #require(try ServerArguments.parse(["--host", "::1", "--port", "9"])).issuerURL == "http://[::1]:9")
        let given = try #require(try ServerArguments.parse(["--issuer", "https://id.example.com/kith"]))
        #expect(given.issuerURL == "https://id.example.com/kith")
        let twin = try ServerArguments.parse([], environment: ["KITH_ISSUER": "http://kith.test:8080"])
        #expect(twin?.issuerURL == "http://kith.test:8080")
        // A Google issuer flag is still Google's.
        let google = try ServerArguments.parse([
            "--google-client-id", "web", "--google-issuer", "http://127.0.0.1:9/google",
        ])
        #expect(google?.issuers[.google] == "http://127.0.0.1:9/google" && google?.issuer == nil)
        for issuer in ["ftp://id.example.com", "id.example.com", "https://", "http:///path", "mailto:a@b.c"] {
            let refused = #expect(throws: ServerArguments.UsageError.self, "\(issuer)") {
                try ServerArguments.parse(["--issuer", issuer])
            }
            #expect(refused?.description == "--issuer must be an http:// or https:// URL with a host, not \(issuer)")
        }
    }

    @Test func aPrivateCAForMailIsAReadableFileBesideAnSMTPURL() throws {
        let mail = ["--smtp-url", "smtp://127.0.0.1:2525", "--mail-from", "no-reply@kith.test"]
        let bundle = NSTemporaryDirectory() + "kith-ca-\(UUID().uuidString).pem"
        try "not read until mail is sent".write(toFile: bundle, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        let parsed = try #require(try ServerArguments.parse(mail + ["--smtp-ca-file", bundle]))
        #expect(parsed.smtpCAFile == bundle)
        let twin = try #require(try ServerArguments.parse(mail, environment: ["KITH_SMTP_CA_FILE": bundle]))
        #expect(twin.smtpCAFile == bundle)
        let missing = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(mail + ["--smtp-ca-file", bundle + ".missing"])
        }
        #expect(missing?.description == "--smtp-ca-file must be a readable PEM file, not \(bundle).missing")
        let alone = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(["--smtp-ca-file", bundle])
        }
        #expect(alone?.description == "--smtp-user, --smtp-password-file and --smtp-ca-file need --smtp-url")
    }

    @Test func passkeysNeedAnRpIdAndItsOriginsTogether() throws {
        #expect(try ServerArguments.parse([])?.passkeyRelyingParty() == nil)
        let parsed = try #require(
            try ServerArguments.parse([
                "--passkey-rp-id", "Kith.Example", "--passkey-origin", "https://kith.example",
                "--passkey-origin", "https://app.kith.example:443",
            ]))
        let party = try #require(try parsed.passkeyRelyingParty())
        #expect(party.id == "kith.example")
        #expect(party.origins == ["https://kith.example", "https://app.kith.example"])
        let local = try ServerArguments.parse(
            [], environment: ["KITH_PASSKEY_RP_ID": "localhost", "KITH_PASSKEY_ORIGIN": "http://localhost:8765"])
        #expect(try local?.passkeyRelyingParty()?.origins == ["http://localhost:8765"])
        let refusals: [([String], String)] = [
            (["--passkey-origin", "https://kith.example"], "--passkey-origin needs --passkey-rp-id"),
            (["--passkey-rp-id", "kith.example"], "--passkey-rp-id needs --passkey-origin"),
            (
                ["--passkey-rp-id", "kith.example", "--passkey-origin", "https://evil.example"],
                "The passkey origin \"https://evil.example\" is not on the relying party id \"kith.example\"."
            ),
            (
                ["--passkey-rp-id", "kith.example", "--passkey-origin", "http://kith.example"],
                "The passkey origin \"http://kith.example\" must use https (http only on localhost or 127.0.0.1)."
            ),
        ]
        for (arguments, sentence) in refusals {
            let refused = #expect(throws: ServerArguments.UsageError.self, "\(arguments)") {
                try ServerArguments.parse(arguments)
            }
            #expect(refused?.description == sentence)
        }
    }

    @Test func eventRetentionIsADurationFromAnHourToAYearSevenDaysByDefault() throws {
        #expect(try ServerArguments.parse([])?.eventRetention == 7 * 86_400)
        #expect(try ServerArguments.parse(["--event-retention", "36h"])?.eventRetention == 36 * 3_600)
        #expect(try ServerArguments.parse(["--event-retention=90m"])?.eventRetention == 5_400)
        #expect(try ServerArguments.parse(["--event-retention", "3600s"])?.eventRetention == 3_600)
        #expect(
            try ServerArguments.parse([], environment: ["KITH_EVENT_RETENTION": "30d"])?.eventRetention == 30 * 86_400)
        for value in ["7", "59m", "366d", "-1d", "7 d", "1w", "d", "७d"] {
            let refused = #expect(throws: ServerArguments.UsageError.self, "\(value)") {
                try ServerArguments.parse(["--event-retention", value])
            }
            #expect(
                refused?.description
                    == "--event-retention must be a duration from 1h to 365d, such as 7d or 36h, not \(value)")
        }
    }
}
