import Circles
import CirclesSQL
import Foundation
import GRDB
import IdentitySQL
import SQLiteStorage
import Storage

/// The access engine: one owner with 1k, 10k and 100k contacts and 64 circles. Field checks and whole-profile
/// views through the in-memory index (ns, p50/p99) beside the same run's indexed SQLite query per check, the
/// time to build the index, and resident memory at 100k contacts.
enum CirclesBenchmark {
    static func run() async throws {
        print("Circles access engine (64 circles; ns per operation, batches of \(batch))")
        var firstCheck: Double?
        for count in [1_000, 10_000, 100_000] {
            let data = world(contacts: count)
            let buildStart = DispatchTime.now().uptimeNanoseconds
            let index = AccessIndex(data)
            let buildMs = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e6
            let viewers = (0..<4096).map { _ in "viewer-\(Int.random(in: 0..<count))" }
            let now = Date()

            var sink: UInt64 = 0
            let check = timeBatches { round in
                for offset in 0..<batch {
                    let viewer = viewers[(round &* batch &+ offset) & 4095]
                    let access = index.access(
                        Field.allCases[offset % 6], profileSlot: 0, viewerAccountId: viewer, at: now)
                    sink &+= access == .allow ? 1 : 0
                }
            }
            let whole = timeBatches { round in
                for offset in 0..<batch {
                    let viewer = index.viewer(
                        accountId: viewers[(round &* batch &+ offset) & 4095], profileSlot: 0, at: now)
                    let result = AccessIndex.profileAccess(index.rules[0], for: viewer)
                    sink &+= UInt64(result.allow)
                }
            }
            let sql = try sqliteChecks(data: data, viewers: viewers)
            if firstCheck == nil { firstCheck = check.p50 }
            print(
                String(
                    format:
                        "%7d contacts: build %.1f ms | check p50 %.0f ns p99 %.0f ns | profile view p50 %.0f ns p99 %.0f ns | SQLite query p50 %.0f ns p99 %.0f ns | %.0fx faster (sink %llu)",
                    count, buildMs, check.p50, check.p99, whole.p50, whole.p99, sql.p50, sql.p99, sql.p50 / check.p50,
                    sink % 10))
            if count == 100_000 {
                print("        resident memory with 100k contacts: \(residentMemory())")
                if let firstCheck {
                    print(String(format: "        100k check p50 / 1k check p50 = %.2f", check.p50 / firstCheck))
                }
            }
        }
    }

    static let batch = 100

