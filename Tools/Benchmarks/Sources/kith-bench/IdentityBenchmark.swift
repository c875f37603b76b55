import Argon2
import Foundation
import Identity
import IdentitySQL
import SQLiteStorage
import Storage

/// Password hashing at the app's parameters, and `accounts switch` to a live session (which must not hash).
enum IdentityBenchmark {
    static func run(hashRuns: Int, switchRuns: Int) async throws {
        let hasher = Argon2PasswordHasher(parameters: .owasp)
        var hashTimes: [Double] = []
        for _ in 0..<hashRuns {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await hasher.hash("correct horse battery staple")
            hashTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }

        let path = NSTemporaryDirectory() + "kith-bench-identity-\(getpid()).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all])
        let service = LocalIdentityService(
            store: SQLStore(identityOn: database), hasher: Argon2PasswordHasher(parameters: .owasp))
        let device = ThisDevice(store: SQLDeviceStore(database: database), sessions: service)
        for (email, first) in [("ana@example.com", "Ana"), ("ben@example.com", "Ben")] {
            _ = try await device.signUp(
                SignUp(email: email, firstName: first, lastName: "Bench", password: "correct horse battery staple"))
        }
        var switchTimes: [Double] = []
        for index in 0..<switchRuns {
            let email = index.isMultiple(of: 2) ? "ana@example.com" : "ben@example.com"
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try await device.switchAccount(to: email, password: nil)
            switchTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            guard case .switched = result else { throw ProcessTimer.Failure(description: "switch gave \(result)") }
        }

        print("identity, in-process (lower is better)")
        print(
            String(
                format: "  password hash, Argon2id m=19 MiB t=2 p=1   median %8.2f ms  p99 %8.2f ms  (%d runs)",
                percentile(hashTimes, 0.5), percentile(hashTimes, 0.99), hashRuns))
        print(
            String(
                format: "  accounts switch to a live session         median %8.3f ms  p99 %8.3f ms  (%d runs)",
                percentile(switchTimes, 0.5), percentile(switchTimes, 0.99), switchRuns))
        print("goal: accounts switch to a live session under 1 ms median (it never hashes)")
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}
