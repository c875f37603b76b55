import Device
import IdentityMemory
import IdentityTesting
import StorageTesting
import Testing

// Every case of every Identity store contract suite (IdentityTesting), over the in-memory stores. The SQLite tests run
// the same cases over SQLite and PostgreSQL.

/// A fresh in-memory store, for one case.
func inMemoryEnvironment() -> IdentityContractEnvironment {
    IdentityContractEnvironment(store: InMemoryIdentityStore())
}

@Suite("Accounts on this device (contract, every store)")
struct AccountContractTests {
    @Test(arguments: AccountContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Accounts over bearer sessions (contract, every store)")
struct BearerAccountContractTests {
    @Test(arguments: BearerAccountContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Exit PINs and their limit (contract, every store)")
struct ExitPinContractTests {
    @Test(arguments: ExitPinContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Graduation: a managed member claims an account of its own (contract, every store)")
struct GraduationContractTests {
    @Test(arguments: GraduationContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Households and managed members (contract, every store)")
struct HouseholdContractTests {
    @Test(arguments: HouseholdContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Sign in with Google: linking rules (contract, every store)")
struct LinkedIdentityContractTests {
    @Test(arguments: LinkedIdentityContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }

    @Test(arguments: LinkedIdentityContract.deviceCases)
    func inMemoryDevice(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Saved accounts (contract, every store)")
struct SavedAccountsContractTests {
    @Test(arguments: SavedAccountsContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Where a device keeps its state (contract, every device store)")
struct DeviceStoreContractTests {
    @Test(arguments: DeviceStoreContract.cases)
    func inMemory(_ check: ContractCase<@Sendable () async throws -> any DeviceStore>) async throws {
        // One actor is the whole device: a new process sees the same one.
        let store = InMemoryDeviceStore(DeviceStoreContract.sample(annId: "a-ann", boId: "a-bo", boSession: "s-bo"))
        try await check.run(in: { store })
    }
}

@Suite("Verified emails: codes, limits and --require-verified-email (contract, every store)")
struct VerificationContractTests {
    @Test(arguments: VerificationContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Password recovery: codes, resets and their limits (contract, every store)")
struct RecoveryContractTests {
    @Test(arguments: RecoveryContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Email change: a code to the new address, a notice to the old (contract, every store)")
struct EmailChangeContractTests {
    @Test(arguments: EmailChangeContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("The account's sessions (contract, every store)")
struct SessionsContractTests {
    @Test(arguments: SessionsContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Leaving: account deletion and export (contract, every store)")
struct DeletionContractTests {
    @Test(arguments: DeletionContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Stronger sign-in: limits on guessing passwords (contract, every store)")
struct SignInLimitsContractTests {
    @Test(arguments: SignInLimitsContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Stronger sign-in: two-step codes (contract, every store)")
struct TwoStepContractTests {
    @Test(arguments: TwoStepContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Stronger sign-in: passkeys (contract, every store)")
struct PasskeyContractTests {
    @Test(arguments: PasskeyContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Approvals, maturity and age ranges (contract, every store)")
struct ApprovalContractTests {
    @Test(arguments: ApprovalContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("The event log: order, failed writes, pruning (contract, every store)")
struct EventLogContractTests {
    @Test(arguments: EventLogContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}

@Suite("Every Identity event of the catalogue, at the change that causes it (contract, every store)")
struct EventCatalogueContractTests {
    @Test(arguments: EventCatalogueContract.cases)
    func inMemory(_ check: ContractCase<IdentityContractEnvironment>) async throws {
        try await check.run(in: inMemoryEnvironment())
    }
}
