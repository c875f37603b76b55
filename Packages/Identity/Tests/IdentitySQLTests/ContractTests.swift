import Foundation
import GRDB
import Identity
import IdentitySQL
import IdentityTesting
import StorageTesting
import Testing

// Every case of every Identity store contract suite (IdentityTesting), over SQLite and PostgreSQL; the domain's tests
// run the same cases in memory. A case about this device's state runs on SQLite only: PostgreSQL keeps none.

@Suite("Accounts on this device (contract, every store that keeps a device)")
struct AccountContractTests {
    @Test(arguments: AccountContract.cases)
    func sqlite(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: .sqlite)
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

    @Test(arguments: LinkedIdentityContract.deviceCases)
    func sqlite(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: .sqlite)
    }
}

@Suite("Saved accounts (contract, every store that keeps a device)")
struct SavedAccountsContractTests {
    @Test(arguments: SavedAccountsContract.cases)
    func sqlite(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(on: .sqlite)
    }
}
