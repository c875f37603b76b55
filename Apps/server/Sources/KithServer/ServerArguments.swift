import Circles
import Identity
import IdentityOIDC
import Storage

/// `kith-server [--db FILE | --database URL] [--host HOST] [--port N] [--access-cache N] [--token-cache N]` and the
/// providers' `--google-client-id ID` (repeatable), `--google-issuer URL` (the same for Apple), parsed by hand: a few
/// flags need no parser library.
public struct ServerArguments: Sendable, Equatable {
    /// nil: `KITH_DB`, then the same default file as `kith`.
    public var databasePath: String?
    /// A PostgreSQL connection URI (`--database`); nil: `KITH_DATABASE_URL`, else SQLite.
    public var databaseURL: String?
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    /// Most owners whose access index the server keeps in memory (`--access-cache`).
    public var accessCacheOwners: Int = AccessEngine.defaultCapacity
    /// Most bearer tokens whose principal the server keeps in memory (`--token-cache`); 0 looks every one up.
    public var tokenCacheSize: Int = BearerPrincipals.defaultCapacity
    /// Per provider, the client ids whose tokens are accepted (web, iOS, Android apps of one project).
    public var clientIds: [IdentityProvider: [String]] = [:]
    /// Per provider, an issuer other than the real one (a fake provider in tests).
    public var issuers: [IdentityProvider: String] = [:]

    /// What `--help` prints, and what follows a usage error.
    public static let usage = """
        usage: kith-server [--db FILE | --database URL] [--host HOST] [--port N] [--access-cache N] [--token-cache N]
                           [--google-client-id ID]... [--google-issuer URL] [--apple-client-id ID]... [--apple-issuer URL]
          --db FILE         the SQLite file (default: KITH_DB, else the same file as kith)
          --database URL    a PostgreSQL connection URI, for any number of servers on one database
                            (default: KITH_DATABASE_URL; without it, SQLite)
          --host HOST       the address to listen on (default 127.0.0.1)
          --port N          the port to listen on, 1-65535 (default 8080)
          --access-cache N  the most owners whose access index is kept in memory, least recently
                            used dropped first (default \(AccessEngine.defaultCapacity))
          --token-cache N   the most bearer tokens whose account is kept in memory (every request still
                            checks its session); 0 looks each token up (default \(BearerPrincipals.defaultCapacity))
          --google-client-id ID
                            accept Google sign-in for this client id (repeatable: web, iOS, Android)
          --google-issuer URL
                            Google's issuer (default https://accounts.google.com)
          --apple-client-id ID
                            accept Apple sign-in for this client id (repeatable)
          --apple-issuer URL
                            Apple's issuer (default https://appleid.apple.com)
        """

    /// A usage error: the sentence to print before the usage (the process exits 2).
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What the command line asks for: `nil` when it asks for `--help`.
    public static func parse(_ arguments: [String]) throws(UsageError) -> ServerArguments? {
        var parsed = ServerArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // `--flag=value` and `--flag value` are both accepted.
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let flag = parts[0]
            if flag == "--help" || flag == "-h" { return nil }
            let providerFlags = IdentityProvider.allCases.flatMap {
                ["--\($0.rawValue)-client-id", "--\($0.rawValue)-issuer"]
            }
            guard
                (["--db", "--database", "--host", "--port", "--access-cache", "--token-cache"] + providerFlags)
                    .contains(flag)
            else {
                throw UsageError(description: "unknown argument \(argument)")
            }
            let value: String
            if parts.count == 2 {
                value = parts[1]
            } else if let next = remaining.popFirst() {
                value = next
            } else {
                throw UsageError(description: "\(flag) needs a value")
            }
            guard !value.isEmpty else { throw UsageError(description: "\(flag) needs a value") }
            switch flag {
            case "--db": parsed.databasePath = value
            case "--database": parsed.databaseURL = value
            case "--host": parsed.host = value
            case "--access-cache":
                guard let owners = Int(value), owners >= 1 else {
                    throw UsageError(description: "--access-cache must be a number of owners, at least 1, not \(value)")
                }
                parsed.accessCacheOwners = owners
            case "--token-cache":
                guard let tokens = Int(value), tokens >= 0 else {
                    throw UsageError(description: "--token-cache must be a number of tokens, 0 or more, not \(value)")
                }
                parsed.tokenCacheSize = tokens
            case _ where flag.hasSuffix("-client-id"):
                if let provider = provider(of: flag) { parsed.clientIds[provider, default: []].append(value) }
            case _ where flag.hasSuffix("-issuer"):
                if let provider = provider(of: flag) { parsed.issuers[provider] = value }
            default:
                guard let port = Int(value), (1...65_535).contains(port) else {
                    throw UsageError(description: "--port must be a number from 1 to 65535, not \(value)")
                }
                parsed.port = port
            }
        }
        if parsed.databasePath != nil && parsed.databaseURL != nil {
            throw UsageError(description: "--db and --database are two different stores: give one")
        }
        for (provider, _) in parsed.issuers where parsed.clientIds[provider] == nil {
            throw UsageError(description: "--\(provider.rawValue)-issuer needs --\(provider.rawValue)-client-id")
        }
        do {
            _ = try parsed.providers()
        } catch {
            throw UsageError(description: "\(error)")
        }
        return parsed
    }

    /// The provider a `--PROVIDER-...` flag names.
    private static func provider(of flag: String) -> IdentityProvider? {
        IdentityProvider.allCases.first { flag.hasPrefix("--\($0.rawValue)-") }
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
