import Accounts
import Foundation
import Households
import Kernel
import Mail

/// `account delete`: the account and everything it holds, in every feature, in one durable transaction.
extension LocalIdentityService {
    /// The account `principal` would delete, or why it cannot be deleted now: while acting ("Not available while
    /// viewing as NAME"), or as the only guardian of managed members (every one named). Nothing is written; a command
    /// asks this before it asks for the password and the confirmation.
    public func checkAccountDeletion(_ principal: Principal) async throws -> Account {
        try await asSelf(principal) {
            let now = clock.now()
            return try await store.read { transaction in
                let account = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                try transaction.requireNoOrphans(leaving: account.id)
                return account
            }
        }
    }

    public func deleteAccount(_ principal: Principal, password: String?) async throws {
        try await asSelf(principal) {
            let now = clock.now()
            let candidate = try await store.read { transaction -> PasswordCandidate in
                let account = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                try transaction.requireNoOrphans(leaving: account.id)
                return PasswordCandidate(
                    account: account, passwordHash: try transaction.passwordHash(accountId: account.id))
            }
            let (verified, hasPassword) = try await proveAccount(candidate, password: password)
            let mail = mail
            let random = random
            let deleted = try await accountData.write(durability: .immediate) { transaction, shares in
                let account = try transaction.requireUnchanged(verified)
                _ = try transaction.authenticate(principal, at: now, unverifiedAllowed: true)
                if !hasPassword {
                    try transaction.requireRecentSignIn(principal, at: now, or: .recentSignInNeededToDelete)
                }
                let deletion = try AccountDeletion.plan(account, transaction, at: now)
                // The other features first: their rows may still name Identity's (a family's codes, its households).
                try shares.delete(deletion)
                try IdentityPartShare.delete(IdentityParts.shares, deletion, transaction, random: random)
                if let mail {
                    let notice = AccountMail.message(
                        AccountMail.accountDeleted(email: account.email), to: account.email, from: mail, at: now,
                        random: random)
                    try transaction.queue(notice, id: random.uuidString(), at: now)
                }
                return account
            }
            // A device store of its own (not the same database) forgets the entry here; an SQL device lost it with
            // the account.
            try await device?.update { $0.remove(accountId: deleted.id) }
        }
    }
}
