import Device
import Foundation
import GRDB
import IdentitySQL
import IdentityTesting
import Kernel
import SQLiteStorage
import StorageTesting
import Testing

// Every case of every Identity store contract suite (IdentityTesting), over SQLite and PostgreSQL; the domain's tests
// run the same cases in memory. On PostgreSQL, a server's database, this device's state is in memory beside it.

@Suite("Accounts on this device (contract, every store)")
struct AccountContractTests {
    @Test(arguments: StoreKind.contract, AccountContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Accounts over bearer sessions (contract, every store)")
struct BearerAccountContractTests {
    @Test(arguments: StoreKind.contract, BearerAccountContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Exit PINs and their limit (contract, every store)")
struct ExitPinContractTests {
    @Test(arguments: StoreKind.contract, ExitPinContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Graduation: a managed member claims an account of its own (contract, every store)")
struct GraduationContractTests {
    @Test(arguments: StoreKind.contract, GraduationContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }

    @Test func theSQLiteFileKeepsOnlyTheDigest() async throws {
        let env = try await TestEnvironment(.sqlite)
        let home = try await GraduationContract.Home(env.contract)
        let grant = try await home.service.graduateMember(home.ann, "Mia")
        let database = try DatabaseQueue(path: env.databasePath)
        let hashes = try await database.read {
            try String.fetchAll($0, sql: "SELECT code_hash FROM identity_claim_codes")
        }
        #expect(hashes == [TokenDigest.hexDigest(grant.code)])
        let file =
            try Data(contentsOf: URL(fileURLWithPath: env.databasePath))
            + ((try? Data(contentsOf: URL(fileURLWithPath: env.databasePath + "-wal"))) ?? Data())
        #expect(file.range(of: Data(grant.code.utf8)) == nil)
    }
}

@Suite("Households and managed members (contract, every store)")
struct HouseholdContractTests {
    @Test(arguments: StoreKind.contract, HouseholdContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Sign in with Google: linking rules (contract, every store)")
struct LinkedIdentityContractTests {
    @Test(arguments: StoreKind.contract, LinkedIdentityContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }

    @Test(arguments: StoreKind.contract, LinkedIdentityContract.deviceCases)
    func device(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Saved accounts (contract, every store)")
struct SavedAccountsContractTests {
    @Test(arguments: StoreKind.contract, SavedAccountsContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Where a device keeps its state (contract, every device store)")
struct DeviceStoreContractTests {
    @Test(arguments: DeviceStoreContract.cases)
    func sqlite(_ check: ContractCase<@Sendable () async throws -> any DeviceStore>) async throws {
        let env = try await TestEnvironment(.sqlite)
        defer { withExtendedLifetime(env) {} }
        // The entries refer to accounts and a session of the same file.
        let service = env.contract.service()
        let ann = try await service.register("Ann")
        let bo = try await service.register("Bo")
        let state = DeviceStoreContract.sample(
            annId: ann.accountId, boId: bo.accountId, boSession: try #require(bo.sessionId))
        try await env.contract.deviceStore.update { $0 = state }
        let path = env.databasePath
        try await check.run(in: {
            SQLDeviceStore(database: try SQLiteDatabase.open(at: path, features: [IdentityMigrations.all]))
        })
    }
}

@Suite("Verified emails: codes, limits and --require-verified-email (contract, every store)")
struct VerificationContractTests {
    @Test(arguments: StoreKind.contract, VerificationContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Password recovery: codes, resets and their limits (contract, every store)")
struct RecoveryContractTests {
    @Test(arguments: StoreKind.contract, RecoveryContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Email change: a code to the new address, a notice to the old (contract, every store)")
struct EmailChangeContractTests {
    @Test(arguments: StoreKind.contract, EmailChangeContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("The account's sessions (contract, every store)")
struct SessionsContractTests {
    @Test(arguments: StoreKind.contract, SessionsContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Leaving: account deletion and export (contract, every store)")
struct DeletionContractTests {
    @Test(arguments: StoreKind.contract, DeletionContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Stronger sign-in: limits on guessing passwords (contract, every store)")
struct SignInLimitsContractTests {
    @Test(arguments: StoreKind.contract, SignInLimitsContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Stronger sign-in: two-step codes (contract, every store)")
struct TwoStepContractTests {
    @Test(arguments: StoreKind.contract, TwoStepContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Stronger sign-in: passkeys (contract, every store)")
struct PasskeyContractTests {
    @Test(arguments: StoreKind.contract, PasskeyContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Approvals, maturity and age ranges (contract, every store)")
struct ApprovalContractTests {
    @Test(arguments: StoreKind.contract, ApprovalContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("The event log: order, failed writes, pruning (contract, every store)")
struct EventLogContractTests {
    @Test(arguments: StoreKind.contract, EventLogContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}

@Suite("Every Identity event of the catalogue, at the change that causes it (contract, every store)")
struct EventCatalogueContractTests {
    @Test(arguments: StoreKind.contract, EventCatalogueContract.cases)
    func stored(_ kind: StoreKind, _ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: kind)
    }
}
