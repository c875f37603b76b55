import Accounts
import Argon2
import Foundation
import Households
import Identity
import Kernel
import Preferences

/// Identity and Preferences over the stores a test target gives (one set of data: in memory, one SQLite file, or
/// one PostgreSQL schema), with a test clock and random source: what every case of `PreferencesContract` runs against.
public final class PreferencesContractEnvironment: Sendable {
    public let clock = ManualClock()
    public let random = SeededRandomSource(seed: 44)
    public let identityStore: any IdentityStore
    public let store: any PreferencesStore

    public init(identityStore: any IdentityStore, store: any PreferencesStore) {
        self.identityStore = identityStore
        self.store = store
    }

    /// A new process's Identity service on the same store.
    public func identity() -> LocalIdentityService {
        LocalIdentityService(
            store: identityStore,
            options: IdentityOptions(
                clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
    }

    public func preferences() -> LocalPreferencesService {
        LocalPreferencesService(store: store, clock: clock, random: random)
    }

    /// Dana (owner of Reyes, guardian of Max), Erin (a parent in Reyes, not Max's guardian), and Finn (owner of
    /// Other, guardian of Ada), each signed in through its own service with a bearer session, as on a server.
    public func family() async throws -> Family {
        let danaService = identity()
        let erinService = identity()
        let finnService = identity()
        let erinPrincipal = try await erinService.register("Erin")
        let finnPrincipal = try await finnService.register("Finn")
        let dana = try await danaService.register("Dana")
        let household = try await danaService.createHousehold(dana, name: "Reyes")
        let max = try await danaService.addManagedMember(dana, displayName: "Max", avatarKey: "")
        _ = try await erinService.joinHousehold(erinPrincipal, householdId: household.id, role: .parent)
        _ = try await finnService.createHousehold(finnPrincipal, name: "Other")
        let ada = try await finnService.addManagedMember(finnPrincipal, displayName: "Ada", avatarKey: "")
        return Family(
            dana: dana, erin: erinPrincipal, finn: finnPrincipal, max: max, ada: ada, household: household,
            danaService: danaService)
    }
}

/// The accounts and members of `PreferencesContractEnvironment.family()`.
public struct Family: Sendable {
    public let dana: Principal
    public let erin: Principal
    public let finn: Principal
    public let max: Member
    public let ada: Member
    public let household: Household
    public let danaService: LocalIdentityService
}

extension LocalIdentityService {
    /// Registers `name@example.com` as "Name Tester" with a bearer session; returns its principal.
    public func register(_ name: String) async throws -> Principal {
        let grant = try await register(
            SignUp(
                email: "\(name.lowercased())@example.com", firstName: name, lastName: "Tester",
                password: "password-\(name.lowercased())"))
        return try await principal(forToken: grant.token)
    }
}

extension Principal {
    /// This principal acting as `member`, as ProfileSession's manager builds it.
    public func acting(as member: Member) -> Principal {
        var principal = self
        principal.actingAs = ActingAs(memberId: member.memberId, displayName: member.displayName)
        return principal
    }
}
