import Accounts
import Argon2
import Device
import Foundation
import Identity
import IdentitySQL
import SQLiteStorage
import Storage

/// Password hashing at the app's parameters, `accounts switch` to a live session (which must not hash), and a
/// sign-in refused while blocked (which must not hash either) beside a checked one.
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
            store: SQLStore(identityOn: database),
            options: IdentityOptions(hasher: Argon2PasswordHasher(parameters: .owasp)))
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

        // A wrong password is checked (one Argon2id verify); once the account is blocked for this address, a sign-in
        // is refused from the store's count alone.
        var checkedTimes: [Double] = []
        var refusedTimes: [Double] = []
        // 19 addresses of 6 attempts: 95 checked failures, under the account's own limit of 100.
        for round in 0..<19 {
            let email = "ana@example.com"
            let address = "198.51.100.\(round)"
            for attempt in 0..<6 {
                let start = DispatchTime.now().uptimeNanoseconds
                do {
                    _ = try await service.signIn(email: email, password: "wrong horse", clientAddress: address)
                    throw ProcessTimer.Failure(description: "a wrong password signed in")
                } catch let error as IdentityError {
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                    switch (attempt, error) {
                    case (0..<5, .incorrectCredentials): checkedTimes.append(elapsed)
                    case (5, .tooManySignInAttempts): refusedTimes.append(elapsed)
                    default: throw ProcessTimer.Failure(description: "attempt \(attempt) gave \(error)")
                    }
                }
            }
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
        print(
            String(
                format: "  sign-in, wrong password (checked)         median %8.2f ms  p99 %8.2f ms  (%d runs)",
                percentile(checkedTimes, 0.5), percentile(checkedTimes, 0.99), checkedTimes.count))
        print(
            String(
                format: "  sign-in refused while blocked             median %8.3f ms  p99 %8.3f ms  (%d runs, %.3fx)",
                percentile(refusedTimes, 0.5), percentile(refusedTimes, 0.99), refusedTimes.count,
                percentile(refusedTimes, 0.5) / percentile(checkedTimes, 0.5)))
        print("goal: accounts switch to a live session under 1 ms median (it never hashes)")
        print("goal: a sign-in refused while blocked under a tenth of a checked one (no hashing)")
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}
