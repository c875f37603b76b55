import Accounts
import Argon2
import Foundation
import IdentityTesting
import Kernel
import KithComposition
import Storage

/// What the account deletion tests share: one server's composition and the scan of a dump for what is left of an
/// account.
extension AccountDeletionTests {
    /// One server's services over `database`, with cheap Argon2, the shared `clock`, mail into `folder`'s Maildir and
    /// passkeys.
    static func services(
        _ database: any SQLDatabase, clock: ManualClock, random: any RandomSource, folder: URL,
        verifiers: [any IDTokenVerifier] = []
    ) -> KithServices {
        KithServices(
            database: database, clock: clock, random: random,
            hasher: Argon2PasswordHasher(parameters: .testing, random: random), verifiers: verifiers,
            mail: .maildir(folder.appendingPathComponent("mail").path, from: "no-reply@kith.example"),
            passkeys: PasskeyContract.relyingParty)
    }

    /// Every place in `dump` that still holds the deleted account's id or one of `needles` (its email and names),
    /// as "table: needle in row": the actor column of the acting records (a guardian's audit keeps the id), the
    /// deletion notices waiting in the outbox and the id in the event log (events outlive what they are about by
    /// design: `account.deleted` is what an app most needs; they hold ids only, so never an email or a name) are the
    /// only ones allowed.
    static func traces(of accountId: String, _ needles: [String], in dump: [String: [String]]) -> [String] {
        let id = accountId.lowercased()
        let needles = [id] + needles.map { $0.lowercased() }
        var found: [String] = []
        for (table, rows) in dump {
            for row in rows {
                if table == "identity_outbox" && row.contains("Subject: Your Kith account was deleted") { continue }
                var text = row.lowercased()
                if table == "identity_acting_records" {
                    text = text.replacingOccurrences(of: "|\(id)|", with: "|actor|")
                }
                for needle in needles where text.contains(needle) {
                    if table == "identity_events" && needle == id { continue }
                    found.append("\(table): \(needle) in \(row)")
                }
            }
        }
        return found
    }
}
