import Accounts
import Argon2
import Circles
import Foundation
import Identity
import Kernel
import KithComposition
import PostgresStorage
import PostgresStorageTesting
import SQLiteStorage
import Storage

/// Issue 28's goal: exporting and deleting an account with 1,000 contacts and 50 circles (20 members each), each
/// under 200 ms on SQLite; PostgreSQL reported beside it. Every account is built through `KithServices`, as the apps
/// compose the features, and each timed run has a fresh one. Deletion checks the password first (Argon2id at the real
/// parameters, tens of ms): it is timed once for accounts whose hash has the real parameters (what a user waits for)
/// and once for accounts hashed with cheap parameters (the reads and the transaction, the hash's cost near zero).
enum LeavingBenchmark {
    static let contacts = 1_000
    static let circles = 50
    static let membersPerCircle = 20
    static let password = "bench leaving password"

    static func run(accounts: Int) async throws {
        print(
            "leaving: export and delete of an account with \(contacts) contacts and \(circles) circles (\(membersPerCircle) members each); each run on a fresh account (lower is better)"
        )
        let folder = NSTemporaryDirectory() + "kith-bench-leaving-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var engines: [(name: String, database: any SQLDatabase)] = [
            ("SQLite", try SQLiteDatabase.open(at: folder + "/kith.sqlite", features: KithServices.migrations))
        ]
        if (try? TestPostgres.clusterURL()) != nil {
            let url = try await TestPostgres.freshSchemaURL()
            engines.append(("PostgreSQL", try await PostgresDatabase.open(url: url, features: KithServices.migrations)))
        } else {
            print("  (PostgreSQL skipped: KITH_TEST_DATABASE_URL is not set; Tools/bench --only leaving starts one)")
        }
        var sqliteWorst = 0.0
        for (name, database) in engines {
            let random = SystemRandomSource()
            let real = try KithServices(database: database, random: random)
            let cheap = try KithServices(
                database: database, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random))
            let friend = try await signUp(cheap, email: "friend@bench.test", first: "Friend")
            var exports: [Double] = []
            var deletions: [Double] = []
            var transactions: [Double] = []
            var bytes = 0
            var buildSeconds = 0.0
            for index in 0..<accounts {
                for (services, kind) in [(real, "real"), (cheap, "cheap")] {
                    let buildStart = DispatchTime.now().uptimeNanoseconds
                    let leaver = try await load(services, friend: friend, email: "leaver-\(kind)-\(index)@bench.test")
                    buildSeconds += Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e9
                    let exported = try await time {
                        bytes = try await services.identity.exportAccount(leaver).json.count
                    }
                    exports.append(exported)
                    let deleted = try await time {
                        try await services.identity.deleteAccount(leaver, password: password)
                    }
                    if kind == "real" { deletions.append(deleted) } else { transactions.append(deleted) }
                }
            }
            let label = name.padding(toLength: 10, withPad: " ", startingAt: 0)
            func line(_ what: String, _ samples: [Double]) -> String {
                String(
                    format: "  %@ %@ median %7.2f ms  max %7.2f ms  (%d runs)", label,
                    what.padding(toLength: 58, withPad: " ", startingAt: 0), percentile(samples, 0.5),
                    samples.max() ?? 0, samples.count)
            }
            print(line("account export (\(bytes / 1024) KiB of JSON)", exports))
            print(line("account delete, with its Argon2id check (m=19 MiB t=2 p=1)", deletions))
            print(line("account delete, cheap hash (the reads and the transaction)", transactions))
            print(
                String(
                    format: "  %@ (building each account took %.1f s on average)", label,
                    buildSeconds / Double(accounts * 2)))
            if name == "SQLite" {
                sqliteWorst = max(percentile(exports, 0.5), percentile(deletions, 0.5))
            }
        }
        print(
            String(
                format:
                    "goal: export and delete (with the password check) each under 200 ms median on SQLite: %@ (worst %.1f ms)",
                sqliteWorst < 200 ? "met" : "MISSED", sqliteWorst))
    }

    static func signUp(_ services: KithServices, email: String, first: String) async throws -> Principal {
        let grant = try await services.identity.register(
            SignUp(email: email, firstName: first, lastName: "Bench", password: password, role: .parent))
        return try await services.identity.principal(forToken: grant.token)
    }

    /// A new account with the contacts, circles and members, and a card of it in `friend`'s contacts.
    static func load(_ services: KithServices, friend: Principal, email: String) async throws -> Principal {
        let leaver = try await signUp(services, email: email, first: "Leaver")
        let circlesService = services.circles
        for index in 0..<contacts {
            _ = try await circlesService.addContact(
                leaver,
                ContactDraft(
                    displayName: "Contact \(index)", phone: "+1 555 \(1000 + index)",
                    email: "contact\(index)@bench.test"))
        }
        for circle in 0..<circles {
            _ = try await circlesService.createCircle(leaver, name: "Circle \(circle)", emoji: nil, color: nil)
            _ = try await circlesService.addMembers(
                leaver, circle: "Circle \(circle)",
                contacts: (0..<membersPerCircle).map { "Contact \((circle * membersPerCircle + $0) % contacts)" })
        }
        _ = try await circlesService.addContact(
            friend, ContactDraft(displayName: "Card \(email.prefix { $0 != "@" })", accountEmail: email))
        return leaver
    }

    static func time(_ body: () async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        IdentityBenchmark.percentile(values, fraction)
    }
}
