import Foundation
import Networking
import PostgresStorage
import PostgresStorageTesting

/// The server's resident memory (VmRSS) as one viewer looks at more and more distinct owners: flat when the access
/// engine's cache is bounded, growing by the owner when it keeps every index it ever built.
enum OwnerMemory {
    static let checkpoints = [10_000, 50_000, 100_000]

    static func run(_ server: BenchServer, databaseURL: String) async throws {
        let base = server.base
        let client = CurlHTTPClient()
        let viewer = try await BenchHTTP.signUp(client, base, email: "looker@bench.test", role: "member")
        // The owners straight into the accounts table: signing up 100,000 accounts through the API would spend
        // most of an hour hashing passwords. Each one's circles and profile are made by its first look, as usual.
        // Through the cluster (the server's own URL would ask this tool to know every migration), into its schema.
        guard let schema = databaseURL.components(separatedBy: "search_path%3D").last, schema != databaseURL else {
            throw ProcessTimer.Failure(description: "no schema in \(databaseURL)")
        }
        let database = try await PostgresDatabase.open(url: try TestPostgres.clusterURL(), features: [], size: 1)
        try await database.write { connection in
            try connection.execute(
                """
                INSERT INTO \(schema).identity_accounts
                    (id, email, email_key, first_name, last_name, role, account_type, auth_method, password_hash,
                     created_at)
                SELECT gen_random_uuid()::text, 'owner' || n || '@bench.test', 'owner' || n || '@bench.test',
                       'Owner', 'Number ' || n, 'member', 'private', 'password', 'none: made by kith-bench', now()
                FROM generate_series(0, \(checkpoints.last! - 1)) AS n
                """)
        }
        print("kith-server's resident memory (VmRSS) after looks at distinct owners (PostgreSQL, one server)")
        print(String(format: "  %7d owners  %7.1f MiB", 0, try server.residentMiB()))
        var looked = 0
        for checkpoint in checkpoints {
            let start = ContinuousClock.now
            try await LookUnderWrites.inLanes(checkpoint - looked) { [looked] client, index in
                try await BenchHTTP.call(
                    client, .get, base + "/api/look?email=owner\(looked + index)@bench.test", token: viewer)
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(
                String(
                    format: "  %7d owners  %7.1f MiB  (%.0f first looks/s)", checkpoint, try server.residentMiB(),
                    Double(checkpoint - looked) / seconds))
            looked = checkpoint
        }
        print("goal: flat, set by the access engine's cache bound")
    }
}
