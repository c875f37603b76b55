import Foundation
import Hummingbird
import Identity
import IdentityOIDC
import Logging
import Networking
import PostgresStorage
import Storage

/// The `kith-server` process: parse the flags, open the file, serve until SIGINT or SIGTERM.
public enum ServerCommand {
    /// Runs the server; returns the exit code (0 after a clean shutdown, 1 on failure, 2 on a usage error).
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let parsed: ServerArguments
        do {
            guard let arguments = try ServerArguments.parse(arguments) else {
                print(ServerArguments.usage)
                return 0
            }
            parsed = arguments
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n\(ServerArguments.usage)\n".utf8))
            return 2
        }
        let logger = Logger(label: "kith-server")
        do {
            // Keys are fetched with the project's libcurl client; refusals are logged by reason, never the token.
            let verifiers: [any IDTokenVerifier] = try parsed.providers().map {
                OIDCTokenVerifier(configuration: $0, client: CurlHTTPClient(), logger: logger)
            }
            let services: ServerServices
            switch parsed.store(environment: environment) {
            case .sqlite(let path):
                services = try ServerServices.sqlite(
                    path: path, accessCacheOwners: parsed.accessCacheOwners, verifiers: verifiers)
            case .postgres(let url):
                services = try await ServerServices.postgres(
                    url: url, accessCacheOwners: parsed.accessCacheOwners, verifiers: verifiers)
                logger.info("serving from PostgreSQL", metadata: ["database": "\(PostgresDatabase.redacted(url))"])
            }
            let app = KithServerApplication.application(
                services: services,
                configuration: .init(host: parsed.host, port: parsed.port, tokenCacheSize: parsed.tokenCacheSize),
                logger: logger)
            try await KithServerApplication.serve(app, logger: logger)
            // Every commit is already in the file or its WAL: a store that cannot close now loses nothing.
            do { try services.closeStore() } catch { logger.warning("the store did not close: \(error)") }
            return 0
        } catch let error as StorageError {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            return 1
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
    }
}