    /// p50 and p99 of per-operation time, each sample the mean of one batch (the clock costs more than a check).
    static func timeBatches(_ body: (Int) -> Void) -> (p50: Double, p99: Double) {
        for round in 0..<200 { body(round) }
        var samples: [Double] = []
        samples.reserveCapacity(20_000)
        for round in 0..<20_000 {
            let start = DispatchTime.now().uptimeNanoseconds
            body(round)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(batch))
        }
        samples.sort()
        return (samples[samples.count / 2], samples[Int(Double(samples.count - 1) * 0.99)])
    }

    static func world(contacts count: Int) -> OwnerAccessData {
        let now = Date()
        var circles: [Circle] = BuiltInCircle.creationOrder.enumerated().map { position, builtIn in
            Circle(
                id: "circle-\(position)", ownerAccountId: "owner", name: builtIn.name, builtIn: builtIn,
                emoji: builtIn.emoji, color: builtIn.color, position: position, createdAt: now)
        }
        for position in 5..<64 {
            circles.append(
                Circle(
                    id: "circle-\(position)", ownerAccountId: "owner", name: "Custom \(position)", builtIn: nil,
                    emoji: "⭕", color: .blue, position: position, createdAt: now))
        }
        var contacts: [Contact] = []
        var memberships: [Membership] = []
        contacts.reserveCapacity(count)
        for index in 0..<count {
            contacts.append(
                Contact(
                    id: "contact-\(index)", ownerAccountId: "owner", displayName: "Contact \(index)",
                    linkedAccountId: "viewer-\(index)", createdAt: now))
            for _ in 0..<3 {
                memberships.append(
                    Membership(circleId: "circle-\(Int.random(in: 2..<64))", contactId: "contact-\(index)"))
            }
        }
        let profile = Profile(
            id: "profile", ownerAccountId: "owner", type: .primary, displayName: "Owner", createdAt: now)
        // Every cell explicit, so the SQL query needs no defaults.
        var cells: [MatrixCell] = []
        for circle in circles {
            for field in Field.allCases {
                let access =
                    circle.builtIn == nil
                    ? Access.allCases[Int.random(in: 0..<3)] : AccessDefaults.access(field, circle.builtIn)
                cells.append(MatrixCell(profileId: "profile", field: field, circleId: circle.id, access: access))
            }
        }
        return OwnerAccessData(
            ownerAccountId: "owner", circles: circles, contacts: contacts, memberships: Array(Set(memberships)),
            profiles: [profile], cells: cells, grants: [])
    }

    /// The same check as one indexed SQLite query (cached statement), on a file holding the same data.
    static func sqliteChecks(data: OwnerAccessData, viewers: [String]) throws -> (p50: Double, p99: Double) {
        let path = NSTemporaryDirectory() + "kith-bench-circles-\(getpid())-\(data.contacts.count).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all, CirclesMigrations.all])
        try database.pool.write { db in
            let transaction = SQLCirclesTransaction(SQLiteConnection(db))
            for circle in data.circles { try transaction.insertCircle(circle) }
            for profile in data.profiles { try transaction.insertProfile(profile) }
            for cell in data.cells { try transaction.setCell(cell) }
            var seq = 0
            for contact in data.contacts {
                seq += 1
                try db.execute(
                    sql: """
                        INSERT INTO circles_contacts (id, owner_account_id, display_name, linked_account_id, created_at, seq)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        contact.id, contact.ownerAccountId, contact.displayName, contact.linkedAccountId,
                        contact.createdAt, seq,
                    ])
            }
            for membership in data.memberships {
                try db.execute(
                    sql:
                        "INSERT INTO circles_memberships (circle_id, contact_id, owner_account_id) VALUES (?, ?, 'owner')",
                    arguments: [membership.circleId, membership.contactId])
            }
        }
        let sql = """
            SELECT MAX(CASE c.access WHEN 'allow' THEN 2 WHEN 'ask' THEN 1 ELSE 0 END) FROM circles_cells c
            WHERE c.profile_id = ? AND c.field = ? AND c.circle_id IN (
                SELECT m.circle_id FROM circles_contacts k JOIN circles_memberships m ON m.contact_id = k.id
                WHERE k.owner_account_id = ? AND k.linked_account_id = ?
                UNION ALL SELECT ? UNION ALL SELECT ?)
            """
        let publicId = data.circles.first { $0.builtIn == .public }!.id
        let contactsId = data.circles.first { $0.builtIn == .contacts }!.id
        return try database.pool.read { db in
            let statement = try db.cachedStatement(sql: sql)
            var samples: [Double] = []
            for round in 0..<5_000 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try Int.fetchOne(
                    statement,
                    arguments: [
                        "profile", Field.allCases[round % 6].rawValue, "owner", viewers[round & 4095], publicId,
                        contactsId,
                    ])
                if round >= 500 { samples.append(Double(DispatchTime.now().uptimeNanoseconds - start)) }
            }
            samples.sort()
            return (samples[samples.count / 2], samples[Int(Double(samples.count - 1) * 0.99)])
        }
    }

    static func residentMemory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "unknown" }
        return status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }.map {
            $0.dropFirst("VmRSS:".count).trimmingCharacters(in: .whitespaces)
        } ?? "unknown"
    }
}
